/**
 * The acceptance floor's first transaction after its lock and tier read (`bench/payments.bench.ts`),
 * shared with `admission-statement.ts`, which times the service's admission against them.
 *
 * - `FLOOR_PRECHECK` ($1 customer, $2 key): the key's payment and the customer's rolling-day sum,
 *   as `payments.precheck` reads them (less its duplicate window).
 * - `FLOOR_INSERT_PAYMENT` ($1 id, $2 customer, $3 key, $4 biller, $5 amount, $6 fee, $7 account):
 *   the AUTHORIZING payment with its first timeline step (`payments.insert-payment`, less the
 *   capture instruction).
 */
export const FLOOR_PRECHECK = `SELECT (SELECT id FROM payments WHERE payer_id = $1 AND idempotency_key = $2) AS existing,
              (SELECT coalesce(sum(amount), 0) FROM payments WHERE customer_id = $1
                  AND created_at > now() - interval '24 hours' AND status <> 'FAILED') AS used`;

export const FLOOR_INSERT_PAYMENT = `WITH inserted AS (
         INSERT INTO payments (id, customer_id, payer_id, idempotency_key, request_hash, biller_id, biller_name,
                               biller_slug, account_reference, amount, fee, currency, rail, funding_account_masked,
                               status)
         VALUES ($1, $2, $2, $3, repeat('0', 64), $4, 'Bench Power', 'bench-power', $7, $5, $6, 'NGN',
                 'CARD', '4242', 'AUTHORIZING')
         RETURNING id, created_at)
       INSERT INTO payment_status_events (payment_id, status, note, created_at)
       SELECT id, 'AUTHORIZING', 'floor', created_at FROM inserted`;
