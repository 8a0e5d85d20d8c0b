/* @name OpenPostingCycle */
-- Opens a cycle unless the payment has an open one (PostingAttemptRepository.openCycle).
INSERT INTO posting_attempts (id, payment_id, cycle, status, outcome_unknown, requested_by)
SELECT :id!, :paymentId!, coalesce(max(cycle), 0) + 1, 'PENDING', :outcomeUnknown!, :requestedBy
  FROM posting_attempts WHERE payment_id = :paymentId!
ON CONFLICT DO NOTHING
RETURNING id;

/* @name FindPostingAttempt */
SELECT id, payment_id, cycle, status, tries, next_attempt_at, lease_until, outcome_unknown, last_outcome, last_error,
       biller_reference, requested_by, created_at, updated_at, completed_at
  FROM posting_attempts
 WHERE id = :id!;

/* @name LockPostingAttempt */
SELECT id, payment_id, cycle, status, tries, next_attempt_at, lease_until, outcome_unknown, last_outcome, last_error,
       biller_reference, requested_by, created_at, updated_at, completed_at
  FROM posting_attempts
 WHERE id = :id!
   FOR UPDATE;

/* @name FindOpenPostingAttempt */
SELECT id, payment_id, cycle, status, tries, next_attempt_at, lease_until, outcome_unknown, last_outcome, last_error,
       biller_reference, requested_by, created_at, updated_at, completed_at
  FROM posting_attempts
 WHERE payment_id = :paymentId! AND status = ANY (:open!::text[]);

/* @name ClaimFirstPostingCycle */
-- The first cycle normally exists already (opened with the capture): it is claimed unless
-- another worker's sweeper holds it. A payment captured without a cycle gets it here, claimed.
WITH claimed AS (
  UPDATE posting_attempts a
     SET lease_until = now() + make_interval(secs => :leaseMs!::double precision / 1000), tries = a.tries + 1,
         outcome_unknown = true, next_attempt_at = least(a.next_attempt_at, now()), updated_at = now()
    FROM posting_attempts previous
   WHERE a.payment_id = :paymentId! AND previous.id = a.id
     AND a.status IN ('PENDING', 'RETRYING')
     AND (a.lease_until IS NULL OR a.lease_until < now())
  RETURNING a.id, a.payment_id, a.cycle, a.status, a.tries, a.next_attempt_at, a.lease_until, a.outcome_unknown,
            a.last_outcome, a.last_error, a.biller_reference, a.requested_by, a.created_at, a.updated_at,
            a.completed_at, previous.outcome_unknown AS was_unknown
), opened AS (
  INSERT INTO posting_attempts (id, payment_id, cycle, status, outcome_unknown, requested_by, tries, lease_until)
  SELECT :firstCycleId!, :paymentId!, 1, 'PENDING', true, NULL, 1,
         now() + make_interval(secs => :leaseMs!::double precision / 1000)
   WHERE NOT EXISTS (SELECT 1 FROM posting_attempts WHERE payment_id = :paymentId!)
     AND EXISTS (SELECT 1 FROM payments WHERE id = :paymentId! AND status = 'PROCESSING')
  ON CONFLICT DO NOTHING
  RETURNING id, payment_id, cycle, status, tries, next_attempt_at, lease_until, outcome_unknown, last_outcome,
            last_error, biller_reference, requested_by, created_at, updated_at, completed_at, false AS was_unknown
)
SELECT id AS "id!", payment_id AS "payment_id!", cycle AS "cycle!", status AS "status!", tries AS "tries!",
       next_attempt_at AS "next_attempt_at!", lease_until, outcome_unknown AS "outcome_unknown!", last_outcome,
       last_error, biller_reference, requested_by, created_at AS "created_at!", updated_at AS "updated_at!",
       completed_at, was_unknown AS "was_unknown!"
  FROM claimed
UNION ALL
SELECT id, payment_id, cycle, status, tries, next_attempt_at, lease_until, outcome_unknown, last_outcome, last_error,
       biller_reference, requested_by, created_at, updated_at, completed_at, was_unknown
  FROM opened;

