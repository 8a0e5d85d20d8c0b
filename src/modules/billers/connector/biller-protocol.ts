import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The wire protocol between this service and a direct biller (and the biller simulator).
 * Paths are relative to the biller's connector base URL, e.g.
 * `http://127.0.0.1:4010/billers/ikeja-electric`:
 *
 * - `POST {base}/accounts/validate` `{ accountReference }` -> 200 `ValidateAccountReply`;
 *   404 `ACCOUNT_NOT_FOUND`; 422 `ACCOUNT_REJECTED`.
 * - `POST {base}/payments` `PostPaymentRequest` with `Idempotency-Key` (our attempt reference)
 *   -> 201 (200 when replayed) `PaymentReply` with status `CONFIRMED` or `PENDING`;
 *   404 `ACCOUNT_NOT_FOUND`; 422 `ACCOUNT_REJECTED` or `PAYMENT_REJECTED`;
 *   409 `IDEMPOTENCY_KEY_REUSED` (same key, different payment).
 * - `GET {base}/payments/{reference}` -> 200 `PaymentReply` (`CONFIRMED`, `PENDING` or
 *   `FAILED`); 404 `PAYMENT_NOT_FOUND`.
 *
 * Every request is signed: `X-Biller-Timestamp` (Unix seconds) and `X-Biller-Signature:
 * v1=<hex HMAC-SHA256>` over `timestamp.METHOD.path?query.body` with the biller's secret. A
 * biller refuses a bad signature, or a timestamp more than five minutes off, with 401
 * `INVALID_SIGNATURE`. Error bodies are `{ code, message }`. Amounts are integers in the
 * minor unit of the biller's currency.
 */
export const SIGNATURE_HEADER = 'x-biller-signature';
export const TIMESTAMP_HEADER = 'x-biller-timestamp';
export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const SIGNATURE_TOLERANCE_SECONDS = 300;

export interface ValidateAccountRequest {
  accountReference: string;
}

export interface ValidateAccountReply {
  accountReference: string;
  customerName: string;
  /** What the account owes, when the biller tracks it; null otherwise. */
  outstandingAmount: number | null;
}

export interface PostPaymentRequest {
  /** Our posting attempt's reference; also the `Idempotency-Key`. */
  reference: string;
  accountReference: string;
  amount: number;
  currency: string;
}

export const BILLER_PAYMENT_STATUSES = ['CONFIRMED', 'PENDING', 'FAILED'] as const;
export type BillerPaymentStatus = (typeof BILLER_PAYMENT_STATUSES)[number];

export interface PaymentReply {
  reference: string;
  /** The biller's own receipt or transaction number. */
  billerReference: string;
  status: BillerPaymentStatus;
  /** What the biller took, in minor units, and its currency: what reconciliation compares with ours. */
  amount?: number;
  currency?: string;
}

export interface BillerErrorReply {
  code: string;
  message: string;
}

/** The signature of a request, as the `X-Biller-Signature` header value. */
export function signBillerRequest(
  secret: string,
  timestamp: number,
  method: string,
  pathWithQuery: string,
  body: string,
): string {
  const digest = createHmac('sha256', secret)
    .update(`${timestamp}.${method.toUpperCase()}.${pathWithQuery}.${body}`)
    .digest('hex');
  return `v1=${digest}`;
}

/** Whether a request's signature headers are valid for `secret` at `nowSeconds`. */
export function verifyBillerSignature(
  secret: string,
  headers: { signature: string | undefined; timestamp: string | undefined },
  method: string,
  pathWithQuery: string,
  body: string,
  nowSeconds: number,
): boolean {
  if (!headers.signature || !headers.timestamp || !/^\d{1,12}$/.test(headers.timestamp)) return false;
  const timestamp = Number(headers.timestamp);
  if (Math.abs(nowSeconds - timestamp) > SIGNATURE_TOLERANCE_SECONDS) return false;
  const expected = Buffer.from(signBillerRequest(secret, timestamp, method, pathWithQuery, body));
  const presented = Buffer.from(headers.signature);
  return expected.length === presented.length && timingSafeEqual(expected, presented);
}
