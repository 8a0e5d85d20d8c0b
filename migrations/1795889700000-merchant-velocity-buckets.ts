import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The counters behind merchants' velocity caps: per merchant, mode, currency and minute, the
 * payments admitted (count and amount), once for the merchant as a whole (`scope` MERCHANT,
 * `customer_key` '') and once for the paying customer when the payment names one (`scope`
 * CUSTOMER). Upserted in the payment's transaction (`MerchantVelocity.admit`), decremented when a
 * payment is declined (`release`); a cap's usage is the sum over its trailing window. The risk
 * routes read the same rows (headroom, daily figures), so they are kept 90 days.
 */
export class MerchantVelocityBuckets1795889700000 implements MigrationInterface {
  name = 'MerchantVelocityBuckets1795889700000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE merchant_velocity_buckets (
        merchant_id uuid NOT NULL REFERENCES merchants (id),
        livemode boolean NOT NULL,
        currency char(3) NOT NULL,
        scope varchar(10) NOT NULL,
        customer_key varchar(200) NOT NULL,
        minute timestamptz NOT NULL,
        count integer NOT NULL,
        amount bigint NOT NULL,
        CONSTRAINT merchant_velocity_buckets_pkey
          PRIMARY KEY (merchant_id, livemode, currency, scope, customer_key, minute),
        CONSTRAINT merchant_velocity_buckets_scope_check CHECK (
          (scope = 'MERCHANT' AND customer_key = '') OR (scope = 'CUSTOMER' AND customer_key <> '')
        ),
        CONSTRAINT merchant_velocity_buckets_minute_check CHECK (minute = date_trunc('minute', minute)),
        CONSTRAINT merchant_velocity_buckets_figures_check CHECK (count >= 0 AND amount >= 0)
      )`);
    // The 90-day purge walks minutes across merchants.
    await queryRunner.query(`CREATE INDEX merchant_velocity_buckets_minute_idx ON merchant_velocity_buckets (minute)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE merchant_velocity_buckets`);
  }
}
