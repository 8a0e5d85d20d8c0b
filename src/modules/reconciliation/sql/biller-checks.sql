/* @name NextSucceededBatch */
-- The window's SUCCEEDED bill payments after a key, in key order, one batch (BillerCheckService).
-- A checkout payment pays a merchant, not a biller: there is no biller to ask.
SELECT id, biller_id AS "biller_id!", amount::text AS "amount!", currency, created_at
  FROM payments
 WHERE created_at >= :from! AND created_at < :to! AND status = 'SUCCEEDED' AND biller_id IS NOT NULL
   AND (created_at, id) > (:afterCreatedAt!::timestamptz, :afterId!::uuid)
 ORDER BY created_at, id
 LIMIT :limit!;

/* @name RecordBillerCheck */
-- A payment's newest answer from its biller, replacing any earlier one.
INSERT INTO reconciliation_biller_checks
  (payment_id, outcome, biller_status, biller_amount, biller_reference, expected_amount, currency, detail, checked_at)
VALUES (:paymentId!, :outcome!, :billerStatus, :billerAmount, :billerReference, :expectedAmount!, :currency!, :detail!, now())
    ON CONFLICT (payment_id) DO UPDATE SET
       outcome = EXCLUDED.outcome, biller_status = EXCLUDED.biller_status, biller_amount = EXCLUDED.biller_amount,
       biller_reference = EXCLUDED.biller_reference, expected_amount = EXCLUDED.expected_amount,
       currency = EXCLUDED.currency, detail = EXCLUDED.detail, checked_at = EXCLUDED.checked_at;
