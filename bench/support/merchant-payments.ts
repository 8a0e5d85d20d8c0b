import { Client } from 'pg';
import { DEMO_MERCHANT } from '../../src/modules/merchants/onboarding/demo-merchant.seeder';

/**
 * The demo merchant's test-mode sessions and their payments, as the payment core and checkout
 * leave them (COMPLETE sessions, SUCCEEDED payments). Ids are UUIDv7 built from `created_at`, so id
 * order is time order as in production.
 */
export async function plantCheckoutPayments(db: Client, count: number): Promise<void> {
  await db.query(
    `CREATE TEMP TABLE bench_rows AS
       SELECT g,
              now() - interval '300 days' * (1 - g::float8 / $1) AS created_at,
              md5(g::text) AS h
         FROM generate_series(1, $1::int) AS g`,
    [count],
  );
  const uuidv7 = (ts: string, salt: string) =>
    `(lpad(to_hex((extract(epoch FROM ${ts}) * 1000)::bigint), 12, '0') || '7' || substr(${salt}, 1, 3) || '8'
       || substr(${salt}, 4, 15))::uuid`;
  await db.query(
    `INSERT INTO merchant_checkout_sessions (id, merchant_id, livemode, status, source, amount, currency,
        merchant_reference, success_url, cancel_url, customer_email, metadata, payment_id, expires_at,
        completed_at, created_at)
     SELECT ${uuidv7('created_at', 'h')}, $1, false, 'COMPLETE', 'API', 1000 + (g::bigint * 7919) % 999001, 'NGN',
            CASE WHEN g % 10 = 0 THEN '=order-' ELSE 'order-' END || g,
            'https://shop.example/paid', 'https://shop.example/cart',
            CASE WHEN g % 7 = 0 THEN 'payer' || g || '@example.com' END, '{}',
            ${uuidv7('created_at', 'md5(h)')}, created_at + interval '1 day', created_at + interval '2 seconds',
            created_at
       FROM bench_rows`,
    [DEMO_MERCHANT.id],
  );
  await db.query(
    `INSERT INTO payments (id, channel, payer_type, payer_id, idempotency_key, request_hash, amount, fee, currency,
        rail, funding_account_masked, status, merchant_id, livemode, checkout_session_id, merchant_fee,
        refunded_amount, created_at, updated_at, completed_at)
     SELECT s.payment_id, 'CHECKOUT', 'CHECKOUT_PAYER', s.id, s.id::text, repeat('0', 64), s.amount, 0, 'NGN',
            CASE WHEN n % 3 = 0 THEN 'BANK_TRANSFER' ELSE 'CARD' END, '424242******4242', 'SUCCEEDED', $1, false,
            s.id, s.amount * 15 / 1000, CASE WHEN n % 10 = 3 THEN s.amount / 2 ELSE 0 END,
            s.created_at, s.completed_at, s.completed_at
       FROM merchant_checkout_sessions s,
            LATERAL (SELECT substring(s.merchant_reference FROM '[0-9]+$')::int AS n) AS planted
      WHERE s.merchant_id = $1 AND s.livemode = false`,
    [DEMO_MERCHANT.id],
  );
  // The refunded ones' refunds, settled as the rail leaves them: two SUCCEEDED halves of the refunded amount
  // (a day and two days after the payment), whose latest is the row's refundedAt.
  await db.query(
    `INSERT INTO merchant_refunds (id, merchant_id, livemode, payment_id, amount, currency, reason, status,
        idempotency_key, request_fingerprint, ledger_entry_id, from_available, from_pending, created_at, updated_at,
        refunded_at)
     SELECT gen_random_uuid(), p.merchant_id, false, p.id, p.refunded_amount / 2, 'NGN', 'REQUESTED_BY_CUSTOMER',
            'SUCCEEDED', p.id::text || ':' || k, repeat('0', 64), gen_random_uuid(), p.refunded_amount / 2, 0,
            p.created_at + interval '1 day' * k, p.created_at + interval '1 day' * k, p.created_at + interval '1 day' * k
       FROM payments p CROSS JOIN generate_series(1, 2) AS k
      WHERE p.merchant_id = $1 AND p.livemode = false AND p.refunded_amount > 1`,
    [DEMO_MERCHANT.id],
  );
  await db.query('DROP TABLE bench_rows');
}
