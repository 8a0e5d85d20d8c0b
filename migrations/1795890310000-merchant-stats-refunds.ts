import { MigrationInterface, QueryRunner } from 'typeorm';

/** `merchant_stats_facts` as migration 1795890300000 made it: payments, sessions opened and completed, link views. */
const FACTS_BEFORE_REFUNDS = `
      SELECT 'payment'::text AS kind, p.id AS source_id, p.merchant_id, p.livemode, p.currency::char(3) AS currency,
             coalesce(p.completed_at, p.created_at) AS at, p.rail::varchar(32) AS rail,
             (p.status <> 'FAILED')::int AS payments_succeeded, (p.status = 'FAILED')::int AS payments_failed,
             CASE WHEN p.status <> 'FAILED' THEN p.amount ELSE 0 END AS volume,
             CASE WHEN p.status <> 'FAILED' THEN p.merchant_fee ELSE 0 END AS fees,
             0::bigint AS refunds, 0 AS link_views, 0 AS link_sessions_opened, 0 AS link_sessions_completed,
             0 AS api_sessions_opened, 0 AS api_sessions_completed,
             CASE WHEN p.status <> 'FAILED' THEN substr(encode(sha256(convert_to(
               CASE WHEN s.customer_email IS NOT NULL THEN 'email:' || lower(s.customer_email)
                    ELSE 'account:' || p.funding_account_masked END, 'UTF8')), 'hex'), 1, 32) END AS customer_key,
             CASE WHEN p.status = 'FAILED' THEN NULL
                  WHEN s.customer_email IS NOT NULL
                  THEN left(split_part(lower(s.customer_email), '@', 1), 1) || '***@' || split_part(lower(s.customer_email), '@', 2)
                  ELSE p.funding_account_masked END AS display_masked
        FROM payments p
        JOIN merchant_checkout_sessions s ON s.id = p.checkout_session_id
       WHERE p.channel = 'CHECKOUT'
         AND (p.status = 'FAILED'
              OR (p.status IN ('SUCCEEDED', 'REFUNDED') AND s.status = 'COMPLETE' AND s.payment_id = p.id))
      UNION ALL
      SELECT 'session_opened'::text, s.id, s.merchant_id, s.livemode, s.currency, s.created_at, ''::varchar(32),
             0, 0, 0::bigint, 0::bigint, 0::bigint, 0,
             (s.source = 'PAYMENT_LINK')::int, 0, (s.source = 'API')::int, 0, NULL, NULL
        FROM merchant_checkout_sessions s
      UNION ALL
      SELECT 'session_completed'::text, s.id, s.merchant_id, s.livemode, s.currency, s.completed_at, ''::varchar(32),
             0, 0, 0::bigint, 0::bigint, 0::bigint, 0,
             0, (s.source = 'PAYMENT_LINK')::int, 0, (s.source = 'API')::int, NULL, NULL
        FROM merchant_checkout_sessions s
       WHERE s.status = 'COMPLETE'
      UNION ALL
      SELECT 'link_view'::text, v.id, v.merchant_id, v.livemode, l.currency, v.viewed_at, ''::varchar(32),
             0, 0, 0::bigint, 0::bigint, 0::bigint, 1, 0, 0, 0, 0, NULL, NULL
        FROM merchant_payment_link_views v
        JOIN merchant_payment_links l ON l.id = v.payment_link_id`;

/**
 * Merchant analytics count refunds: `merchant_stats_facts` gets a `refund` kind, one row per SUCCEEDED merchant
 * refund (the rail returned it to the payer), the refund's amount in `refunds` at its `refunded_at`, in its
 * payment's currency and rail, the refund's merchant and mode. A PENDING refund (the rail has not answered) or a
 * FAILED one (refused for good, the balance given back) counts for nothing. No payer's day: top customers count
 * what payers paid, not what went back. The rollups' `refunds` columns already exist; the worker counts the fact
 * on `merchant.payment.refunded` (by the refund's id), and a rebuild counts the refunds already SUCCEEDED.
 */
export class MerchantStatsRefunds1795890310000 implements MigrationInterface {
  name = 'MerchantStatsRefunds1795890310000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE OR REPLACE VIEW merchant_stats_facts AS${FACTS_BEFORE_REFUNDS}
      UNION ALL
      SELECT 'refund'::text, r.id, r.merchant_id, r.livemode, p.currency::char(3), r.refunded_at, p.rail::varchar(32),
             0, 0, 0::bigint, 0::bigint, r.amount, 0, 0, 0, 0, 0, NULL, NULL
        FROM merchant_refunds r
        JOIN payments p ON p.id = r.payment_id AND p.merchant_id = r.merchant_id
       WHERE r.status = 'SUCCEEDED'`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    // A view loses no columns here, so the earlier definition replaces this one in place.
    await queryRunner.query(`CREATE OR REPLACE VIEW merchant_stats_facts AS${FACTS_BEFORE_REFUNDS}`);
  }
}
