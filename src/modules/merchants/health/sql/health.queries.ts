/** Types generated for queries found in "src/modules/merchants/health/sql/health.sql" */
import { PreparedQuery } from '../../../../platform/database/sql-query';

export type DateOrString = Date | string;

export type DateOrStringArray = (DateOrString)[];

export type booleanArray = (boolean)[];

export type numberArray = (number)[];

export type stringArray = (string)[];

/** 'HealthMerchantState' parameters type */
export interface HealthMerchantStateParams {
  merchantId: string;
}

/** 'HealthMerchantState' return type */
export interface HealthMerchantStateResult {
  kyb_status: string;
  payouts_held_until: Date;
  settlement_status: string;
}

/** 'HealthMerchantState' query type */
export interface HealthMerchantStateQuery {
  params: HealthMerchantStateParams;
  result: HealthMerchantStateResult;
}

const healthMerchantStateIR: any = {"usedParamSet":{"merchantId":true},"params":[{"name":"merchantId","required":true,"transform":{"type":"scalar"},"locs":[{"a":295,"b":306}]}],"statement":"-- The merchant's KYB status and its current settlement account (none: nulls).\nSELECT m.kyb_status AS \"kyb_status!\", s.status AS settlement_status, s.payouts_held_until\n  FROM merchants m\n  LEFT JOIN merchant_settlement_accounts s ON s.merchant_id = m.id AND s.replaced_at IS NULL\n WHERE m.id = :merchantId!"};

/**
 * Query generated from SQL:
 * ```
 * -- The merchant's KYB status and its current settlement account (none: nulls).
 * SELECT m.kyb_status AS "kyb_status!", s.status AS settlement_status, s.payouts_held_until
 *   FROM merchants m
 *   LEFT JOIN merchant_settlement_accounts s ON s.merchant_id = m.id AND s.replaced_at IS NULL
 *  WHERE m.id = :merchantId!
 * ```
 */
export const healthMerchantState = new PreparedQuery<HealthMerchantStateParams,HealthMerchantStateResult>(healthMerchantStateIR);


/** 'AddApiRequestCounts' parameters type */
export interface AddApiRequestCountsParams {
  clientErrors: numberArray;
  hours: DateOrStringArray;
  livemodes: booleanArray;
  merchantIds: stringArray;
  serverErrors: numberArray;
  totals: numberArray;
}

/** 'AddApiRequestCounts' return type */
export type AddApiRequestCountsResult = void;

/** 'AddApiRequestCounts' query type */
export interface AddApiRequestCountsQuery {
  params: AddApiRequestCountsParams;
  result: AddApiRequestCountsResult;
}

const addApiRequestCountsIR: any = {"usedParamSet":{"merchantIds":true,"livemodes":true,"hours":true,"totals":true,"clientErrors":true,"serverErrors":true},"params":[{"name":"merchantIds","required":true,"transform":{"type":"scalar"},"locs":[{"a":315,"b":327}]},{"name":"livemodes","required":true,"transform":{"type":"scalar"},"locs":[{"a":338,"b":348}]},{"name":"hours","required":true,"transform":{"type":"scalar"},"locs":[{"a":362,"b":368}]},{"name":"totals","required":true,"transform":{"type":"scalar"},"locs":[{"a":386,"b":393}]},{"name":"clientErrors","required":true,"transform":{"type":"scalar"},"locs":[{"a":417,"b":430}]},{"name":"serverErrors","required":true,"transform":{"type":"scalar"},"locs":[{"a":440,"b":453}]}],"statement":"-- The counts an API process gathered since its last flush, added to each merchant, mode and hour's row.\nINSERT INTO merchant_api_request_counts AS c (merchant_id, livemode, hour, total, client_errors, server_errors)\nSELECT r.merchant_id, r.livemode, r.hour, r.total, r.client_errors, r.server_errors\n  FROM unnest(:merchantIds!::uuid[], :livemodes!::boolean[], :hours!::timestamptz[], :totals!::int[],\n              :clientErrors!::int[], :serverErrors!::int[])\n       AS r (merchant_id, livemode, hour, total, client_errors, server_errors)\n    ON CONFLICT (merchant_id, livemode, hour) DO UPDATE\n   SET total = c.total + excluded.total,\n       client_errors = c.client_errors + excluded.client_errors,\n       server_errors = c.server_errors + excluded.server_errors"};

