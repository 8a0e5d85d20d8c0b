/** Types generated for queries found in "src/modules/merchants/checkout/sql/checkout-sessions.sql" */
import { PreparedQuery } from '../../../../platform/database/sql-query';

export type DateOrString = Date | string;

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

export type NumberOrString = number | string;

/** 'CheckoutSessionById' parameters type */
export interface CheckoutSessionByIdParams {
  id: string;
}

/** 'CheckoutSessionById' return type */
export interface CheckoutSessionByIdResult {
  amount: string;
  cancel_url: string;
  completed_at: Date | null;
  created_at: Date;
  created_by_api_key_id: string | null;
  currency: string;
  customer_email: string | null;
  expired_at: Date | null;
  expires_at: Date;
  id: string;
  idempotency_key: string | null;
  livemode: boolean;
  merchant_id: string;
  merchant_reference: string;
  metadata: Json;
  payment_id: string | null;
  payment_link_id: string | null;
  request_fingerprint: string | null;
  source: string;
  status: string;
  success_url: string;
  title: string | null;
}

/** 'CheckoutSessionById' query type */
export interface CheckoutSessionByIdQuery {
  params: CheckoutSessionByIdParams;
  result: CheckoutSessionByIdResult;
}

const checkoutSessionByIdIR: any = {"usedParamSet":{"id":true},"params":[{"name":"id","required":true,"transform":{"type":"scalar"},"locs":[{"a":443,"b":446}]}],"statement":"-- Any session by id, whatever its merchant and mode (the hosted page, the pay path, the expiry).\nSELECT id, merchant_id, livemode, status, source, payment_link_id, amount, currency, merchant_reference, title,\n       success_url, cancel_url, customer_email, metadata, payment_id, idempotency_key, request_fingerprint,\n       created_by_api_key_id, expires_at, completed_at, expired_at, created_at\n  FROM merchant_checkout_sessions\n WHERE id = :id!"};

/**
 * Query generated from SQL:
 * ```
 * -- Any session by id, whatever its merchant and mode (the hosted page, the pay path, the expiry).
 * SELECT id, merchant_id, livemode, status, source, payment_link_id, amount, currency, merchant_reference, title,
 *        success_url, cancel_url, customer_email, metadata, payment_id, idempotency_key, request_fingerprint,
 *        created_by_api_key_id, expires_at, completed_at, expired_at, created_at
 *   FROM merchant_checkout_sessions
 *  WHERE id = :id!
 * ```
 */
export const checkoutSessionById = new PreparedQuery<CheckoutSessionByIdParams,CheckoutSessionByIdResult>(checkoutSessionByIdIR);


/** 'CheckoutSessionOf' parameters type */
export interface CheckoutSessionOfParams {
  id: string;
  livemode: boolean;
  merchantId: string;
}

/** 'CheckoutSessionOf' return type */
export interface CheckoutSessionOfResult {
  amount: string;
  cancel_url: string;
  completed_at: Date | null;
  created_at: Date;
  created_by_api_key_id: string | null;
  currency: string;
  customer_email: string | null;
  expired_at: Date | null;
  expires_at: Date;
  id: string;
  idempotency_key: string | null;
  livemode: boolean;
  merchant_id: string;
  merchant_reference: string;
  metadata: Json;
  payment_id: string | null;
  payment_link_id: string | null;
  request_fingerprint: string | null;
  source: string;
  status: string;
  success_url: string;
  title: string | null;
}

/** 'CheckoutSessionOf' query type */
export interface CheckoutSessionOfQuery {
  params: CheckoutSessionOfParams;
  result: CheckoutSessionOfResult;
}

const checkoutSessionOfIR: any = {"usedParamSet":{"id":true,"merchantId":true,"livemode":true},"params":[{"name":"id","required":true,"transform":{"type":"scalar"},"locs":[{"a":441,"b":444}]},{"name":"merchantId","required":true,"transform":{"type":"scalar"},"locs":[{"a":464,"b":475}]},{"name":"livemode","required":true,"transform":{"type":"scalar"},"locs":[{"a":492,"b":501}]}],"statement":"-- The session of this merchant in this mode, another merchant's or the other mode's is no row.\nSELECT id, merchant_id, livemode, status, source, payment_link_id, amount, currency, merchant_reference, title,\n       success_url, cancel_url, customer_email, metadata, payment_id, idempotency_key, request_fingerprint,\n       created_by_api_key_id, expires_at, completed_at, expired_at, created_at\n  FROM merchant_checkout_sessions\n WHERE id = :id! AND merchant_id = :merchantId! AND livemode = :livemode!"};

