/** Types generated for queries found in "src/modules/payments/core/sql/payments.sql" */
import { PreparedQuery } from '../../../../platform/database/sql-query';

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

export type NumberOrString = number | string;

export type stringArray = (string)[];

/** 'LockCustomer' parameters type */
export interface LockCustomerParams {
  customerId: string;
}

/** 'LockCustomer' return type */
export interface LockCustomerResult {
  locked: undefined;
}

/** 'LockCustomer' query type */
export interface LockCustomerQuery {
  params: LockCustomerParams;
  result: LockCustomerResult;
}

const lockCustomerIR: any = {"usedParamSet":{"customerId":true},"params":[{"name":"customerId","required":true,"transform":{"type":"scalar"},"locs":[{"a":251,"b":262}]}],"statement":"-- Serialises one payer's payments until the transaction ends (PaymentRepository.lockCustomer): an\n-- agent's or a checkout session's; a customer's payments lock the customer's row instead.\nSELECT pg_advisory_xact_lock(hashtextextended('payments:' || :customerId!, 0)) AS \"locked!\""};

/**
 * Query generated from SQL:
 * ```
 * -- Serialises one payer's payments until the transaction ends (PaymentRepository.lockCustomer): an
 * -- agent's or a checkout session's; a customer's payments lock the customer's row instead.
 * SELECT pg_advisory_xact_lock(hashtextextended('payments:' || :customerId!, 0)) AS "locked!"
 * ```
 */
export const lockCustomer = new PreparedQuery<LockCustomerParams,LockCustomerResult>(lockCustomerIR);


/** 'PrecheckByPayer' parameters type */
export interface PrecheckByPayerParams {
  accountReference: string;
  amount: NumberOrString;
  billerId: string;
  currency: string;
  duplicateWindowSeconds: number;
  idempotencyKey: string;
  payerId: string;
  scopeId: string;
}

/** 'PrecheckByPayer' return type */
export interface PrecheckByPayerResult {
  duplicate: string | null;
  existing: Json | null;
  used: string;
}

/** 'PrecheckByPayer' query type */
export interface PrecheckByPayerQuery {
  params: PrecheckByPayerParams;
  result: PrecheckByPayerResult;
}

const precheckByPayerIR: any = {"usedParamSet":{"scopeId":true,"duplicateWindowSeconds":true,"payerId":true,"idempotencyKey":true,"currency":true,"billerId":true,"accountReference":true,"amount":true},"params":[{"name":"scopeId","required":true,"transform":{"type":"scalar"},"locs":[{"a":226,"b":234}]},{"name":"duplicateWindowSeconds","required":true,"transform":{"type":"scalar"},"locs":[{"a":341,"b":364},{"a":780,"b":803}]},{"name":"payerId","required":true,"transform":{"type":"scalar"},"locs":[{"a":491,"b":499}]},{"name":"idempotencyKey","required":true,"transform":{"type":"scalar"},"locs":[{"a":523,"b":538}]},{"name":"currency","required":true,"transform":{"type":"scalar"},"locs":[{"a":678,"b":687}]},{"name":"billerId","required":true,"transform":{"type":"scalar"},"locs":[{"a":828,"b":837}]},{"name":"accountReference","required":true,"transform":{"type":"scalar"},"locs":[{"a":863,"b":880}]},{"name":"amount","required":true,"transform":{"type":"scalar"},"locs":[{"a":895,"b":902}]}],"statement":"-- The precheck of a payment whose limits count by the payer (an agent's own limits).\nWITH recent AS MATERIALIZED (\n  SELECT id, biller_id, account_reference, amount, currency, created_at\n    FROM payments\n   WHERE payer_id = :scopeId! AND status <> 'FAILED'\n     AND created_at > now() - greatest(interval '24 hours', make_interval(secs => :duplicateWindowSeconds!))\n)\nSELECT\n  (SELECT json_build_object('id', id, 'status', status, 'hash', request_hash)\n     FROM payments WHERE payer_id = :payerId! AND idempotency_key = :idempotencyKey!) AS existing,\n  (SELECT coalesce(sum(amount), 0)::text\n     FROM recent\n    WHERE created_at > now() - interval '24 hours' AND currency = :currency!) AS \"used!\",\n  (SELECT id FROM recent\n    WHERE created_at > now() - make_interval(secs => :duplicateWindowSeconds!)\n      AND biller_id = :billerId! AND account_reference = :accountReference! AND amount = :amount!\n    ORDER BY created_at DESC LIMIT 1) AS duplicate"};

/**
 * Query generated from SQL:
 * ```
 * -- The precheck of a payment whose limits count by the payer (an agent's own limits).
 * WITH recent AS MATERIALIZED (
 *   SELECT id, biller_id, account_reference, amount, currency, created_at
 *     FROM payments
 *    WHERE payer_id = :scopeId! AND status <> 'FAILED'
 *      AND created_at > now() - greatest(interval '24 hours', make_interval(secs => :duplicateWindowSeconds!))
 * )
 * SELECT
 *   (SELECT json_build_object('id', id, 'status', status, 'hash', request_hash)
 *      FROM payments WHERE payer_id = :payerId! AND idempotency_key = :idempotencyKey!) AS existing,
 *   (SELECT coalesce(sum(amount), 0)::text
 *      FROM recent
 *     WHERE created_at > now() - interval '24 hours' AND currency = :currency!) AS "used!",
 *   (SELECT id FROM recent
 *     WHERE created_at > now() - make_interval(secs => :duplicateWindowSeconds!)
 *       AND biller_id = :billerId! AND account_reference = :accountReference! AND amount = :amount!
 *     ORDER BY created_at DESC LIMIT 1) AS duplicate
 * ```
 */
export const precheckByPayer = new PreparedQuery<PrecheckByPayerParams,PrecheckByPayerResult>(precheckByPayerIR);


/** 'InsertPayment' parameters type */
export interface InsertPaymentParams {
  accountReference?: string | null | void;
  amount: NumberOrString;
  billerId?: string | null | void;
  billerName?: string | null | void;
  billerSlug?: string | null | void;
  captureFundingSealed?: string | null | void;
  channel: string;
  checkoutSessionId?: string | null | void;
  currency: string;
  customerId?: string | null | void;
  fee: NumberOrString;
  fundingAccountMasked: string;
  id: string;
  idempotencyKey: string;
  livemode?: boolean | null | void;
  merchantFee?: NumberOrString | null | void;
  merchantId?: string | null | void;
  merchantPricingVersionId?: string | null | void;
  note: string;
  payerId: string;
  payerType: string;
  rail: string;
  requestHash: string;
  savedAccountId?: string | null | void;
}

/** 'InsertPayment' return type */
export interface InsertPaymentResult {
  created_at: Date;
}

/** 'InsertPayment' query type */
export interface InsertPaymentQuery {
  params: InsertPaymentParams;
  result: InsertPaymentResult;
}

