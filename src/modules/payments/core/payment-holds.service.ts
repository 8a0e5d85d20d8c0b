import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { PaymentChannelHooks } from './payment-channel-hooks';
import { paymentEvent, railReversalRequested } from './payment-event-payload';
import { Payment } from './payment.entity';
import { PaymentFailures } from './payment-failures.service';
import { PaymentRepository } from './payment.repository';
import { PAYMENT_EVENTS } from '../payments.events';
import { PostingAttemptRepository } from '../posting/posting-attempt.repository';
import { RailReversalService } from '../rails/rail-reversal.service';
import { OutboxWriter } from '../../../platform/outbox/outbox.writer';

/** What releasing a held payment did. */
export type HoldRelease =
  /** Captured and now on its way to the biller (a posting cycle and `payment.captured`). */
  | 'POSTING'
  /** A captured checkout payment: its session completed and its merchant credited, SUCCEEDED. */
  | 'SUCCEEDED'
  /** Not captured yet: the capture, when recorded, starts posting as for any payment. */
  | 'AWAITING_CAPTURE'
  /** It was not held (a lower-severity flag only queues). */
  | 'NOT_HELD';

/** What reporting a payment did to it. */
export type HoldRejection =
  /** Captured: failed, its journal entry reversed and its funds refunded (on the rail, or to the agent's float). */
  | 'REFUNDED'
  /** Not captured yet: failed, and the rail told to void the capture. */
  | 'CANCELLED'
  /** Not held (already posted or being posted): left as it is; only the report is recorded. */
  | 'NOT_HELD';

/** The failure the customer reads on a payment refused after a compliance review. */
const COMPLIANCE_FAILURE = {
  code: 'COMPLIANCE_REJECTED',
  message: 'The payment could not be completed after a review',
} as const;

/**
 * The payments side of a compliance review of a payment held before posting (AML rules of HIGH
 * severity, PaymentScreening): release it to posting, or fail it and return the funds. Each
 * runs in the caller's transaction under the payment's row lock, so it serialises with the
 * capture being recorded (which reads the hold in the same row).
 *
 * A checkout payment has no biller: released, it completes through the checkout hook as an
 * unheld capture does (`released`, then PENDING -> SUCCEEDED); rejected, it fails through the
 * same paths as any failed checkout payment (the hook's `failed`), with no `payment.*` event.
 */
@Injectable()
export class PaymentHolds {
  constructor(
    private readonly payments: PaymentRepository,
    private readonly attempts: PostingAttemptRepository,
    private readonly reversals: RailReversalService,
    private readonly outbox: OutboxWriter,
    private readonly failures: PaymentFailures,
    private readonly hooks: PaymentChannelHooks,
  ) {}

  /** Locks the payment (null when it does not exist). */
  lock(manager: EntityManager, paymentId: string): Promise<Payment | null> {
    return this.payments.lockById(manager, paymentId);
  }

  /**
   * Releases a held payment. A captured (PENDING) one gets its first posting cycle and
   * `payment.captured`, so the worker posts it as any payment; one still AUTHORIZING posts when
   * its capture is recorded.
   *
   * A captured checkout payment instead completes here, as `PaymentCore` completes an unheld
   * capture: the checkout hook's `released` (the merchant credited from the hold, the session
   * COMPLETE, the merchant's events), then PENDING -> SUCCEEDED with the merchant's entry. One
   * still AUTHORIZING completes when its capture is recorded, the hold now lifted.
   */
  async release(manager: EntityManager, paymentId: string): Promise<HoldRelease> {
    const locked = await this.payments.lockById(manager, paymentId);
    if (!locked?.heldForReview) return 'NOT_HELD';
    const released = (await this.payments.setHeldForReview(manager, paymentId, false)) as Payment;
    await this.payments.noteStep(manager, paymentId, 'Review completed; the payment is released');
    if (released.status === 'AUTHORIZING') return 'AWAITING_CAPTURE';
    if (released.status !== 'PENDING') return 'NOT_HELD';
    if (released.channel === 'CHECKOUT') {
      const { journalEntryId } = await this.hooks.checkout().released(manager, released);
      const succeeded = await this.payments.transition(
        manager,
        paymentId,
        'SUCCEEDED',
        'Checkout session completed; the merchant is credited',
        { journalEntryId, completed: true, channel: 'CHECKOUT' },
        'PENDING',
      );
      if (!succeeded) throw new Error(`checkout payment ${paymentId} did not move PENDING -> SUCCEEDED`);
      return 'SUCCEEDED';
    }
    await this.attempts.openCycle(manager, paymentId);
    await this.outbox.write(manager, paymentEvent(PAYMENT_EVENTS.captured, released));
    return 'POSTING';
  }

  /**
   * Fails a held payment after a review and returns its funds, as a biller's refusal does
   * (PostingService): a captured one has its journal entry reversed and a REFUND requested on
   * its rail (an agent's float is put back by the reversal itself); one still AUTHORIZING
   * fails and its capture is voided (CANCEL), as the payment core does when the rail never
   * confirmed it. A captured payment moves PENDING -> PROCESSING -> FAILED in this one
   * transaction (the state machine fails payments only from AUTHORIZING or PROCESSING); no
   * posting cycle exists, so nothing is sent to the biller.
   *
   * A checkout payment fails the same way, without `payment.*` events (its payer is not our
   * customer): the checkout hook's `failed` gives back the velocity admission, frees the session
   * (expired at once when past due) and writes `merchant.payment.failed`; the captured one's held
   * entry is reversed and its REFUND requested (`PaymentFailures.failCaptured`), the
   * uncaptured one's CANCEL.
   */
  async reject(manager: EntityManager, paymentId: string): Promise<HoldRejection> {
    const locked = await this.payments.lockById(manager, paymentId);
    if (!locked?.heldForReview) return 'NOT_HELD';
    await this.payments.setHeldForReview(manager, paymentId, false);
    const changes = { failureCode: COMPLIANCE_FAILURE.code, failureMessage: COMPLIANCE_FAILURE.message };
    if (locked.status === 'AUTHORIZING') {
      const failed = (await this.payments.transition(
        manager,
        paymentId,
        'FAILED',
        'Refused after a compliance review',
        { ...changes, completed: true },
        'AUTHORIZING',
      )) as Payment;
      await this.reversals.request(manager, failed, 'CANCEL');
      if (failed.channel === 'CHECKOUT') {
        await this.hooks.checkout().failed(manager, failed);
        return 'CANCELLED';
      }
      await this.outbox.write(
        manager,
        paymentEvent(PAYMENT_EVENTS.failed, failed),
        railReversalRequested(failed, 'CANCEL'),
      );
      return 'CANCELLED';
    }
    if (locked.status !== 'PENDING') return 'NOT_HELD';
    const processing = (await this.payments.transition(
      manager,
      paymentId,
      'PROCESSING',
      'Reviewed by compliance',
      {},
      'PENDING',
    )) as Payment;
    await this.failures.failCaptured(manager, processing, {
      code: COMPLIANCE_FAILURE.code,
      message: COMPLIANCE_FAILURE.message,
      note: 'Refused after a compliance review',
      memo: 'Refused after a compliance review',
    });
    return 'REFUNDED';
  }
}