/**
 * Query generated from SQL:
 * ```
 * -- The session of this merchant in this mode, another merchant's or the other mode's is no row.
 * SELECT id, merchant_id, livemode, status, source, payment_link_id, amount, currency, merchant_reference, title,
 *        success_url, cancel_url, customer_email, metadata, payment_id, idempotency_key, request_fingerprint,
 *        created_by_api_key_id, expires_at, completed_at, expired_at, created_at
 *   FROM merchant_checkout_sessions
 *  WHERE id = :id! AND merchant_id = :merchantId! AND livemode = :livemode!
 * ```
 */
export const checkoutSessionOf = new PreparedQuery<CheckoutSessionOfParams,CheckoutSessionOfResult>(checkoutSessionOfIR);


/** 'CheckoutSessionByIdempotencyKey' parameters type */
export interface CheckoutSessionByIdempotencyKeyParams {
  idempotencyKey: string;
  livemode: boolean;
  merchantId: string;
}

/** 'CheckoutSessionByIdempotencyKey' return type */
export interface CheckoutSessionByIdempotencyKeyResult {
  amount: string;
  cancel_url: string;
  completed_at: Date | null;
  created_at: Date;
  created_by_api_key_id: string | null;
  currency: string;
  customer_email: string | null;
  expired_at: Date | null;
  expires_at: Date;
  id: string;
  idempotency_key: string | null;
  livemode: boolean;
  merchant_id: string;
  merchant_reference: string;
  metadata: Json;
  payment_id: string | null;
  payment_link_id: string | null;
  request_fingerprint: string | null;
  source: string;
  status: string;
  success_url: string;
  title: string | null;
}

/** 'CheckoutSessionByIdempotencyKey' query type */
export interface CheckoutSessionByIdempotencyKeyQuery {
  params: CheckoutSessionByIdempotencyKeyParams;
  result: CheckoutSessionByIdempotencyKeyResult;
}

const checkoutSessionByIdempotencyKeyIR: any = {"usedParamSet":{"merchantId":true,"livemode":true,"idempotencyKey":true},"params":[{"name":"merchantId","required":true,"transform":{"type":"scalar"},"locs":[{"a":467,"b":478}]},{"name":"livemode","required":true,"transform":{"type":"scalar"},"locs":[{"a":495,"b":504}]},{"name":"idempotencyKey","required":true,"transform":{"type":"scalar"},"locs":[{"a":528,"b":543}]}],"statement":"-- The session an Idempotency-Key of this merchant and mode opened (merchant_checkout_sessions_idempotency_key).\nSELECT id, merchant_id, livemode, status, source, payment_link_id, amount, currency, merchant_reference, title,\n       success_url, cancel_url, customer_email, metadata, payment_id, idempotency_key, request_fingerprint,\n       created_by_api_key_id, expires_at, completed_at, expired_at, created_at\n  FROM merchant_checkout_sessions\n WHERE merchant_id = :merchantId! AND livemode = :livemode! AND idempotency_key = :idempotencyKey!"};

/**
 * Query generated from SQL:
 * ```
 * -- The session an Idempotency-Key of this merchant and mode opened (merchant_checkout_sessions_idempotency_key).
 * SELECT id, merchant_id, livemode, status, source, payment_link_id, amount, currency, merchant_reference, title,
 *        success_url, cancel_url, customer_email, metadata, payment_id, idempotency_key, request_fingerprint,
 *        created_by_api_key_id, expires_at, completed_at, expired_at, created_at
 *   FROM merchant_checkout_sessions
 *  WHERE merchant_id = :merchantId! AND livemode = :livemode! AND idempotency_key = :idempotencyKey!
 * ```
 */
export const checkoutSessionByIdempotencyKey = new PreparedQuery<CheckoutSessionByIdempotencyKeyParams,CheckoutSessionByIdempotencyKeyResult>(checkoutSessionByIdempotencyKeyIR);


/** 'InsertCheckoutSession' parameters type */
export interface InsertCheckoutSessionParams {
  amount: NumberOrString;
  cancelUrl: string;
  completedAt?: DateOrString | null | void;
  createdAt: DateOrString;
  createdByApiKeyId?: string | null | void;
  currency: string;
  customerEmail?: string | null | void;
  expiredAt?: DateOrString | null | void;
  expiresAt: DateOrString;
  id: string;
  idempotencyKey?: string | null | void;
  livemode: boolean;
  merchantId: string;
  merchantReference: string;
  metadata: Json;
  paymentId?: string | null | void;
  paymentLinkId?: string | null | void;
  requestFingerprint?: string | null | void;
  source: string;
  status: string;
  successUrl: string;
  title?: string | null | void;
}

/** 'InsertCheckoutSession' return type */
export type InsertCheckoutSessionResult = void;

/** 'InsertCheckoutSession' query type */
export interface InsertCheckoutSessionQuery {
  params: InsertCheckoutSessionParams;
  result: InsertCheckoutSessionResult;
}

