/* @name PayersOfAccounts */
-- PaymentHistory: what other contexts may read of payment history.
SELECT DISTINCT p.account_reference AS "account_reference!", p.customer_id AS "customer_id!"
  FROM payments p
 WHERE p.biller_id = :billerId! AND p.account_reference = ANY (:accountReferences!::text[]) AND p.status = 'SUCCEEDED';

/* @name LivePaymentSince */
SELECT p.id, p.customer_id AS "customer_id!", p.channel, p.biller_id AS "biller_id!",
       p.account_reference AS "account_reference!", p.amount, p.currency, p.status, p.created_at
  FROM payments p
 WHERE p.customer_id = :customerId! AND p.biller_id = :billerId! AND p.account_reference = :accountReference!
   AND p.amount = :amount!::bigint
   AND p.created_at >= :since! AND p.status IN ('AUTHORIZING', 'PENDING', 'PROCESSING', 'SUCCEEDED')
 ORDER BY p.created_at DESC
 LIMIT 1;

/* @name PaymentStatusesOf */
SELECT p.id, p.status, p.failure_code FROM payments p WHERE p.id = ANY (:ids!::uuid[]);

/* @name PaymentByIdempotencyKey */
SELECT p.id, p.status, p.failure_code FROM payments p WHERE p.payer_id = :payerId! AND p.idempotency_key = :idempotencyKey!;

/* @name PayerActivitySince */
SELECT count(*)::int AS "payments!", coalesce(sum(p.amount + p.fee), 0)::text AS "taken!"
  FROM payments p
 WHERE p.payer_id = :payerId! AND p.created_at >= :since! AND p.status NOT IN ('FAILED', 'REFUNDED');

/* @name PayerUsedToday */
SELECT coalesce(sum(p.amount), 0)::text AS "used!"
  FROM payments p
 WHERE p.payer_id = :payerId! AND p.created_at > now() - interval '24 hours' AND p.status <> 'FAILED'
   AND p.currency = :currency!;
