import { Injectable, OnModuleInit } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { Clock } from '../../../platform/clock/clock';
import { OutboxWriter } from '../../../platform/outbox/outbox.writer';
import { AccountRef, LedgerService, Posting } from '../../ledger';
import {
  PaymentChannelHooks,
  type CheckoutCaptureRecord,
  type CheckoutChannelHook,
  type CheckoutCharge,
  type Payment,
} from '../../payments';
import { MERCHANT_EVENTS, MerchantPaymentEventPayload } from '../merchants.events';
import { MerchantDirectory } from '../onboarding/merchant-directory.service';
import { checkoutSessionEventPayload } from './checkout-session-expiry';
import { MerchantCheckoutSession } from './checkout-session.entity';
import { CheckoutSessionsRepository } from './checkout-sessions.repository';
import { MerchantCheckoutError } from './checkout.errors';
import { PaymentLinksRepository } from './payment-links.repository';

/**
 * The accounts a checkout capture moves money between, in the session's mode (test money never
 * meets live money): the rail owes us what it captured; we owe the merchant, pending until its
 * payout schedule makes it available.
 */
export function checkoutAccounts(session: { merchantId: string; livemode: boolean; currency: string }, rail: string) {
  const mode = session.livemode ? 'live' : 'test';
  const currency = session.currency;
  return {
    railClearing: {
      code: session.livemode ? `rail:${rail}:clearing:${currency}` : `rail:${rail}:test:clearing:${currency}`,
      type: 'ASSET',
      currency,
    } satisfies AccountRef,
    merchantPending: {
      code: `merchant:${session.merchantId}:${mode}:pending:${currency}`,
      type: 'LIABILITY',
      currency,
    } satisfies AccountRef,
  };
}

/**
 * The checkout channel of the payment core (`CheckoutChannelHook`): what a checkout session adds
 * to the core's two transactions. Registered with the core's `PaymentChannelHooks` when its
 * module starts, in the API (MerchantsModule) and the worker (MerchantsJobsModule) alike,
 * through `CheckoutCompletionModule`, so a capture the recovery job records completes its
 * session exactly as the request would have.
 *
 * - Admission (first transaction): the session locked; it must be OPEN, before `expiresAt` by
 *   the app's clock, and not being paid by another payment (409 CHECKOUT_SESSION_NOT_OPEN
 *   otherwise); a live session needs its merchant APPROVED (403 MERCHANT_RESTRICTED). The session
 *   records the payment paying it (`payment_id` while OPEN), so a second tab is refused and the
 *   expiry leaves it alone until the payment ends.
 * - Capture (second transaction): OPEN -> COMPLETE by that payment (once: `WHERE status = 'OPEN'
 *   AND payment_id = ...`), the link's completion counted, the merchant's entry (rail clearing
 *   to the merchant's pending balance, the gross amount; the fee is 0 until merchant pricing is
 *   applied at capture), `merchant.checkout_session.completed` and `merchant.payment.succeeded`.
 * - Failure (declined, or never captured): the session freed for another try (and expired at
 *   once when already past due), `merchant.payment.failed`.
 */
@Injectable()
export class CheckoutCompletion implements CheckoutChannelHook, OnModuleInit {
  constructor(
    private readonly hooks: PaymentChannelHooks,
    private readonly sessions: CheckoutSessionsRepository,
    private readonly links: PaymentLinksRepository,
    private readonly merchants: MerchantDirectory,
    private readonly ledger: LedgerService,
    private readonly outbox: OutboxWriter,
    private readonly clock: Clock,
  ) {}

  onModuleInit(): void {
    this.hooks.registerCheckout(this);
  }

  async admit(
    manager: EntityManager,
    admission: { sessionId: string; paymentId: string; rail: string },
  ): Promise<CheckoutCharge> {
    const session = await this.sessions.lockForPayment(manager, admission.sessionId);
    if (!session) throw new MerchantCheckoutError('NOT_FOUND', 'No such checkout session');
    if (session.status !== 'OPEN' || session.paymentId !== null) throw sessionNotOpen(session);
    if (session.expiresAt.getTime() <= this.clock.now().getTime()) throw sessionNotOpen({ ...session, status: 'EXPIRED' });
    if (session.livemode) {
      const merchant = await this.merchants.findById(session.merchantId, manager);
      if (merchant?.kybStatus !== 'APPROVED') {
        const status = merchant?.kybStatus ?? 'UNKNOWN';
        throw new MerchantCheckoutError('MERCHANT_RESTRICTED', `Live checkout needs an APPROVED merchant; this one is ${status}`, [
          { field: 'kybStatus', message: status },
        ]);
      }
    }
    if (!(await this.sessions.markPaying(manager, session.id, admission.paymentId))) throw sessionNotOpen(session);
    return {
      merchantId: session.merchantId,
      livemode: session.livemode,
      amount: session.amount,
      currency: session.currency,
      merchantFee: 0,
      merchantPricingVersionId: null,
    };
  }

