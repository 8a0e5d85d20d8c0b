/* @name RequestRailReversal */
-- RailReversalRepository.request: due pickupGraceMs from now, at most one per payment without a refund.
INSERT INTO rail_reversals (id, payment_id, action, amount, currency, next_attempt_at)
VALUES (:id!, :paymentId!, :action!, :amount!, :currency!,
        now() + make_interval(secs => :pickupGraceMs!::double precision / 1000))
ON CONFLICT (payment_id) WHERE refund_id IS NULL DO NOTHING;

/* @name RequestRefundReversal */
-- RailReversalRepository.requestRefund: one refund of a payment, one row per refund; answers the row's id.
WITH inserted AS (
  INSERT INTO rail_reversals (id, payment_id, action, refund_id, amount, currency, next_attempt_at)
  VALUES (:id!, :paymentId!, 'REFUND', :refundId!, :amount!, :currency!,
          now() + make_interval(secs => :pickupGraceMs!::double precision / 1000))
  ON CONFLICT (refund_id) DO NOTHING
  RETURNING id
)
SELECT id AS "id!" FROM inserted
UNION ALL
SELECT id FROM rail_reversals WHERE refund_id = :refundId!;

/* @name PaymentOwnRailReversal */
-- The payment's own reversal (a failed payment's refund or cancel, a dispute's refund): the one without a refund.
SELECT id FROM rail_reversals WHERE payment_id = :paymentId! AND refund_id IS NULL;

/* @name ClaimRailReversal */
WITH claimed AS (
  UPDATE rail_reversals
     SET lease_until = now() + make_interval(secs => :leaseMs!::double precision / 1000), tries = tries + 1,
         updated_at = now()
   WHERE id = :id! AND status = 'PENDING'
     AND (NOT :whenDue!::boolean OR next_attempt_at <= now())
     AND (lease_until IS NULL OR lease_until < now())
  RETURNING id, payment_id, action, refund_id, amount, currency, status, tries, next_attempt_at, lease_until,
            last_error, rail_reference, created_at, updated_at, completed_at
)
SELECT id, payment_id, action, refund_id, amount, currency, status, tries, next_attempt_at, lease_until, last_error,
       rail_reference, created_at, updated_at, completed_at
  FROM claimed;

/* @name DueRailReversals */
SELECT id FROM rail_reversals
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

/* @name FailRailReversal */
-- The rail refused a refund for good: answers nothing when the reversal was no longer PENDING.
WITH failed AS (
  UPDATE rail_reversals
     SET status = 'FAILED', last_error = :error!, lease_until = NULL, completed_at = now(), updated_at = now()
   WHERE id = :id! AND status = 'PENDING'
   RETURNING id
)
SELECT id FROM failed;

/* @name RescheduleRailReversal */
UPDATE rail_reversals
   SET next_attempt_at = now() + make_interval(secs => :delayMs!::double precision / 1000), last_error = :error!,
       lease_until = NULL, tries = CASE WHEN :giveBackTry!::boolean THEN greatest(tries - 1, 0) ELSE tries END,
       updated_at = now()
 WHERE id = :id! AND status = 'PENDING';
