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

/* @name ShiftTestDeliveriesOf */
-- The test clock: the next attempt of the PENDING deliveries of a test object's events (the event's object, or
-- the payment it names) comes :seconds earlier. Reads the merchant's test events only (30 days at most).
UPDATE merchant_webhook_deliveries d
   SET next_attempt_at = d.next_attempt_at - make_interval(secs => :seconds!::int)
  FROM merchant_webhook_events e
 WHERE d.event_id = e.id AND e.merchant_id = :merchantId! AND e.livemode = false
   AND d.status = 'PENDING' AND d.next_attempt_at IS NOT NULL
   AND (e.body::jsonb #>> '{data,object,id}' = :objectId! OR e.body::jsonb #>> '{data,object,paymentId}' = :objectId!)
RETURNING d.id, d.next_attempt_at AS "next_attempt_at!";