  async captured(manager: EntityManager, payment: Payment): Promise<CheckoutCaptureRecord> {
    const terms = checkoutTermsOf(payment);
    const session = await this.sessions.findById(manager, terms.sessionId);
    if (!session) throw new Error(`checkout payment ${payment.id} names no session ${terms.sessionId}`);
    const journalEntryId = await this.ledger.post(manager, captureEntry(payment, session));
    // Held for a compliance review: the funds are booked, the session waits for the review.
    if (payment.heldForReview) return { journalEntryId };
    const completedAt = this.clock.now();
    if (!(await this.sessions.complete(manager, session.id, payment.id, completedAt))) {
      // The session records the payment paying it from admission on: nothing else completes or expires it.
      throw new Error(`checkout session ${session.id} is not OPEN with payment ${payment.id}: cannot complete it`);
    }
    if (session.paymentLinkId !== null) await this.links.countCompletion(manager, session.paymentLinkId);
    const completed: MerchantCheckoutSession = { ...session, status: 'COMPLETE', paymentId: payment.id, completedAt };
    await this.outbox.write(
      manager,
      {
        eventType: MERCHANT_EVENTS.checkoutSessionCompleted,
        aggregateType: 'checkout_session',
        aggregateId: session.id,
        payload: {
          ...checkoutSessionEventPayload(completed),
          paymentId: payment.id,
          completedAt: completedAt.toISOString(),
        },
      },
      {
        eventType: MERCHANT_EVENTS.paymentSucceeded,
        aggregateType: 'payment',
        aggregateId: payment.id,
        payload: merchantPaymentEventPayload(payment, session, 'SUCCEEDED'),
      },
    );
    return { journalEntryId };
  }

  async failed(manager: EntityManager, payment: Payment): Promise<void> {
    const terms = checkoutTermsOf(payment);
    const session = await this.sessions.findById(manager, terms.sessionId);
    if (!session) throw new Error(`checkout payment ${payment.id} names no session ${terms.sessionId}`);
    await this.sessions.releasePayment(manager, session.id, payment.id);
    await this.outbox.write(manager, {
      eventType: MERCHANT_EVENTS.paymentFailed,
      aggregateType: 'payment',
      aggregateId: payment.id,
      payload: merchantPaymentEventPayload(payment, session, 'FAILED'),
    });
    // Past due while the payment was under way: it expires now, as the job would have.
    const now = this.clock.now();
    if (session.expiresAt.getTime() <= now.getTime() && (await this.sessions.expireIfDue(manager, session.id, now))) {
      await this.outbox.write(manager, {
        eventType: MERCHANT_EVENTS.checkoutSessionExpired,
        aggregateType: 'checkout_session',
        aggregateId: session.id,
        payload: checkoutSessionEventPayload({ ...session, status: 'EXPIRED', paymentId: null }),
      });
    }
  }
}

/** 409 CHECKOUT_SESSION_NOT_OPEN, saying why. */
export function sessionNotOpen(session: Pick<MerchantCheckoutSession, 'status' | 'paymentId'>): MerchantCheckoutError {
  const reason =
    session.status === 'OPEN' ? 'another payment of it is under way' : `it is ${session.status}`;
  return new MerchantCheckoutError('CHECKOUT_SESSION_NOT_OPEN', `This checkout session cannot be paid: ${reason}`, [
    { field: 'status', message: session.status },
    ...(session.paymentId === null ? [] : [{ field: 'paymentId', message: session.paymentId }]),
  ]);
}

function checkoutTermsOf(payment: Payment): NonNullable<Payment['checkout']> {
  if (payment.checkout === null) throw new Error(`payment ${payment.id} (${payment.channel}) is no checkout payment`);
  return payment.checkout;
}

/** The capture's entry: the rail owes us the amount; we owe the merchant the same, pending. */
function captureEntry(payment: Payment, session: MerchantCheckoutSession): Posting {
  const accounts = checkoutAccounts(session, payment.rail);
  const amount = BigInt(payment.amount);
  return {
    kind: 'CHECKOUT_CAPTURE',
    referenceType: 'payment',
    referenceId: payment.id,
    currency: payment.currency,
    memo: `Checkout payment ${payment.id} of session ${session.id}`,
    lines: [
      { account: accounts.railClearing, amount },
      { account: accounts.merchantPending, amount: -amount },
    ],
  };
}

function merchantPaymentEventPayload(
  payment: Payment,
  session: MerchantCheckoutSession,
  status: 'SUCCEEDED' | 'FAILED',
): MerchantPaymentEventPayload {
  const fee = payment.checkout?.merchantFee ?? 0;
  return {
    merchantId: session.merchantId,
    livemode: session.livemode,
    paymentId: payment.id,
    checkoutSessionId: session.id,
    paymentLinkId: session.paymentLinkId,
    status,
    amount: payment.amount,
    fee,
    net: payment.amount - fee,
    currency: payment.currency,
    rail: payment.rail,
    merchantReference: session.merchantReference,
    failureCode: payment.failureCode,
  };
}
