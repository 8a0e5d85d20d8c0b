/* @name HistoryCustomerPage */
-- A customer's payments, newest first (GET /payments): one page and the count of them all in
-- one statement, so the count and the page read one snapshot in one round trip. The count is its
-- own subquery (an index-only scan of payments_customer_created_idx), not a window over the page,
-- so a page past the end still answers it: one row carrying the total, every payment column null.
-- The page walks the same index in its order (customer_id, created_at DESC, id DESC).
SELECT total.items AS "total_items!", listed.id AS "id?", listed.customer_id, listed.channel, listed.payer_type,
       listed.payer_id, listed.idempotency_key, listed.request_hash, listed.biller_id, listed.biller_name,
       listed.biller_slug, listed.account_reference, listed.saved_account_id, listed.amount, listed.fee,
       listed.currency, listed.rail, listed.funding_account_masked, listed.rail_reference, listed.status,
       listed.failure_code, listed.failure_message, listed.biller_reference, listed.journal_entry_id,
       listed.reversal_entry_id, listed.rail_reversal_reference, listed.refunded_amount, listed.held_for_review,
       listed.created_at, listed.updated_at, listed.completed_at, listed.merchant_id, listed.livemode,
       listed.checkout_session_id, listed.merchant_fee, listed.merchant_pricing_version_id
  FROM (SELECT count(*)::int AS items FROM payments WHERE customer_id = :customerId!) total
  LEFT JOIN LATERAL (
    SELECT p.id, p.customer_id, p.channel, p.payer_type, p.payer_id, p.idempotency_key, p.request_hash, p.biller_id,
           p.biller_name, p.biller_slug, p.account_reference, p.saved_account_id, p.amount, p.fee, p.currency, p.rail,
           p.funding_account_masked, p.rail_reference, p.status, p.failure_code, p.failure_message,
           p.biller_reference, p.journal_entry_id, p.reversal_entry_id, p.rail_reversal_reference,
           p.refunded_amount, p.held_for_review, p.created_at, p.updated_at, p.completed_at, p.merchant_id,
           p.livemode, p.checkout_session_id, p.merchant_fee, p.merchant_pricing_version_id
      FROM payments p
     WHERE p.customer_id = :customerId!
     ORDER BY p.created_at DESC, p.id DESC
     LIMIT :limit! OFFSET :offset!
  ) listed ON true;

/* @name HistoryPayerPage */
-- The payments a payer (an agent) made, newest first (GET /agent/transactions): as
-- HistoryCustomerPage, on payments_payer_created_idx (payer_id, created_at DESC, id DESC).
SELECT total.items AS "total_items!", listed.id AS "id?", listed.customer_id, listed.channel, listed.payer_type,
       listed.payer_id, listed.idempotency_key, listed.request_hash, listed.biller_id, listed.biller_name,
       listed.biller_slug, listed.account_reference, listed.saved_account_id, listed.amount, listed.fee,
       listed.currency, listed.rail, listed.funding_account_masked, listed.rail_reference, listed.status,
       listed.failure_code, listed.failure_message, listed.biller_reference, listed.journal_entry_id,
       listed.reversal_entry_id, listed.rail_reversal_reference, listed.refunded_amount, listed.held_for_review,
       listed.created_at, listed.updated_at, listed.completed_at, listed.merchant_id, listed.livemode,
       listed.checkout_session_id, listed.merchant_fee, listed.merchant_pricing_version_id
  FROM (SELECT count(*)::int AS items FROM payments WHERE payer_id = :payerId!) total
  LEFT JOIN LATERAL (
    SELECT p.id, p.customer_id, p.channel, p.payer_type, p.payer_id, p.idempotency_key, p.request_hash, p.biller_id,
           p.biller_name, p.biller_slug, p.account_reference, p.saved_account_id, p.amount, p.fee, p.currency, p.rail,
           p.funding_account_masked, p.rail_reference, p.status, p.failure_code, p.failure_message,
           p.biller_reference, p.journal_entry_id, p.reversal_entry_id, p.rail_reversal_reference,
           p.refunded_amount, p.held_for_review, p.created_at, p.updated_at, p.completed_at, p.merchant_id,
           p.livemode, p.checkout_session_id, p.merchant_fee, p.merchant_pricing_version_id
      FROM payments p
     WHERE p.payer_id = :payerId!
     ORDER BY p.created_at DESC, p.id DESC
     LIMIT :limit! OFFSET :offset!
  ) listed ON true;
