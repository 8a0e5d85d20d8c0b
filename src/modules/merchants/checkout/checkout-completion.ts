import { Injectable, OnModuleInit } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { Clock } from '../../../platform/clock/clock';
import { OutboxWriter } from '../../../platform/outbox/outbox.writer';
import {
  PaymentChannelHooks,
  type CheckoutCaptureRecord,
  type CheckoutChannelHook,
  type CheckoutCharge,
  type CheckoutRefundSettlement,
  type Payment,
  type RailDispute,
} from '../../payments';
import { MerchantPaymentDisputes } from '../disputes/merchant-payment-disputes';
import { MERCHANT_EVENTS, MerchantPaymentEventPayload } from '../merchants.events';
import { merchantFee } from '../ledger/merchant-fee';
import { MerchantLedger } from '../ledger/merchant-ledger';
import { MerchantPricing } from '../ledger/merchant-pricing';
import { MerchantDirectory } from '../onboarding/merchant-directory.service';
import { MerchantVelocity, VelocityAdmission } from '../risk/merchant-velocity.service';
import { checkoutSessionEventPayload } from './checkout-session-expiry';
import { MerchantCheckoutSession } from './checkout-session.entity';
import { CheckoutSessionsRepository } from './checkout-sessions.repository';
import { MerchantCheckoutError } from './checkout.errors';
import { MerchantRefundSettlement } from './merchant-refund-settlement';
import { PaymentLinksRepository } from './payment-links.repository';

/**
 * The checkout channel of the payment core (`CheckoutChannelHook`): what a checkout session adds
 * to the core's two transactions. Registered with the core's `PaymentChannelHooks` when its
 * module starts, in the API (MerchantsModule) and the worker (MerchantsJobsModule) alike,
 * through `CheckoutCompletionModule`, so a capture the recovery job records completes its
 * session exactly as the request would have.
 *
 * - Admission (first transaction): the session locked; it must be OPEN, before `expiresAt` by
 *   the app's clock, and not being paid by another payment (409 CHECKOUT_SESSION_NOT_OPEN
 *   otherwise); a live session needs its merchant APPROVED (403 MERCHANT_RESTRICTED); the
 *   merchant's velocity caps admit it (`MerchantVelocity.admit`, 422 LIMIT_EXCEEDED; no customer
 *   key: the payer is not our customer). The merchant's fee is priced now (`MerchantPricing`,
 *   `merchantFee`) and snapshotted on the payment with its pricing version. The session records
 *   the payment paying it (`payment_id` while OPEN) with the terms its capture needs (reserve
 *   share, reserve hold, payout delay, as in force now), so a second tab is refused and the
 *   expiry leaves it alone until the payment ends.
 * - Capture (second transaction): OPEN -> COMPLETE by that payment (once: `WHERE status = 'OPEN'
 *   AND payment_id = ...`, answering the session and the terms its admission kept: no second
 *   pricing read), the merchant's entry (`MerchantLedger.recordCapture`: rail clearing debited
 *   the amount; pending, reserve and fee revenue credited by those terms), the
 *   link's completion counted, `merchant.checkout_session.completed` and
 *   `merchant.payment.succeeded`. A payment held for a compliance review books the amount to the
 *   hold only (`recordHeldCapture`); the session stays OPEN with it.
 * - Release of a held payment (the compliance review's transaction): the same entry, from the
 *   hold instead of the rail's clearing, and the same completion and events.
 * - Failure (declined, never captured, or rejected by a compliance review): the velocity admission
 *   given back, the session freed for another try (and expired at once when already past due),
 *   `merchant.payment.failed`.
 * - A refund settled by the rail (the worker's reversal transaction): `MerchantRefundSettlement`.
 * - Dispute (a rail's chargeback notice of a SUCCEEDED payment): `MerchantPaymentDisputes.record`.
 */
