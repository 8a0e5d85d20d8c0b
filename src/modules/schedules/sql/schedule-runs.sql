/* @name ClaimDueSchedules */
SELECT s.id, s.frequency, s.day_of_week, s.day_of_month, s.end_date::text AS end_date,
       s.next_run_on::text AS "next_run_on!", s.mode, s.amount
  FROM schedules s
 WHERE s.status = 'ACTIVE' AND s.next_run_on <= :today!::date
 ORDER BY s.next_run_on
 LIMIT :limit!
   FOR UPDATE SKIP LOCKED;

/* @name InsertRuns */
-- amounts are text, '' for a run without a fixed amount (a BILLS run), since pgtyped types a
-- list's elements as not null.
INSERT INTO schedule_runs (id, schedule_id, period_key, due_on, period_starts_at, period_ends_at, status, amount,
                           next_attempt_at, created_at, updated_at)
SELECT t.id, t.schedule_id, t.period_key, t.due_on, t.starts_at, t.ends_at, 'PENDING', NULLIF(t.amount, '')::bigint, :now!, :now!, :now!
  FROM unnest(:ids!::uuid[], :scheduleIds!::uuid[], :periodKeys!::text[], :dueOns!::date[],
              :startsAt!::timestamptz[], :endsAt!::timestamptz[], :amounts!::text[])
       AS t(id, schedule_id, period_key, due_on, starts_at, ends_at, amount)
ON CONFLICT (schedule_id, period_key) DO NOTHING;

/* @name AdvanceSchedules */
-- nextRunOns are text, '' for a schedule without a next run.
UPDATE schedules s
   SET next_run_on = NULLIF(t.next_run_on, '')::date, status = t.status, updated_at = :now!,
       completed_at = CASE WHEN t.status = 'COMPLETED' THEN :now! ELSE s.completed_at END
  FROM unnest(:ids!::uuid[], :nextRunOns!::text[], :statuses!::text[]) AS t(id, next_run_on, status)
 WHERE s.id = t.id;

/* @name ClaimRunsToPay */
UPDATE schedule_runs r
   SET locked_until = :leaseUntil!, claims = r.claims + 1, updated_at = :now!
  FROM schedules s
 WHERE r.id IN (SELECT q.id FROM schedule_runs q
                 WHERE q.status = 'PENDING' AND q.payment_id IS NULL AND q.next_attempt_at <= :now!
                   AND (q.locked_until IS NULL OR q.locked_until <= :now!)
                 ORDER BY q.next_attempt_at
                 LIMIT :limit!
                   FOR UPDATE SKIP LOCKED)
   AND s.id = r.schedule_id
RETURNING r.id, r.schedule_id, r.period_key, r.period_starts_at, r.period_ends_at, r.amount, r.bill_id, r.attempt,
          r.claims, r.payment_id, s.customer_id, s.biller_id, s.biller_name, s.account_reference, s.saved_account_id,
          s.mode, s.maximum_amount, s.currency, s.rail, s.funding_account_encrypted, s.status AS schedule_status;

/* @name RunsInFlight */
SELECT r.id, r.schedule_id, r.period_key, r.period_starts_at, r.period_ends_at, r.amount, r.bill_id, r.attempt,
       r.claims, r.payment_id, s.customer_id, s.biller_id, s.biller_name, s.account_reference, s.saved_account_id,
       s.mode, s.maximum_amount, s.currency, s.rail, s.funding_account_encrypted, s.status AS schedule_status
  FROM schedule_runs r JOIN schedules s ON s.id = r.schedule_id
 WHERE r.status = 'PENDING' AND r.payment_id IS NOT NULL AND r.id > :afterId!::uuid
 ORDER BY r.id
 LIMIT :limit!;

/* @name RunSetPayment */
UPDATE schedule_runs SET payment_id = :paymentId!, locked_until = NULL, updated_at = :now!
 WHERE id = :id! AND status = 'PENDING' AND attempt = :attempt! AND payment_id IS NULL
RETURNING id;

/* @name RunSetBill */
UPDATE schedule_runs SET bill_id = :billId!, amount = :amount!, updated_at = :now!
 WHERE id = :id! AND status = 'PENDING' AND attempt = :attempt!
RETURNING id;

/* @name RunFinish */
UPDATE schedule_runs
   SET status = :status!, payment_id = COALESCE(:paymentId::uuid, payment_id), outcome_code = :code,
       outcome_message = :message, locked_until = NULL, updated_at = :now!, completed_at = :now!,
       bill_id = COALESCE(:billId::uuid, bill_id), amount = COALESCE(:amount::bigint, amount)
 WHERE id = :id! AND status = 'PENDING' AND attempt = :attempt!
   -- A run that recorded its own payment is never skipped, it ends with that payment's outcome.
   AND (:status! <> 'SKIPPED' OR payment_id IS NULL)
RETURNING id;

/* @name RunRetry */
UPDATE schedule_runs
   SET attempt = attempt + 1, payment_id = NULL, next_attempt_at = :nextAttemptAt!, outcome_code = :code!,
       outcome_message = :message!, locked_until = NULL, updated_at = :now!
 WHERE id = :id! AND status = 'PENDING' AND attempt = :attempt!
RETURNING id;

/* @name RunRelease */
UPDATE schedule_runs SET locked_until = NULL, updated_at = :now!
 WHERE id = :id! AND status = 'PENDING' AND attempt = :attempt!
RETURNING id;