const insertCheckoutSessionIR: any = {"usedParamSet":{"id":true,"merchantId":true,"livemode":true,"status":true,"source":true,"paymentLinkId":true,"amount":true,"currency":true,"merchantReference":true,"title":true,"successUrl":true,"cancelUrl":true,"customerEmail":true,"metadata":true,"paymentId":true,"idempotencyKey":true,"requestFingerprint":true,"createdByApiKeyId":true,"expiresAt":true,"completedAt":true,"expiredAt":true,"createdAt":true},"params":[{"name":"id","required":true,"transform":{"type":"scalar"},"locs":[{"a":453,"b":456}]},{"name":"merchantId","required":true,"transform":{"type":"scalar"},"locs":[{"a":459,"b":470}]},{"name":"livemode","required":true,"transform":{"type":"scalar"},"locs":[{"a":473,"b":482}]},{"name":"status","required":true,"transform":{"type":"scalar"},"locs":[{"a":485,"b":492}]},{"name":"source","required":true,"transform":{"type":"scalar"},"locs":[{"a":495,"b":502}]},{"name":"paymentLinkId","required":false,"transform":{"type":"scalar"},"locs":[{"a":505,"b":518}]},{"name":"amount","required":true,"transform":{"type":"scalar"},"locs":[{"a":521,"b":528}]},{"name":"currency","required":true,"transform":{"type":"scalar"},"locs":[{"a":531,"b":540}]},{"name":"merchantReference","required":true,"transform":{"type":"scalar"},"locs":[{"a":543,"b":561}]},{"name":"title","required":false,"transform":{"type":"scalar"},"locs":[{"a":572,"b":577}]},{"name":"successUrl","required":true,"transform":{"type":"scalar"},"locs":[{"a":580,"b":591}]},{"name":"cancelUrl","required":true,"transform":{"type":"scalar"},"locs":[{"a":594,"b":604}]},{"name":"customerEmail","required":false,"transform":{"type":"scalar"},"locs":[{"a":607,"b":620}]},{"name":"metadata","required":true,"transform":{"type":"scalar"},"locs":[{"a":623,"b":632}]},{"name":"paymentId","required":false,"transform":{"type":"scalar"},"locs":[{"a":635,"b":644}]},{"name":"idempotencyKey","required":false,"transform":{"type":"scalar"},"locs":[{"a":647,"b":661}]},{"name":"requestFingerprint","required":false,"transform":{"type":"scalar"},"locs":[{"a":672,"b":690}]},{"name":"createdByApiKeyId","required":false,"transform":{"type":"scalar"},"locs":[{"a":693,"b":710}]},{"name":"expiresAt","required":true,"transform":{"type":"scalar"},"locs":[{"a":713,"b":723}]},{"name":"completedAt","required":false,"transform":{"type":"scalar"},"locs":[{"a":726,"b":737}]},{"name":"expiredAt","required":false,"transform":{"type":"scalar"},"locs":[{"a":740,"b":749}]},{"name":"createdAt","required":true,"transform":{"type":"scalar"},"locs":[{"a":752,"b":762}]}],"statement":"-- A new session, a second one of the merchant's key meets merchant_checkout_sessions_idempotency_key.\nINSERT INTO merchant_checkout_sessions\n       (id, merchant_id, livemode, status, source, payment_link_id, amount, currency, merchant_reference, title,\n        success_url, cancel_url, customer_email, metadata, payment_id, idempotency_key, request_fingerprint,\n        created_by_api_key_id, expires_at, completed_at, expired_at, created_at)\nVALUES (:id!, :merchantId!, :livemode!, :status!, :source!, :paymentLinkId, :amount!, :currency!, :merchantReference!,\n        :title, :successUrl!, :cancelUrl!, :customerEmail, :metadata!, :paymentId, :idempotencyKey,\n        :requestFingerprint, :createdByApiKeyId, :expiresAt!, :completedAt, :expiredAt, :createdAt!)"};

/**
 * Query generated from SQL:
 * ```
 * -- A new session, a second one of the merchant's key meets merchant_checkout_sessions_idempotency_key.
 * INSERT INTO merchant_checkout_sessions
 *        (id, merchant_id, livemode, status, source, payment_link_id, amount, currency, merchant_reference, title,
 *         success_url, cancel_url, customer_email, metadata, payment_id, idempotency_key, request_fingerprint,
 *         created_by_api_key_id, expires_at, completed_at, expired_at, created_at)
 * VALUES (:id!, :merchantId!, :livemode!, :status!, :source!, :paymentLinkId, :amount!, :currency!, :merchantReference!,
 *         :title, :successUrl!, :cancelUrl!, :customerEmail, :metadata!, :paymentId, :idempotencyKey,
 *         :requestFingerprint, :createdByApiKeyId, :expiresAt!, :completedAt, :expiredAt, :createdAt!)
 * ```
 */
