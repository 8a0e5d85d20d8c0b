import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Clock } from '../../../platform/clock/clock';
import { PaymentCore, RAIL_CODES, requestFingerprint, type Payment } from '../../payments';
import { MerchantLedger } from '../ledger/merchant-ledger';
import { CheckoutPayments, CheckoutPayOutcome, CheckoutPayRequest } from './checkout-payments';
import { CheckoutSessionExpiry } from './checkout-session-expiry';
import { CheckoutSessionsRepository } from './checkout-sessions.repository';
import { MerchantCheckoutError } from './checkout.errors';

/**
 * `CheckoutPayments` through the payment core: `PaymentCore.payCheckout` (channel CHECKOUT, the
 * session as payer) does the idempotency, the rail call between its two transactions, screening
 * and recovery; the checkout hook (`CheckoutCompletion`) admits the session and completes it in
 * the capture's transaction. This only reads the session before (unless the caller hands it the
 * one it just read), and expires one found OPEN past its `expiresAt` first (the lazy check), so
 * the payer's 409 leaves it EXPIRED; the outcome follows from the payment, with no read after.
 */
@Injectable()
export class CoreCheckoutPayments extends CheckoutPayments {
  constructor(
    private readonly dataSource: DataSource,
    private readonly core: PaymentCore,
    private readonly sessions: CheckoutSessionsRepository,
    private readonly expiry: CheckoutSessionExpiry,
    private readonly merchantLedger: MerchantLedger,
    private readonly clock: Clock,
  ) {
    super();
  }

  async pay(request: CheckoutPayRequest): Promise<CheckoutPayOutcome> {
    const given = request.session?.id === request.sessionId ? request.session : undefined;
    const session = given ?? (await this.sessions.findById(this.dataSource.manager, request.sessionId));
    if (!session) throw new MerchantCheckoutError('NOT_FOUND', 'No such checkout session');
    if (
      session.status === 'OPEN' &&
      session.paymentId === null &&
      session.expiresAt.getTime() <= this.clock.now().getTime()
    ) {
      await this.expiry.expire(session);
    }
    if ((RAIL_CODES as readonly string[]).includes(request.rail)) {
      // Opened before the payment's transactions, so the capture's posting never opens one inside them.
      await this.merchantLedger.openAccounts({
        merchantId: session.merchantId,
        livemode: session.livemode,
        currency: session.currency,
        rail: request.rail,
      });
    }
    const payment = await this.core.payCheckout({
      sessionId: session.id,
      idempotencyKey: request.idempotencyKey,
      requestHash: requestFingerprint({
        sessionId: session.id,
        rail: request.rail,
        fundingAccount: request.fundingAccount,
      }),
      rail: request.rail,
      fundingAccount: request.fundingAccount,
    });
    return outcomeOf(payment);
  }
}

/** The payer's outcome of a payment of the session. */
function outcomeOf(payment: Payment): CheckoutPayOutcome {
  switch (payment.status) {
    case 'SUCCEEDED':
    case 'REFUNDED':
      return { outcome: 'PAID', paymentId: payment.id };
    case 'FAILED':
      return {
        outcome: 'DECLINED',
        paymentId: payment.id,
        reason: payment.failureMessage ?? payment.failureCode ?? 'The payment was declined',
      };
    case 'AUTHORIZING': // the rail has not answered: the recovery job settles it
    case 'PENDING': // captured, held for a compliance review
    case 'PROCESSING': // never for a checkout payment (no biller to post to), answered as under way
      return { outcome: 'PROCESSING', paymentId: payment.id };
  }
}