const insertPaymentIR: any = {"usedParamSet":{"id":true,"customerId":true,"channel":true,"payerType":true,"payerId":true,"idempotencyKey":true,"requestHash":true,"billerId":true,"billerName":true,"billerSlug":true,"accountReference":true,"savedAccountId":true,"amount":true,"fee":true,"currency":true,"rail":true,"fundingAccountMasked":true,"merchantId":true,"livemode":true,"checkoutSessionId":true,"merchantFee":true,"merchantPricingVersionId":true,"captureFundingSealed":true,"note":true},"params":[{"name":"id","required":true,"transform":{"type":"scalar"},"locs":[{"a":527,"b":530}]},{"name":"customerId","required":false,"transform":{"type":"scalar"},"locs":[{"a":533,"b":543}]},{"name":"channel","required":true,"transform":{"type":"scalar"},"locs":[{"a":546,"b":554}]},{"name":"payerType","required":true,"transform":{"type":"scalar"},"locs":[{"a":557,"b":567}]},{"name":"payerId","required":true,"transform":{"type":"scalar"},"locs":[{"a":570,"b":578}]},{"name":"idempotencyKey","required":true,"transform":{"type":"scalar"},"locs":[{"a":581,"b":596}]},{"name":"requestHash","required":true,"transform":{"type":"scalar"},"locs":[{"a":599,"b":611}]},{"name":"billerId","required":false,"transform":{"type":"scalar"},"locs":[{"a":614,"b":622}]},{"name":"billerName","required":false,"transform":{"type":"scalar"},"locs":[{"a":635,"b":645}]},{"name":"billerSlug","required":false,"transform":{"type":"scalar"},"locs":[{"a":648,"b":658}]},{"name":"accountReference","required":false,"transform":{"type":"scalar"},"locs":[{"a":661,"b":677}]},{"name":"savedAccountId","required":false,"transform":{"type":"scalar"},"locs":[{"a":680,"b":694}]},{"name":"amount","required":true,"transform":{"type":"scalar"},"locs":[{"a":697,"b":704}]},{"name":"fee","required":true,"transform":{"type":"scalar"},"locs":[{"a":707,"b":711}]},{"name":"currency","required":true,"transform":{"type":"scalar"},"locs":[{"a":714,"b":723}]},{"name":"rail","required":true,"transform":{"type":"scalar"},"locs":[{"a":726,"b":731}]},{"name":"fundingAccountMasked","required":true,"transform":{"type":"scalar"},"locs":[{"a":744,"b":765}]},{"name":"merchantId","required":false,"transform":{"type":"scalar"},"locs":[{"a":783,"b":793}]},{"name":"livemode","required":false,"transform":{"type":"scalar"},"locs":[{"a":796,"b":804}]},{"name":"checkoutSessionId","required":false,"transform":{"type":"scalar"},"locs":[{"a":807,"b":824}]},{"name":"merchantFee","required":false,"transform":{"type":"scalar"},"locs":[{"a":827,"b":838}]},{"name":"merchantPricingVersionId","required":false,"transform":{"type":"scalar"},"locs":[{"a":851,"b":875}]},{"name":"captureFundingSealed","required":false,"transform":{"type":"scalar"},"locs":[{"a":1038,"b":1058},{"a":1092,"b":1112}]},{"name":"note","required":true,"transform":{"type":"scalar"},"locs":[{"a":1226,"b":1231}]}],"statement":"-- An AUTHORIZING payment, its capture instruction (when sealed) and the first step of its timeline.\nWITH inserted AS (\n  INSERT INTO payments (id, customer_id, channel, payer_type, payer_id, idempotency_key, request_hash,\n                        biller_id, biller_name, biller_slug, account_reference, saved_account_id, amount, fee,\n                        currency, rail, funding_account_masked, status, merchant_id, livemode, checkout_session_id,\n                        merchant_fee, merchant_pricing_version_id)\n  VALUES (:id!, :customerId, :channel!, :payerType!, :payerId!, :idempotencyKey!, :requestHash!, :billerId,\n          :billerName, :billerSlug, :accountReference, :savedAccountId, :amount!, :fee!, :currency!, :rail!,\n          :fundingAccountMasked!, 'AUTHORIZING', :merchantId, :livemode, :checkoutSessionId, :merchantFee,\n          :merchantPricingVersionId)\n  RETURNING id, status, created_at\n), instruction AS (\n  INSERT INTO payment_capture_instructions (payment_id, funding_account_sealed, created_at)\n  SELECT id, :captureFundingSealed, created_at FROM inserted WHERE :captureFundingSealed::text IS NOT NULL\n)\nINSERT INTO payment_status_events (payment_id, status, note, created_at)\nSELECT id, status, :note!, created_at FROM inserted\nRETURNING created_at"};

/**
 * Query generated from SQL:
 * ```
 * -- An AUTHORIZING payment, its capture instruction (when sealed) and the first step of its timeline.
 * WITH inserted AS (
 *   INSERT INTO payments (id, customer_id, channel, payer_type, payer_id, idempotency_key, request_hash,
 *                         biller_id, biller_name, biller_slug, account_reference, saved_account_id, amount, fee,
 *                         currency, rail, funding_account_masked, status, merchant_id, livemode, checkout_session_id,
 *                         merchant_fee, merchant_pricing_version_id)
 *   VALUES (:id!, :customerId, :channel!, :payerType!, :payerId!, :idempotencyKey!, :requestHash!, :billerId,
 *           :billerName, :billerSlug, :accountReference, :savedAccountId, :amount!, :fee!, :currency!, :rail!,
 *           :fundingAccountMasked!, 'AUTHORIZING', :merchantId, :livemode, :checkoutSessionId, :merchantFee,
 *           :merchantPricingVersionId)
 *   RETURNING id, status, created_at
 * ), instruction AS (
 *   INSERT INTO payment_capture_instructions (payment_id, funding_account_sealed, created_at)
 *   SELECT id, :captureFundingSealed, created_at FROM inserted WHERE :captureFundingSealed::text IS NOT NULL
 * )
 * INSERT INTO payment_status_events (payment_id, status, note, created_at)
 * SELECT id, status, :note!, created_at FROM inserted
 * RETURNING created_at
 * ```
 */
export const insertPayment = new PreparedQuery<InsertPaymentParams,InsertPaymentResult>(insertPaymentIR);


/** 'AdmitPayment' parameters type */
export interface AdmitPaymentParams {
  accountReference: string;
  amount: NumberOrString;
  bandFrom: NumberOrString;
  bandTo: NumberOrString;
  billerId: string;
  billerName: string;
  billerSlug: string;
  captureFundingSealed: string;
  channel: string;
  confirmDuplicate: boolean;
  currency: string;
  customerId: string;
  daily: NumberOrString;
  duplicateWindowSeconds: number;
  fee: NumberOrString;
  fundingAccountMasked: string;
  id: string;
  idempotencyKey: string;
  note: string;
  payerId: string;
  payersCap: number;
  payerType: string;
  perPayment: NumberOrString;
  rail: string;
  requestHash: string;
  savedAccountId?: string | null | void;
  screeningCurrency: string;
  windowMinutes: number;
}

/** 'AdmitPayment' return type */
export interface AdmitPaymentResult {
  created_at: Date | null;
  duplicate: string | null;
  existing: Json | null;
  screening_band: number;
  screening_count: number;
  screening_payers: number;
  screening_sum: string;
  used: string;
}

/** 'AdmitPayment' query type */
export interface AdmitPaymentQuery {
  params: AdmitPaymentParams;
  result: AdmitPaymentResult;
}

