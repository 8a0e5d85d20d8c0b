import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { Payment } from './payment.entity';

/** What a checkout session asks the payer to pay, as its channel admits it in the payment's first transaction. */
export interface CheckoutCharge {
  merchantId: string;
  livemode: boolean;
  /** Minor units of `currency`: what the rail captures from the payer. */
  amount: number;
  currency: string;
  /** The merchant's fee on it (minor units, at most `amount`), deducted from what the merchant is credited. */
  merchantFee: number;
  /** The pricing version the fee came from, when the merchant has one. */
  merchantPricingVersionId: string | null;
}

/**
 * A dispute (chargeback) of a captured payment, as the rail notified it: the payer's bank
 * contests `amount` (minor units of the payment's currency, at most its amount) for `reason`.
 */
export interface RailDispute {
  /** The rail's own reference of the dispute. */
  railReference: string;
  amount: number;
  reason: string;
}

/** What the capture's transaction needs from the channel: the journal entry it posted. */
export interface CheckoutCaptureRecord {
  journalEntryId: string;
}

/** How one refund of a checkout payment ended on the rail (`CheckoutChannelHook.refundSettled`). */
export type CheckoutRefundSettlement =
  | {
      outcome: 'SUCCEEDED';
      /** The refund, as the merchants context named it to `PaymentRefunds.refundPart`. */
      refundId: string;
      /** The payment as it now is. */
      payment: Payment;
      /** The rail's reference for the refund. */
      railReference: string;
    }
  | {
      outcome: 'FAILED';
      refundId: string;
      /** The payment as it now is: the refund's amount already taken back off `refundedAmount`. */
      payment: Payment;
      /** The rail's refusal. */
      reason: string;
    };

/**
 * The checkout channel's part in the payment core's transactions, which the merchants context
 * implements and registers (`PaymentChannelHooks.register`) when its module starts, in the API
 * and in the worker alike. The core keeps idempotency, the rail call, screening, the state
 * machine and recovery; the hook keeps the session and the merchant's side of the money, each
 * call inside the core's transaction (`manager`), so a session is completed exactly once, with
 * its payment's capture, whoever records it (the request or the recovery job).
 */
export interface CheckoutChannelHook {
  /**
   * First transaction, after the payer's Idempotency-Key was found new and before the payment is
   * inserted: lock the session, refuse it (throw an ApiError: unknown, not OPEN, past its expiry,
   * already being paid, a velocity cap) or answer what to charge. `paymentId` is the payment
   * about to be inserted, which the session may record as the one paying it.
   */
  admit(
    manager: EntityManager,
    admission: { sessionId: string; paymentId: string; rail: string },
  ): Promise<CheckoutCharge>;
  /**
   * Second transaction, the capture recorded (the payment moved out of AUTHORIZING in the same
   * transaction): complete the session, post the merchant's entry, write the merchant's events.
   * A payment held for a compliance review (`heldForReview`) has its funds booked to the hold
   * only: the session stays OPEN with it, nothing is credited to the merchant until `released`.
   */
  captured(manager: EntityManager, payment: Payment): Promise<CheckoutCaptureRecord>;
  /**
   * A held captured payment (PENDING) released by a compliance review, in the review's
   * transaction: credit the merchant from the hold, complete the session and write the merchant's
   * events, as `captured` does for a payment never held. Answers the merchant's entry; the core
   * then moves the payment to SUCCEEDED.
   */
  released(manager: EntityManager, payment: Payment): Promise<CheckoutCaptureRecord>;
  /**
   * The payment failed: declined, never captured, or rejected by a compliance review (the core
   * has reversed its held entry and owes the payer a refund on the rail). Free the session for
   * another try, give back the velocity admission and write the merchant's event.
   */
  failed(manager: EntityManager, payment: Payment): Promise<void>;
  /**
   * The rail confirmed one refund of a checkout payment (`SUCCEEDED`), or refused it for good
   * (`FAILED`: the core has already taken its amount back off the payment's `refundedAmount`), in
   * the transaction that settles the refund's rail reversal: settle the merchant's refund (on
   * failure give the merchant's balance back) and write the merchant's event.
   */
  refundSettled(manager: EntityManager, settlement: CheckoutRefundSettlement): Promise<void>;

  /**
   * The rail notified a dispute of the captured (SUCCEEDED) payment, in the notification's
   * transaction: record it on the merchant's side and hold its amount. Idempotent per payment
   * (a second notice of it changes nothing).
   */
  disputed(manager: EntityManager, payment: Payment, dispute: RailDispute): Promise<void>;
}

/**
 * The channel hooks the payment core calls for channels whose payment completes something of
 * another context (today CHECKOUT: a merchant's checkout session). A registry, not a Nest
 * binding, because the implementing context imports the payments context for the core: a
 * binding would make the two modules import each other. It fails closed at use: a checkout
 * payment is never admitted, completed or failed without its hook (the request answers 500 and
 * the recovery job leaves the payment AUTHORIZING, logged, for a process that has it).
 */
@Injectable()
export class PaymentChannelHooks {
  private checkoutHook: CheckoutChannelHook | null = null;

  /** Registers the checkout channel's hook; once per process (a second registration is a wiring error). */
  registerCheckout(hook: CheckoutChannelHook): void {
    if (this.checkoutHook !== null && this.checkoutHook !== hook) {
      throw new Error('the checkout channel hook is registered already');
    }
    this.checkoutHook = hook;
  }

  /** The checkout channel's hook; throws when no module registered it. */
  checkout(): CheckoutChannelHook {
    if (this.checkoutHook === null) {
      throw new Error('no checkout channel hook is registered: load the merchants module (or its jobs module)');
    }
    return this.checkoutHook;
  }
}
