import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Top customers that stay flat as payments grow (design/merchants.md section 5, "Analytics"). The window of top
 * customers always ends today, so a payer's total over it is its total through the window's last day less its total
 * before the first day; both are made one lookup per payer:
 *
 * - `merchant_stats_payers` (merchant, mode, currency, payer key): the payer's lifetime count, volume, first and last
 *   UTC day, last payment and masked name, one upsert per fact. Its index on `last_day` gives the payers of a window
 *   (last day on or after the window's first day).
 * - `merchant_stats_payers_daily` gets `cum_count` / `cum_volume`: the payer's count and volume through that day,
 *   inclusive. Its primary key becomes (merchant, mode, currency, payer key, day) INCLUDE (cum_count, cum_volume), so
 *   "the payer's last day before day X" is one index-only probe. Nothing read the days in day order any more.
 * - `merchant_stats_payers_monthly` (migration 1795893000000) is no longer read: dropped.
 *
 * A request then costs the payers active in the window (plus one probe each), never payer-days or payments. Both
 * are filled here from the daily rows already there (a window sum per payer), so they agree with a rebuild at once.
 */
export class MerchantStatsPayerTotals1795894000000 implements MigrationInterface {
  name = 'MerchantStatsPayerTotals1795894000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE merchant_stats_payers_daily
        ADD COLUMN cum_count integer NOT NULL DEFAULT 0,
        ADD COLUMN cum_volume bigint NOT NULL DEFAULT 0`);
    await queryRunner.query(`
      UPDATE merchant_stats_payers_daily d
         SET cum_count = c.cum_count, cum_volume = c.cum_volume
        FROM (SELECT merchant_id, livemode, currency, customer_key, day,
                     sum(payment_count) OVER payer AS cum_count, sum(volume) OVER payer AS cum_volume
                FROM merchant_stats_payers_daily
              WINDOW payer AS (PARTITION BY merchant_id, livemode, currency, customer_key ORDER BY day)) c
       WHERE c.merchant_id = d.merchant_id AND c.livemode = d.livemode AND c.currency = d.currency
         AND c.customer_key = d.customer_key AND c.day = d.day`);
    await queryRunner.query(`
      ALTER TABLE merchant_stats_payers_daily
        ALTER COLUMN cum_count DROP DEFAULT,
        ALTER COLUMN cum_volume DROP DEFAULT,
        DROP CONSTRAINT merchant_stats_payers_daily_pkey,
        ADD CONSTRAINT merchant_stats_payers_daily_pkey
            PRIMARY KEY (merchant_id, livemode, currency, customer_key, day) INCLUDE (cum_count, cum_volume)`);
    await queryRunner.query(`
      CREATE TABLE merchant_stats_payers (
        merchant_id uuid NOT NULL REFERENCES merchants (id),
        livemode boolean NOT NULL,
        currency char(3) NOT NULL,
        customer_key char(32) NOT NULL,
        display_masked varchar(254) NOT NULL,
        payment_count integer NOT NULL,
        volume bigint NOT NULL,
        first_day date NOT NULL,
        last_day date NOT NULL,
        last_paid_at timestamptz NOT NULL,
        PRIMARY KEY (merchant_id, livemode, currency, customer_key)
      )`);
    await queryRunner.query(
      `CREATE INDEX merchant_stats_payers_last_day_idx ON merchant_stats_payers (merchant_id, livemode, currency, last_day)`,
    );
    await queryRunner.query(`
      INSERT INTO merchant_stats_payers
             (merchant_id, livemode, currency, customer_key, display_masked, payment_count, volume, first_day, last_day,
              last_paid_at)
      SELECT merchant_id, livemode, currency, customer_key, max(display_masked), sum(payment_count)::int,
             sum(volume)::bigint, min(day), max(day), max(last_paid_at)
        FROM merchant_stats_payers_daily
       GROUP BY 1, 2, 3, 4`);
    await queryRunner.query(`DROP TABLE merchant_stats_payers_monthly`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE merchant_stats_payers_monthly (
        merchant_id uuid NOT NULL REFERENCES merchants (id),
        livemode boolean NOT NULL,
        currency char(3) NOT NULL,
        month date NOT NULL,
        customer_key char(32) NOT NULL,
        display_masked varchar(254) NOT NULL,
        payment_count integer NOT NULL,
        volume bigint NOT NULL,
        last_paid_at timestamptz NOT NULL,
        PRIMARY KEY (merchant_id, livemode, currency, month, customer_key),
        CONSTRAINT merchant_stats_payers_monthly_month_check CHECK (month = date_trunc('month', month)::date)
      )`);
    await queryRunner.query(`
      INSERT INTO merchant_stats_payers_monthly
             (merchant_id, livemode, currency, month, customer_key, display_masked, payment_count, volume, last_paid_at)
      SELECT merchant_id, livemode, currency, date_trunc('month', day)::date, customer_key, max(display_masked),
             sum(payment_count)::int, sum(volume)::bigint, max(last_paid_at)
        FROM merchant_stats_payers_daily
       GROUP BY 1, 2, 3, 4, 5`);
    await queryRunner.query(`DROP TABLE merchant_stats_payers`);
    await queryRunner.query(`
      ALTER TABLE merchant_stats_payers_daily
        DROP CONSTRAINT merchant_stats_payers_daily_pkey,
        ADD CONSTRAINT merchant_stats_payers_daily_pkey PRIMARY KEY (merchant_id, livemode, currency, day, customer_key)`);
    await queryRunner.query(`ALTER TABLE merchant_stats_payers_daily DROP COLUMN cum_count, DROP COLUMN cum_volume`);
  }
}