/* @name ClaimPostingAttempt */
WITH claimed AS (
  UPDATE posting_attempts a
     SET lease_until = now() + make_interval(secs => :leaseMs!::double precision / 1000),
         tries = a.tries + 1, outcome_unknown = true, updated_at = now()
    FROM posting_attempts previous
   WHERE a.id = :id! AND previous.id = a.id
     AND a.status IN ('PENDING', 'RETRYING') AND a.next_attempt_at <= now()
     AND (a.lease_until IS NULL OR a.lease_until < now())
  RETURNING a.id, a.payment_id, a.cycle, a.status, a.tries, a.next_attempt_at, a.lease_until, a.outcome_unknown,
            a.last_outcome, a.last_error, a.biller_reference, a.requested_by, a.created_at, a.updated_at,
            a.completed_at, previous.outcome_unknown AS was_unknown
)
SELECT id, payment_id, cycle, status, tries, next_attempt_at, lease_until, outcome_unknown, last_outcome, last_error,
       biller_reference, requested_by, created_at, updated_at, completed_at, was_unknown
  FROM claimed;

/* @name DuePostingAttempts */
SELECT id FROM posting_attempts
 WHERE status IN ('PENDING', 'RETRYING') AND next_attempt_at <= now()
   AND (lease_until IS NULL OR lease_until < now())
 ORDER BY next_attempt_at LIMIT :limit!;

/* @name ReschedulePostingAttempt */
UPDATE posting_attempts
   SET status = :status!, next_attempt_at = now() + make_interval(secs => :delayMs!::double precision / 1000),
       last_outcome = :outcome!, last_error = :error, outcome_unknown = :unknown!, lease_until = NULL,
       tries = CASE WHEN :giveBackTry!::boolean THEN greatest(tries - 1, 0) ELSE tries END, updated_at = now()
 WHERE id = :id!;

/* @name MakePostingAttemptDue */
UPDATE posting_attempts SET next_attempt_at = now(), updated_at = now()
 WHERE payment_id = :paymentId! AND status IN ('PENDING', 'RETRYING') AND next_attempt_at > now()
   AND (lease_until IS NULL OR lease_until < now());

/* @name ClosePostingAttempt */
UPDATE posting_attempts
   SET status = :status!, last_outcome = :outcome!, last_error = :error,
       biller_reference = coalesce(:billerReference, biller_reference),
       outcome_unknown = false, lease_until = NULL, completed_at = now(), updated_at = now()
 WHERE id = :id!;

/* @name PostingAttemptPage */
-- The admin list's page, newest first, with the facts the retry rule needs joined to each row.
-- The total comes from its own scalar subquery, so a page past the end still answers it (one
-- row whose attempt columns are all null).
SELECT total.items AS "total_items!", listed.id AS "id?", listed.payment_id, listed.cycle, listed.status,
       listed.tries, listed.next_attempt_at, listed.lease_until, listed.outcome_unknown, listed.last_outcome,
       listed.last_error, listed.biller_reference, listed.requested_by, listed.created_at, listed.updated_at,
       listed.completed_at, listed.payment_status AS "payment_status?", listed.latest_cycle
  FROM (SELECT count(*)::int AS items FROM posting_attempts WHERE :status::text IS NULL OR status = :status) total
  LEFT JOIN LATERAL (
    SELECT a.id, a.payment_id, a.cycle, a.status, a.tries, a.next_attempt_at, a.lease_until, a.outcome_unknown,
           a.last_outcome, a.last_error, a.biller_reference, a.requested_by, a.created_at, a.updated_at,
           a.completed_at, p.status AS payment_status,
           (SELECT max(cycle) FROM posting_attempts c WHERE c.payment_id = a.payment_id) AS latest_cycle
      FROM posting_attempts a
      LEFT JOIN payments p ON p.id = a.payment_id
     WHERE :status::text IS NULL OR a.status = :status
     ORDER BY a.created_at DESC, a.id DESC
     LIMIT :limit! OFFSET :offset!
  ) listed ON true;
