import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Reconciliation reads one window of payments at a time, so it must not scan history:
 *
 * - the window's payments are found by `payments_created_at_idx` (migration 1795840000000).
 * - `sandbox_rail_operations_capture_created_idx`: the rail's captures of the window, to find
 *   captures no payment owns.
 * - `reconciliation_biller_checks`: the last answer each biller gave about a payment of ours
 *   (the biller-side check), read by the reconciliation as `BILLER_DISAGREES` breaks.
 */
export class Reconciliation1795850000000 implements MigrationInterface {
  name = 'Reconciliation1795850000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE INDEX sandbox_rail_operations_capture_created_idx ON sandbox_rail_operations (created_at) WHERE kind = 'CAPTURE'`,
    );
    await queryRunner.query(`
      CREATE TABLE reconciliation_biller_checks (
        payment_id uuid PRIMARY KEY REFERENCES payments (id),
        outcome varchar(16) NOT NULL CHECK (outcome IN ('AGREES', 'MISSING', 'AMOUNT_DIFFERS', 'UNREACHABLE')),
        biller_status varchar(16),
        biller_amount bigint,
        biller_reference varchar(80),
        expected_amount bigint NOT NULL,
        currency char(3) NOT NULL,
        detail varchar(200),
        checked_at timestamptz NOT NULL DEFAULT now()
      )
    `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE reconciliation_biller_checks`);
    await queryRunner.query(`DROP INDEX sandbox_rail_operations_capture_created_idx`);
  }
}