export const insertCheckoutSession = new PreparedQuery<InsertCheckoutSessionParams,InsertCheckoutSessionResult>(insertCheckoutSessionIR);


/** 'CheckoutSessionsOverdueOpen' parameters type */
export interface CheckoutSessionsOverdueOpenParams {
  dueBefore: DateOrString;
  limit: NumberOrString;
}

/** 'CheckoutSessionsOverdueOpen' return type */
export interface CheckoutSessionsOverdueOpenResult {
  amount: string;
  cancel_url: string;
  completed_at: Date | null;
  created_at: Date;
  created_by_api_key_id: string | null;
  currency: string;
  customer_email: string | null;
  expired_at: Date | null;
  expires_at: Date;
  id: string;
  idempotency_key: string | null;
  livemode: boolean;
  merchant_id: string;
  merchant_reference: string;
  metadata: Json;
  payment_id: string | null;
  payment_link_id: string | null;
  request_fingerprint: string | null;
  source: string;
  status: string;
  success_url: string;
  title: string | null;
}

/** 'CheckoutSessionsOverdueOpen' query type */
export interface CheckoutSessionsOverdueOpenQuery {
  params: CheckoutSessionsOverdueOpenParams;
  result: CheckoutSessionsOverdueOpenResult;
}

const checkoutSessionsOverdueOpenIR: any = {"usedParamSet":{"dueBefore":true,"limit":true},"params":[{"name":"dueBefore","required":true,"transform":{"type":"scalar"},"locs":[{"a":499,"b":509}]},{"name":"limit","required":true,"transform":{"type":"scalar"},"locs":[{"a":562,"b":568}]}],"statement":"-- OPEN sessions due before the given time and not being paid, oldest due first (merchant_checkout_sessions_open_expiry_idx).\nSELECT id, merchant_id, livemode, status, source, payment_link_id, amount, currency, merchant_reference, title,\n       success_url, cancel_url, customer_email, metadata, payment_id, idempotency_key, request_fingerprint,\n       created_by_api_key_id, expires_at, completed_at, expired_at, created_at\n  FROM merchant_checkout_sessions\n WHERE status = 'OPEN' AND expires_at < :dueBefore! AND payment_id IS NULL\n ORDER BY expires_at\n LIMIT :limit!"};

/**
 * Query generated from SQL:
 * ```
 * -- OPEN sessions due before the given time and not being paid, oldest due first (merchant_checkout_sessions_open_expiry_idx).
 * SELECT id, merchant_id, livemode, status, source, payment_link_id, amount, currency, merchant_reference, title,
 *        success_url, cancel_url, customer_email, metadata, payment_id, idempotency_key, request_fingerprint,
 *        created_by_api_key_id, expires_at, completed_at, expired_at, created_at
 *   FROM merchant_checkout_sessions
 *  WHERE status = 'OPEN' AND expires_at < :dueBefore! AND payment_id IS NULL
 *  ORDER BY expires_at
 *  LIMIT :limit!
 * ```
 */
export const checkoutSessionsOverdueOpen = new PreparedQuery<CheckoutSessionsOverdueOpenParams,CheckoutSessionsOverdueOpenResult>(checkoutSessionsOverdueOpenIR);


/** 'ExpireCheckoutSessionIfDue' parameters type */
export interface ExpireCheckoutSessionIfDueParams {
  id: string;
  now: DateOrString;
}

/** 'ExpireCheckoutSessionIfDue' return type */
export interface ExpireCheckoutSessionIfDueResult {
  id: string;
}

/** 'ExpireCheckoutSessionIfDue' query type */
export interface ExpireCheckoutSessionIfDueQuery {
  params: ExpireCheckoutSessionIfDueParams;
  result: ExpireCheckoutSessionIfDueResult;
}

const expireCheckoutSessionIfDueIR: any = {"usedParamSet":{"now":true,"id":true},"params":[{"name":"now","required":true,"transform":{"type":"scalar"},"locs":[{"a":132,"b":136},{"a":193,"b":197}]},{"name":"id","required":true,"transform":{"type":"scalar"},"locs":[{"a":150,"b":153}]}],"statement":"-- OPEN and due, and no payment paying it: EXPIRED, once.\nUPDATE merchant_checkout_sessions\n   SET status = 'EXPIRED', expired_at = :now!\n WHERE id = :id! AND status = 'OPEN' AND expires_at <= :now! AND payment_id IS NULL\nRETURNING id"};

/**
 * Query generated from SQL:
 * ```
 * -- OPEN and due, and no payment paying it: EXPIRED, once.
 * UPDATE merchant_checkout_sessions
 *    SET status = 'EXPIRED', expired_at = :now!
 *  WHERE id = :id! AND status = 'OPEN' AND expires_at <= :now! AND payment_id IS NULL
 * RETURNING id
 * ```
 */
