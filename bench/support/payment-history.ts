import { Client } from 'pg';
import { ACCOUNT_REFERENCE } from './payment-kit';

/**
 * Payment history for the payments bench (`BENCH_HISTORY`): `count` settled payments loaded
 * with `INSERT ... SELECT generate_series` before the rounds, so the bench shows whether a
 * payment's cost depends on how many came before it. Each payment gets the rows the per-payment
 * and per-event statements read beside it: the sandbox rail's capture, a confirmed posting
 * cycle, its timeline step and its published outbox event.
 *
 * - customers: `count / 100` history customers (at least 200, at most 10,000), registered long
 *   ago, plus the bench's own customers, who made a tenth of the history (all older than a day,
 *   so their daily limits start unused);
 * - a hot account: a tenth of the payments go to the bench's own biller account
 *   (`ACCOUNT_REFERENCE`, which every bench payment pays) from the history customers, and a
 *   twentieth of those within the last 50 minutes, inside the AML window, from many payers;
 * - the rest go to `count / 20` other accounts of the same biller over the last 90 days;
 * - 3 % FAILED, the rest SUCCEEDED.
 *
 * The tables are vacuumed and analysed afterwards, as a long-lived database would be.
 */
export async function loadPaymentHistory(
  db: Client,
  settings: { count: number; billerId: string; benchCustomerIds: string[] },
): Promise<void> {
  const { count, billerId, benchCustomerIds } = settings;
  const historyCustomers = Math.min(10_000, Math.max(200, Math.floor(count / 100)));
  const accounts = Math.max(10, Math.floor(count / 20));
  await db.query(
    `INSERT INTO users (id, phone, role, kyc_tier, pin_hash, pin_set_at, phone_verified_at, created_at, updated_at)
     SELECT gen_random_uuid(), '+234808' || lpad(g::text, 7, '0'), 'CUSTOMER', 'TIER_1', 'history', now(),
            now() - interval '400 days', now() - interval '400 days', now() - interval '400 days'
       FROM generate_series(1, $1::int) g`,
    [historyCustomers],
  );
  // One row a payment: who paid which account when, from which the other tables are filled.
  await db.query(
    `CREATE UNLOGGED TABLE bench_history AS
     WITH people AS (
       SELECT (SELECT array_agg(id) FROM users WHERE phone LIKE '+234808%') AS history,
              $4::uuid[] AS bench
     ), drawn AS (
       SELECT g, g % 10 = 0 AS hot, g % 10 = 5 AS own, random() AS r FROM generate_series(1, $1::int) g
     )
     SELECT gen_random_uuid() AS id, d.g,
            CASE WHEN d.own THEN p.bench[1 + (d.g / 10) % cardinality(p.bench)]
                 ELSE p.history[1 + floor(d.r * cardinality(p.history))::int] END AS customer_id,
            CASE WHEN d.hot THEN $2::text ELSE '3' || lpad(((d.g::bigint * 7919) % $3::int)::text, 10, '0') END AS account_reference,
            CASE WHEN d.hot AND (d.g / 10) % 20 = 0 THEN now() - d.r * interval '50 minutes'
                 WHEN d.hot THEN now() - interval '1 hour' - d.r * interval '30 days'
                 ELSE now() - interval '1 day' - d.r * interval '89 days' END AS created_at,
            CASE WHEN d.g % 33 = 7 THEN 'FAILED' ELSE 'SUCCEEDED' END AS status,
            1000 + (d.g * 31) % 99000 AS amount
       FROM drawn d, people p`,
    [count, ACCOUNT_REFERENCE, accounts, benchCustomerIds],
  );
  await db.query(
    `INSERT INTO payments (id, customer_id, payer_id, channel, payer_type, idempotency_key, request_hash, biller_id,
                           biller_name, biller_slug, account_reference, amount, fee, currency, rail,
                           funding_account_masked, rail_reference, status, failure_code, biller_reference,
                           created_at, updated_at, completed_at)
     SELECT h.id, h.customer_id, h.customer_id, 'APP', 'CUSTOMER', 'history-' || h.g, repeat('0', 64), $1,
            'Bench Power', 'bench-power', h.account_reference, h.amount, 100 + (h.amount * 50 + 5000) / 10000, 'NGN',
            'CARD', '4242', 'card_cap_' || left(h.id::text, 8), h.status,
            CASE WHEN h.status = 'FAILED' THEN 'BILLER_REJECTED' END,
            CASE WHEN h.status = 'SUCCEEDED' THEN 'BP-' || h.g END,
            h.created_at, h.created_at + interval '2 seconds', h.created_at + interval '2 seconds'
       FROM bench_history h ORDER BY h.created_at`,
    [billerId],
  );
  await db.query(
    `INSERT INTO sandbox_rail_operations (kind, reference, rail, outcome, rail_reference, amount, currency, created_at)
     SELECT 'CAPTURE', h.id::text, 'CARD', 'CAPTURED', 'card_cap_' || left(h.id::text, 8),
            h.amount + 100 + (h.amount * 50 + 5000) / 10000, 'NGN', h.created_at
       FROM bench_history h ORDER BY h.created_at`,
  );
  await db.query(
    `INSERT INTO posting_attempts (id, payment_id, cycle, status, tries, next_attempt_at, outcome_unknown,
                                   last_outcome, created_at, updated_at, completed_at)
     SELECT gen_random_uuid(), h.id, 1, CASE WHEN h.status = 'FAILED' THEN 'FAILED' ELSE 'CONFIRMED' END, 1,
            h.created_at, false, CASE WHEN h.status = 'FAILED' THEN 'REJECTED' ELSE 'CONFIRMED' END,
            h.created_at, h.created_at + interval '2 seconds', h.created_at + interval '2 seconds'
       FROM bench_history h ORDER BY h.created_at`,
  );
  await db.query(
    `INSERT INTO payment_status_events (payment_id, status, note, created_at)
     SELECT h.id, h.status, 'history', h.created_at + interval '2 seconds' FROM bench_history h ORDER BY h.created_at`,
  );
  await db.query(
    `INSERT INTO outbox_events (id, event_type, aggregate_type, aggregate_id, payload, status, attempts,
                                next_attempt_at, created_at, published_at)
     SELECT gen_random_uuid(), CASE WHEN h.status = 'FAILED' THEN 'payment.failed' ELSE 'payment.succeeded' END,
            'payment', h.id::text, jsonb_build_object('paymentId', h.id), 'PUBLISHED', 1, h.created_at,
            h.created_at, h.created_at + interval '3 seconds'
       FROM bench_history h ORDER BY h.created_at`,
  );
  await db.query(`DROP TABLE bench_history`);
  for (const table of [
    'users',
    'payments',
    'sandbox_rail_operations',
    'posting_attempts',
    'payment_status_events',
    'outbox_events',
  ]) {
    await db.query(`VACUUM (ANALYZE) ${table}`);
  }
}
