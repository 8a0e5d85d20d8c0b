/* @name MerchantDisputeOfPayment */
SELECT id FROM merchant_payment_disputes WHERE payment_id = :paymentId!;

/* @name InsertMerchantPaymentDispute */
-- One dispute per payment: a second notice of it meets the unique key and inserts nothing.
INSERT INTO merchant_payment_disputes
       (id, payment_id, merchant_id, livemode, checkout_session_id, amount, currency, reason, status,
        rail_dispute_reference, hold_entry_id, created_at)
VALUES (:id!, :paymentId!, :merchantId!, :livemode!, :checkoutSessionId!, :amount!, :currency!, :reason!,
        'NEEDS_RESPONSE', :railDisputeReference!, :holdEntryId!, :createdAt!)
ON CONFLICT (payment_id) DO NOTHING
RETURNING id;

/* @name MerchantDisputesOfPayment */
-- The test clock's answer: a test payment's dispute, if any.
SELECT id, amount::text AS "amount!", currency, reason, status, created_at
  FROM merchant_payment_disputes
 WHERE payment_id = :paymentId! AND merchant_id = :merchantId! AND livemode = :livemode!;
