import type { MerchantCheckoutSession } from './checkout-session.entity';

/** A payer's attempt to pay an OPEN checkout session on its hosted page. */
export interface CheckoutPayRequest {
  sessionId: string;
  /** A rail code the service accepts (`CARD`, `BANK_TRANSFER`, ...). */
  rail: string;
  /** The payer's card or account number; kept only masked (and sealed while the capture is open). */
  fundingAccount: string;
  /**
   * Bound to the session by the hosted page (one per rendered form): the same key answers the same
   * payment again, so a double submit or a retried POST never pays twice.
   */
  idempotencyKey: string;
  /**
   * The session as the caller has just read it (`findForHostedPage`: already expired when past
   * `expiresAt`), so it is not read again before the payment; read by id when absent. Only its
   * id, merchant, mode, currency and status are used: the core admits and completes the session
   * under its own lock, whatever this copy says.
   */
  session?: MerchantCheckoutSession;
}

/**
 * What paying a session came to. The session itself is not read again for it: the payment's
 * status says what became of the session (PAID: COMPLETE with it; DECLINED: OPEN and free;
 * PROCESSING: OPEN, held by it), and a caller that shows more reads it when it does.
 */
export type CheckoutPayOutcome =
  /** Captured: the session is COMPLETE and the merchant's ledger credited. */
  | { outcome: 'PAID'; paymentId: string }
  /** Accepted, the rail has not answered yet: the session completes when the capture is recorded. */
  | { outcome: 'PROCESSING'; paymentId: string }
  /** Declined by the rail: the session stays OPEN and the payer may try again with a new key. */
  | { outcome: 'DECLINED'; paymentId: string; reason: string };

/**
 * The one way a checkout session is paid: through the payment core (channel `CHECKOUT`), which
 * completes the session exactly once inside the transaction that records the capture. The hosted
 * page calls it; the core's channel hooks implement it.
 */
export abstract class CheckoutPayments {
  /**
   * Pays the session. Errors (ApiError): 404 for an unknown session; 409 `CHECKOUT_SESSION_NOT_OPEN`
   * for one COMPLETE or EXPIRED (or being paid by another tab: its payment is live); 422
   * `LIMIT_EXCEEDED` past a velocity cap; the core's rail and screening errors as they are.
   */
  abstract pay(request: CheckoutPayRequest): Promise<CheckoutPayOutcome>;
}
