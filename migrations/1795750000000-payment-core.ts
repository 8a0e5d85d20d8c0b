import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The payment core moves money in two steps, with the rail called between two transactions
 * (DESIGN.md section 2):
 *
 * - `AUTHORIZING`: the payment and its idempotency record are committed before the rail is
 *   called; limits count it, and the recovery job asks the rail about any left in it. The
 *   partial index serves that job's scan.
 * - `channel`, `payer_type`, `payer_id`: every channel that moves money (the customer app,
 *   pushed bills, schedules, agents, checkout, the sandbox) records itself and who paid.
 * - `sandbox_rail_operations`: the sandbox rail's own memory of what it captured, refunded or
 *   cancelled, by reference, so it answers status inquiries after a restart as a real rail does.
 */
export class PaymentCore1795750000000 implements MigrationInterface {
  name = 'PaymentCore1795750000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE payments
        DROP CONSTRAINT payments_status_check,
        ADD CONSTRAINT payments_status_check
          CHECK (status IN ('AUTHORIZING', 'PENDING', 'PROCESSING', 'SUCCEEDED', 'FAILED', 'REFUNDED')),
        ADD COLUMN channel varchar(16) NOT NULL DEFAULT 'APP'
          CHECK (channel IN ('APP', 'BILL', 'SCHEDULE', 'AGENT', 'CHECKOUT', 'SANDBOX')),
        ADD COLUMN payer_type varchar(16) NOT NULL DEFAULT 'CUSTOMER',
        ADD COLUMN payer_id uuid
    `);
    await queryRunner.query(`UPDATE payments SET payer_id = customer_id`);
    await queryRunner.query(`ALTER TABLE payments ALTER COLUMN payer_id SET NOT NULL`);
    await queryRunner.query(
      `CREATE INDEX payments_authorizing_idx ON payments (updated_at) WHERE status = 'AUTHORIZING'`,
    );
    await queryRunner.query(`
      CREATE TABLE sandbox_rail_operations (
        kind varchar(8) NOT NULL CHECK (kind IN ('CAPTURE', 'REFUND', 'CANCEL')),
        reference varchar(120) NOT NULL,
        rail varchar(32) NOT NULL,
        outcome varchar(16) NOT NULL,
        reason varchar(40),
        rail_reference varchar(80),
        amount bigint,
        currency char(3),
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (kind, reference)
      )
    `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE sandbox_rail_operations`);
    await queryRunner.query(`DROP INDEX payments_authorizing_idx`);
    // A payment still authorizing has no outcome to keep: it was never captured as far as we know.
    await queryRunner.query(
      `UPDATE payments SET status = 'FAILED', failure_code = 'RAIL_NO_ANSWER', completed_at = now()
        WHERE status = 'AUTHORIZING'`,
    );
    await queryRunner.query(`
      ALTER TABLE payments
        DROP COLUMN payer_id,
        DROP COLUMN payer_type,
        DROP COLUMN channel,
        DROP CONSTRAINT payments_status_check,
        ADD CONSTRAINT payments_status_check
          CHECK (status IN ('PENDING', 'PROCESSING', 'SUCCEEDED', 'FAILED', 'REFUNDED'))
    `);
  }
}