@Injectable()
export class CheckoutCompletion implements CheckoutChannelHook, OnModuleInit {
  constructor(
    private readonly hooks: PaymentChannelHooks,
    private readonly sessions: CheckoutSessionsRepository,
    private readonly links: PaymentLinksRepository,
    private readonly merchants: MerchantDirectory,
    private readonly pricing: MerchantPricing,
    private readonly merchantLedger: MerchantLedger,
    private readonly velocity: MerchantVelocity,
    private readonly outbox: OutboxWriter,
    private readonly clock: Clock,
    private readonly refunds: MerchantRefundSettlement,
    private readonly disputes: MerchantPaymentDisputes,
  ) {}

  onModuleInit(): void {
    this.hooks.registerCheckout(this);
  }

  async admit(
    manager: EntityManager,
    admission: { sessionId: string; paymentId: string; rail: string },
  ): Promise<CheckoutCharge> {
    const locked = await this.sessions.lockForPayment(manager, admission.sessionId);
    if (!locked) throw new MerchantCheckoutError('NOT_FOUND', 'No such checkout session');
    const { session, transactionNow, pricingVersion } = locked;
    if (session.status !== 'OPEN' || session.paymentId !== null) throw sessionNotOpen(session);
    if (session.expiresAt.getTime() <= this.clock.now().getTime())
      throw sessionNotOpen({ ...session, status: 'EXPIRED' });
    if (session.livemode) {
      const merchant = await this.merchants.findById(session.merchantId, manager);
      if (merchant?.kybStatus !== 'APPROVED') {
        const status = merchant?.kybStatus ?? 'UNKNOWN';
        throw new MerchantCheckoutError(
          'MERCHANT_RESTRICTED',
          `Live checkout needs an APPROVED merchant; this one is ${status}`,
          [{ field: 'kybStatus', message: status }],
        );
      }
    }
    // Counted at the transaction's time, the payment's `created_at`, so a decline gives back the same minute.
    await this.velocity.admit(manager, velocityAdmission(session, transactionNow));
    // The pricing version in force at the transaction's time, read with the lock (`MerchantPricing.termsAt`'s rule).
    const terms = this.pricing.termsOf(pricingVersion, session.currency);
    // The capture's terms are kept with the payment paying the session: the capture reads them back with the
    // session it completes, so a price changed in between reaches neither the fee nor the reserve and delays.
    const admissionTerms = {
      reserveBps: terms.reserveBps,
      reserveHoldDays: terms.reserveHoldDays,
      payoutDelayDays: terms.payoutDelayDays,
    };
    if (!(await this.sessions.markPaying(manager, session.id, admission.paymentId, admissionTerms))) {
      throw sessionNotOpen(session);
    }
    return {
      merchantId: session.merchantId,
      livemode: session.livemode,
      amount: session.amount,
      currency: session.currency,
      merchantFee: Number(merchantFee(BigInt(session.amount), terms)),
      merchantPricingVersionId: terms.pricingVersionId,
    };
  }

  async captured(manager: EntityManager, payment: Payment): Promise<CheckoutCaptureRecord> {
    const checkout = checkoutTermsOf(payment);
    if (payment.heldForReview) {
      // Held for a compliance review: the payer's funds are booked to the hold, the session waits for the review.
      const journalEntryId = await this.merchantLedger.recordHeldCapture(manager, {
        paymentId: payment.id,
        livemode: checkout.livemode,
        currency: payment.currency,
        amount: payment.amount,
        rail: payment.rail,
      });
      return { journalEntryId };
    }
    return this.complete(manager, payment, checkout, 'RAIL');
  }

  async released(manager: EntityManager, payment: Payment): Promise<CheckoutCaptureRecord> {
    return this.complete(manager, payment, checkoutTermsOf(payment), 'HOLD');
  }

