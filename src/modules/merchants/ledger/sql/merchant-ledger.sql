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

/* @name ClaimDueReleases */
-- A batch of releases due by :now for this worker; rows another worker holds are skipped (merchant_balance_releases_due_idx).
SELECT id, merchant_id, livemode, currency, payment_id, kind, amount
  FROM merchant_balance_releases
 WHERE released_at IS NULL AND due_at <= :now!
 ORDER BY due_at, id
 LIMIT :limit!
   FOR UPDATE SKIP LOCKED;

/* @name MarkReleased */
UPDATE merchant_balance_releases
   SET released_at = :releasedAt!, release_entry_id = :releaseEntryId
 WHERE id = :id! AND released_at IS NULL;

/* @name LockBalance */
-- Serialises the refunds of one merchant balance (merchant, mode, currency) for the transaction.
SELECT pg_advisory_xact_lock(hashtextextended(:key!, 0))::text AS "locked";

/* @name LockUnreleasedPending */
-- A balance's pending releases not yet made, the refunded payment's first, then the furthest due; locked so the
-- release job (SKIP LOCKED) leaves them while a refund decides how much pending it spends.
SELECT id, payment_id, amount
  FROM merchant_balance_releases
 WHERE merchant_id = :merchantId! AND livemode = :livemode! AND currency = :currency!
   AND kind = 'PENDING_TO_AVAILABLE' AND released_at IS NULL
 ORDER BY (payment_id = :paymentId!) DESC, due_at DESC, id DESC
   FOR UPDATE;

/* @name ReduceRelease */
UPDATE merchant_balance_releases SET amount = amount - :by!::bigint
 WHERE id = :id! AND released_at IS NULL;

/* @name RestorePendingRelease */
-- A refund the rail refused gives its pending part back to the payment's own release, if not made yet.
UPDATE merchant_balance_releases SET amount = amount + :by!::bigint
 WHERE payment_id = :paymentId! AND kind = 'PENDING_TO_AVAILABLE' AND released_at IS NULL
RETURNING id;

/* @name ReleasesDueBy */
-- What becomes available by :by from the balance's scheduled releases (both kinds).
SELECT coalesce(sum(amount), 0)::text AS "amount!"
  FROM merchant_balance_releases
 WHERE merchant_id = :merchantId! AND livemode = :livemode! AND currency = :currency!
   AND released_at IS NULL AND due_at <= :by!;

/* @name CurrentSettlementAccount */
SELECT currency, status, payouts_held_until
  FROM merchant_settlement_accounts
 WHERE merchant_id = :merchantId! AND replaced_at IS NULL;

/* @name MerchantKybStatus */
SELECT kyb_status FROM merchants WHERE id = :merchantId!;

/* @name ClaimDueReleasesOfPayment */
-- One payment's releases due by :now (the test clock runs them at once); locked for the posting.
SELECT id, merchant_id, livemode, currency, payment_id, kind, amount
  FROM merchant_balance_releases
 WHERE payment_id = :paymentId! AND released_at IS NULL AND due_at <= :now!
 ORDER BY due_at, id
   FOR UPDATE;
