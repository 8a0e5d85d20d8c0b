/* @name InsertMerchantRefund */
-- A refund accepted (PENDING), in the transaction that books it; a second one of the merchant's key meets
-- merchant_refunds_idempotency_key and rolls the transaction back.
INSERT INTO merchant_refunds
       (id, merchant_id, livemode, payment_id, amount, currency, reason, note, idempotency_key, request_fingerprint,
        created_by_api_key_id, ledger_entry_id, from_available, from_pending)
VALUES (:id!, :merchantId!, :livemode!, :paymentId!, :amount!, :currency!, :reason!, :note, :idempotencyKey!,
        :requestFingerprint!, :createdByApiKeyId, :ledgerEntryId!, :fromAvailable!, :fromPending!)
RETURNING created_at, updated_at;

/* @name MerchantRefundByKey */
-- The refund an Idempotency-Key of this merchant and mode made (merchant_refunds_idempotency_key).
SELECT id, merchant_id, livemode, payment_id, amount::text AS "amount!", currency, reason, note, status, failure_reason,
       idempotency_key, request_fingerprint, created_by_api_key_id, ledger_entry_id,
       from_available::text AS "from_available!", from_pending::text AS "from_pending!", reversal_entry_id,
       rail_reference, created_at, updated_at, refunded_at, failed_at
  FROM merchant_refunds
 WHERE merchant_id = :merchantId! AND livemode = :livemode! AND idempotency_key = :idempotencyKey!;

/* @name MerchantRefundOf */
-- A refund of this merchant and mode; another merchant's or the other mode's is no row.
SELECT id, merchant_id, livemode, payment_id, amount::text AS "amount!", currency, reason, note, status, failure_reason,
       idempotency_key, request_fingerprint, created_by_api_key_id, ledger_entry_id,
       from_available::text AS "from_available!", from_pending::text AS "from_pending!", reversal_entry_id,
       rail_reference, created_at, updated_at, refunded_at, failed_at
  FROM merchant_refunds
 WHERE id = :id! AND merchant_id = :merchantId! AND livemode = :livemode!;

/* @name LockMerchantRefund */
-- A refund, locked to settle it with its rail reversal (the worker's transaction).
SELECT id, merchant_id, livemode, payment_id, amount::text AS "amount!", currency, reason, note, status, failure_reason,
       idempotency_key, request_fingerprint, created_by_api_key_id, ledger_entry_id,
       from_available::text AS "from_available!", from_pending::text AS "from_pending!", reversal_entry_id,
       rail_reference, created_at, updated_at, refunded_at, failed_at
  FROM merchant_refunds
 WHERE id = :id!
   FOR UPDATE;

/* @name MerchantRefundPage */
-- One page of the merchant's refunds in a mode, newest first, optionally of one payment, with the count of all.
SELECT id, merchant_id, livemode, payment_id, amount::text AS "amount!", currency, reason, note, status, failure_reason,
       idempotency_key, request_fingerprint, created_by_api_key_id, ledger_entry_id,
       from_available::text AS "from_available!", from_pending::text AS "from_pending!", reversal_entry_id,
       rail_reference, created_at, updated_at, refunded_at, failed_at, count(*) OVER () AS "total!"
  FROM merchant_refunds
 WHERE merchant_id = :merchantId! AND livemode = :livemode!
   AND (:paymentId::uuid IS NULL OR payment_id = :paymentId::uuid)
 ORDER BY created_at DESC, id DESC
 LIMIT :limit! OFFSET :offset!;

/* @name MarkMerchantRefundSucceeded */
-- The rail returned the refund: PENDING -> SUCCEEDED, once.
UPDATE merchant_refunds
   SET status = 'SUCCEEDED', rail_reference = :railReference!, refunded_at = :at!, updated_at = :at!
 WHERE id = :id! AND status = 'PENDING'
RETURNING id;

/* @name MarkMerchantRefundFailed */
-- The rail refused the refund for good: PENDING -> FAILED, once, with the entry that gave the balance back.
UPDATE merchant_refunds
   SET status = 'FAILED', failure_reason = :failureReason!, reversal_entry_id = :reversalEntryId!, failed_at = :at!,
       updated_at = :at!
 WHERE id = :id! AND status = 'PENDING'
RETURNING id;

/* @name CountMerchantRefunds */
-- How many refunds the list has (for a page past its end, which answers no row to count).
SELECT count(*)::int AS "total!"
  FROM merchant_refunds
 WHERE merchant_id = :merchantId! AND livemode = :livemode!
   AND (:paymentId::uuid IS NULL OR payment_id = :paymentId::uuid);
