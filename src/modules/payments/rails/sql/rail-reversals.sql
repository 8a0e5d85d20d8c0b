/* @name RequestRailReversal */
-- RailReversalRepository.request: due pickupGraceMs from now, at most one per payment.
INSERT INTO rail_reversals (id, payment_id, action, amount, currency, next_attempt_at)
VALUES (:id!, :paymentId!, :action!, :amount!, :currency!,
        now() + make_interval(secs => :pickupGraceMs!::double precision / 1000))
ON CONFLICT (payment_id) DO NOTHING;

/* @name ClaimRailReversal */
WITH claimed AS (
  UPDATE rail_reversals
     SET lease_until = now() + make_interval(secs => :leaseMs!::double precision / 1000), tries = tries + 1,
         updated_at = now()
   WHERE payment_id = :paymentId! AND status = 'PENDING'
     AND (NOT :whenDue!::boolean OR next_attempt_at <= now())
     AND (lease_until IS NULL OR lease_until < now())
  RETURNING id, payment_id, action, amount, currency, status, tries, next_attempt_at, lease_until, last_error,
            rail_reference, created_at, updated_at, completed_at
)
SELECT id, payment_id, action, amount, currency, status, tries, next_attempt_at, lease_until, last_error,
       rail_reference, created_at, updated_at, completed_at
  FROM claimed;

/* @name DueRailReversals */
SELECT payment_id FROM rail_reversals
 WHERE status = 'PENDING' AND next_attempt_at <= now()
   AND (lease_until IS NULL OR lease_until < now())
 ORDER BY next_attempt_at LIMIT :limit!;

/* @name CompleteRailReversal */
WITH done AS (
  UPDATE rail_reversals
     SET status = 'COMPLETED', rail_reference = :railReference!, lease_until = NULL, last_error = NULL,
         completed_at = now(), updated_at = now()
   WHERE id = :id! AND status = 'PENDING'
   RETURNING id
)
SELECT id FROM done;

/* @name RescheduleRailReversal */
UPDATE rail_reversals
   SET next_attempt_at = now() + make_interval(secs => :delayMs!::double precision / 1000), last_error = :error!,
       lease_until = NULL, tries = CASE WHEN :giveBackTry!::boolean THEN greatest(tries - 1, 0) ELSE tries END,
       updated_at = now()
 WHERE id = :id! AND status = 'PENDING';
