/* @name LockTestCheckoutSession */
-- A test session of the merchant, locked for the test clock (another merchant's or a live one: none).
SELECT id FROM merchant_checkout_sessions
 WHERE id = :id! AND merchant_id = :merchantId! AND livemode = false
   FOR UPDATE;

/* @name ShiftTestCheckoutSession */
-- The test clock: an OPEN test session's times come :seconds earlier (its expiry with them).
UPDATE merchant_checkout_sessions
   SET created_at = created_at - make_interval(secs => :seconds!::int),
       expires_at = expires_at - make_interval(secs => :seconds!::int)
 WHERE id = :id! AND status = 'OPEN'
RETURNING expires_at;

/* @name TestSessionPaidBy */
-- The test session a payment paid (or is paying), the merchant's: how the test clock knows a payment is its.
SELECT id, currency FROM merchant_checkout_sessions
 WHERE payment_id = :paymentId! AND merchant_id = :merchantId! AND livemode = false;

/* @name TestReleasesOfPayment */
SELECT kind, amount::text AS "amount!", due_at, released_at
  FROM merchant_balance_releases
 WHERE payment_id = :paymentId! AND merchant_id = :merchantId! AND livemode = false
 ORDER BY kind;

/* @name ShiftTestReleasesOfPayment */
-- The test clock: a test payment's unreleased releases come :seconds earlier.
UPDATE merchant_balance_releases SET due_at = due_at - make_interval(secs => :seconds!::int)
 WHERE payment_id = :paymentId! AND merchant_id = :merchantId! AND livemode = false AND released_at IS NULL
RETURNING id;
