/* @name PaymentByPayerKey */
-- The payment a payer's Idempotency-Key made, if any (the checkout channel, by payments_payer_idempotency_key).
SELECT id, status, request_hash
  FROM payments
 WHERE payer_id = :payerId! AND idempotency_key = :idempotencyKey!;