const admitPaymentIR: any = {"usedParamSet":{"customerId":true,"duplicateWindowSeconds":true,"windowMinutes":true,"payerId":true,"idempotencyKey":true,"currency":true,"billerId":true,"accountReference":true,"amount":true,"id":true,"channel":true,"payerType":true,"requestHash":true,"billerName":true,"billerSlug":true,"savedAccountId":true,"fee":true,"rail":true,"fundingAccountMasked":true,"confirmDuplicate":true,"perPayment":true,"daily":true,"captureFundingSealed":true,"note":true,"payersCap":true,"screeningCurrency":true,"bandFrom":true,"bandTo":true},"params":[{"name":"customerId","required":true,"transform":{"type":"scalar"},"locs":[{"a":1361,"b":1372},{"a":2689,"b":2700}]},{"name":"duplicateWindowSeconds","required":true,"transform":{"type":"scalar"},"locs":[{"a":1479,"b":1502},{"a":2029,"b":2052}]},{"name":"windowMinutes","required":true,"transform":{"type":"scalar"},"locs":[{"a":1567,"b":1581},{"a":2354,"b":2368},{"a":3591,"b":3605}]},{"name":"payerId","required":true,"transform":{"type":"scalar"},"locs":[{"a":1739,"b":1747},{"a":2727,"b":2735}]},{"name":"idempotencyKey","required":true,"transform":{"type":"scalar"},"locs":[{"a":1771,"b":1786},{"a":2738,"b":2753}]},{"name":"currency","required":true,"transform":{"type":"scalar"},"locs":[{"a":1926,"b":1935},{"a":2874,"b":2883},{"a":3965,"b":3974},{"a":4222,"b":4231}]},{"name":"billerId","required":true,"transform":{"type":"scalar"},"locs":[{"a":2079,"b":2088},{"a":2771,"b":2780},{"a":3529,"b":3538},{"a":4513,"b":4522}]},{"name":"accountReference","required":true,"transform":{"type":"scalar"},"locs":[{"a":2114,"b":2131},{"a":2820,"b":2837},{"a":3541,"b":3558},{"a":4548,"b":4565}]},{"name":"amount","required":true,"transform":{"type":"scalar"},"locs":[{"a":2146,"b":2153},{"a":2857,"b":2864},{"a":3046,"b":3053},{"a":3098,"b":3105},{"a":4003,"b":4010},{"a":4259,"b":4266}]},{"name":"id","required":true,"transform":{"type":"scalar"},"locs":[{"a":2683,"b":2686}]},{"name":"channel","required":true,"transform":{"type":"scalar"},"locs":[{"a":2703,"b":2711}]},{"name":"payerType","required":true,"transform":{"type":"scalar"},"locs":[{"a":2714,"b":2724}]},{"name":"requestHash","required":true,"transform":{"type":"scalar"},"locs":[{"a":2756,"b":2768}]},{"name":"billerName","required":true,"transform":{"type":"scalar"},"locs":[{"a":2792,"b":2803}]},{"name":"billerSlug","required":true,"transform":{"type":"scalar"},"locs":[{"a":2806,"b":2817}]},{"name":"savedAccountId","required":false,"transform":{"type":"scalar"},"locs":[{"a":2840,"b":2854}]},{"name":"fee","required":true,"transform":{"type":"scalar"},"locs":[{"a":2867,"b":2871}]},{"name":"rail","required":true,"transform":{"type":"scalar"},"locs":[{"a":2886,"b":2891}]},{"name":"fundingAccountMasked","required":true,"transform":{"type":"scalar"},"locs":[{"a":2903,"b":2924}]},{"name":"confirmDuplicate","required":true,"transform":{"type":"scalar"},"locs":[{"a":3008,"b":3025}]},{"name":"perPayment","required":true,"transform":{"type":"scalar"},"locs":[{"a":3066,"b":3077}]},{"name":"daily","required":true,"transform":{"type":"scalar"},"locs":[{"a":3118,"b":3124}]},{"name":"captureFundingSealed","required":true,"transform":{"type":"scalar"},"locs":[{"a":3294,"b":3315}]},{"name":"note","required":true,"transform":{"type":"scalar"},"locs":[{"a":3452,"b":3457}]},{"name":"payersCap","required":true,"transform":{"type":"scalar"},"locs":[{"a":3638,"b":3648},{"a":4420,"b":4430}]},{"name":"screeningCurrency","required":true,"transform":{"type":"scalar"},"locs":[{"a":3923,"b":3941},{"a":3978,"b":3996},{"a":4121,"b":4139},{"a":4235,"b":4253}]},{"name":"bandFrom","required":true,"transform":{"type":"scalar"},"locs":[{"a":4160,"b":4169},{"a":4284,"b":4293}]},{"name":"bandTo","required":true,"transform":{"type":"scalar"},"locs":[{"a":4183,"b":4190},{"a":4307,"b":4314}]}],"statement":"-- Step 1 of a customer's payment after the customer's lock (PaymentRepository.admit), in one\n-- statement: its snapshot is taken after the lock, so it sees every payment the customer made\n-- before. The precheck's facts (as Precheck's); the AUTHORIZING payment, its capture instruction\n-- and the first step of its timeline, inserted only when those facts admit it (the key unused,\n-- no duplicate in the window unless confirmed, within the per-payment and the rolling-day\n-- limits: the caller checks them again and raises the refusal); and the screener's facts about\n-- the payment (as ScreeningActivity's, for its window, currency, band and cap), read before the\n-- insert and counting the payment itself: it is not failed and inside the window. The distinct\n-- payers count stops at the cap as aml_distinct_payers does; under the cap the function has\n-- walked the whole window, and the customer is one of those payers exactly when one of their\n-- own payments of the window went to the account. The customer's payments are read once\n-- (payments_customer_created_idx), as far back as the longest of the rolling day, the duplicate\n-- window and the screening window; each fact filters that set by its own window.\nWITH recent AS MATERIALIZED (\n  SELECT id, biller_id, account_reference, amount, currency, created_at\n    FROM payments\n   WHERE customer_id = :customerId! AND status <> 'FAILED'\n     AND created_at > now() - greatest(interval '24 hours', make_interval(secs => :duplicateWindowSeconds!),\n                                       make_interval(mins => :windowMinutes!))\n), facts AS MATERIALIZED (\n  SELECT\n    (SELECT json_build_object('id', id, 'status', status, 'hash', request_hash)\n       FROM payments WHERE payer_id = :payerId! AND idempotency_key = :idempotencyKey!) AS existing,\n    (SELECT coalesce(sum(amount), 0)\n       FROM recent\n      WHERE created_at > now() - interval '24 hours' AND currency = :currency!) AS used,\n    (SELECT id FROM recent\n      WHERE created_at > now() - make_interval(secs => :duplicateWindowSeconds!)\n        AND biller_id = :billerId! AND account_reference = :accountReference! AND amount = :amount!\n      ORDER BY created_at DESC LIMIT 1) AS duplicate\n), mine AS MATERIALIZED (\n  SELECT amount, currency, biller_id, account_reference FROM recent\n   WHERE created_at > now() - make_interval(mins => :windowMinutes!)\n), inserted AS (\n  INSERT INTO payments (id, customer_id, channel, payer_type, payer_id, idempotency_key, request_hash,\n                        biller_id, biller_name, biller_slug, account_reference, saved_account_id, amount, fee,\n                        currency, rail, funding_account_masked, status)\n  SELECT :id!, :customerId!, :channel!, :payerType!, :payerId!, :idempotencyKey!, :requestHash!, :billerId!,\n         :billerName!, :billerSlug!, :accountReference!, :savedAccountId, :amount!, :fee!, :currency!, :rail!,\n         :fundingAccountMasked!, 'AUTHORIZING'\n    FROM facts\n   WHERE existing IS NULL AND (duplicate IS NULL OR :confirmDuplicate!::boolean)\n     AND :amount!::bigint <= :perPayment!::bigint AND used + :amount!::bigint <= :daily!::bigint\n  RETURNING id, status, created_at\n), instruction AS (\n  INSERT INTO payment_capture_instructions (payment_id, funding_account_sealed, created_at)\n  SELECT id, :captureFundingSealed!, created_at FROM inserted\n), step AS (\n  INSERT INTO payment_status_events (payment_id, status, note, created_at)\n  SELECT id, status, :note!, created_at FROM inserted\n), payers AS (\n  SELECT aml_distinct_payers(:billerId!, :accountReference!, now() - make_interval(mins => :windowMinutes!),\n                             :payersCap!) AS others\n)\nSELECT facts.existing, facts.used::text AS \"used!\", facts.duplicate,\n       (SELECT created_at FROM inserted) AS created_at,\n       (SELECT count(*) FROM mine)::int + 1 AS \"screening_count!\",\n       ((SELECT coalesce(sum(amount), 0) FROM mine WHERE currency = :screeningCurrency!)\n         + CASE WHEN :currency! = :screeningCurrency! THEN :amount!::bigint ELSE 0 END)::text AS \"screening_sum!\",\n       ((SELECT count(*) FROM mine\n          WHERE currency = :screeningCurrency! AND amount BETWEEN :bandFrom!::bigint AND :bandTo!::bigint)\n         + CASE WHEN :currency! = :screeningCurrency! AND :amount!::bigint BETWEEN :bandFrom!::bigint AND :bandTo!::bigint\n                THEN 1 ELSE 0 END)::int AS \"screening_band!\",\n       CASE WHEN payers.others >= :payersCap! THEN payers.others\n            WHEN EXISTS (SELECT 1 FROM mine WHERE biller_id = :billerId! AND account_reference = :accountReference!)\n              THEN payers.others\n            ELSE payers.others + 1 END AS \"screening_payers!\"\n  FROM facts, payers"};

