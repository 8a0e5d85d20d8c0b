/**
 * What a reconciliation run can find wrong with a window's payments, and `HELD_FOR_REVIEW`: a
 * captured payment compliance holds before posting, which is not wrong but is listed so every
 * captured, unposted payment is accounted for. README.md says exactly when each is reported.
 */
export const RECONCILIATION_BREAK_TYPES = [
  'MISSING_POSTING',
  'HELD_FOR_REVIEW',
  'POSTED_NOT_CONFIRMED',
  'AMOUNT_MISMATCH',
  'ORPHAN_CAPTURE',
  'LEDGER_IMBALANCE',
  'STUCK_PROCESSING',
  'BILLER_DISAGREES',
] as const;
export type ReconciliationBreakType = (typeof RECONCILIATION_BREAK_TYPES)[number];

/** Which record disagrees with the payment (`COMPLIANCE`: the AML hold that explains an unposted one). */
export const RECONCILIATION_SOURCES = ['PAYMENT', 'POSTING', 'LEDGER', 'RAIL', 'BILLER', 'COMPLIANCE'] as const;
export type ReconciliationSource = (typeof RECONCILIATION_SOURCES)[number];

export interface ReconciliationBreak {
  type: ReconciliationBreakType;
  source: ReconciliationSource;
  /** Null for a rail capture no payment owns. */
  paymentId: string | null;
  paymentStatus: string | null;
  postingAttemptId: string | null;
  journalEntryIds: string[];
  railReference: string | null;
  billerReference: string | null;
  accountReference: string | null;
  /** Minor units; null where nothing is expected (a capture without a payment). */
  expectedAmount: number | null;
  /** Minor units; null where the record holds no amount (nothing was posted, found or captured). */
  actualAmount: number | null;
  currency: string | null;
  /** When the payment was created, or the orphan capture taken. */
  occurredAt: Date;
  detail: string;
}

export interface ReconciliationWindow {
  from: Date;
  to: Date;
}
