/* @name PricingVersionAt */
-- The version in force at :at: the newest whose effective_at has come (merchant_pricing_versions_merchant_idx).
SELECT id, fee_bps, fee_fixed, fee_cap, fee_currency, reserve_bps, reserve_hold_days, payout_interval,
       payout_delay_days, payout_weekly_anchor, payout_monthly_anchor, minimum_payout_amount
  FROM merchant_pricing_versions
 WHERE merchant_id = :merchantId! AND effective_at <= :at!
 ORDER BY effective_at DESC, id DESC
 LIMIT 1;

/* @name InsertReleases */
-- A capture's scheduled releases (one or two rows); a second capture of one payment meets the unique key.
INSERT INTO merchant_balance_releases
       (id, merchant_id, livemode, currency, payment_id, kind, amount, due_at, capture_entry_id, created_at)
SELECT r.id, :merchantId!, :livemode!, :currency!, :paymentId!, r.kind, r.amount, r.due_at, :captureEntryId!, :createdAt!
  FROM unnest(:ids!::uuid[], :kinds!::varchar[], :amounts!::bigint[], :dueAts!::timestamptz[])
       AS r (id, kind, amount, due_at);