/**
 * Query generated from SQL:
 * ```
 * -- Step 1 of a customer's payment after the customer's lock (PaymentRepository.admit), in one
 * -- statement: its snapshot is taken after the lock, so it sees every payment the customer made
 * -- before. The precheck's facts (as Precheck's); the AUTHORIZING payment, its capture instruction
 * -- and the first step of its timeline, inserted only when those facts admit it (the key unused,
 * -- no duplicate in the window unless confirmed, within the per-payment and the rolling-day
 * -- limits: the caller checks them again and raises the refusal); and the screener's facts about
 * -- the payment (as ScreeningActivity's, for its window, currency, band and cap), read before the
 * -- insert and counting the payment itself: it is not failed and inside the window. The distinct
 * -- payers count stops at the cap as aml_distinct_payers does; under the cap the function has
 * -- walked the whole window, and the customer is one of those payers exactly when one of their
 * -- own payments of the window went to the account. The customer's payments are read once
 * -- (payments_customer_created_idx), as far back as the longest of the rolling day, the duplicate
 * -- window and the screening window; each fact filters that set by its own window.
 * WITH recent AS MATERIALIZED (
 *   SELECT id, biller_id, account_reference, amount, currency, created_at
 *     FROM payments
 *    WHERE customer_id = :customerId! AND status <> 'FAILED'
 *      AND created_at > now() - greatest(interval '24 hours', make_interval(secs => :duplicateWindowSeconds!),
 *                                        make_interval(mins => :windowMinutes!))
 * ), facts AS MATERIALIZED (
 *   SELECT
 *     (SELECT json_build_object('id', id, 'status', status, 'hash', request_hash)
 *        FROM payments WHERE payer_id = :payerId! AND idempotency_key = :idempotencyKey!) AS existing,
 *     (SELECT coalesce(sum(amount), 0)
 *        FROM recent
 *       WHERE created_at > now() - interval '24 hours' AND currency = :currency!) AS used,
 *     (SELECT id FROM recent
 *       WHERE created_at > now() - make_interval(secs => :duplicateWindowSeconds!)
 *         AND biller_id = :billerId! AND account_reference = :accountReference! AND amount = :amount!
 *       ORDER BY created_at DESC LIMIT 1) AS duplicate
 * ), mine AS MATERIALIZED (
 *   SELECT amount, currency, biller_id, account_reference FROM recent
 *    WHERE created_at > now() - make_interval(mins => :windowMinutes!)
 * ), inserted AS (
 *   INSERT INTO payments (id, customer_id, channel, payer_type, payer_id, idempotency_key, request_hash,
 *                         biller_id, biller_name, biller_slug, account_reference, saved_account_id, amount, fee,
 *                         currency, rail, funding_account_masked, status)
 *   SELECT :id!, :customerId!, :channel!, :payerType!, :payerId!, :idempotencyKey!, :requestHash!, :billerId!,
 *          :billerName!, :billerSlug!, :accountReference!, :savedAccountId, :amount!, :fee!, :currency!, :rail!,
 *          :fundingAccountMasked!, 'AUTHORIZING'
 *     FROM facts
 *    WHERE existing IS NULL AND (duplicate IS NULL OR :confirmDuplicate!::boolean)
 *      AND :amount!::bigint <= :perPayment!::bigint AND used + :amount!::bigint <= :daily!::bigint
 *   RETURNING id, status, created_at
 * ), instruction AS (
 *   INSERT INTO payment_capture_instructions (payment_id, funding_account_sealed, created_at)
 *   SELECT id, :captureFundingSealed!, created_at FROM inserted
 * ), step AS (
 *   INSERT INTO payment_status_events (payment_id, status, note, created_at)
 *   SELECT id, status, :note!, created_at FROM inserted
 * ), payers AS (
 *   SELECT aml_distinct_payers(:billerId!, :accountReference!, now() - make_interval(mins => :windowMinutes!),
 *                              :payersCap!) AS others
 * )
 * SELECT facts.existing, facts.used::text AS "used!", facts.duplicate,
 *        (SELECT created_at FROM inserted) AS created_at,
 *        (SELECT count(*) FROM mine)::int + 1 AS "screening_count!",
 *        ((SELECT coalesce(sum(amount), 0) FROM mine WHERE currency = :screeningCurrency!)
 *          + CASE WHEN :currency! = :screeningCurrency! THEN :amount!::bigint ELSE 0 END)::text AS "screening_sum!",
 *        ((SELECT count(*) FROM mine
 *           WHERE currency = :screeningCurrency! AND amount BETWEEN :bandFrom!::bigint AND :bandTo!::bigint)
 *          + CASE WHEN :currency! = :screeningCurrency! AND :amount!::bigint BETWEEN :bandFrom!::bigint AND :bandTo!::bigint
 *                 THEN 1 ELSE 0 END)::int AS "screening_band!",
 *        CASE WHEN payers.others >= :payersCap! THEN payers.others
 *             WHEN EXISTS (SELECT 1 FROM mine WHERE biller_id = :billerId! AND account_reference = :accountReference!)
 *               THEN payers.others
 *             ELSE payers.others + 1 END AS "screening_payers!"
 *   FROM facts, payers
 * ```
 */
export const admitPayment = new PreparedQuery<AdmitPaymentParams,AdmitPaymentResult>(admitPaymentIR);


/** 'FindPayment' parameters type */
export interface FindPaymentParams {
  id: string;
}

/** 'FindPayment' return type */
export interface FindPaymentResult {
  account_reference: string | null;
  amount: string;
  biller_id: string | null;
  biller_name: string | null;
  biller_reference: string | null;
  biller_slug: string | null;
  channel: string;
  checkout_session_id: string | null;
  completed_at: Date | null;
  created_at: Date;
  currency: string;
  customer_id: string | null;
  failure_code: string | null;
  failure_message: string | null;
  fee: string;
  funding_account_masked: string;
  held_for_review: boolean;
  id: string;
  idempotency_key: string;
  journal_entry_id: string | null;
  livemode: boolean | null;
  merchant_fee: string | null;
  merchant_id: string | null;
  merchant_pricing_version_id: string | null;
  payer_id: string;
  payer_type: string;
  rail: string;
  rail_reference: string | null;
  rail_reversal_reference: string | null;
  refunded_amount: string;
  request_hash: string;
  reversal_entry_id: string | null;
  saved_account_id: string | null;
  status: string;
  updated_at: Date;
}

/** 'FindPayment' query type */
export interface FindPaymentQuery {
  params: FindPaymentParams;
  result: FindPaymentResult;
}

const findPaymentIR: any = {"usedParamSet":{"id":true},"params":[{"name":"id","required":true,"transform":{"type":"scalar"},"locs":[{"a":562,"b":565}]}],"statement":"SELECT id, customer_id, channel, payer_type, payer_id, idempotency_key, request_hash, biller_id, biller_name, biller_slug,\n       account_reference, saved_account_id, amount, fee, currency, rail, funding_account_masked, rail_reference, status,\n       failure_code, failure_message, biller_reference, journal_entry_id, reversal_entry_id, rail_reversal_reference, refunded_amount,\n       held_for_review, created_at, updated_at, completed_at,\n       merchant_id, livemode, checkout_session_id, merchant_fee, merchant_pricing_version_id\n  FROM payments\n WHERE id = :id!"};

/**
 * Query generated from SQL:
 * ```
 * SELECT id, customer_id, channel, payer_type, payer_id, idempotency_key, request_hash, biller_id, biller_name, biller_slug,
 *        account_reference, saved_account_id, amount, fee, currency, rail, funding_account_masked, rail_reference, status,
 *        failure_code, failure_message, biller_reference, journal_entry_id, reversal_entry_id, rail_reversal_reference, refunded_amount,
 *        held_for_review, created_at, updated_at, completed_at,
 *        merchant_id, livemode, checkout_session_id, merchant_fee, merchant_pricing_version_id
 *   FROM payments
 *  WHERE id = :id!
 * ```
 */
export const findPayment = new PreparedQuery<FindPaymentParams,FindPaymentResult>(findPaymentIR);


/** 'FindOwnedPayment' parameters type */
export interface FindOwnedPaymentParams {
  customerId: string;
  id: string;
}

/** 'FindOwnedPayment' return type */
export interface FindOwnedPaymentResult {
  account_reference: string | null;
  amount: string;
  biller_id: string | null;
  biller_name: string | null;
  biller_reference: string | null;
  biller_slug: string | null;
  channel: string;
  checkout_session_id: string | null;
  completed_at: Date | null;
  created_at: Date;
  currency: string;
  customer_id: string | null;
  failure_code: string | null;
  failure_message: string | null;
  fee: string;
  funding_account_masked: string;
  held_for_review: boolean;
  id: string;
  idempotency_key: string;
  journal_entry_id: string | null;
  livemode: boolean | null;
  merchant_fee: string | null;
  merchant_id: string | null;
  merchant_pricing_version_id: string | null;
  payer_id: string;
  payer_type: string;
  rail: string;
  rail_reference: string | null;
  rail_reversal_reference: string | null;
  refunded_amount: string;
  request_hash: string;
  reversal_entry_id: string | null;
  saved_account_id: string | null;
  status: string;
  updated_at: Date;
}

/** 'FindOwnedPayment' query type */
export interface FindOwnedPaymentQuery {
  params: FindOwnedPaymentParams;
  result: FindOwnedPaymentResult;
}

const findOwnedPaymentIR: any = {"usedParamSet":{"id":true,"customerId":true},"params":[{"name":"id","required":true,"transform":{"type":"scalar"},"locs":[{"a":562,"b":565}]},{"name":"customerId","required":true,"transform":{"type":"scalar"},"locs":[{"a":585,"b":596}]}],"statement":"SELECT id, customer_id, channel, payer_type, payer_id, idempotency_key, request_hash, biller_id, biller_name, biller_slug,\n       account_reference, saved_account_id, amount, fee, currency, rail, funding_account_masked, rail_reference, status,\n       failure_code, failure_message, biller_reference, journal_entry_id, reversal_entry_id, rail_reversal_reference, refunded_amount,\n       held_for_review, created_at, updated_at, completed_at,\n       merchant_id, livemode, checkout_session_id, merchant_fee, merchant_pricing_version_id\n  FROM payments\n WHERE id = :id! AND customer_id = :customerId!"};

/**
 * Query generated from SQL:
 * ```
 * SELECT id, customer_id, channel, payer_type, payer_id, idempotency_key, request_hash, biller_id, biller_name, biller_slug,
 *        account_reference, saved_account_id, amount, fee, currency, rail, funding_account_masked, rail_reference, status,
 *        failure_code, failure_message, biller_reference, journal_entry_id, reversal_entry_id, rail_reversal_reference, refunded_amount,
 *        held_for_review, created_at, updated_at, completed_at,
 *        merchant_id, livemode, checkout_session_id, merchant_fee, merchant_pricing_version_id
 *   FROM payments
 *  WHERE id = :id! AND customer_id = :customerId!
 * ```
 */
