/** Types generated for queries found in "src/modules/merchants/risk/sql/velocity.sql" */
import { PreparedQuery } from '../../../../platform/database/sql-query';

export type DateOrString = Date | string;

export type NumberOrString = number | string;

/** 'CapsInCurrency' parameters type */
export interface CapsInCurrencyParams {
  currency: string;
  merchantId: string;
}

/** 'CapsInCurrency' return type */
export interface CapsInCurrencyResult {
  max_amount: string | null;
  max_count: number | null;
  scope: string;
  window_unit: string;
}

/** 'CapsInCurrency' query type */
export interface CapsInCurrencyQuery {
  params: CapsInCurrencyParams;
  result: CapsInCurrencyResult;
}

const capsInCurrencyIR: any = {"usedParamSet":{"merchantId":true,"currency":true},"params":[{"name":"merchantId","required":true,"transform":{"type":"scalar"},"locs":[{"a":203,"b":214}]},{"name":"currency","required":true,"transform":{"type":"scalar"},"locs":[{"a":231,"b":240}]}],"statement":"-- The caps a payment in this currency meets (admit): none is the common case, and costs nothing more.\nSELECT scope, window_unit, max_count, max_amount\n  FROM merchant_velocity_caps\n WHERE merchant_id = :merchantId! AND currency = :currency!\n ORDER BY scope, window_unit"};

/**
 * Query generated from SQL:
 * ```
 * -- The caps a payment in this currency meets (admit): none is the common case, and costs nothing more.
 * SELECT scope, window_unit, max_count, max_amount
 *   FROM merchant_velocity_caps
 *  WHERE merchant_id = :merchantId! AND currency = :currency!
 *  ORDER BY scope, window_unit
 * ```
 */
export const capsInCurrency = new PreparedQuery<CapsInCurrencyParams,CapsInCurrencyResult>(capsInCurrencyIR);


/** 'LockMerchantVelocity' parameters type */
export interface LockMerchantVelocityParams {
  merchantId: string;
}

/** 'LockMerchantVelocity' return type */
export interface LockMerchantVelocityResult {
  locked: undefined;
}

/** 'LockMerchantVelocity' query type */
export interface LockMerchantVelocityQuery {
  params: LockMerchantVelocityParams;
  result: LockMerchantVelocityResult;
}

const lockMerchantVelocityIR: any = {"usedParamSet":{"merchantId":true},"params":[{"name":"merchantId","required":true,"transform":{"type":"scalar"},"locs":[{"a":277,"b":288}]}],"statement":"-- Serializes the admissions of one merchant's payments until the transaction ends (transaction-scoped,\n-- so it holds under PgBouncer's transaction pooling and is never left behind on a pooled connection).\nSELECT pg_advisory_xact_lock(hashtextextended('merchant-velocity:' || :merchantId!, 0)) AS \"locked!\""};

/**
 * Query generated from SQL:
 * ```
 * -- Serializes the admissions of one merchant's payments until the transaction ends (transaction-scoped,
 * -- so it holds under PgBouncer's transaction pooling and is never left behind on a pooled connection).
 * SELECT pg_advisory_xact_lock(hashtextextended('merchant-velocity:' || :merchantId!, 0)) AS "locked!"
 * ```
 */
export const lockMerchantVelocity = new PreparedQuery<LockMerchantVelocityParams,LockMerchantVelocityResult>(lockMerchantVelocityIR);


/** 'WindowUsage' parameters type */
export interface WindowUsageParams {
  currency: string;
  customerKey?: string | null | void;
  dayFrom: DateOrString;
  hourFrom: DateOrString;
  livemode: boolean;
  merchantId: string;
}

/** 'WindowUsage' return type */
export interface WindowUsageResult {
  day_amount: string;
  day_count: number;
  hour_amount: string;
  hour_count: number;
  scope: string;
}

/** 'WindowUsage' query type */
export interface WindowUsageQuery {
  params: WindowUsageParams;
  result: WindowUsageResult;
}

