import { EntityManager } from 'typeorm';
import { Port } from '../../../platform/ports/port';
import type { PayerType, PaymentChannel } from './payment.entity';
import type { ScreeningActivity, ScreeningActivityQuery } from './payment-screening-reads.service';

/** How serious a screening hit is: `HIGH` holds the payment before posting until a review clears it. */
export type ScreeningSeverity = 'LOW' | 'MEDIUM' | 'HIGH';

/** A payment as screening sees it: inserted already, in the admission transaction. */
export interface ScreeningCandidate {
  paymentId: string;
  /** Null for a checkout payment: its payer (the session) is not our customer. */
  customerId: string | null;
  payerType: PayerType;
  payerId: string;
  channel: PaymentChannel;
  /** Null for a checkout payment, which pays a merchant. */
  billerId: string | null;
  accountReference: string | null;
  /** Minor units of `currency`. */
  amount: number;
  currency: string;
}

/** One rule that fired for the payment (the screener records it before answering). */
export interface ScreeningHit {
  rule: string;
  severity: ScreeningSeverity;
}

/**
 * The port through which the payment core screens every payment it accepts, in every channel,
 * inside the admission transaction that inserts the payment: the screener reads and writes
 * through `manager`, so what it records commits or rolls back with the payment. A `HIGH` hit
 * holds the payment (`held_for_review`): it is captured but not posted until released.
 * The compliance context implements it and ComplianceModule binds it globally (payments never
 * imports compliance; compliance imports payments): an application that loads the payment
 * core without ComplianceModule does not boot, so no payment goes unscreened.
 */
@Port({ implementedBy: 'ComplianceModule (compliance)' })
export abstract class PaymentScreening {
  /**
   * What the screener asks about the candidate's neighbours (`PaymentScreeningReads.activity`),
   * for the payment core to read in the statement that inserts a customer's payment and hand to
   * `screen`: one round trip instead of two. Null when the screener reads nothing of them.
   */
  abstract activityQuery(candidate: ScreeningCandidate): ScreeningActivityQuery | null;

  /**
   * Screens the candidate and records its hits. `activity`, when given, is what `activityQuery`
   * asked, read in the admission transaction with the candidate counted; without it the screener
   * reads it through `manager`.
   */
  abstract screen(
    manager: EntityManager,
    candidate: ScreeningCandidate,
    activity?: ScreeningActivity,
  ): Promise<ScreeningHit[]>;
}

/** Whether the hits hold the payment before posting. */
export function holdsPayment(hits: readonly ScreeningHit[]): boolean {
  return hits.some((hit) => hit.severity === 'HIGH');
}