export const findOwnedPayment = new PreparedQuery<FindOwnedPaymentParams,FindOwnedPaymentResult>(findOwnedPaymentIR);


/** 'LockPayment' parameters type */
export interface LockPaymentParams {
  id: string;
}

/** 'LockPayment' return type */
export interface LockPaymentResult {
  account_reference: string | null;
  amount: string;
  biller_id: string | null;
  biller_name: string | null;
  biller_reference: string | null;
  biller_slug: string | null;
  channel: string;
  checkout_session_id: string | null;
  completed_at: Date | null;
  created_at: Date;
  currency: string;
  customer_id: string | null;
  failure_code: string | null;
  failure_message: string | null;
  fee: string;
  funding_account_masked: string;
  held_for_review: boolean;
  id: string;
  idempotency_key: string;
  journal_entry_id: string | null;
  livemode: boolean | null;
  merchant_fee: string | null;
  merchant_id: string | null;
  merchant_pricing_version_id: string | null;
  payer_id: string;
  payer_type: string;
  rail: string;
  rail_reference: string | null;
  rail_reversal_reference: string | null;
  refunded_amount: string;
  request_hash: string;
  reversal_entry_id: string | null;
  saved_account_id: string | null;
  status: string;
  updated_at: Date;
}

/** 'LockPayment' query type */
export interface LockPaymentQuery {
  params: LockPaymentParams;
  result: LockPaymentResult;
}

const lockPaymentIR: any = {"usedParamSet":{"id":true},"params":[{"name":"id","required":true,"transform":{"type":"scalar"},"locs":[{"a":562,"b":565}]}],"statement":"SELECT id, customer_id, channel, payer_type, payer_id, idempotency_key, request_hash, biller_id, biller_name, biller_slug,\n       account_reference, saved_account_id, amount, fee, currency, rail, funding_account_masked, rail_reference, status,\n       failure_code, failure_message, biller_reference, journal_entry_id, reversal_entry_id, rail_reversal_reference, refunded_amount,\n       held_for_review, created_at, updated_at, completed_at,\n       merchant_id, livemode, checkout_session_id, merchant_fee, merchant_pricing_version_id\n  FROM payments\n WHERE id = :id!\n   FOR UPDATE"};

/**
 * Query generated from SQL:
 * ```
 * SELECT id, customer_id, channel, payer_type, payer_id, idempotency_key, request_hash, biller_id, biller_name, biller_slug,
 *        account_reference, saved_account_id, amount, fee, currency, rail, funding_account_masked, rail_reference, status,
 *        failure_code, failure_message, biller_reference, journal_entry_id, reversal_entry_id, rail_reversal_reference, refunded_amount,
 *        held_for_review, created_at, updated_at, completed_at,
 *        merchant_id, livemode, checkout_session_id, merchant_fee, merchant_pricing_version_id
 *   FROM payments
 *  WHERE id = :id!
 *    FOR UPDATE
 * ```
 */
export const lockPayment = new PreparedQuery<LockPaymentParams,LockPaymentResult>(lockPaymentIR);


/** 'ClaimStuckAuthorizations' parameters type */
export interface ClaimStuckAuthorizationsParams {
  limit: NumberOrString;
  maxAgeMs: number;
  olderThanMs: number;
}

/** 'ClaimStuckAuthorizations' return type */
export interface ClaimStuckAuthorizationsResult {
  account_reference: string | null;
  amount: string;
  biller_id: string | null;
  biller_name: string | null;
  biller_reference: string | null;
  biller_slug: string | null;
  channel: string;
  checkout_session_id: string | null;
  completed_at: Date | null;
  created_at: Date;
  currency: string;
  customer_id: string | null;
  failure_code: string | null;
  failure_message: string | null;
  fee: string;
  funding_account_masked: string;
  held_for_review: boolean;
  id: string;
  idempotency_key: string;
  journal_entry_id: string | null;
  livemode: boolean | null;
  merchant_fee: string | null;
  merchant_id: string | null;
  merchant_pricing_version_id: string | null;
  past_max_age: boolean;
  payer_id: string;
  payer_type: string;
  rail: string;
  rail_reference: string | null;
  rail_reversal_reference: string | null;
  refunded_amount: string;
  request_hash: string;
  reversal_entry_id: string | null;
  saved_account_id: string | null;
  status: string;
  updated_at: Date;
}

/** 'ClaimStuckAuthorizations' query type */
export interface ClaimStuckAuthorizationsQuery {
  params: ClaimStuckAuthorizationsParams;
  result: ClaimStuckAuthorizationsResult;
}

const claimStuckAuthorizationsIR: any = {"usedParamSet":{"olderThanMs":true,"limit":true,"maxAgeMs":true},"params":[{"name":"olderThanMs","required":true,"transform":{"type":"scalar"},"locs":[{"a":209,"b":221}]},{"name":"limit","required":true,"transform":{"type":"scalar"},"locs":[{"a":292,"b":298}]},{"name":"maxAgeMs","required":true,"transform":{"type":"scalar"},"locs":[{"a":1470,"b":1479}]}],"statement":"WITH stuck AS (\n  UPDATE payments SET updated_at = now()\n   WHERE id IN (SELECT id FROM payments\n                 WHERE status = 'AUTHORIZING'\n                   AND updated_at < now() - make_interval(secs => :olderThanMs!::double precision / 1000)\n                 ORDER BY updated_at LIMIT :limit!\n                   FOR UPDATE SKIP LOCKED)\n   RETURNING id, customer_id, channel, payer_type, payer_id, idempotency_key, request_hash, biller_id, biller_name, biller_slug,\n       account_reference, saved_account_id, amount, fee, currency, rail, funding_account_masked, rail_reference, status,\n       failure_code, failure_message, biller_reference, journal_entry_id, reversal_entry_id, rail_reversal_reference, refunded_amount,\n       held_for_review, created_at, updated_at, completed_at,\n       merchant_id, livemode, checkout_session_id, merchant_fee, merchant_pricing_version_id\n)\nSELECT id, customer_id, channel, payer_type, payer_id, idempotency_key, request_hash, biller_id, biller_name, biller_slug,\n       account_reference, saved_account_id, amount, fee, currency, rail, funding_account_masked, rail_reference, status,\n       failure_code, failure_message, biller_reference, journal_entry_id, reversal_entry_id, rail_reversal_reference, refunded_amount,\n       held_for_review, created_at, updated_at, completed_at,\n       merchant_id, livemode, checkout_session_id, merchant_fee, merchant_pricing_version_id,\n       created_at < now() - make_interval(secs => :maxAgeMs!::double precision / 1000) AS \"past_max_age!\"\n  FROM stuck"};

/**
 * Query generated from SQL:
 * ```
 * WITH stuck AS (
 *   UPDATE payments SET updated_at = now()
 *    WHERE id IN (SELECT id FROM payments
 *                  WHERE status = 'AUTHORIZING'
 *                    AND updated_at < now() - make_interval(secs => :olderThanMs!::double precision / 1000)
 *                  ORDER BY updated_at LIMIT :limit!
 *                    FOR UPDATE SKIP LOCKED)
 *    RETURNING id, customer_id, channel, payer_type, payer_id, idempotency_key, request_hash, biller_id, biller_name, biller_slug,
 *        account_reference, saved_account_id, amount, fee, currency, rail, funding_account_masked, rail_reference, status,
 *        failure_code, failure_message, biller_reference, journal_entry_id, reversal_entry_id, rail_reversal_reference, refunded_amount,
 *        held_for_review, created_at, updated_at, completed_at,
 *        merchant_id, livemode, checkout_session_id, merchant_fee, merchant_pricing_version_id
 * )
 * SELECT id, customer_id, channel, payer_type, payer_id, idempotency_key, request_hash, biller_id, biller_name, biller_slug,
 *        account_reference, saved_account_id, amount, fee, currency, rail, funding_account_masked, rail_reference, status,
 *        failure_code, failure_message, biller_reference, journal_entry_id, reversal_entry_id, rail_reversal_reference, refunded_amount,
 *        held_for_review, created_at, updated_at, completed_at,
 *        merchant_id, livemode, checkout_session_id, merchant_fee, merchant_pricing_version_id,
 *        created_at < now() - make_interval(secs => :maxAgeMs!::double precision / 1000) AS "past_max_age!"
 *   FROM stuck
 * ```
 */
export const claimStuckAuthorizations = new PreparedQuery<ClaimStuckAuthorizationsParams,ClaimStuckAuthorizationsResult>(claimStuckAuthorizationsIR);