const windowUsageIR: any = {"usedParamSet":{"hourFrom":true,"merchantId":true,"livemode":true,"currency":true,"dayFrom":true,"customerKey":true},"params":[{"name":"hourFrom","required":true,"transform":{"type":"scalar"},"locs":[{"a":218,"b":227},{"a":309,"b":318}]},{"name":"merchantId","required":true,"transform":{"type":"scalar"},"locs":[{"a":512,"b":523}]},{"name":"livemode","required":true,"transform":{"type":"scalar"},"locs":[{"a":540,"b":549}]},{"name":"currency","required":true,"transform":{"type":"scalar"},"locs":[{"a":566,"b":575}]},{"name":"dayFrom","required":true,"transform":{"type":"scalar"},"locs":[{"a":594,"b":602}]},{"name":"customerKey","required":false,"transform":{"type":"scalar"},"locs":[{"a":697,"b":708}]}],"statement":"-- What the merchant (and the customer, when named) used in the trailing hour and day: the buckets of\n-- minutes at or after each window's start minute.\nSELECT scope,\n       COALESCE(sum(count) FILTER (WHERE minute >= :hourFrom!), 0)::int AS \"hour_count!\",\n       COALESCE(sum(amount) FILTER (WHERE minute >= :hourFrom!), 0)::text AS \"hour_amount!\",\n       COALESCE(sum(count), 0)::int AS \"day_count!\",\n       COALESCE(sum(amount), 0)::text AS \"day_amount!\"\n  FROM merchant_velocity_buckets\n WHERE merchant_id = :merchantId! AND livemode = :livemode! AND currency = :currency!\n   AND minute >= :dayFrom!\n   AND ((scope = 'MERCHANT' AND customer_key = '') OR (scope = 'CUSTOMER' AND customer_key = :customerKey))\n GROUP BY scope"};

/**
 * Query generated from SQL:
 * ```
 * -- What the merchant (and the customer, when named) used in the trailing hour and day: the buckets of
 * -- minutes at or after each window's start minute.
 * SELECT scope,
 *        COALESCE(sum(count) FILTER (WHERE minute >= :hourFrom!), 0)::int AS "hour_count!",
 *        COALESCE(sum(amount) FILTER (WHERE minute >= :hourFrom!), 0)::text AS "hour_amount!",
 *        COALESCE(sum(count), 0)::int AS "day_count!",
 *        COALESCE(sum(amount), 0)::text AS "day_amount!"
 *   FROM merchant_velocity_buckets
 *  WHERE merchant_id = :merchantId! AND livemode = :livemode! AND currency = :currency!
 *    AND minute >= :dayFrom!
 *    AND ((scope = 'MERCHANT' AND customer_key = '') OR (scope = 'CUSTOMER' AND customer_key = :customerKey))
 *  GROUP BY scope
 * ```
 */
export const windowUsage = new PreparedQuery<WindowUsageParams,WindowUsageResult>(windowUsageIR);


/** 'CountAdmission' parameters type */
export interface CountAdmissionParams {
  amount: NumberOrString;
  currency: string;
  customerKey?: string | null | void;
  livemode: boolean;
  merchantId: string;
  minute: DateOrString;
}

/** 'CountAdmission' return type */
export type CountAdmissionResult = void;

/** 'CountAdmission' query type */
export interface CountAdmissionQuery {
  params: CountAdmissionParams;
  result: CountAdmissionResult;
}

const countAdmissionIR: any = {"usedParamSet":{"merchantId":true,"livemode":true,"currency":true,"minute":true,"amount":true,"customerKey":true},"params":[{"name":"merchantId","required":true,"transform":{"type":"scalar"},"locs":[{"a":325,"b":336}]},{"name":"livemode","required":true,"transform":{"type":"scalar"},"locs":[{"a":345,"b":354}]},{"name":"currency","required":true,"transform":{"type":"scalar"},"locs":[{"a":366,"b":375}]},{"name":"minute","required":true,"transform":{"type":"scalar"},"locs":[{"a":419,"b":426}]},{"name":"amount","required":true,"transform":{"type":"scalar"},"locs":[{"a":445,"b":452}]},{"name":"customerKey","required":false,"transform":{"type":"scalar"},"locs":[{"a":508,"b":519}]}],"statement":"-- One more payment in the minute's buckets: the merchant's, and the customer's when named (in that order,\n-- as release takes them, so two transactions never wait on each other's rows crosswise).\nINSERT INTO merchant_velocity_buckets AS b (merchant_id, livemode, currency, scope, customer_key, minute, count, amount)\nSELECT :merchantId!::uuid, :livemode!::boolean, :currency!::char(3), s.scope, s.customer_key,\n       :minute!::timestamptz, 1, :amount!::bigint\n  FROM (VALUES ('MERCHANT', ''), ('CUSTOMER', :customerKey::varchar)) AS s (scope, customer_key)\n WHERE s.customer_key IS NOT NULL\n ORDER BY s.scope DESC\n    ON CONFLICT ON CONSTRAINT merchant_velocity_buckets_pkey\n    DO UPDATE SET count = b.count + 1, amount = b.amount + EXCLUDED.amount"};

