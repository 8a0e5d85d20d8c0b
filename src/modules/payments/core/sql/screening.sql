/* @name ScreeningActivity */
-- A payment's neighbours as the screener asks for them (PaymentScreeningReads.activity), in
-- the admission transaction, this payment included: the customer's payments of the window
-- that did not fail (payments_customer_created_idx), their sum in the currency, those in the
-- band, and the distinct customers paying the biller account in the window, counted up to the
-- cap by aml_distinct_payers (payments_account_created_idx).
WITH mine AS (
  SELECT amount, currency FROM payments
   WHERE customer_id = :customerId! AND created_at > now() - make_interval(mins => :windowMinutes!)
     AND status <> 'FAILED'
)
SELECT (SELECT count(*) FROM mine)::int AS "count!",
       (SELECT coalesce(sum(amount), 0) FROM mine WHERE currency = :currency!)::text AS "sum!",
       (SELECT count(*) FROM mine
         WHERE currency = :currency! AND amount BETWEEN :bandFrom!::bigint AND :bandTo!::bigint)::int AS "band!",
       aml_distinct_payers(:billerId!, :accountReference!, now() - make_interval(mins => :windowMinutes!),
                           :payersCap!) AS "payers!";

/* @name PaymentsUnderReview */
-- The payments a compliance reviewer sees beside their flags, as they are now.
SELECT id, amount::text AS "amount!", fee::text AS "fee!", currency, biller_id, biller_name, status, held_for_review,
       channel, customer_id
  FROM payments
 WHERE id = ANY (:ids!::uuid[]);

/* @name ScreeningActivityOfPayer */
-- The same neighbours for a payment with no customer of ours (a checkout payment, whose payer is
-- its session): the payer's payments of the window (payments_payer_created_idx); no biller
-- account, so no distinct payers.
WITH mine AS (
  SELECT amount, currency FROM payments
   WHERE payer_id = :payerId! AND created_at > now() - make_interval(mins => :windowMinutes!)
     AND status <> 'FAILED'
)
SELECT (SELECT count(*) FROM mine)::int AS "count!",
       (SELECT coalesce(sum(amount), 0) FROM mine WHERE currency = :currency!)::text AS "sum!",
       (SELECT count(*) FROM mine
         WHERE currency = :currency! AND amount BETWEEN :bandFrom!::bigint AND :bandTo!::bigint)::int AS "band!";