/** 'TransitionPayment' parameters type */
export interface TransitionPaymentParams {
  billerReference?: string | null | void;
  completed: boolean;
  failureCode?: string | null | void;
  failureMessage?: string | null | void;
  firstCycleDueInMs?: number | null | void;
  firstCycleId?: string | null | void;
  from: stringArray;
  id: string;
  journalEntryId?: string | null | void;
  note: string;
  railReference?: string | null | void;
  reversalEntryId?: string | null | void;
  setBillerReference: boolean;
  setFailureCode: boolean;
  setFailureMessage: boolean;
  setJournalEntryId: boolean;
  setRailReference: boolean;
  setReversalEntryId: boolean;
  status: string;
}

/** 'TransitionPayment' return type */
export interface TransitionPaymentResult {
  account_reference: string | null;
  amount: string;
  biller_id: string | null;
  biller_name: string | null;
  biller_reference: string | null;
  biller_slug: string | null;
  channel: string;
  checkout_session_id: string | null;
  completed_at: Date | null;
  created_at: Date;
  currency: string;
  customer_id: string | null;
  failure_code: string | null;
  failure_message: string | null;
  fee: string;
  funding_account_masked: string;
  held_for_review: boolean;
  id: string;
  idempotency_key: string;
  journal_entry_id: string | null;
  livemode: boolean | null;
  merchant_fee: string | null;
  merchant_id: string | null;
  merchant_pricing_version_id: string | null;
  payer_id: string;
  payer_type: string;
  rail: string;
  rail_reference: string | null;
  rail_reversal_reference: string | null;
  refunded_amount: string;
  request_hash: string;
  reversal_entry_id: string | null;
  saved_account_id: string | null;
  status: string;
  updated_at: Date;
}

/** 'TransitionPayment' query type */
export interface TransitionPaymentQuery {
  params: TransitionPaymentParams;
  result: TransitionPaymentResult;
}

const transitionPaymentIR: any = {"usedParamSet":{"status":true,"setFailureCode":true,"failureCode":true,"setFailureMessage":true,"failureMessage":true,"setBillerReference":true,"billerReference":true,"setReversalEntryId":true,"reversalEntryId":true,"setRailReference":true,"railReference":true,"setJournalEntryId":true,"journalEntryId":true,"completed":true,"id":true,"from":true,"note":true,"firstCycleId":true,"firstCycleDueInMs":true},"params":[{"name":"status","required":true,"transform":{"type":"scalar"},"locs":[{"a":438,"b":445},{"a":1360,"b":1367},{"a":1594,"b":1601},{"a":1742,"b":1749},{"a":2442,"b":2449}]},{"name":"setFailureCode","required":true,"transform":{"type":"scalar"},"locs":[{"a":482,"b":497}]},{"name":"failureCode","required":false,"transform":{"type":"scalar"},"locs":[{"a":513,"b":524}]},{"name":"setFailureMessage","required":true,"transform":{"type":"scalar"},"locs":[{"a":586,"b":604}]},{"name":"failureMessage","required":false,"transform":{"type":"scalar"},"locs":[{"a":620,"b":634}]},{"name":"setBillerReference","required":true,"transform":{"type":"scalar"},"locs":[{"a":700,"b":719}]},{"name":"billerReference","required":false,"transform":{"type":"scalar"},"locs":[{"a":735,"b":750}]},{"name":"setReversalEntryId","required":true,"transform":{"type":"scalar"},"locs":[{"a":818,"b":837}]},{"name":"reversalEntryId","required":false,"transform":{"type":"scalar"},"locs":[{"a":853,"b":868}]},{"name":"setRailReference","required":true,"transform":{"type":"scalar"},"locs":[{"a":940,"b":957}]},{"name":"railReference","required":false,"transform":{"type":"scalar"},"locs":[{"a":973,"b":986}]},{"name":"setJournalEntryId","required":true,"transform":{"type":"scalar"},"locs":[{"a":1051,"b":1069}]},{"name":"journalEntryId","required":false,"transform":{"type":"scalar"},"locs":[{"a":1085,"b":1099}]},{"name":"completed","required":true,"transform":{"type":"scalar"},"locs":[{"a":1168,"b":1178}]},{"name":"id","required":true,"transform":{"type":"scalar"},"locs":[{"a":1462,"b":1465}]},{"name":"from","required":true,"transform":{"type":"scalar"},"locs":[{"a":1485,"b":1490}]},{"name":"note","required":true,"transform":{"type":"scalar"},"locs":[{"a":2452,"b":2457}]},{"name":"firstCycleId","required":false,"transform":{"type":"scalar"},"locs":[{"a":2805,"b":2817},{"a":2964,"b":2976}]},{"name":"firstCycleDueInMs","required":false,"transform":{"type":"scalar"},"locs":[{"a":2886,"b":2903}]}],"statement":"-- The only statement that changes a payment's status (PaymentRepository.transition). A column\n-- whose set flag is false keeps its value. Given a first cycle id, a capture's move to PENDING also\n-- opens the payment's first posting cycle, due the given milliseconds from now, unless the payment\n-- is held for a compliance review (the posting attempts' rows are this context's own).\nWITH changed AS (\n  UPDATE payments\n     SET status = :status!,\n         failure_code = CASE WHEN :setFailureCode!::boolean THEN :failureCode ELSE failure_code END,\n         failure_message = CASE WHEN :setFailureMessage!::boolean THEN :failureMessage ELSE failure_message END,\n         biller_reference = CASE WHEN :setBillerReference!::boolean THEN :billerReference ELSE biller_reference END,\n         reversal_entry_id = CASE WHEN :setReversalEntryId!::boolean THEN :reversalEntryId::uuid ELSE reversal_entry_id END,\n         rail_reference = CASE WHEN :setRailReference!::boolean THEN :railReference ELSE rail_reference END,\n         journal_entry_id = CASE WHEN :setJournalEntryId!::boolean THEN :journalEntryId::uuid ELSE journal_entry_id END,\n         completed_at = CASE WHEN :completed!::boolean THEN now() ELSE completed_at END,\n         -- A payment REFUNDED (a dispute resolved for the customer) has returned its whole amount.\n         refunded_amount = CASE WHEN :status! = 'REFUNDED' THEN amount ELSE refunded_amount END,\n         updated_at = now()\n   WHERE id = :id! AND status = ANY (:from!::text[])\n     -- A payment held for a compliance review is never posted until released.\n     AND NOT (:status! = 'PROCESSING' AND held_for_review)\n     -- PENDING -> SUCCEEDED is a checkout payment's alone: it has no biller to post to.\n     AND NOT (:status! = 'SUCCEEDED' AND status = 'PENDING' AND channel <> 'CHECKOUT')\n   RETURNING id, customer_id, channel, payer_type, payer_id, idempotency_key, request_hash, biller_id, biller_name, biller_slug,\n       account_reference, saved_account_id, amount, fee, currency, rail, funding_account_masked, rail_reference, status,\n       failure_code, failure_message, biller_reference, journal_entry_id, reversal_entry_id, rail_reversal_reference, refunded_amount,\n       held_for_review, created_at, updated_at, completed_at,\n       merchant_id, livemode, checkout_session_id, merchant_fee, merchant_pricing_version_id\n), step AS (\n  INSERT INTO payment_status_events (payment_id, status, note) SELECT id, :status!, :note! FROM changed\n), capture_done AS (\n  -- Only an AUTHORIZING payment keeps its funding account: every move out of it drops it.\n  DELETE FROM payment_capture_instructions WHERE payment_id IN (SELECT id FROM changed)\n), first_cycle AS (\n  INSERT INTO posting_attempts (id, payment_id, cycle, status, tries, next_attempt_at, outcome_unknown)\n  SELECT :firstCycleId::uuid, id, 1, 'PENDING', 0,\n         now() + make_interval(secs => :firstCycleDueInMs::double precision / 1000), false\n    FROM changed\n   WHERE :firstCycleId::uuid IS NOT NULL AND status = 'PENDING' AND NOT held_for_review\n)\nSELECT id, customer_id, channel, payer_type, payer_id, idempotency_key, request_hash, biller_id, biller_name, biller_slug,\n       account_reference, saved_account_id, amount, fee, currency, rail, funding_account_masked, rail_reference, status,\n       failure_code, failure_message, biller_reference, journal_entry_id, reversal_entry_id, rail_reversal_reference, refunded_amount,\n       held_for_review, created_at, updated_at, completed_at,\n       merchant_id, livemode, checkout_session_id, merchant_fee, merchant_pricing_version_id\n  FROM changed"};

