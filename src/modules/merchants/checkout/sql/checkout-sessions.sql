/* @name CheckoutSessionById */
-- Any session by id, whatever its merchant and mode (the hosted page, the pay path, the expiry).
SELECT id, merchant_id, livemode, status, source, payment_link_id, amount, currency, merchant_reference, title,
       success_url, cancel_url, customer_email, metadata, payment_id, idempotency_key, request_fingerprint,
       created_by_api_key_id, expires_at, completed_at, expired_at, created_at
  FROM merchant_checkout_sessions
 WHERE id = :id!;

/* @name CheckoutSessionOf */
-- The session of this merchant in this mode, another merchant's or the other mode's is no row.
SELECT id, merchant_id, livemode, status, source, payment_link_id, amount, currency, merchant_reference, title,
       success_url, cancel_url, customer_email, metadata, payment_id, idempotency_key, request_fingerprint,
       created_by_api_key_id, expires_at, completed_at, expired_at, created_at
  FROM merchant_checkout_sessions
 WHERE id = :id! AND merchant_id = :merchantId! AND livemode = :livemode!;

/* @name CheckoutSessionByIdempotencyKey */
-- The session an Idempotency-Key of this merchant and mode opened (merchant_checkout_sessions_idempotency_key).
SELECT id, merchant_id, livemode, status, source, payment_link_id, amount, currency, merchant_reference, title,
       success_url, cancel_url, customer_email, metadata, payment_id, idempotency_key, request_fingerprint,
       created_by_api_key_id, expires_at, completed_at, expired_at, created_at
  FROM merchant_checkout_sessions
 WHERE merchant_id = :merchantId! AND livemode = :livemode! AND idempotency_key = :idempotencyKey!;

/* @name InsertCheckoutSession */
-- A new session, a second one of the merchant's key meets merchant_checkout_sessions_idempotency_key.
INSERT INTO merchant_checkout_sessions
       (id, merchant_id, livemode, status, source, payment_link_id, amount, currency, merchant_reference, title,
        success_url, cancel_url, customer_email, metadata, payment_id, idempotency_key, request_fingerprint,
        created_by_api_key_id, expires_at, completed_at, expired_at, created_at)
VALUES (:id!, :merchantId!, :livemode!, :status!, :source!, :paymentLinkId, :amount!, :currency!, :merchantReference!,
        :title, :successUrl!, :cancelUrl!, :customerEmail, :metadata!, :paymentId, :idempotencyKey,
        :requestFingerprint, :createdByApiKeyId, :expiresAt!, :completedAt, :expiredAt, :createdAt!);

/* @name CheckoutSessionsOverdueOpen */
-- OPEN sessions due before the given time and not being paid, oldest due first (merchant_checkout_sessions_open_expiry_idx).
SELECT id, merchant_id, livemode, status, source, payment_link_id, amount, currency, merchant_reference, title,
       success_url, cancel_url, customer_email, metadata, payment_id, idempotency_key, request_fingerprint,
       created_by_api_key_id, expires_at, completed_at, expired_at, created_at
  FROM merchant_checkout_sessions
 WHERE status = 'OPEN' AND expires_at < :dueBefore! AND payment_id IS NULL
 ORDER BY expires_at
 LIMIT :limit!;

/* @name ExpireCheckoutSessionIfDue */
-- OPEN and due, and no payment paying it: EXPIRED, once.
UPDATE merchant_checkout_sessions
   SET status = 'EXPIRED', expired_at = :now!
 WHERE id = :id! AND status = 'OPEN' AND expires_at <= :now! AND payment_id IS NULL
RETURNING id;