  /**
   * The session completed by the payment (which answers it with the terms its admission kept),
   * the merchant credited (from the rail's clearing, or from the hold a review released), its
   * link's completion counted, and the merchant's events.
   */
  private async complete(
    manager: EntityManager,
    payment: Payment,
    checkout: NonNullable<Payment['checkout']>,
    source: 'RAIL' | 'HOLD',
  ): Promise<CheckoutCaptureRecord> {
    const now = this.clock.now();
    const completed = await this.sessions.complete(manager, checkout.sessionId, payment.id, now);
    if (!completed) {
      // The session records the payment paying it from admission on: nothing else completes or expires it.
      throw new Error(
        `checkout session ${checkout.sessionId} is not OPEN with payment ${payment.id}: cannot complete it`,
      );
    }
    const { session } = completed;
    // The terms in force when the payment was admitted, kept on the session then (its fee is the payment's
    // snapshot of the same terms); a payment admitted before they were kept looks them up at its acceptance.
    const terms =
      completed.terms ?? (await this.pricing.termsAt(manager, session.merchantId, session.currency, payment.createdAt));
    const journalEntryId = await this.merchantLedger.recordCapture(manager, {
      paymentId: payment.id,
      merchantId: session.merchantId,
      livemode: session.livemode,
      currency: payment.currency,
      amount: payment.amount,
      fee: checkout.merchantFee,
      reserveBps: terms.reserveBps,
      reserveHoldDays: terms.reserveHoldDays,
      payoutDelayDays: terms.payoutDelayDays,
      rail: payment.rail,
      capturedAt: now,
      source,
    });
    if (session.paymentLinkId !== null) await this.links.countCompletion(manager, session.paymentLinkId);
    await this.outbox.write(
      manager,
      {
        eventType: MERCHANT_EVENTS.checkoutSessionCompleted,
        aggregateType: 'checkout_session',
        aggregateId: session.id,
        payload: {
          ...checkoutSessionEventPayload(session),
          paymentId: payment.id,
          completedAt: now.toISOString(),
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

  private async sessionOf(manager: EntityManager, payment: Payment): Promise<MerchantCheckoutSession> {
    const { sessionId } = checkoutTermsOf(payment);
    const session = await this.sessions.findById(manager, sessionId);
    if (!session) throw new Error(`checkout payment ${payment.id} names no session ${sessionId}`);
    return session;
  }

  async failed(manager: EntityManager, payment: Payment): Promise<void> {
    const session = await this.sessionOf(manager, payment);
    await this.velocity.release(manager, velocityAdmission(session, payment.createdAt));
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

  async refundSettled(manager: EntityManager, settlement: CheckoutRefundSettlement): Promise<void> {
    await this.refunds.settle(manager, settlement);
  }

  async disputed(manager: EntityManager, payment: Payment, dispute: RailDispute): Promise<void> {
    await this.disputes.record(manager, payment, dispute);
  }
}

/** 409 CHECKOUT_SESSION_NOT_OPEN, saying why. */
export function sessionNotOpen(session: Pick<MerchantCheckoutSession, 'status' | 'paymentId'>): MerchantCheckoutError {
  const reason = session.status === 'OPEN' ? 'another payment of it is under way' : `it is ${session.status}`;
  return new MerchantCheckoutError('CHECKOUT_SESSION_NOT_OPEN', `This checkout session cannot be paid: ${reason}`, [
    { field: 'status', message: session.status },
    ...(session.paymentId === null ? [] : [{ field: 'paymentId', message: session.paymentId }]),
  ]);
}

function checkoutTermsOf(payment: Payment): NonNullable<Payment['checkout']> {
  if (payment.checkout === null) throw new Error(`payment ${payment.id} (${payment.channel}) is no checkout payment`);
  return payment.checkout;
}

/** A checkout payment as the merchant's velocity caps count it: no customer key (the payer is not our customer). */
function velocityAdmission(session: MerchantCheckoutSession, at: Date): VelocityAdmission {
  return {
    merchantId: session.merchantId,
    livemode: session.livemode,
    customerKey: null,
    amount: BigInt(session.amount),
    currency: session.currency,
    at,
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
