/**
 * What a reconciliation run can find wrong with a window's payments. README.md says exactly
 * when each is reported.
 */
export const RECONCILIATION_BREAK_TYPES = [
  'MISSING_POSTING',
  'POSTED_NOT_CONFIRMED',
  'AMOUNT_MISMATCH',
  'ORPHAN_CAPTURE',
  'LEDGER_IMBALANCE',
  'STUCK_PROCESSING',
  'BILLER_DISAGREES',
] as const;
export type ReconciliationBreakType = (typeof RECONCILIATION_BREAK_TYPES)[number];

/** Which record disagrees with the payment. */
export const RECONCILIATION_SOURCES = ['PAYMENT', 'POSTING', 'LEDGER', 'RAIL', 'BILLER'] as const;
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
