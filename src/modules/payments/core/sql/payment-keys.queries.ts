/** Types generated for queries found in "src/modules/payments/core/sql/payment-keys.sql" */
import { PreparedQuery } from '../../../../platform/database/sql-query';

/** 'PaymentByPayerKey' parameters type */
export interface PaymentByPayerKeyParams {
  idempotencyKey: string;
  payerId: string;
}

/** 'PaymentByPayerKey' return type */
export interface PaymentByPayerKeyResult {
  id: string;
  request_hash: string;
  status: string;
}

/** 'PaymentByPayerKey' query type */
export interface PaymentByPayerKeyQuery {
  params: PaymentByPayerKeyParams;
  result: PaymentByPayerKeyResult;
}

const paymentByPayerKeyIR: any = {"usedParamSet":{"payerId":true,"idempotencyKey":true},"params":[{"name":"payerId","required":true,"transform":{"type":"scalar"},"locs":[{"a":179,"b":187}]},{"name":"idempotencyKey","required":true,"transform":{"type":"scalar"},"locs":[{"a":211,"b":226}]}],"statement":"-- The payment a payer's Idempotency-Key made, if any (the checkout channel, by payments_payer_idempotency_key).\nSELECT id, status, request_hash\n  FROM payments\n WHERE payer_id = :payerId! AND idempotency_key = :idempotencyKey!"};

/**
 * Query generated from SQL:
 * ```
 * -- The payment a payer's Idempotency-Key made, if any (the checkout channel, by payments_payer_idempotency_key).
 * SELECT id, status, request_hash
 *   FROM payments
 *  WHERE payer_id = :payerId! AND idempotency_key = :idempotencyKey!
 * ```
 */
export const paymentByPayerKey = new PreparedQuery<PaymentByPayerKeyParams,PaymentByPayerKeyResult>(paymentByPayerKeyIR);