export const expireCheckoutSessionIfDue = new PreparedQuery<ExpireCheckoutSessionIfDueParams,ExpireCheckoutSessionIfDueResult>(expireCheckoutSessionIfDueIR);


/** 'LockCheckoutSessionForPayment' parameters type */
export interface LockCheckoutSessionForPaymentParams {
  id: string;
}

/** 'LockCheckoutSessionForPayment' return type */
export interface LockCheckoutSessionForPaymentResult {
  amount: string;
  cancel_url: string;
  completed_at: Date | null;
  created_at: Date;
  created_by_api_key_id: string | null;
  currency: string;
  customer_email: string | null;
  expired_at: Date | null;
  expires_at: Date;
  id: string;
  idempotency_key: string | null;
  livemode: boolean;
  merchant_id: string;
  merchant_reference: string;
  metadata: Json;
  payment_id: string | null;
  payment_link_id: string | null;
  pricing_fee_bps: number | null;
  pricing_fee_cap: string | null;
  pricing_fee_currency: string | null;
  pricing_fee_fixed: string | null;
  pricing_minimum_payout_amount: string | null;
  pricing_payout_delay_days: number | null;
  pricing_payout_interval: string | null;
  pricing_payout_monthly_anchor: number | null;
  pricing_payout_weekly_anchor: string | null;
  pricing_reserve_bps: number | null;
  pricing_reserve_hold_days: number | null;
  pricing_version_id: string | null;
  request_fingerprint: string | null;
  source: string;
  status: string;
  success_url: string;
  title: string | null;
  transaction_now: Date;
}

/** 'LockCheckoutSessionForPayment' query type */
export interface LockCheckoutSessionForPaymentQuery {
  params: LockCheckoutSessionForPaymentParams;
  result: LockCheckoutSessionForPaymentResult;
}

const lockCheckoutSessionForPaymentIR: any = {"usedParamSet":{"id":true},"params":[{"name":"id","required":true,"transform":{"type":"scalar"},"locs":[{"a":1787,"b":1790}]}],"statement":"-- The session locked for the payment core's admission, with the transaction's time (the payment's created_at)\n-- and the merchant's pricing version in force then, if any (the ledger's PricingVersionAt at that time, read\n-- in the same round trip: merchant_pricing_versions_merchant_idx).\nSELECT s.id, s.merchant_id, s.livemode, s.status, s.source, s.payment_link_id, s.amount, s.currency,\n       s.merchant_reference, s.title, s.success_url, s.cancel_url, s.customer_email, s.metadata, s.payment_id,\n       s.idempotency_key, s.request_fingerprint, s.created_by_api_key_id, s.expires_at, s.completed_at,\n       s.expired_at, s.created_at, now() AS \"transaction_now!\",\n       v.id AS \"pricing_version_id?\", v.fee_bps AS \"pricing_fee_bps?\", v.fee_fixed AS \"pricing_fee_fixed?\",\n       v.fee_cap AS \"pricing_fee_cap?\", v.fee_currency AS \"pricing_fee_currency?\",\n       v.reserve_bps AS \"pricing_reserve_bps?\", v.reserve_hold_days AS \"pricing_reserve_hold_days?\",\n       v.payout_interval AS \"pricing_payout_interval?\", v.payout_delay_days AS \"pricing_payout_delay_days?\",\n       v.payout_weekly_anchor AS \"pricing_payout_weekly_anchor?\",\n       v.payout_monthly_anchor AS \"pricing_payout_monthly_anchor?\",\n       v.minimum_payout_amount AS \"pricing_minimum_payout_amount?\"\n  FROM merchant_checkout_sessions s\n  LEFT JOIN LATERAL (\n        SELECT p.id, p.fee_bps, p.fee_fixed, p.fee_cap, p.fee_currency, p.reserve_bps, p.reserve_hold_days,\n               p.payout_interval, p.payout_delay_days, p.payout_weekly_anchor, p.payout_monthly_anchor,\n               p.minimum_payout_amount\n          FROM merchant_pricing_versions p\n         WHERE p.merchant_id = s.merchant_id AND p.effective_at <= now()\n         ORDER BY p.effective_at DESC, p.id DESC\n         LIMIT 1) v ON true\n WHERE s.id = :id!\n   FOR UPDATE OF s"};

