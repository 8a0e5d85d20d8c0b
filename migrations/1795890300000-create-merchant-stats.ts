import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Merchant analytics' rollups (design/merchants.md section 5, "Analytics"), kept current by the
 * worker from the outbox and recomputed by `npm run analytics:rebuild`:
 *
 * - `merchant_stats_facts` (a view): what each source row counts for, one row per fact: a checkout
 *   payment that completed its session (succeeded) or FAILED, at `completed_at`; a session opened
 *   (at `created_at`) and completed (at `completed_at`), by source; a payment link's view (in the
 *   link's currency). Both the live consumer (one fact by kind and source id) and the rebuild (all
 *   of a merchant's facts) read it, so the two count alike by construction.
 * - `merchant_stats_hourly`: sums per merchant, mode, UTC hour, currency and rail (`''` for the
 *   rows of sessions and views, which have no rail: a key column is never null).
 * - `merchant_stats_payers_daily`: succeeded payments per payer and UTC day, for top customers
 *   (bounded by payers x days, never a scan of payments).
 * - `merchant_stats_applied_events`: the outbox events already counted, so a redelivered event
 *   counts once; pruned after MERCHANT_ANALYTICS_APPLIED_EVENTS_RETENTION_DAYS.
 */
export class CreateMerchantStats1795890300000 implements MigrationInterface {
  name = 'CreateMerchantStats1795890300000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE merchant_stats_hourly (
        merchant_id uuid NOT NULL REFERENCES merchants (id),
        livemode boolean NOT NULL,
        hour timestamptz NOT NULL,
        currency char(3) NOT NULL,
        rail varchar(32) NOT NULL,
        payments_succeeded integer NOT NULL DEFAULT 0,
        payments_failed integer NOT NULL DEFAULT 0,
        volume bigint NOT NULL DEFAULT 0,
        fees bigint NOT NULL DEFAULT 0,
        refunds bigint NOT NULL DEFAULT 0,
        link_views integer NOT NULL DEFAULT 0,
        link_sessions_opened integer NOT NULL DEFAULT 0,
        link_sessions_completed integer NOT NULL DEFAULT 0,
        api_sessions_opened integer NOT NULL DEFAULT 0,
        api_sessions_completed integer NOT NULL DEFAULT 0,
        PRIMARY KEY (merchant_id, livemode, hour, currency, rail),
        CONSTRAINT merchant_stats_hourly_hour_check CHECK (hour = date_bin('1 hour', hour, TIMESTAMPTZ '2000-01-01 00:00:00+00'))
      )`);
    await queryRunner.query(`
      CREATE TABLE merchant_stats_payers_daily (
        merchant_id uuid NOT NULL REFERENCES merchants (id),
        livemode boolean NOT NULL,
        currency char(3) NOT NULL,
        day date NOT NULL,
        customer_key char(32) NOT NULL,
        display_masked varchar(254) NOT NULL,
        payment_count integer NOT NULL,
        volume bigint NOT NULL,
        last_paid_at timestamptz NOT NULL,
        PRIMARY KEY (merchant_id, livemode, currency, day, customer_key)
      )`);
    await queryRunner.query(`
      CREATE TABLE merchant_stats_applied_events (
        event_id uuid PRIMARY KEY,
        merchant_id uuid NOT NULL,
        occurred_at timestamptz NOT NULL
      )`);
    await queryRunner.query(
      `CREATE INDEX merchant_stats_applied_events_prune_idx ON merchant_stats_applied_events (occurred_at)`,
    );
    await queryRunner.query(`
      CREATE VIEW merchant_stats_facts AS
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
        JOIN merchant_payment_links l ON l.id = v.payment_link_id`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP VIEW merchant_stats_facts`);
    await queryRunner.query(`DROP TABLE merchant_stats_applied_events`);
    await queryRunner.query(`DROP TABLE merchant_stats_payers_daily`);
    await queryRunner.query(`DROP TABLE merchant_stats_hourly`);
  }
}
