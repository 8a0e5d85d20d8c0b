/** Types generated for queries found in "src/modules/merchants/risk/sql/velocity.sql" */
import { PreparedQuery } from '../../../../platform/database/sql-query';

export type DateOrString = Date | string;

export type NumberOrString = number | string;

export type stringArray = (string)[];

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


/** 'MerchantWindowUsage' parameters type */
export interface MerchantWindowUsageParams {
  currencies: stringArray;
  dayFrom: DateOrString;
  hourFrom: DateOrString;
  livemode: boolean;
  merchantId: string;
}

/** 'MerchantWindowUsage' return type */
export interface MerchantWindowUsageResult {
  currency: string;
  day_amount: string;
  day_count: number;
  day_oldest: Date | null;
  hour_amount: string;
  hour_count: number;
  hour_oldest: Date | null;
}

/** 'MerchantWindowUsage' query type */
export interface MerchantWindowUsageQuery {
  params: MerchantWindowUsageParams;
  result: MerchantWindowUsageResult;
}

const merchantWindowUsageIR: any = {"usedParamSet":{"hourFrom":true,"merchantId":true,"livemode":true,"currencies":true,"dayFrom":true},"params":[{"name":"hourFrom","required":true,"transform":{"type":"scalar"},"locs":[{"a":267,"b":276},{"a":358,"b":367},{"a":442,"b":451}]},{"name":"merchantId","required":true,"transform":{"type":"scalar"},"locs":[{"a":705,"b":716}]},{"name":"livemode","required":true,"transform":{"type":"scalar"},"locs":[{"a":733,"b":742}]},{"name":"currencies","required":true,"transform":{"type":"scalar"},"locs":[{"a":764,"b":775}]},{"name":"dayFrom","required":true,"transform":{"type":"scalar"},"locs":[{"a":850,"b":858}]}],"statement":"-- The merchant's own use (MERCHANT buckets) of the trailing hour and day in each currency, with the oldest\n-- minute still counted in each (when its headroom comes back): GET /merchant/risk/limits.\nSELECT currency,\n       COALESCE(sum(count) FILTER (WHERE minute >= :hourFrom!), 0)::int AS \"hour_count!\",\n       COALESCE(sum(amount) FILTER (WHERE minute >= :hourFrom!), 0)::text AS \"hour_amount!\",\n       min(minute) FILTER (WHERE minute >= :hourFrom! AND count > 0) AS hour_oldest,\n       COALESCE(sum(count), 0)::int AS \"day_count!\",\n       COALESCE(sum(amount), 0)::text AS \"day_amount!\",\n       min(minute) FILTER (WHERE count > 0) AS day_oldest\n  FROM merchant_velocity_buckets\n WHERE merchant_id = :merchantId! AND livemode = :livemode! AND currency = ANY (:currencies!::bpchar[])\n   AND scope = 'MERCHANT' AND customer_key = '' AND minute >= :dayFrom!\n GROUP BY currency"};

/**
 * Query generated from SQL:
 * ```
 * -- The merchant's own use (MERCHANT buckets) of the trailing hour and day in each currency, with the oldest
 * -- minute still counted in each (when its headroom comes back): GET /merchant/risk/limits.
 * SELECT currency,
 *        COALESCE(sum(count) FILTER (WHERE minute >= :hourFrom!), 0)::int AS "hour_count!",
 *        COALESCE(sum(amount) FILTER (WHERE minute >= :hourFrom!), 0)::text AS "hour_amount!",
 *        min(minute) FILTER (WHERE minute >= :hourFrom! AND count > 0) AS hour_oldest,
 *        COALESCE(sum(count), 0)::int AS "day_count!",
 *        COALESCE(sum(amount), 0)::text AS "day_amount!",
 *        min(minute) FILTER (WHERE count > 0) AS day_oldest
 *   FROM merchant_velocity_buckets
 *  WHERE merchant_id = :merchantId! AND livemode = :livemode! AND currency = ANY (:currencies!::bpchar[])
 *    AND scope = 'MERCHANT' AND customer_key = '' AND minute >= :dayFrom!
 *  GROUP BY currency
 * ```
 */
export const merchantWindowUsage = new PreparedQuery<MerchantWindowUsageParams,MerchantWindowUsageResult>(merchantWindowUsageIR);


/** 'DailyFigures' parameters type */
export interface DailyFiguresParams {
  currency: string;
  from: DateOrString;
  livemode: boolean;
  merchantId: string;
  to: DateOrString;
}

