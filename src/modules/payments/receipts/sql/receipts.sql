/* @name ReceiptById */
-- What a receipt shows of one payment, by its id alone (ReceiptRepository.findById). A checkout
-- payment has no receipt of ours (its payer is not our customer).
SELECT id, customer_id AS "customer_id!", status, biller_name AS "biller_name!", biller_slug AS "biller_slug!",
       account_reference AS "account_reference!", amount, fee, currency,
       rail, funding_account_masked, rail_reference, biller_reference, created_at, completed_at
  FROM payments
 WHERE id = :paymentId! AND channel <> 'CHECKOUT';

/* @name ReceiptOwnedBy */
-- The same, only when the payment is the customer's (ReceiptRepository.findOwnedBy).
SELECT id, customer_id AS "customer_id!", status, biller_name AS "biller_name!", biller_slug AS "biller_slug!",
       account_reference AS "account_reference!", amount, fee, currency,
       rail, funding_account_masked, rail_reference, biller_reference, created_at, completed_at
  FROM payments
 WHERE id = :paymentId! AND customer_id = :customerId! AND channel <> 'CHECKOUT';
