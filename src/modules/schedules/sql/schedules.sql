/* @name InsertSchedule */
INSERT INTO schedules AS s (id, customer_id, biller_id, biller_name, biller_slug, account_reference,
  saved_account_id, mode, amount, maximum_amount, currency, rail, funding_account_encrypted,
  funding_account_masked, frequency, day_of_week, day_of_month, start_date, end_date, consent_version,
  consent_accepted_at, status, next_run_on, created_at, updated_at)
VALUES (:id!, :customerId!, :billerId!, :billerName!, :billerSlug!, :accountReference!, :savedAccountId, :mode!,
        :amount, :maximumAmount, :currency!, :rail!, :fundingAccountEncrypted!, :fundingAccountMasked!, :frequency!,
        :dayOfWeek, :dayOfMonth, :startDate!, :endDate, :consentVersion!, :consentAcceptedAt!, :status!, :nextRunOn,
        :now!, :now!)
RETURNING s.id, s.customer_id, s.biller_id, s.biller_name, s.biller_slug, s.account_reference,
  s.saved_account_id, s.mode, s.amount, s.maximum_amount, s.currency, s.rail, s.funding_account_encrypted,
  s.funding_account_masked, s.frequency, s.day_of_week, s.day_of_month, s.start_date::text AS "start_date!",
  s.end_date::text AS end_date, s.consent_version, s.consent_accepted_at, s.status,
  s.next_run_on::text AS next_run_on, s.created_at, s.updated_at, s.cancelled_at, s.completed_at;

/* @name FindOwnedSchedule */
SELECT s.id, s.customer_id, s.biller_id, s.biller_name, s.biller_slug, s.account_reference,
  s.saved_account_id, s.mode, s.amount, s.maximum_amount, s.currency, s.rail, s.funding_account_encrypted,
  s.funding_account_masked, s.frequency, s.day_of_week, s.day_of_month, s.start_date::text AS "start_date!",
  s.end_date::text AS end_date, s.consent_version, s.consent_accepted_at, s.status,
  s.next_run_on::text AS next_run_on, s.created_at, s.updated_at, s.cancelled_at, s.completed_at
  FROM schedules s
 WHERE s.id = :id! AND s.customer_id = :customerId!;

/* @name LockOwnedSchedule */
SELECT s.id, s.customer_id, s.biller_id, s.biller_name, s.biller_slug, s.account_reference,
  s.saved_account_id, s.mode, s.amount, s.maximum_amount, s.currency, s.rail, s.funding_account_encrypted,
  s.funding_account_masked, s.frequency, s.day_of_week, s.day_of_month, s.start_date::text AS "start_date!",
  s.end_date::text AS end_date, s.consent_version, s.consent_accepted_at, s.status,
  s.next_run_on::text AS next_run_on, s.created_at, s.updated_at, s.cancelled_at, s.completed_at
  FROM schedules s
 WHERE s.id = :id! AND s.customer_id = :customerId!
   FOR UPDATE;

/* @name ListOwnedSchedules */
SELECT s.id, s.customer_id, s.biller_id, s.biller_name, s.biller_slug, s.account_reference,
  s.saved_account_id, s.mode, s.amount, s.maximum_amount, s.currency, s.rail, s.funding_account_encrypted,
  s.funding_account_masked, s.frequency, s.day_of_week, s.day_of_month, s.start_date::text AS "start_date!",
  s.end_date::text AS end_date, s.consent_version, s.consent_accepted_at, s.status,
  s.next_run_on::text AS next_run_on, s.created_at, s.updated_at, s.cancelled_at, s.completed_at
  FROM schedules s
 WHERE s.customer_id = :customerId!
 ORDER BY s.created_at DESC, s.id DESC;

/* @name UpdateSchedule */
-- Writes the columns whose set flag is true (a PATCH or a cancellation), the others keep their value.
UPDATE schedules s
   SET amount = CASE WHEN :setAmount! THEN :amount::bigint ELSE s.amount END,
       maximum_amount = CASE WHEN :setMaximumAmount! THEN :maximumAmount::bigint ELSE s.maximum_amount END,
       frequency = CASE WHEN :setFrequency! THEN :frequency::varchar ELSE s.frequency END,
       day_of_week = CASE WHEN :setDayOfWeek! THEN :dayOfWeek::smallint ELSE s.day_of_week END,
       day_of_month = CASE WHEN :setDayOfMonth! THEN :dayOfMonth::smallint ELSE s.day_of_month END,
       end_date = CASE WHEN :setEndDate! THEN :endDate::date ELSE s.end_date END,
       status = CASE WHEN :setStatus! THEN :status::varchar ELSE s.status END,
       next_run_on = CASE WHEN :setNextRunOn! THEN :nextRunOn::date ELSE s.next_run_on END,
       consent_version = CASE WHEN :setConsentVersion! THEN :consentVersion::varchar ELSE s.consent_version END,
       consent_accepted_at = CASE WHEN :setConsentAcceptedAt! THEN :consentAcceptedAt::timestamptz
                                  ELSE s.consent_accepted_at END,
       cancelled_at = CASE WHEN :setCancelledAt! THEN :cancelledAt::timestamptz ELSE s.cancelled_at END,
       completed_at = CASE WHEN :setCompletedAt! THEN :completedAt::timestamptz ELSE s.completed_at END,
       updated_at = :now!
 WHERE s.id = :id!
RETURNING s.id, s.customer_id, s.biller_id, s.biller_name, s.biller_slug, s.account_reference,
  s.saved_account_id, s.mode, s.amount, s.maximum_amount, s.currency, s.rail, s.funding_account_encrypted,
  s.funding_account_masked, s.frequency, s.day_of_week, s.day_of_month, s.start_date::text AS "start_date!",
  s.end_date::text AS end_date, s.consent_version, s.consent_accepted_at, s.status,
  s.next_run_on::text AS next_run_on, s.created_at, s.updated_at, s.cancelled_at, s.completed_at;

/* @name PauseAllOf */
-- Pauses every ACTIVE schedule of a customer (an account deactivated).
UPDATE schedules SET status = 'PAUSED', updated_at = :now!
 WHERE customer_id = :customerId! AND status = 'ACTIVE'
RETURNING id;

/* @name RunsOfSchedule */
SELECT r.id, r.schedule_id, r.period_key, r.due_on::text AS "due_on!", r.period_starts_at, r.period_ends_at,
  r.status, r.amount, r.bill_id, r.attempt, r.claims, r.payment_id, r.next_attempt_at, r.locked_until,
  r.outcome_code, r.outcome_message, r.created_at, r.updated_at, r.completed_at
  FROM schedule_runs r
 WHERE r.schedule_id = :scheduleId!
 ORDER BY r.due_on DESC, r.id DESC;

/* @name HasRunFor */
SELECT 1 AS "found!" FROM schedule_runs WHERE schedule_id = :scheduleId! AND period_key = :periodKey!;
