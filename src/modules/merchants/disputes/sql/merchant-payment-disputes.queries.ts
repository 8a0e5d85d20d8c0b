/** Types generated for queries found in "src/modules/merchants/disputes/sql/merchant-payment-disputes.sql" */
import { PreparedQuery } from '../../../../platform/database/sql-query';

export type DateOrString = Date | string;

export type NumberOrString = number | string;

/** 'MerchantDisputeOfPayment' parameters type */
export interface MerchantDisputeOfPaymentParams {
  paymentId: string;
}

/** 'MerchantDisputeOfPayment' return type */
export interface MerchantDisputeOfPaymentResult {
  id: string;
}

/** 'MerchantDisputeOfPayment' query type */
export interface MerchantDisputeOfPaymentQuery {
  params: MerchantDisputeOfPaymentParams;
  result: MerchantDisputeOfPaymentResult;
}

const merchantDisputeOfPaymentIR: any = {"usedParamSet":{"paymentId":true},"params":[{"name":"paymentId","required":true,"transform":{"type":"scalar"},"locs":[{"a":60,"b":70}]}],"statement":"SELECT id FROM merchant_payment_disputes WHERE payment_id = :paymentId!"};

/**
 * Query generated from SQL:
 * ```
 * SELECT id FROM merchant_payment_disputes WHERE payment_id = :paymentId!
 * ```
 */
export const merchantDisputeOfPayment = new PreparedQuery<MerchantDisputeOfPaymentParams,MerchantDisputeOfPaymentResult>(merchantDisputeOfPaymentIR);


/** 'InsertMerchantPaymentDispute' parameters type */
export interface InsertMerchantPaymentDisputeParams {
  amount: NumberOrString;
  checkoutSessionId: string;
  createdAt: DateOrString;
  currency: string;
  holdEntryId: string;
  id: string;
  livemode: boolean;
  merchantId: string;
  paymentId: string;
  railDisputeReference: string;
  reason: string;
}

/** 'InsertMerchantPaymentDispute' return type */
export interface InsertMerchantPaymentDisputeResult {
  id: string;
}

/** 'InsertMerchantPaymentDispute' query type */
export interface InsertMerchantPaymentDisputeQuery {
  params: InsertMerchantPaymentDisputeParams;
  result: InsertMerchantPaymentDisputeResult;
}

const insertMerchantPaymentDisputeIR: any = {"usedParamSet":{"id":true,"paymentId":true,"merchantId":true,"livemode":true,"checkoutSessionId":true,"amount":true,"currency":true,"reason":true,"railDisputeReference":true,"holdEntryId":true,"createdAt":true},"params":[{"name":"id","required":true,"transform":{"type":"scalar"},"locs":[{"a":299,"b":302}]},{"name":"paymentId","required":true,"transform":{"type":"scalar"},"locs":[{"a":305,"b":315}]},{"name":"merchantId","required":true,"transform":{"type":"scalar"},"locs":[{"a":318,"b":329}]},{"name":"livemode","required":true,"transform":{"type":"scalar"},"locs":[{"a":332,"b":341}]},{"name":"checkoutSessionId","required":true,"transform":{"type":"scalar"},"locs":[{"a":344,"b":362}]},{"name":"amount","required":true,"transform":{"type":"scalar"},"locs":[{"a":365,"b":372}]},{"name":"currency","required":true,"transform":{"type":"scalar"},"locs":[{"a":375,"b":384}]},{"name":"reason","required":true,"transform":{"type":"scalar"},"locs":[{"a":387,"b":394}]},{"name":"railDisputeReference","required":true,"transform":{"type":"scalar"},"locs":[{"a":423,"b":444}]},{"name":"holdEntryId","required":true,"transform":{"type":"scalar"},"locs":[{"a":447,"b":459}]},{"name":"createdAt","required":true,"transform":{"type":"scalar"},"locs":[{"a":462,"b":472}]}],"statement":"-- One dispute per payment: a second notice of it meets the unique key and inserts nothing.\nINSERT INTO merchant_payment_disputes\n       (id, payment_id, merchant_id, livemode, checkout_session_id, amount, currency, reason, status,\n        rail_dispute_reference, hold_entry_id, created_at)\nVALUES (:id!, :paymentId!, :merchantId!, :livemode!, :checkoutSessionId!, :amount!, :currency!, :reason!,\n        'NEEDS_RESPONSE', :railDisputeReference!, :holdEntryId!, :createdAt!)\nON CONFLICT (payment_id) DO NOTHING\nRETURNING id"};

/**
 * Query generated from SQL:
 * ```
 * -- One dispute per payment: a second notice of it meets the unique key and inserts nothing.
 * INSERT INTO merchant_payment_disputes
 *        (id, payment_id, merchant_id, livemode, checkout_session_id, amount, currency, reason, status,
 *         rail_dispute_reference, hold_entry_id, created_at)
 * VALUES (:id!, :paymentId!, :merchantId!, :livemode!, :checkoutSessionId!, :amount!, :currency!, :reason!,
 *         'NEEDS_RESPONSE', :railDisputeReference!, :holdEntryId!, :createdAt!)
 * ON CONFLICT (payment_id) DO NOTHING
 * RETURNING id
 * ```
 */
export const insertMerchantPaymentDispute = new PreparedQuery<InsertMerchantPaymentDisputeParams,InsertMerchantPaymentDisputeResult>(insertMerchantPaymentDisputeIR);


/** 'MerchantDisputesOfPayment' parameters type */
export interface MerchantDisputesOfPaymentParams {
  livemode: boolean;
  merchantId: string;
  paymentId: string;
}

/** 'MerchantDisputesOfPayment' return type */
export interface MerchantDisputesOfPaymentResult {
  amount: string;
  created_at: Date;
  currency: string;
  id: string;
  reason: string;
  status: string;
}

/** 'MerchantDisputesOfPayment' query type */
export interface MerchantDisputesOfPaymentQuery {
  params: MerchantDisputesOfPaymentParams;
  result: MerchantDisputesOfPaymentResult;
}

const merchantDisputesOfPaymentIR: any = {"usedParamSet":{"paymentId":true,"merchantId":true,"livemode":true},"params":[{"name":"paymentId","required":true,"transform":{"type":"scalar"},"locs":[{"a":190,"b":200}]},{"name":"merchantId","required":true,"transform":{"type":"scalar"},"locs":[{"a":220,"b":231}]},{"name":"livemode","required":true,"transform":{"type":"scalar"},"locs":[{"a":248,"b":257}]}],"statement":"-- The test clock's answer: a test payment's dispute, if any.\nSELECT id, amount::text AS \"amount!\", currency, reason, status, created_at\n  FROM merchant_payment_disputes\n WHERE payment_id = :paymentId! AND merchant_id = :merchantId! AND livemode = :livemode!"};

/**
 * Query generated from SQL:
 * ```
 * -- The test clock's answer: a test payment's dispute, if any.
 * SELECT id, amount::text AS "amount!", currency, reason, status, created_at
 *   FROM merchant_payment_disputes
 *  WHERE payment_id = :paymentId! AND merchant_id = :merchantId! AND livemode = :livemode!
 * ```
 */
export const merchantDisputesOfPayment = new PreparedQuery<MerchantDisputesOfPaymentParams,MerchantDisputesOfPaymentResult>(merchantDisputesOfPaymentIR);