/**
 * Query generated from SQL:
 * ```
 * -- The only statement that changes a payment's status (PaymentRepository.transition). A column
 * -- whose set flag is false keeps its value. Given a first cycle id, a capture's move to PENDING also
 * -- opens the payment's first posting cycle, due the given milliseconds from now, unless the payment
 * -- is held for a compliance review (the posting attempts' rows are this context's own).
 * WITH changed AS (
 *   UPDATE payments
 *      SET status = :status!,
 *          failure_code = CASE WHEN :setFailureCode!::boolean THEN :failureCode ELSE failure_code END,
 *          failure_message = CASE WHEN :setFailureMessage!::boolean THEN :failureMessage ELSE failure_message END,
 *          biller_reference = CASE WHEN :setBillerReference!::boolean THEN :billerReference ELSE biller_reference END,
 *          reversal_entry_id = CASE WHEN :setReversalEntryId!::boolean THEN :reversalEntryId::uuid ELSE reversal_entry_id END,
 *          rail_reference = CASE WHEN :setRailReference!::boolean THEN :railReference ELSE rail_reference END,
 *          journal_entry_id = CASE WHEN :setJournalEntryId!::boolean THEN :journalEntryId::uuid ELSE journal_entry_id END,
 *          completed_at = CASE WHEN :completed!::boolean THEN now() ELSE completed_at END,
 *          -- A payment REFUNDED (a dispute resolved for the customer) has returned its whole amount.
 *          refunded_amount = CASE WHEN :status! = 'REFUNDED' THEN amount ELSE refunded_amount END,
 *          updated_at = now()
 *    WHERE id = :id! AND status = ANY (:from!::text[])
 *      -- A payment held for a compliance review is never posted until released.
 *      AND NOT (:status! = 'PROCESSING' AND held_for_review)
 *      -- PENDING -> SUCCEEDED is a checkout payment's alone: it has no biller to post to.
 *      AND NOT (:status! = 'SUCCEEDED' AND status = 'PENDING' AND channel <> 'CHECKOUT')
 *    RETURNING id, customer_id, channel, payer_type, payer_id, idempotency_key, request_hash, biller_id, biller_name, biller_slug,
 *        account_reference, saved_account_id, amount, fee, currency, rail, funding_account_masked, rail_reference, status,
 *        failure_code, failure_message, biller_reference, journal_entry_id, reversal_entry_id, rail_reversal_reference, refunded_amount,
 *        held_for_review, created_at, updated_at, completed_at,
 *        merchant_id, livemode, checkout_session_id, merchant_fee, merchant_pricing_version_id
 * ), step AS (
 *   INSERT INTO payment_status_events (payment_id, status, note) SELECT id, :status!, :note! FROM changed
 * ), capture_done AS (
 *   -- Only an AUTHORIZING payment keeps its funding account: every move out of it drops it.
 *   DELETE FROM payment_capture_instructions WHERE payment_id IN (SELECT id FROM changed)
 * ), first_cycle AS (
 *   INSERT INTO posting_attempts (id, payment_id, cycle, status, tries, next_attempt_at, outcome_unknown)
 *   SELECT :firstCycleId::uuid, id, 1, 'PENDING', 0,
 *          now() + make_interval(secs => :firstCycleDueInMs::double precision / 1000), false
 *     FROM changed
 *    WHERE :firstCycleId::uuid IS NOT NULL AND status = 'PENDING' AND NOT held_for_review
 * )
 * SELECT id, customer_id, channel, payer_type, payer_id, idempotency_key, request_hash, biller_id, biller_name, biller_slug,
 *        account_reference, saved_account_id, amount, fee, currency, rail, funding_account_masked, rail_reference, status,
 *        failure_code, failure_message, biller_reference, journal_entry_id, reversal_entry_id, rail_reversal_reference, refunded_amount,
 *        held_for_review, created_at, updated_at, completed_at,
 *        merchant_id, livemode, checkout_session_id, merchant_fee, merchant_pricing_version_id
 *   FROM changed
 * ```
 */
export const transitionPayment = new PreparedQuery<TransitionPaymentParams,TransitionPaymentResult>(transitionPaymentIR);


/** 'CaptureFundingOf' parameters type */
export interface CaptureFundingOfParams {
  paymentId: string;
}

/** 'CaptureFundingOf' return type */
export interface CaptureFundingOfResult {
  funding_account_sealed: string;
}

/** 'CaptureFundingOf' query type */
export interface CaptureFundingOfQuery {
  params: CaptureFundingOfParams;
  result: CaptureFundingOfResult;
}

const captureFundingOfIR: any = {"usedParamSet":{"paymentId":true},"params":[{"name":"paymentId","required":true,"transform":{"type":"scalar"},"locs":[{"a":83,"b":93}]}],"statement":"SELECT funding_account_sealed FROM payment_capture_instructions WHERE payment_id = :paymentId!"};

/**
 * Query generated from SQL:
 * ```
 * SELECT funding_account_sealed FROM payment_capture_instructions WHERE payment_id = :paymentId!
 * ```
 */
export const captureFundingOf = new PreparedQuery<CaptureFundingOfParams,CaptureFundingOfResult>(captureFundingOfIR);


/** 'SetHeldForReview' parameters type */
export interface SetHeldForReviewParams {
  held: boolean;
  id: string;
}

/** 'SetHeldForReview' return type */
export interface SetHeldForReviewResult {
  account_reference: string | null;
  amount: string;
  biller_id: string | null;
  biller_name: string | null;
  biller_reference: string | null;
  biller_slug: string | null;
  channel: string;
  checkout_session_id: string | null;
  completed_at: Date | null;
  created_at: Date;
  currency: string;
  customer_id: string | null;
  failure_code: string | null;
  failure_message: string | null;
  fee: string;
  funding_account_masked: string;
  held_for_review: boolean;
  id: string;
  idempotency_key: string;
  journal_entry_id: string | null;
  livemode: boolean | null;
  merchant_fee: string | null;
  merchant_id: string | null;
  merchant_pricing_version_id: string | null;
  payer_id: string;
  payer_type: string;
  rail: string;
  rail_reference: string | null;
  rail_reversal_reference: string | null;
  refunded_amount: string;
  request_hash: string;
  reversal_entry_id: string | null;
  saved_account_id: string | null;
  status: string;
  updated_at: Date;
}

/** 'SetHeldForReview' query type */
export interface SetHeldForReviewQuery {
  params: SetHeldForReviewParams;
  result: SetHeldForReviewResult;
}

const setHeldForReviewIR: any = {"usedParamSet":{"held":true,"id":true},"params":[{"name":"held","required":true,"transform":{"type":"scalar"},"locs":[{"a":38,"b":43},{"a":105,"b":110}]},{"name":"id","required":true,"transform":{"type":"scalar"},"locs":[{"a":77,"b":80}]}],"statement":"UPDATE payments SET held_for_review = :held!, updated_at = now()\n WHERE id = :id! AND held_for_review <> :held!\nRETURNING id, customer_id, channel, payer_type, payer_id, idempotency_key, request_hash, biller_id, biller_name, biller_slug,\n       account_reference, saved_account_id, amount, fee, currency, rail, funding_account_masked, rail_reference, status,\n       failure_code, failure_message, biller_reference, journal_entry_id, reversal_entry_id, rail_reversal_reference, refunded_amount,\n       held_for_review, created_at, updated_at, completed_at,\n       merchant_id, livemode, checkout_session_id, merchant_fee, merchant_pricing_version_id"};

/**
 * Query generated from SQL:
 * ```
 * UPDATE payments SET held_for_review = :held!, updated_at = now()
 *  WHERE id = :id! AND held_for_review <> :held!
 * RETURNING id, customer_id, channel, payer_type, payer_id, idempotency_key, request_hash, biller_id, biller_name, biller_slug,
 *        account_reference, saved_account_id, amount, fee, currency, rail, funding_account_masked, rail_reference, status,
 *        failure_code, failure_message, biller_reference, journal_entry_id, reversal_entry_id, rail_reversal_reference, refunded_amount,
 *        held_for_review, created_at, updated_at, completed_at,
 *        merchant_id, livemode, checkout_session_id, merchant_fee, merchant_pricing_version_id
 * ```
 */
export const setHeldForReview = new PreparedQuery<SetHeldForReviewParams,SetHeldForReviewResult>(setHeldForReviewIR);


/** 'NotePaymentStep' parameters type */
export interface NotePaymentStepParams {
  id: string;
  note: string;
}

/** 'NotePaymentStep' return type */
export type NotePaymentStepResult = void;

/** 'NotePaymentStep' query type */
export interface NotePaymentStepQuery {
  params: NotePaymentStepParams;
  result: NotePaymentStepResult;
}

const notePaymentStepIR: any = {"usedParamSet":{"note":true,"id":true},"params":[{"name":"note","required":true,"transform":{"type":"scalar"},"locs":[{"a":80,"b":85}]},{"name":"id","required":true,"transform":{"type":"scalar"},"locs":[{"a":112,"b":115}]}],"statement":"INSERT INTO payment_status_events (payment_id, status, note) SELECT id, status, :note! FROM payments WHERE id = :id!"};

/**
 * Query generated from SQL:
 * ```
 * INSERT INTO payment_status_events (payment_id, status, note) SELECT id, status, :note! FROM payments WHERE id = :id!
 * ```
 */
