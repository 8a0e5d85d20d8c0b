import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Top customers over long ranges (design/merchants.md section 5, "Analytics"): a monthly rollup per payer beside
 * the daily one, so `GET /merchant/analytics/top-customers?range=365d` reads payers x months for the whole months
 * of its window and daily rows only at its edges, instead of payers x days over the whole range.
 *
 * `merchant_stats_payers_monthly` (merchant, mode, currency, first day of the UTC month, payer key): what the
 * daily rows of the month add up to (count, volume, last paid). It is kept by the same outbox consumer, in the
 * same statement as the daily row, and rebuilt with it; here it is filled from the daily rows already there, so
 * the two agree from the start without a rebuild.
 */
export class MerchantStatsPayersMonthly1795893000000 implements MigrationInterface {
  name = 'MerchantStatsPayersMonthly1795893000000';

  async up(queryRunner: QueryRunner): Promise<void> {
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
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE merchant_stats_payers_monthly`);
  }
}
