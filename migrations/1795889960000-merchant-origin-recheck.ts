import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The weekly re-check of verified origins (design/merchants.md section 4): `failing_since`, the
 * first failed re-check of a run of failures (null after a success; seven days of it send the
 * origin back to PENDING), and `recheck_claimed_until`, the lease a worker takes on an origin
 * before checking it outside any transaction, so two workers never check the same origin.
 */
export class MerchantOriginRecheck1795889960000 implements MigrationInterface {
  name = 'MerchantOriginRecheck1795889960000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE merchant_origins
        ADD COLUMN failing_since timestamptz,
        ADD COLUMN recheck_claimed_until timestamptz,
        ADD CONSTRAINT merchant_origins_failing_check CHECK (failing_since IS NULL OR status = 'VERIFIED')`);
    // The re-check's claim walks the verified https origins by their last check.
    await queryRunner.query(`
      CREATE INDEX merchant_origins_recheck_idx ON merchant_origins (last_checked_at)
       WHERE status = 'VERIFIED' AND NOT test_mode_only`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX merchant_origins_recheck_idx`);
    await queryRunner.query(`
      ALTER TABLE merchant_origins
        DROP CONSTRAINT merchant_origins_failing_check,
        DROP COLUMN recheck_claimed_until,
        DROP COLUMN failing_since`);
  }
}