/* @name LockCheckoutSessionForPayment */
-- The session locked for the payment core's admission, with the transaction's time (the payment's created_at)
-- and the merchant's pricing version in force then, if any (the ledger's PricingVersionAt at that time, read
-- in the same round trip: merchant_pricing_versions_merchant_idx).
SELECT s.id, s.merchant_id, s.livemode, s.status, s.source, s.payment_link_id, s.amount, s.currency,
       s.merchant_reference, s.title, s.success_url, s.cancel_url, s.customer_email, s.metadata, s.payment_id,
       s.idempotency_key, s.request_fingerprint, s.created_by_api_key_id, s.expires_at, s.completed_at,
       s.expired_at, s.created_at, now() AS "transaction_now!",
       v.id AS "pricing_version_id?", v.fee_bps AS "pricing_fee_bps?", v.fee_fixed AS "pricing_fee_fixed?",
       v.fee_cap AS "pricing_fee_cap?", v.fee_currency AS "pricing_fee_currency?",
       v.reserve_bps AS "pricing_reserve_bps?", v.reserve_hold_days AS "pricing_reserve_hold_days?",
       v.payout_interval AS "pricing_payout_interval?", v.payout_delay_days AS "pricing_payout_delay_days?",
       v.payout_weekly_anchor AS "pricing_payout_weekly_anchor?",
       v.payout_monthly_anchor AS "pricing_payout_monthly_anchor?",
       v.minimum_payout_amount AS "pricing_minimum_payout_amount?"
  FROM merchant_checkout_sessions s
  LEFT JOIN LATERAL (
        SELECT p.id, p.fee_bps, p.fee_fixed, p.fee_cap, p.fee_currency, p.reserve_bps, p.reserve_hold_days,
               p.payout_interval, p.payout_delay_days, p.payout_weekly_anchor, p.payout_monthly_anchor,
               p.minimum_payout_amount
          FROM merchant_pricing_versions p
         WHERE p.merchant_id = s.merchant_id AND p.effective_at <= now()
         ORDER BY p.effective_at DESC, p.id DESC
         LIMIT 1) v ON true
 WHERE s.id = :id!
   FOR UPDATE OF s;

/* @name MarkCheckoutSessionPaying */
-- The payment paying an OPEN, unpaid session, with the pricing terms its capture needs, as in force at admission.
UPDATE merchant_checkout_sessions
   SET payment_id = :paymentId!, admission_reserve_bps = :reserveBps!,
       admission_reserve_hold_days = :reserveHoldDays!, admission_payout_delay_days = :payoutDelayDays!
 WHERE id = :id! AND status = 'OPEN' AND payment_id IS NULL
RETURNING id;

/* @name CompleteCheckoutSession */
-- OPEN -> COMPLETE by the payment paying it, once, answering the session and the terms its admission kept.
UPDATE merchant_checkout_sessions
   SET status = 'COMPLETE', completed_at = :completedAt!
 WHERE id = :id! AND status = 'OPEN' AND payment_id = :paymentId!
RETURNING id, merchant_id, livemode, status, source, payment_link_id, amount, currency, merchant_reference, title,
          success_url, cancel_url, customer_email, metadata, payment_id, idempotency_key, request_fingerprint,
          created_by_api_key_id, expires_at, completed_at, expired_at, created_at, admission_reserve_bps,
          admission_reserve_hold_days, admission_payout_delay_days;

/* @name ReleaseCheckoutSessionPayment */
-- Frees an OPEN session of a payment that failed, and the terms kept for it, for the payer's next try.
UPDATE merchant_checkout_sessions
   SET payment_id = NULL, admission_reserve_bps = NULL, admission_reserve_hold_days = NULL,
       admission_payout_delay_days = NULL
 WHERE id = :id! AND status = 'OPEN' AND payment_id = :paymentId!
RETURNING id;

/* @name CheckoutLiveOrigins */
-- The merchant's VERIFIED origins a live redirect may go to: not the test-mode localhost ones.
SELECT origin
  FROM merchant_origins
 WHERE merchant_id = :merchantId! AND status = 'VERIFIED' AND test_mode_only = false;

/* @name CheckoutFrameOrigins */
-- The VERIFIED origins that may frame a hosted page: live ones the proven origins only, test ones every VERIFIED origin.
SELECT origin
  FROM merchant_origins
 WHERE merchant_id = :merchantId! AND status = 'VERIFIED' AND (:livemode! = false OR test_mode_only = false);

/* @name CheckoutSettlementCurrencies */
-- The currencies of the merchant's current settlement accounts.
SELECT DISTINCT currency
  FROM merchant_settlement_accounts
 WHERE merchant_id = :merchantId! AND replaced_at IS NULL;