/**
 * Query generated from SQL:
 * ```
 * -- The counts an API process gathered since its last flush, added to each merchant, mode and hour's row.
 * INSERT INTO merchant_api_request_counts AS c (merchant_id, livemode, hour, total, client_errors, server_errors)
 * SELECT r.merchant_id, r.livemode, r.hour, r.total, r.client_errors, r.server_errors
 *   FROM unnest(:merchantIds!::uuid[], :livemodes!::boolean[], :hours!::timestamptz[], :totals!::int[],
 *               :clientErrors!::int[], :serverErrors!::int[])
 *        AS r (merchant_id, livemode, hour, total, client_errors, server_errors)
 *     ON CONFLICT (merchant_id, livemode, hour) DO UPDATE
 *    SET total = c.total + excluded.total,
 *        client_errors = c.client_errors + excluded.client_errors,
 *        server_errors = c.server_errors + excluded.server_errors
 * ```
 */
export const addApiRequestCounts = new PreparedQuery<AddApiRequestCountsParams,AddApiRequestCountsResult>(addApiRequestCountsIR);


/** 'PurgeApiRequestCounts' parameters type */
export interface PurgeApiRequestCountsParams {
  before: DateOrString;
}

/** 'PurgeApiRequestCounts' return type */
export type PurgeApiRequestCountsResult = void;

/** 'PurgeApiRequestCounts' query type */
export interface PurgeApiRequestCountsQuery {
  params: PurgeApiRequestCountsParams;
  result: PurgeApiRequestCountsResult;
}

const purgeApiRequestCountsIR: any = {"usedParamSet":{"before":true},"params":[{"name":"before","required":true,"transform":{"type":"scalar"},"locs":[{"a":53,"b":60}]}],"statement":"DELETE FROM merchant_api_request_counts WHERE hour < :before!"};

/**
 * Query generated from SQL:
 * ```
 * DELETE FROM merchant_api_request_counts WHERE hour < :before!
 * ```
 */
export const purgeApiRequestCounts = new PreparedQuery<PurgeApiRequestCountsParams,PurgeApiRequestCountsResult>(purgeApiRequestCountsIR);


/** 'HealthApiRequestTotals' parameters type */
export interface HealthApiRequestTotalsParams {
  livemode: boolean;
  merchantId: string;
  since: DateOrString;
}

/** 'HealthApiRequestTotals' return type */
export interface HealthApiRequestTotalsResult {
  client_errors: number;
  server_errors: number;
  total: number;
}

/** 'HealthApiRequestTotals' query type */
export interface HealthApiRequestTotalsQuery {
  params: HealthApiRequestTotalsParams;
  result: HealthApiRequestTotalsResult;
}

const healthApiRequestTotalsIR: any = {"usedParamSet":{"merchantId":true,"livemode":true,"since":true},"params":[{"name":"merchantId","required":true,"transform":{"type":"scalar"},"locs":[{"a":337,"b":348}]},{"name":"livemode","required":true,"transform":{"type":"scalar"},"locs":[{"a":365,"b":374}]},{"name":"since","required":true,"transform":{"type":"scalar"},"locs":[{"a":388,"b":394}]}],"statement":"-- The merchant API's requests in one mode from :since (whole hours), with those answered 4xx and 5xx.\nSELECT coalesce(sum(total), 0)::int AS \"total!\",\n       coalesce(sum(client_errors), 0)::int AS \"client_errors!\",\n       coalesce(sum(server_errors), 0)::int AS \"server_errors!\"\n  FROM merchant_api_request_counts\n WHERE merchant_id = :merchantId! AND livemode = :livemode! AND hour >= :since!"};

/**
 * Query generated from SQL:
 * ```
 * -- The merchant API's requests in one mode from :since (whole hours), with those answered 4xx and 5xx.
 * SELECT coalesce(sum(total), 0)::int AS "total!",
 *        coalesce(sum(client_errors), 0)::int AS "client_errors!",
 *        coalesce(sum(server_errors), 0)::int AS "server_errors!"
 *   FROM merchant_api_request_counts
 *  WHERE merchant_id = :merchantId! AND livemode = :livemode! AND hour >= :since!
 * ```
 */
export const healthApiRequestTotals = new PreparedQuery<HealthApiRequestTotalsParams,HealthApiRequestTotalsResult>(healthApiRequestTotalsIR);