/**
 * Query generated from SQL:
 * ```
 * -- The session locked for the payment core's admission, with the transaction's time (the payment's created_at)
 * -- and the merchant's pricing version in force then, if any (the ledger's PricingVersionAt at that time, read
 * -- in the same round trip: merchant_pricing_versions_merchant_idx).
 * SELECT s.id, s.merchant_id, s.livemode, s.status, s.source, s.payment_link_id, s.amount, s.currency,
 *        s.merchant_reference, s.title, s.success_url, s.cancel_url, s.customer_email, s.metadata, s.payment_id,
 *        s.idempotency_key, s.request_fingerprint, s.created_by_api_key_id, s.expires_at, s.completed_at,
 *        s.expired_at, s.created_at, now() AS "transaction_now!",
 *        v.id AS "pricing_version_id?", v.fee_bps AS "pricing_fee_bps?", v.fee_fixed AS "pricing_fee_fixed?",
 *        v.fee_cap AS "pricing_fee_cap?", v.fee_currency AS "pricing_fee_currency?",
 *        v.reserve_bps AS "pricing_reserve_bps?", v.reserve_hold_days AS "pricing_reserve_hold_days?",
 *        v.payout_interval AS "pricing_payout_interval?", v.payout_delay_days AS "pricing_payout_delay_days?",
 *        v.payout_weekly_anchor AS "pricing_payout_weekly_anchor?",
 *        v.payout_monthly_anchor AS "pricing_payout_monthly_anchor?",
 *        v.minimum_payout_amount AS "pricing_minimum_payout_amount?"
 *   FROM merchant_checkout_sessions s
 *   LEFT JOIN LATERAL (
 *         SELECT p.id, p.fee_bps, p.fee_fixed, p.fee_cap, p.fee_currency, p.reserve_bps, p.reserve_hold_days,
 *                p.payout_interval, p.payout_delay_days, p.payout_weekly_anchor, p.payout_monthly_anchor,
 *                p.minimum_payout_amount
 *           FROM merchant_pricing_versions p
 *          WHERE p.merchant_id = s.merchant_id AND p.effective_at <= now()
 *          ORDER BY p.effective_at DESC, p.id DESC
 *          LIMIT 1) v ON true
 *  WHERE s.id = :id!
 *    FOR UPDATE OF s
 * ```
 */
export const lockCheckoutSessionForPayment = new PreparedQuery<LockCheckoutSessionForPaymentParams,LockCheckoutSessionForPaymentResult>(lockCheckoutSessionForPaymentIR);


/** 'MarkCheckoutSessionPaying' parameters type */
export interface MarkCheckoutSessionPayingParams {
  id: string;
  paymentId: string;
  payoutDelayDays: number;
  reserveBps: number;
  reserveHoldDays: number;
}

/** 'MarkCheckoutSessionPaying' return type */
export interface MarkCheckoutSessionPayingResult {
  id: string;
}

/** 'MarkCheckoutSessionPaying' query type */
export interface MarkCheckoutSessionPayingQuery {
  params: MarkCheckoutSessionPayingParams;
  result: MarkCheckoutSessionPayingResult;
}

const markCheckoutSessionPayingIR: any = {"usedParamSet":{"paymentId":true,"reserveBps":true,"reserveHoldDays":true,"payoutDelayDays":true,"id":true},"params":[{"name":"paymentId","required":true,"transform":{"type":"scalar"},"locs":[{"a":169,"b":179}]},{"name":"reserveBps","required":true,"transform":{"type":"scalar"},"locs":[{"a":206,"b":217}]},{"name":"reserveHoldDays","required":true,"transform":{"type":"scalar"},"locs":[{"a":257,"b":273}]},{"name":"payoutDelayDays","required":true,"transform":{"type":"scalar"},"locs":[{"a":306,"b":322}]},{"name":"id","required":true,"transform":{"type":"scalar"},"locs":[{"a":336,"b":339}]}],"statement":"-- The payment paying an OPEN, unpaid session, with the pricing terms its capture needs, as in force at admission.\nUPDATE merchant_checkout_sessions\n   SET payment_id = :paymentId!, admission_reserve_bps = :reserveBps!,\n       admission_reserve_hold_days = :reserveHoldDays!, admission_payout_delay_days = :payoutDelayDays!\n WHERE id = :id! AND status = 'OPEN' AND payment_id IS NULL\nRETURNING id"};

/**
 * Query generated from SQL:
 * ```
 * -- The payment paying an OPEN, unpaid session, with the pricing terms its capture needs, as in force at admission.
 * UPDATE merchant_checkout_sessions
 *    SET payment_id = :paymentId!, admission_reserve_bps = :reserveBps!,
 *        admission_reserve_hold_days = :reserveHoldDays!, admission_payout_delay_days = :payoutDelayDays!
 *  WHERE id = :id! AND status = 'OPEN' AND payment_id IS NULL
 * RETURNING id
 * ```
 */
export const markCheckoutSessionPaying = new PreparedQuery<MarkCheckoutSessionPayingParams,MarkCheckoutSessionPayingResult>(markCheckoutSessionPayingIR);


/** 'CompleteCheckoutSession' parameters type */
export interface CompleteCheckoutSessionParams {
  completedAt: DateOrString;
  id: string;
  paymentId: string;
}

