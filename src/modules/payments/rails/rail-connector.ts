/**
 * The port to payment rails (card acquirer, bank transfer, mobile money, wallet). A capture
 * takes the customer's funds for a payment; a refund returns them when the biller does not
 * accept it; a cancel voids a capture whose outcome is unknown (and refuses one that arrives
 * later); a status inquiry answers what the rail did with a capture reference, so a payment
 * whose capture answer was lost (a timeout, a crash) is settled by asking, never by capturing
 * again. All are idempotent on `reference`: the rail returns the first outcome again.
 */
/** The rails a connector can be asked to capture on. */
export const RAIL_CODES = ['CARD', 'BANK_TRANSFER', 'MOBILE_MONEY', 'WALLET'] as const;
export type RailCode = (typeof RAIL_CODES)[number];

export interface CaptureRequest {
  rail: RailCode;
  /** Card number, bank account number, mobile wallet number or wallet id, per rail. */
  accountNumber: string;
  amount: bigint;
  currency: string;
  /** Our payment id: the rail-side idempotency key. */
  reference: string;
}

export const DECLINE_REASONS = ['INSUFFICIENT_FUNDS', 'DO_NOT_HONOR', 'ACCOUNT_CLOSED', 'LIMIT'] as const;
export type DeclineReason = (typeof DECLINE_REASONS)[number];

export type CaptureResult =
  | { status: 'CAPTURED'; railReference: string }
  | { status: 'DECLINED'; reason: DeclineReason }
  | { status: 'TIMEOUT' };

/** What the rail did with a capture reference: its outcome, nothing at all, or no answer now. */
export type CaptureStatusResult =
  | { status: 'CAPTURED'; railReference: string }
  | { status: 'DECLINED'; reason: DeclineReason }
  | { status: 'NOT_FOUND' }
  | { status: 'UNAVAILABLE'; reason: string };

export interface CaptureStatusRequest {
  rail: RailCode;
  reference: string;
}

export interface RefundRequest {
  rail: RailCode;
  railReference: string;
  amount: bigint;
  currency: string;
  reference: string;
}

/**
 * `FAILED` with `final`: the rail refuses this refund for good (the payer's account is closed to
 * refunds, the capture can no longer be refunded); a try again would meet the same answer. Without
 * it the failure is passing (the rail unavailable, a timeout) and the refund is tried again.
 */
export type RefundResult =
  | { status: 'REFUNDED'; refundReference: string }
  | { status: 'FAILED'; reason: string; final?: boolean };

/** Cancels whatever a capture under `reference` took, when its outcome is unknown (a timeout). */
export interface CancelRequest {
  rail: RailCode;
  reference: string;
}

export type CancelResult = { status: 'CANCELLED'; cancelReference: string } | { status: 'FAILED'; reason: string };

export const RAIL_OPERATION_KINDS = ['CAPTURE', 'REFUND', 'CANCEL'] as const;

/** One operation as the rail's own records show it (a settlement report's line). */
export interface RailOperation {
  kind: (typeof RAIL_OPERATION_KINDS)[number];
  /**
   * Our reference: the payment id for a capture or cancel, `refund:<payment id>` for a failed or
   * disputed payment's refund, `refund:<refund id>` for one refund of a merchant's.
   */
  reference: string;
  rail: string;
  /** `CAPTURED` or `DECLINED` for a capture; `REFUNDED`, `CANCELLED` for the others. */
  outcome: string;
  railReference: string | null;
  /** Minor units; null where the rail records none. */
  amount: bigint | null;
  currency: string | null;
  createdAt: Date;
}

/** Which operations to list: those under the references, whenever made, and the window's captures. */
export interface RailOperationsQuery {
  references: readonly string[];
  /** Every capture made in [capturedFrom, capturedTo), whatever its reference. */
  capturedFrom: Date;
  capturedTo: Date;
}

export abstract class RailConnector {
  abstract capture(request: CaptureRequest): Promise<CaptureResult>;
  abstract refund(request: RefundRequest): Promise<RefundResult>;
  abstract cancel(request: CancelRequest): Promise<CancelResult>;
  abstract captureStatus(request: CaptureStatusRequest): Promise<CaptureStatusResult>;
  /** What the rail did, for reconciliation: reads the rail's records, moves nothing. */
  abstract operations(query: RailOperationsQuery): Promise<RailOperation[]>;
}
