/* @name LockCustomer */
-- Serialises one payer's payments until the transaction ends (PaymentRepository.lockCustomer): an
-- agent's or a checkout session's; a customer's payments lock the customer's row instead.
SELECT pg_advisory_xact_lock(hashtextextended('payments:' || :customerId!, 0)) AS "locked!";

/* @name PrecheckByPayer */
-- The precheck of a payment whose limits count by the payer (an agent's own limits).
WITH recent AS MATERIALIZED (
  SELECT id, biller_id, account_reference, amount, currency, created_at
    FROM payments
   WHERE payer_id = :scopeId! AND status <> 'FAILED'
     AND created_at > now() - greatest(interval '24 hours', make_interval(secs => :duplicateWindowSeconds!))
)
SELECT
  (SELECT json_build_object('id', id, 'status', status, 'hash', request_hash)
     FROM payments WHERE payer_id = :payerId! AND idempotency_key = :idempotencyKey!) AS existing,
  (SELECT coalesce(sum(amount), 0)::text
     FROM recent
    WHERE created_at > now() - interval '24 hours' AND currency = :currency!) AS "used!",
  (SELECT id FROM recent
    WHERE created_at > now() - make_interval(secs => :duplicateWindowSeconds!)
      AND biller_id = :billerId! AND account_reference = :accountReference! AND amount = :amount!
    ORDER BY created_at DESC LIMIT 1) AS duplicate;

/* @name InsertPayment */
-- An AUTHORIZING payment, its capture instruction (when sealed) and the first step of its timeline.
WITH inserted AS (
  INSERT INTO payments (id, customer_id, channel, payer_type, payer_id, idempotency_key, request_hash,
                        biller_id, biller_name, biller_slug, account_reference, saved_account_id, amount, fee,
                        currency, rail, funding_account_masked, status, merchant_id, livemode, checkout_session_id,
                        merchant_fee, merchant_pricing_version_id)
  VALUES (:id!, :customerId, :channel!, :payerType!, :payerId!, :idempotencyKey!, :requestHash!, :billerId,
          :billerName, :billerSlug, :accountReference, :savedAccountId, :amount!, :fee!, :currency!, :rail!,
          :fundingAccountMasked!, 'AUTHORIZING', :merchantId, :livemode, :checkoutSessionId, :merchantFee,
          :merchantPricingVersionId)
  RETURNING id, status, created_at
), instruction AS (
  INSERT INTO payment_capture_instructions (payment_id, funding_account_sealed, created_at)
  SELECT id, :captureFundingSealed, created_at FROM inserted WHERE :captureFundingSealed::text IS NOT NULL
)
INSERT INTO payment_status_events (payment_id, status, note, created_at)
SELECT id, status, :note!, created_at FROM inserted
RETURNING created_at;

/* @name AdmitPayment */
-- Step 1 of a customer's payment after the customer's lock (PaymentRepository.admit), in one
-- statement: its snapshot is taken after the lock, so it sees every payment the customer made
-- before. The precheck's facts (as Precheck's); the AUTHORIZING payment, its capture instruction
-- and the first step of its timeline, inserted only when those facts admit it (the key unused,
-- no duplicate in the window unless confirmed, within the per-payment and the rolling-day
-- limits: the caller checks them again and raises the refusal); and the screener's facts about
-- the payment (as ScreeningActivity's, for its window, currency, band and cap), read before the
-- insert and counting the payment itself: it is not failed and inside the window. The distinct
-- payers count stops at the cap as aml_distinct_payers does; under the cap the function has
-- walked the whole window, and the customer is one of those payers exactly when one of their
-- own payments of the window went to the account. The customer's payments are read once
-- (payments_customer_created_idx), as far back as the longest of the rolling day, the duplicate
-- window and the screening window; each fact filters that set by its own window.
WITH recent AS MATERIALIZED (
  SELECT id, biller_id, account_reference, amount, currency, created_at
    FROM payments
   WHERE customer_id = :customerId! AND status <> 'FAILED'
     AND created_at > now() - greatest(interval '24 hours', make_interval(secs => :duplicateWindowSeconds!),
                                       make_interval(mins => :windowMinutes!))
), facts AS MATERIALIZED (
  SELECT
    (SELECT json_build_object('id', id, 'status', status, 'hash', request_hash)
       FROM payments WHERE payer_id = :payerId! AND idempotency_key = :idempotencyKey!) AS existing,
    (SELECT coalesce(sum(amount), 0)
       FROM recent
      WHERE created_at > now() - interval '24 hours' AND currency = :currency!) AS used,
    (SELECT id FROM recent
      WHERE created_at > now() - make_interval(secs => :duplicateWindowSeconds!)
        AND biller_id = :billerId! AND account_reference = :accountReference! AND amount = :amount!
      ORDER BY created_at DESC LIMIT 1) AS duplicate
), mine AS MATERIALIZED (
  SELECT amount, currency, biller_id, account_reference FROM recent
   WHERE created_at > now() - make_interval(mins => :windowMinutes!)
), inserted AS (
  INSERT INTO payments (id, customer_id, channel, payer_type, payer_id, idempotency_key, request_hash,
                        biller_id, biller_name, biller_slug, account_reference, saved_account_id, amount, fee,
                        currency, rail, funding_account_masked, status)
  SELECT :id!, :customerId!, :channel!, :payerType!, :payerId!, :idempotencyKey!, :requestHash!, :billerId!,
         :billerName!, :billerSlug!, :accountReference!, :savedAccountId, :amount!, :fee!, :currency!, :rail!,
         :fundingAccountMasked!, 'AUTHORIZING'
    FROM facts
   WHERE existing IS NULL AND (duplicate IS NULL OR :confirmDuplicate!::boolean)
     AND :amount!::bigint <= :perPayment!::bigint AND used + :amount!::bigint <= :daily!::bigint
  RETURNING id, status, created_at
), instruction AS (
  INSERT INTO payment_capture_instructions (payment_id, funding_account_sealed, created_at)
  SELECT id, :captureFundingSealed!, created_at FROM inserted
), step AS (
  INSERT INTO payment_status_events (payment_id, status, note, created_at)
  SELECT id, status, :note!, created_at FROM inserted
), payers AS (
  SELECT aml_distinct_payers(:billerId!, :accountReference!, now() - make_interval(mins => :windowMinutes!),
                             :payersCap!) AS others
)
SELECT facts.existing, facts.used::text AS "used!", facts.duplicate,
       (SELECT created_at FROM inserted) AS created_at,
       (SELECT count(*) FROM mine)::int + 1 AS "screening_count!",
       ((SELECT coalesce(sum(amount), 0) FROM mine WHERE currency = :screeningCurrency!)
         + CASE WHEN :currency! = :screeningCurrency! THEN :amount!::bigint ELSE 0 END)::text AS "screening_sum!",
       ((SELECT count(*) FROM mine
          WHERE currency = :screeningCurrency! AND amount BETWEEN :bandFrom!::bigint AND :bandTo!::bigint)
         + CASE WHEN :currency! = :screeningCurrency! AND :amount!::bigint BETWEEN :bandFrom!::bigint AND :bandTo!::bigint
                THEN 1 ELSE 0 END)::int AS "screening_band!",
       CASE WHEN payers.others >= :payersCap! THEN payers.others
            WHEN EXISTS (SELECT 1 FROM mine WHERE biller_id = :billerId! AND account_reference = :accountReference!)
              THEN payers.others
            ELSE payers.others + 1 END AS "screening_payers!"
  FROM facts, payers;

/* @name FindPayment */
SELECT id, customer_id, channel, payer_type, payer_id, idempotency_key, request_hash, biller_id, biller_name, biller_slug,
       account_reference, saved_account_id, amount, fee, currency, rail, funding_account_masked, rail_reference, status,
       failure_code, failure_message, biller_reference, journal_entry_id, reversal_entry_id, rail_reversal_reference, refunded_amount,
       held_for_review, created_at, updated_at, completed_at,
       merchant_id, livemode, checkout_session_id, merchant_fee, merchant_pricing_version_id
  FROM payments
 WHERE id = :id!;

/* @name FindOwnedPayment */
SELECT id, customer_id, channel, payer_type, payer_id, idempotency_key, request_hash, biller_id, biller_name, biller_slug,
       account_reference, saved_account_id, amount, fee, currency, rail, funding_account_masked, rail_reference, status,
       failure_code, failure_message, biller_reference, journal_entry_id, reversal_entry_id, rail_reversal_reference, refunded_amount,
       held_for_review, created_at, updated_at, completed_at,
       merchant_id, livemode, checkout_session_id, merchant_fee, merchant_pricing_version_id
  FROM payments
 WHERE id = :id! AND customer_id = :customerId!;

/* @name LockPayment */
SELECT id, customer_id, channel, payer_type, payer_id, idempotency_key, request_hash, biller_id, biller_name, biller_slug,
       account_reference, saved_account_id, amount, fee, currency, rail, funding_account_masked, rail_reference, status,
       failure_code, failure_message, biller_reference, journal_entry_id, reversal_entry_id, rail_reversal_reference, refunded_amount,
       held_for_review, created_at, updated_at, completed_at,
       merchant_id, livemode, checkout_session_id, merchant_fee, merchant_pricing_version_id
  FROM payments
 WHERE id = :id!
   FOR UPDATE;

/* @name ClaimStuckAuthorizations */
WITH stuck AS (
  UPDATE payments SET updated_at = now()
   WHERE id IN (SELECT id FROM payments
                 WHERE status = 'AUTHORIZING'
                   AND updated_at < now() - make_interval(secs => :olderThanMs!::double precision / 1000)
                 ORDER BY updated_at LIMIT :limit!
                   FOR UPDATE SKIP LOCKED)
   RETURNING id, customer_id, channel, payer_type, payer_id, idempotency_key, request_hash, biller_id, biller_name, biller_slug,
       account_reference, saved_account_id, amount, fee, currency, rail, funding_account_masked, rail_reference, status,
       failure_code, failure_message, biller_reference, journal_entry_id, reversal_entry_id, rail_reversal_reference, refunded_amount,
       held_for_review, created_at, updated_at, completed_at,
       merchant_id, livemode, checkout_session_id, merchant_fee, merchant_pricing_version_id
)
SELECT id, customer_id, channel, payer_type, payer_id, idempotency_key, request_hash, biller_id, biller_name, biller_slug,
       account_reference, saved_account_id, amount, fee, currency, rail, funding_account_masked, rail_reference, status,
       failure_code, failure_message, biller_reference, journal_entry_id, reversal_entry_id, rail_reversal_reference, refunded_amount,
       held_for_review, created_at, updated_at, completed_at,
       merchant_id, livemode, checkout_session_id, merchant_fee, merchant_pricing_version_id,
       created_at < now() - make_interval(secs => :maxAgeMs!::double precision / 1000) AS "past_max_age!"
  FROM stuck;

/* @name TransitionPayment */
-- The only statement that changes a payment's status (PaymentRepository.transition). A column
-- whose set flag is false keeps its value. Given a first cycle id, a capture's move to PENDING also
-- opens the payment's first posting cycle, due the given milliseconds from now, unless the payment
-- is held for a compliance review (the posting attempts' rows are this context's own).
WITH changed AS (
  UPDATE payments
     SET status = :status!,
         failure_code = CASE WHEN :setFailureCode!::boolean THEN :failureCode ELSE failure_code END,
         failure_message = CASE WHEN :setFailureMessage!::boolean THEN :failureMessage ELSE failure_message END,
         biller_reference = CASE WHEN :setBillerReference!::boolean THEN :billerReference ELSE biller_reference END,
         reversal_entry_id = CASE WHEN :setReversalEntryId!::boolean THEN :reversalEntryId::uuid ELSE reversal_entry_id END,
         rail_reference = CASE WHEN :setRailReference!::boolean THEN :railReference ELSE rail_reference END,
         journal_entry_id = CASE WHEN :setJournalEntryId!::boolean THEN :journalEntryId::uuid ELSE journal_entry_id END,
         completed_at = CASE WHEN :completed!::boolean THEN now() ELSE completed_at END,
         -- A payment REFUNDED (a dispute resolved for the customer) has returned its whole amount.
         refunded_amount = CASE WHEN :status! = 'REFUNDED' THEN amount ELSE refunded_amount END,
         updated_at = now()
   WHERE id = :id! AND status = ANY (:from!::text[])
     -- A payment held for a compliance review is never posted until released.
     AND NOT (:status! = 'PROCESSING' AND held_for_review)
     -- PENDING -> SUCCEEDED is a checkout payment's alone: it has no biller to post to.
     AND NOT (:status! = 'SUCCEEDED' AND status = 'PENDING' AND channel <> 'CHECKOUT')
   RETURNING id, customer_id, channel, payer_type, payer_id, idempotency_key, request_hash, biller_id, biller_name, biller_slug,
       account_reference, saved_account_id, amount, fee, currency, rail, funding_account_masked, rail_reference, status,
       failure_code, failure_message, biller_reference, journal_entry_id, reversal_entry_id, rail_reversal_reference, refunded_amount,
       held_for_review, created_at, updated_at, completed_at,
       merchant_id, livemode, checkout_session_id, merchant_fee, merchant_pricing_version_id
), step AS (
  INSERT INTO payment_status_events (payment_id, status, note) SELECT id, :status!, :note! FROM changed
), capture_done AS (
  -- Only an AUTHORIZING payment keeps its funding account: every move out of it drops it.
  DELETE FROM payment_capture_instructions WHERE payment_id IN (SELECT id FROM changed)
), first_cycle AS (
  INSERT INTO posting_attempts (id, payment_id, cycle, status, tries, next_attempt_at, outcome_unknown)
  SELECT :firstCycleId::uuid, id, 1, 'PENDING', 0,
         now() + make_interval(secs => :firstCycleDueInMs::double precision / 1000), false
    FROM changed
   WHERE :firstCycleId::uuid IS NOT NULL AND status = 'PENDING' AND NOT held_for_review
)
SELECT id, customer_id, channel, payer_type, payer_id, idempotency_key, request_hash, biller_id, biller_name, biller_slug,
       account_reference, saved_account_id, amount, fee, currency, rail, funding_account_masked, rail_reference, status,
       failure_code, failure_message, biller_reference, journal_entry_id, reversal_entry_id, rail_reversal_reference, refunded_amount,
       held_for_review, created_at, updated_at, completed_at,
       merchant_id, livemode, checkout_session_id, merchant_fee, merchant_pricing_version_id
  FROM changed;

/* @name CaptureFundingOf */
SELECT funding_account_sealed FROM payment_capture_instructions WHERE payment_id = :paymentId!;

/* @name SetHeldForReview */
UPDATE payments SET held_for_review = :held!, updated_at = now()
 WHERE id = :id! AND held_for_review <> :held!
RETURNING id, customer_id, channel, payer_type, payer_id, idempotency_key, request_hash, biller_id, biller_name, biller_slug,
       account_reference, saved_account_id, amount, fee, currency, rail, funding_account_masked, rail_reference, status,
       failure_code, failure_message, biller_reference, journal_entry_id, reversal_entry_id, rail_reversal_reference, refunded_amount,
       held_for_review, created_at, updated_at, completed_at,
       merchant_id, livemode, checkout_session_id, merchant_fee, merchant_pricing_version_id;

/* @name NotePaymentStep */
INSERT INTO payment_status_events (payment_id, status, note) SELECT id, status, :note! FROM payments WHERE id = :id!;

/* @name SetJournalEntry */
-- The capture entry of a payment that stays PENDING (a checkout payment held for review), once.
UPDATE payments SET journal_entry_id = :journalEntryId!, updated_at = now()
 WHERE id = :id! AND journal_entry_id IS NULL
RETURNING id, customer_id, channel, payer_type, payer_id, idempotency_key, request_hash, biller_id, biller_name, biller_slug,
       account_reference, saved_account_id, amount, fee, currency, rail, funding_account_masked, rail_reference, status,
       failure_code, failure_message, biller_reference, journal_entry_id, reversal_entry_id, rail_reversal_reference, refunded_amount,
       held_for_review, created_at, updated_at, completed_at,
       merchant_id, livemode, checkout_session_id, merchant_fee, merchant_pricing_version_id;

/* @name AddRefundedAmount */
-- A part refund of a payment locked by the caller: payments_refunded_amount_check keeps the sum within the amount.
UPDATE payments SET refunded_amount = refunded_amount + :amount!::bigint, updated_at = now()
 WHERE id = :id!
RETURNING refunded_amount::text AS "refunded_amount!";

/* @name ReturnRefundedAmount */
-- A part refund the rail refused for good: its amount is no longer returned to the payer.
UPDATE payments SET refunded_amount = refunded_amount - :amount!::bigint, updated_at = now()
 WHERE id = :id!
RETURNING refunded_amount::text AS "refunded_amount!";

/* @name CheckoutPaymentRefundStates */
-- What is refunded of these checkout payments of one merchant and mode (PaymentRefunds.refundStates; primary key).
SELECT id, amount::text AS "amount!", refunded_amount::text AS "refunded_amount!", currency, status
  FROM payments
 WHERE id = ANY (:ids!::uuid[]) AND merchant_id = :merchantId! AND livemode = :livemode!;