/** 'CompleteCheckoutSession' return type */
export interface CompleteCheckoutSessionResult {
  admission_payout_delay_days: number | null;
  admission_reserve_bps: number | null;
  admission_reserve_hold_days: number | null;
  amount: string;
  cancel_url: string;
  completed_at: Date | null;
  created_at: Date;
  created_by_api_key_id: string | null;
  currency: string;
  customer_email: string | null;
  expired_at: Date | null;
  expires_at: Date;
  id: string;
  idempotency_key: string | null;
  livemode: boolean;
  merchant_id: string;
  merchant_reference: string;
  metadata: Json;
  payment_id: string | null;
  payment_link_id: string | null;
  request_fingerprint: string | null;
  source: string;
  status: string;
  success_url: string;
  title: string | null;
}

/** 'CompleteCheckoutSession' query type */
export interface CompleteCheckoutSessionQuery {
  params: CompleteCheckoutSessionParams;
  result: CompleteCheckoutSessionResult;
}

const completeCheckoutSessionIR: any = {"usedParamSet":{"completedAt":true,"id":true,"paymentId":true},"params":[{"name":"completedAt","required":true,"transform":{"type":"scalar"},"locs":[{"a":185,"b":197}]},{"name":"id","required":true,"transform":{"type":"scalar"},"locs":[{"a":211,"b":214}]},{"name":"paymentId","required":true,"transform":{"type":"scalar"},"locs":[{"a":253,"b":263}]}],"statement":"-- OPEN -> COMPLETE by the payment paying it, once, answering the session and the terms its admission kept.\nUPDATE merchant_checkout_sessions\n   SET status = 'COMPLETE', completed_at = :completedAt!\n WHERE id = :id! AND status = 'OPEN' AND payment_id = :paymentId!\nRETURNING id, merchant_id, livemode, status, source, payment_link_id, amount, currency, merchant_reference, title,\n          success_url, cancel_url, customer_email, metadata, payment_id, idempotency_key, request_fingerprint,\n          created_by_api_key_id, expires_at, completed_at, expired_at, created_at, admission_reserve_bps,\n          admission_reserve_hold_days, admission_payout_delay_days"};

/**
 * Query generated from SQL:
 * ```
 * -- OPEN -> COMPLETE by the payment paying it, once, answering the session and the terms its admission kept.
 * UPDATE merchant_checkout_sessions
 *    SET status = 'COMPLETE', completed_at = :completedAt!
 *  WHERE id = :id! AND status = 'OPEN' AND payment_id = :paymentId!
 * RETURNING id, merchant_id, livemode, status, source, payment_link_id, amount, currency, merchant_reference, title,
 *           success_url, cancel_url, customer_email, metadata, payment_id, idempotency_key, request_fingerprint,
 *           created_by_api_key_id, expires_at, completed_at, expired_at, created_at, admission_reserve_bps,
 *           admission_reserve_hold_days, admission_payout_delay_days
 * ```
 */
export const completeCheckoutSession = new PreparedQuery<CompleteCheckoutSessionParams,CompleteCheckoutSessionResult>(completeCheckoutSessionIR);


/** 'ReleaseCheckoutSessionPayment' parameters type */
export interface ReleaseCheckoutSessionPaymentParams {
  id: string;
  paymentId: string;
}

/** 'ReleaseCheckoutSessionPayment' return type */
export interface ReleaseCheckoutSessionPaymentResult {
  id: string;
}

/** 'ReleaseCheckoutSessionPayment' query type */
export interface ReleaseCheckoutSessionPaymentQuery {
  params: ReleaseCheckoutSessionPaymentParams;
  result: ReleaseCheckoutSessionPaymentResult;
}

const releaseCheckoutSessionPaymentIR: any = {"usedParamSet":{"id":true,"paymentId":true},"params":[{"name":"id","required":true,"transform":{"type":"scalar"},"locs":[{"a":284,"b":287}]},{"name":"paymentId","required":true,"transform":{"type":"scalar"},"locs":[{"a":326,"b":336}]}],"statement":"-- Frees an OPEN session of a payment that failed, and the terms kept for it, for the payer's next try.\nUPDATE merchant_checkout_sessions\n   SET payment_id = NULL, admission_reserve_bps = NULL, admission_reserve_hold_days = NULL,\n       admission_payout_delay_days = NULL\n WHERE id = :id! AND status = 'OPEN' AND payment_id = :paymentId!\nRETURNING id"};

/**
 * Query generated from SQL:
 * ```
 * -- Frees an OPEN session of a payment that failed, and the terms kept for it, for the payer's next try.
 * UPDATE merchant_checkout_sessions
 *    SET payment_id = NULL, admission_reserve_bps = NULL, admission_reserve_hold_days = NULL,
 *        admission_payout_delay_days = NULL
 *  WHERE id = :id! AND status = 'OPEN' AND payment_id = :paymentId!
 * RETURNING id
 * ```
 */