export const notePaymentStep = new PreparedQuery<NotePaymentStepParams,NotePaymentStepResult>(notePaymentStepIR);


/** 'SetJournalEntry' parameters type */
export interface SetJournalEntryParams {
  id: string;
  journalEntryId: string;
}

/** 'SetJournalEntry' return type */
export interface SetJournalEntryResult {
  account_reference: string | null;
  amount: string;
  biller_id: string | null;
  biller_name: string | null;
  biller_reference: string | null;
  biller_slug: string | null;
  channel: string;
  checkout_session_id: string | null;
  completed_at: Date | null;
  created_at: Date;
  currency: string;
  customer_id: string | null;
  failure_code: string | null;
  failure_message: string | null;
  fee: string;
  funding_account_masked: string;
  held_for_review: boolean;
  id: string;
  idempotency_key: string;
  journal_entry_id: string | null;
  livemode: boolean | null;
  merchant_fee: string | null;
  merchant_id: string | null;
  merchant_pricing_version_id: string | null;
  payer_id: string;
  payer_type: string;
  rail: string;
  rail_reference: string | null;
  rail_reversal_reference: string | null;
  refunded_amount: string;
  request_hash: string;
  reversal_entry_id: string | null;
  saved_account_id: string | null;
  status: string;
  updated_at: Date;
}

/** 'SetJournalEntry' query type */
export interface SetJournalEntryQuery {
  params: SetJournalEntryParams;
  result: SetJournalEntryResult;
}

const setJournalEntryIR: any = {"usedParamSet":{"journalEntryId":true,"id":true},"params":[{"name":"journalEntryId","required":true,"transform":{"type":"scalar"},"locs":[{"a":136,"b":151}]},{"name":"id","required":true,"transform":{"type":"scalar"},"locs":[{"a":185,"b":188}]}],"statement":"-- The capture entry of a payment that stays PENDING (a checkout payment held for review), once.\nUPDATE payments SET journal_entry_id = :journalEntryId!, updated_at = now()\n WHERE id = :id! AND journal_entry_id IS NULL\nRETURNING id, customer_id, channel, payer_type, payer_id, idempotency_key, request_hash, biller_id, biller_name, biller_slug,\n       account_reference, saved_account_id, amount, fee, currency, rail, funding_account_masked, rail_reference, status,\n       failure_code, failure_message, biller_reference, journal_entry_id, reversal_entry_id, rail_reversal_reference, refunded_amount,\n       held_for_review, created_at, updated_at, completed_at,\n       merchant_id, livemode, checkout_session_id, merchant_fee, merchant_pricing_version_id"};

/**
 * Query generated from SQL:
 * ```
 * -- The capture entry of a payment that stays PENDING (a checkout payment held for review), once.
 * UPDATE payments SET journal_entry_id = :journalEntryId!, updated_at = now()
 *  WHERE id = :id! AND journal_entry_id IS NULL
 * RETURNING id, customer_id, channel, payer_type, payer_id, idempotency_key, request_hash, biller_id, biller_name, biller_slug,
 *        account_reference, saved_account_id, amount, fee, currency, rail, funding_account_masked, rail_reference, status,
 *        failure_code, failure_message, biller_reference, journal_entry_id, reversal_entry_id, rail_reversal_reference, refunded_amount,
 *        held_for_review, created_at, updated_at, completed_at,
 *        merchant_id, livemode, checkout_session_id, merchant_fee, merchant_pricing_version_id
 * ```
 */
export const setJournalEntry = new PreparedQuery<SetJournalEntryParams,SetJournalEntryResult>(setJournalEntryIR);


/** 'AddRefundedAmount' parameters type */
export interface AddRefundedAmountParams {
  amount: NumberOrString;
  id: string;
}

/** 'AddRefundedAmount' return type */
export interface AddRefundedAmountResult {
  refunded_amount: string;
}

/** 'AddRefundedAmount' query type */
export interface AddRefundedAmountQuery {
  params: AddRefundedAmountParams;
  result: AddRefundedAmountResult;
}

const addRefundedAmountIR: any = {"usedParamSet":{"amount":true,"id":true},"params":[{"name":"amount","required":true,"transform":{"type":"scalar"},"locs":[{"a":172,"b":179}]},{"name":"id","required":true,"transform":{"type":"scalar"},"locs":[{"a":221,"b":224}]}],"statement":"-- A part refund of a payment locked by the caller: payments_refunded_amount_check keeps the sum within the amount.\nUPDATE payments SET refunded_amount = refunded_amount + :amount!::bigint, updated_at = now()\n WHERE id = :id!\nRETURNING refunded_amount::text AS \"refunded_amount!\""};

/**
 * Query generated from SQL:
 * ```
 * -- A part refund of a payment locked by the caller: payments_refunded_amount_check keeps the sum within the amount.
 * UPDATE payments SET refunded_amount = refunded_amount + :amount!::bigint, updated_at = now()
 *  WHERE id = :id!
 * RETURNING refunded_amount::text AS "refunded_amount!"
 * ```
 */
export const addRefundedAmount = new PreparedQuery<AddRefundedAmountParams,AddRefundedAmountResult>(addRefundedAmountIR);


/** 'ReturnRefundedAmount' parameters type */
export interface ReturnRefundedAmountParams {
  amount: NumberOrString;
  id: string;
}

/** 'ReturnRefundedAmount' return type */
export interface ReturnRefundedAmountResult {
  refunded_amount: string;
}

/** 'ReturnRefundedAmount' query type */
export interface ReturnRefundedAmountQuery {
  params: ReturnRefundedAmountParams;
  result: ReturnRefundedAmountResult;
}

const returnRefundedAmountIR: any = {"usedParamSet":{"amount":true,"id":true},"params":[{"name":"amount","required":true,"transform":{"type":"scalar"},"locs":[{"a":147,"b":154}]},{"name":"id","required":true,"transform":{"type":"scalar"},"locs":[{"a":196,"b":199}]}],"statement":"-- A part refund the rail refused for good: its amount is no longer returned to the payer.\nUPDATE payments SET refunded_amount = refunded_amount - :amount!::bigint, updated_at = now()\n WHERE id = :id!\nRETURNING refunded_amount::text AS \"refunded_amount!\""};

/**
 * Query generated from SQL:
 * ```
 * -- A part refund the rail refused for good: its amount is no longer returned to the payer.
 * UPDATE payments SET refunded_amount = refunded_amount - :amount!::bigint, updated_at = now()
 *  WHERE id = :id!
 * RETURNING refunded_amount::text AS "refunded_amount!"
 * ```
 */
export const returnRefundedAmount = new PreparedQuery<ReturnRefundedAmountParams,ReturnRefundedAmountResult>(returnRefundedAmountIR);


/** 'CheckoutPaymentRefundStates' parameters type */
export interface CheckoutPaymentRefundStatesParams {
  ids: stringArray;
  livemode: boolean;
  merchantId: string;
}

/** 'CheckoutPaymentRefundStates' return type */
export interface CheckoutPaymentRefundStatesResult {
  amount: string;
  currency: string;
  id: string;
  refunded_amount: string;
  status: string;
}

/** 'CheckoutPaymentRefundStates' query type */
export interface CheckoutPaymentRefundStatesQuery {
  params: CheckoutPaymentRefundStatesParams;
  result: CheckoutPaymentRefundStatesResult;
}

const checkoutPaymentRefundStatesIR: any = {"usedParamSet":{"ids":true,"merchantId":true,"livemode":true},"params":[{"name":"ids","required":true,"transform":{"type":"scalar"},"locs":[{"a":249,"b":253}]},{"name":"merchantId","required":true,"transform":{"type":"scalar"},"locs":[{"a":282,"b":293}]},{"name":"livemode","required":true,"transform":{"type":"scalar"},"locs":[{"a":310,"b":319}]}],"statement":"-- What is refunded of these checkout payments of one merchant and mode (PaymentRefunds.refundStates; primary key).\nSELECT id, amount::text AS \"amount!\", refunded_amount::text AS \"refunded_amount!\", currency, status\n  FROM payments\n WHERE id = ANY (:ids!::uuid[]) AND merchant_id = :merchantId! AND livemode = :livemode!"};

/**
 * Query generated from SQL:
 * ```
 * -- What is refunded of these checkout payments of one merchant and mode (PaymentRefunds.refundStates; primary key).
 * SELECT id, amount::text AS "amount!", refunded_amount::text AS "refunded_amount!", currency, status
 *   FROM payments
 *  WHERE id = ANY (:ids!::uuid[]) AND merchant_id = :merchantId! AND livemode = :livemode!
 * ```
 */
export const checkoutPaymentRefundStates = new PreparedQuery<CheckoutPaymentRefundStatesParams,CheckoutPaymentRefundStatesResult>(checkoutPaymentRefundStatesIR);