/** 'DailyFigures' return type */
export interface DailyFiguresResult {
  date: string;
  payment_count: number;
  volume: string;
}

/** 'DailyFigures' query type */
export interface DailyFiguresQuery {
  params: DailyFiguresParams;
  result: DailyFiguresResult;
}

const dailyFiguresIR: any = {"usedParamSet":{"merchantId":true,"livemode":true,"currency":true,"from":true,"to":true},"params":[{"name":"merchantId","required":true,"transform":{"type":"scalar"},"locs":[{"a":356,"b":367}]},{"name":"livemode","required":true,"transform":{"type":"scalar"},"locs":[{"a":384,"b":393}]},{"name":"currency","required":true,"transform":{"type":"scalar"},"locs":[{"a":410,"b":419}]},{"name":"from","required":true,"transform":{"type":"scalar"},"locs":[{"a":483,"b":488}]},{"name":"to","required":true,"transform":{"type":"scalar"},"locs":[{"a":503,"b":506}]}],"statement":"-- The merchant's payments per UTC day in one currency (MERCHANT buckets), days without any left out:\n-- GET /merchant/risk/kpis fills them with zeros.\nSELECT to_char(minute AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS \"date!\",\n       sum(count)::int AS \"payment_count!\",\n       sum(amount)::text AS \"volume!\"\n  FROM merchant_velocity_buckets\n WHERE merchant_id = :merchantId! AND livemode = :livemode! AND currency = :currency!\n   AND scope = 'MERCHANT' AND customer_key = '' AND minute >= :from! AND minute < :to!\n GROUP BY 1\n ORDER BY 1"};

/**
 * Query generated from SQL:
 * ```
 * -- The merchant's payments per UTC day in one currency (MERCHANT buckets), days without any left out:
 * -- GET /merchant/risk/kpis fills them with zeros.
 * SELECT to_char(minute AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS "date!",
 *        sum(count)::int AS "payment_count!",
 *        sum(amount)::text AS "volume!"
 *   FROM merchant_velocity_buckets
 *  WHERE merchant_id = :merchantId! AND livemode = :livemode! AND currency = :currency!
 *    AND scope = 'MERCHANT' AND customer_key = '' AND minute >= :from! AND minute < :to!
 *  GROUP BY 1
 *  ORDER BY 1
 * ```
 */
export const dailyFigures = new PreparedQuery<DailyFiguresParams,DailyFiguresResult>(dailyFiguresIR);


/** 'PurgeBuckets' parameters type */
export interface PurgeBucketsParams {
  batch: NumberOrString;
  before: DateOrString;
}

/** 'PurgeBuckets' return type */
export interface PurgeBucketsResult {
  deleted: number;
}

/** 'PurgeBuckets' query type */
export interface PurgeBucketsQuery {
  params: PurgeBucketsParams;
  result: PurgeBucketsResult;
}

const purgeBucketsIR: any = {"usedParamSet":{"before":true,"batch":true},"params":[{"name":"before","required":true,"transform":{"type":"scalar"},"locs":[{"a":259,"b":266}]},{"name":"batch","required":true,"transform":{"type":"scalar"},"locs":[{"a":290,"b":296}]}],"statement":"-- Deletes up to :batch buckets older than :before (the 90-day retention), oldest first; answers how many.\nWITH gone AS (\n  DELETE FROM merchant_velocity_buckets\n   WHERE ctid = ANY (ARRAY(\n           SELECT ctid FROM merchant_velocity_buckets WHERE minute < :before! ORDER BY minute LIMIT :batch!\n         ))\n  RETURNING 1\n)\nSELECT count(*)::int AS \"deleted!\" FROM gone"};

/**
 * Query generated from SQL:
 * ```
 * -- Deletes up to :batch buckets older than :before (the 90-day retention), oldest first; answers how many.
 * WITH gone AS (
 *   DELETE FROM merchant_velocity_buckets
 *    WHERE ctid = ANY (ARRAY(
 *            SELECT ctid FROM merchant_velocity_buckets WHERE minute < :before! ORDER BY minute LIMIT :batch!
 *          ))
 *   RETURNING 1
 * )
 * SELECT count(*)::int AS "deleted!" FROM gone
 * ```
 */
export const purgeBuckets = new PreparedQuery<PurgeBucketsParams,PurgeBucketsResult>(purgeBucketsIR);