export const releaseCheckoutSessionPayment = new PreparedQuery<ReleaseCheckoutSessionPaymentParams,ReleaseCheckoutSessionPaymentResult>(releaseCheckoutSessionPaymentIR);


/** 'CheckoutLiveOrigins' parameters type */
export interface CheckoutLiveOriginsParams {
  merchantId: string;
}

/** 'CheckoutLiveOrigins' return type */
export interface CheckoutLiveOriginsResult {
  origin: string;
}

/** 'CheckoutLiveOrigins' query type */
export interface CheckoutLiveOriginsQuery {
  params: CheckoutLiveOriginsParams;
  result: CheckoutLiveOriginsResult;
}

const checkoutLiveOriginsIR: any = {"usedParamSet":{"merchantId":true},"params":[{"name":"merchantId","required":true,"transform":{"type":"scalar"},"locs":[{"a":155,"b":166}]}],"statement":"-- The merchant's VERIFIED origins a live redirect may go to: not the test-mode localhost ones.\nSELECT origin\n  FROM merchant_origins\n WHERE merchant_id = :merchantId! AND status = 'VERIFIED' AND test_mode_only = false"};

/**
 * Query generated from SQL:
 * ```
 * -- The merchant's VERIFIED origins a live redirect may go to: not the test-mode localhost ones.
 * SELECT origin
 *   FROM merchant_origins
 *  WHERE merchant_id = :merchantId! AND status = 'VERIFIED' AND test_mode_only = false
 * ```
 */
export const checkoutLiveOrigins = new PreparedQuery<CheckoutLiveOriginsParams,CheckoutLiveOriginsResult>(checkoutLiveOriginsIR);


/** 'CheckoutFrameOrigins' parameters type */
export interface CheckoutFrameOriginsParams {
  livemode: boolean;
  merchantId: string;
}

/** 'CheckoutFrameOrigins' return type */
export interface CheckoutFrameOriginsResult {
  origin: string;
}

/** 'CheckoutFrameOrigins' query type */
export interface CheckoutFrameOriginsQuery {
  params: CheckoutFrameOriginsParams;
  result: CheckoutFrameOriginsResult;
}

const checkoutFrameOriginsIR: any = {"usedParamSet":{"merchantId":true,"livemode":true},"params":[{"name":"merchantId","required":true,"transform":{"type":"scalar"},"locs":[{"a":181,"b":192}]},{"name":"livemode","required":true,"transform":{"type":"scalar"},"locs":[{"a":223,"b":232}]}],"statement":"-- The VERIFIED origins that may frame a hosted page: live ones the proven origins only, test ones every VERIFIED origin.\nSELECT origin\n  FROM merchant_origins\n WHERE merchant_id = :merchantId! AND status = 'VERIFIED' AND (:livemode! = false OR test_mode_only = false)"};

/**
 * Query generated from SQL:
 * ```
 * -- The VERIFIED origins that may frame a hosted page: live ones the proven origins only, test ones every VERIFIED origin.
 * SELECT origin
 *   FROM merchant_origins
 *  WHERE merchant_id = :merchantId! AND status = 'VERIFIED' AND (:livemode! = false OR test_mode_only = false)
 * ```
 */
export const checkoutFrameOrigins = new PreparedQuery<CheckoutFrameOriginsParams,CheckoutFrameOriginsResult>(checkoutFrameOriginsIR);


/** 'CheckoutSettlementCurrencies' parameters type */
export interface CheckoutSettlementCurrenciesParams {
  merchantId: string;
}

/** 'CheckoutSettlementCurrencies' return type */
export interface CheckoutSettlementCurrenciesResult {
  currency: string;
}

/** 'CheckoutSettlementCurrencies' query type */
export interface CheckoutSettlementCurrenciesQuery {
  params: CheckoutSettlementCurrenciesParams;
  result: CheckoutSettlementCurrenciesResult;
}

const checkoutSettlementCurrenciesIR: any = {"usedParamSet":{"merchantId":true},"params":[{"name":"merchantId","required":true,"transform":{"type":"scalar"},"locs":[{"a":147,"b":158}]}],"statement":"-- The currencies of the merchant's current settlement accounts.\nSELECT DISTINCT currency\n  FROM merchant_settlement_accounts\n WHERE merchant_id = :merchantId! AND replaced_at IS NULL"};

/**
 * Query generated from SQL:
 * ```
 * -- The currencies of the merchant's current settlement accounts.
 * SELECT DISTINCT currency
 *   FROM merchant_settlement_accounts
 *  WHERE merchant_id = :merchantId! AND replaced_at IS NULL
 * ```
 */
export const checkoutSettlementCurrencies = new PreparedQuery<CheckoutSettlementCurrenciesParams,CheckoutSettlementCurrenciesResult>(checkoutSettlementCurrenciesIR);


