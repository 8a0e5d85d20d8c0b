/* @name HealthMerchantState */
-- The merchant's KYB status and its current settlement account (none: nulls).
SELECT m.kyb_status AS "kyb_status!", s.status AS settlement_status, s.payouts_held_until
  FROM merchants m
  LEFT JOIN merchant_settlement_accounts s ON s.merchant_id = m.id AND s.replaced_at IS NULL
 WHERE m.id = :merchantId!;

/* @name AddApiRequestCounts */
-- The counts an API process gathered since its last flush, added to each merchant, mode and hour's row.
INSERT INTO merchant_api_request_counts AS c (merchant_id, livemode, hour, total, client_errors, server_errors)
SELECT r.merchant_id, r.livemode, r.hour, r.total, r.client_errors, r.server_errors
  FROM unnest(:merchantIds!::uuid[], :livemodes!::boolean[], :hours!::timestamptz[], :totals!::int[],
              :clientErrors!::int[], :serverErrors!::int[])
       AS r (merchant_id, livemode, hour, total, client_errors, server_errors)
    ON CONFLICT (merchant_id, livemode, hour) DO UPDATE
   SET total = c.total + excluded.total,
       client_errors = c.client_errors + excluded.client_errors,
       server_errors = c.server_errors + excluded.server_errors;

/* @name PurgeApiRequestCounts */
DELETE FROM merchant_api_request_counts WHERE hour < :before!;

/* @name HealthApiRequestTotals */
-- The merchant API's requests in one mode from :since (whole hours), with those answered 4xx and 5xx.
SELECT coalesce(sum(total), 0)::int AS "total!",
       coalesce(sum(client_errors), 0)::int AS "client_errors!",
       coalesce(sum(server_errors), 0)::int AS "server_errors!"
  FROM merchant_api_request_counts
 WHERE merchant_id = :merchantId! AND livemode = :livemode! AND hour >= :since!;

/* @name HealthWebhookEndpoints */
-- The mode's endpoints with their failing state and the deliveries that ran out of attempts since :since.
SELECT e.id, e.status, e.disabled_reason, e.failing_since,
       (SELECT count(*)::int
          FROM merchant_webhook_deliveries d
         WHERE d.endpoint_id = e.id AND d.status = 'FAILED' AND d.last_attempt_at >= :since!) AS "failed_deliveries!"
  FROM merchant_webhook_endpoints e
 WHERE e.merchant_id = :merchantId! AND e.livemode = :livemode!
 ORDER BY e.created_at, e.id;

/* @name HealthVerifiedOrigins */
SELECT count(*) FILTER (WHERE status = 'VERIFIED' AND NOT test_mode_only)::int AS "verified!",
       count(*) FILTER (WHERE status = 'VERIFIED' AND test_mode_only)::int AS "verified_test_only!",
       count(*)::int AS "total!"
  FROM merchant_origins
 WHERE merchant_id = :merchantId!;
