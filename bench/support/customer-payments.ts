import { Client } from 'pg';

/**
 * A customer's own payments for the history read (`GET /payments`, read-floors.bench.ts):
 * `count` settled app payments of `customerId` to one biller over the last 300 days (3 % FAILED),
 * as the payment core leaves them, and as many again of `others` other customers, so the
 * customer's rows sit among other people's. Ids are UUIDv7 built from `created_at`, as in
 * production. The table is vacuumed and analysed afterwards.
 */
export async function plantCustomerPayments(
  db: Client,
  settings: { customerId: string; others: string[]; count: number },
): Promise<void> {
  const [biller] = (
    await db.query<{ id: string; name: string; slug: string }>(
      `SELECT id, name, slug FROM billers ORDER BY slug LIMIT 1`,
    )
  ).rows;
  if (!biller) throw new Error('no biller to plant customer payments against: seed first');
  const uuidv7 = (ts: string, salt: string) =>
    `(lpad(to_hex((extract(epoch FROM ${ts}) * 1000)::bigint), 12, '0') || '7' || substr(${salt}, 1, 3) || '8'
       || substr(${salt}, 4, 15))::uuid`;
  await db.query(
    `INSERT INTO payments (id, customer_id, payer_id, channel, payer_type, idempotency_key, request_hash, biller_id,
                           biller_name, biller_slug, account_reference, amount, fee, currency, rail,
                           funding_account_masked, rail_reference, status, failure_code, biller_reference,
                           created_at, updated_at, completed_at)
     SELECT ${uuidv7('t.created_at', 'md5(t.who::text || t.g::text)')}, t.who, t.who, 'APP', 'CUSTOMER',
            'history-' || t.g, repeat('0', 64), $3, $4, $5, '4501' || lpad((t.g % 97)::text, 7, '0'),
            1000 + (t.g * 31) % 99000, 100, 'NGN', 'CARD', '424242******4242', 'card_cap_' || t.g,
            CASE WHEN t.g % 33 = 7 THEN 'FAILED' ELSE 'SUCCEEDED' END,
            CASE WHEN t.g % 33 = 7 THEN 'BILLER_REJECTED' END,
            CASE WHEN t.g % 33 = 7 THEN NULL ELSE 'BP-' || t.g END,
            t.created_at, t.created_at + interval '2 seconds', t.created_at + interval '2 seconds'
       FROM (SELECT g, CASE WHEN g % 2 = 0 THEN $1::uuid ELSE ($2::uuid[])[1 + (g / 2) % cardinality($2::uuid[])] END
                       AS who,
                    now() - interval '300 days' * (1 - g::float8 / ($6::int * 2)) AS created_at
               FROM generate_series(1, $6::int * 2) AS g) AS t`,
    [settings.customerId, settings.others, biller.id, biller.name, biller.slug, settings.count],
  );
  await db.query('VACUUM (ANALYZE) payments');
}