/**
 * Query generated from SQL:
 * ```
 * -- One more payment in the minute's buckets: the merchant's, and the customer's when named (in that order,
 * -- as release takes them, so two transactions never wait on each other's rows crosswise).
 * INSERT INTO merchant_velocity_buckets AS b (merchant_id, livemode, currency, scope, customer_key, minute, count, amount)
 * SELECT :merchantId!::uuid, :livemode!::boolean, :currency!::char(3), s.scope, s.customer_key,
 *        :minute!::timestamptz, 1, :amount!::bigint
 *   FROM (VALUES ('MERCHANT', ''), ('CUSTOMER', :customerKey::varchar)) AS s (scope, customer_key)
 *  WHERE s.customer_key IS NOT NULL
 *  ORDER BY s.scope DESC
 *     ON CONFLICT ON CONSTRAINT merchant_velocity_buckets_pkey
 *     DO UPDATE SET count = b.count + 1, amount = b.amount + EXCLUDED.amount
 * ```
 */
export const countAdmission = new PreparedQuery<CountAdmissionParams,CountAdmissionResult>(countAdmissionIR);


/** 'UncountAdmission' parameters type */
export interface UncountAdmissionParams {
  amount: NumberOrString;
  currency: string;
  customerKey: string;
  livemode: boolean;
  merchantId: string;
  minute: DateOrString;
  scope: string;
}

/** 'UncountAdmission' return type */
export type UncountAdmissionResult = void;

/** 'UncountAdmission' query type */
export interface UncountAdmissionQuery {
  params: UncountAdmissionParams;
  result: UncountAdmissionResult;
}

const uncountAdmissionIR: any = {"usedParamSet":{"amount":true,"merchantId":true,"livemode":true,"currency":true,"scope":true,"customerKey":true,"minute":true},"params":[{"name":"amount","required":true,"transform":{"type":"scalar"},"locs":[{"a":186,"b":193}]},{"name":"merchantId","required":true,"transform":{"type":"scalar"},"locs":[{"a":228,"b":239}]},{"name":"livemode","required":true,"transform":{"type":"scalar"},"locs":[{"a":256,"b":265}]},{"name":"currency","required":true,"transform":{"type":"scalar"},"locs":[{"a":282,"b":291}]},{"name":"scope","required":true,"transform":{"type":"scalar"},"locs":[{"a":308,"b":314}]},{"name":"customerKey","required":true,"transform":{"type":"scalar"},"locs":[{"a":335,"b":347}]},{"name":"minute","required":true,"transform":{"type":"scalar"},"locs":[{"a":362,"b":369}]}],"statement":"-- One payment less in one bucket of the minute it was admitted in (never below zero).\nUPDATE merchant_velocity_buckets\n   SET count = GREATEST(count - 1, 0), amount = GREATEST(amount - :amount!::bigint, 0)\n WHERE merchant_id = :merchantId! AND livemode = :livemode! AND currency = :currency!\n   AND scope = :scope! AND customer_key = :customerKey! AND minute = :minute!"};

/**
 * Query generated from SQL:
 * ```
 * -- One payment less in one bucket of the minute it was admitted in (never below zero).
 * UPDATE merchant_velocity_buckets
 *    SET count = GREATEST(count - 1, 0), amount = GREATEST(amount - :amount!::bigint, 0)
 *  WHERE merchant_id = :merchantId! AND livemode = :livemode! AND currency = :currency!
 *    AND scope = :scope! AND customer_key = :customerKey! AND minute = :minute!
 * ```
 */
export const uncountAdmission = new PreparedQuery<UncountAdmissionParams,UncountAdmissionResult>(uncountAdmissionIR);