/** 'HealthWebhookEndpoints' parameters type */
export interface HealthWebhookEndpointsParams {
  livemode: boolean;
  merchantId: string;
  since: DateOrString;
}

/** 'HealthWebhookEndpoints' return type */
export interface HealthWebhookEndpointsResult {
  disabled_reason: string | null;
  failed_deliveries: number;
  failing_since: Date | null;
  id: string;
  status: string;
}

/** 'HealthWebhookEndpoints' query type */
export interface HealthWebhookEndpointsQuery {
  params: HealthWebhookEndpointsParams;
  result: HealthWebhookEndpointsResult;
}

const healthWebhookEndpointsIR: any = {"usedParamSet":{"since":true,"merchantId":true,"livemode":true},"params":[{"name":"since","required":true,"transform":{"type":"scalar"},"locs":[{"a":325,"b":331}]},{"name":"merchantId","required":true,"transform":{"type":"scalar"},"locs":[{"a":417,"b":428}]},{"name":"livemode","required":true,"transform":{"type":"scalar"},"locs":[{"a":447,"b":456}]}],"statement":"-- The mode's endpoints with their failing state and the deliveries that ran out of attempts since :since.\nSELECT e.id, e.status, e.disabled_reason, e.failing_since,\n       (SELECT count(*)::int\n          FROM merchant_webhook_deliveries d\n         WHERE d.endpoint_id = e.id AND d.status = 'FAILED' AND d.last_attempt_at >= :since!) AS \"failed_deliveries!\"\n  FROM merchant_webhook_endpoints e\n WHERE e.merchant_id = :merchantId! AND e.livemode = :livemode!\n ORDER BY e.created_at, e.id"};

/**
 * Query generated from SQL:
 * ```
 * -- The mode's endpoints with their failing state and the deliveries that ran out of attempts since :since.
 * SELECT e.id, e.status, e.disabled_reason, e.failing_since,
 *        (SELECT count(*)::int
 *           FROM merchant_webhook_deliveries d
 *          WHERE d.endpoint_id = e.id AND d.status = 'FAILED' AND d.last_attempt_at >= :since!) AS "failed_deliveries!"
 *   FROM merchant_webhook_endpoints e
 *  WHERE e.merchant_id = :merchantId! AND e.livemode = :livemode!
 *  ORDER BY e.created_at, e.id
 * ```
 */
export const healthWebhookEndpoints = new PreparedQuery<HealthWebhookEndpointsParams,HealthWebhookEndpointsResult>(healthWebhookEndpointsIR);


/** 'HealthVerifiedOrigins' parameters type */
export interface HealthVerifiedOriginsParams {
  merchantId: string;
}

/** 'HealthVerifiedOrigins' return type */
export interface HealthVerifiedOriginsResult {
  total: number;
  verified: number;
  verified_test_only: number;
}

/** 'HealthVerifiedOrigins' query type */
export interface HealthVerifiedOriginsQuery {
  params: HealthVerifiedOriginsParams;
  result: HealthVerifiedOriginsResult;
}

const healthVerifiedOriginsIR: any = {"usedParamSet":{"merchantId":true},"params":[{"name":"merchantId","required":true,"transform":{"type":"scalar"},"locs":[{"a":274,"b":285}]}],"statement":"SELECT count(*) FILTER (WHERE status = 'VERIFIED' AND NOT test_mode_only)::int AS \"verified!\",\n       count(*) FILTER (WHERE status = 'VERIFIED' AND test_mode_only)::int AS \"verified_test_only!\",\n       count(*)::int AS \"total!\"\n  FROM merchant_origins\n WHERE merchant_id = :merchantId!"};

/**
 * Query generated from SQL:
 * ```
 * SELECT count(*) FILTER (WHERE status = 'VERIFIED' AND NOT test_mode_only)::int AS "verified!",
 *        count(*) FILTER (WHERE status = 'VERIFIED' AND test_mode_only)::int AS "verified_test_only!",
 *        count(*)::int AS "total!"
 *   FROM merchant_origins
 *  WHERE merchant_id = :merchantId!
 * ```
 */
export const healthVerifiedOrigins = new PreparedQuery<HealthVerifiedOriginsParams,HealthVerifiedOriginsResult>(healthVerifiedOriginsIR);


