import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The sandbox rail's disputes to come: a capture of a "succeed then disputed" test account
 * (`RAIL_TEST_ACCOUNTS`) records here the chargeback the payer's bank will open, due at
 * `notify_at`; the worker's notice tick hands each due one to the payment core's rail dispute
 * path (as a real rail's notification would arrive) and marks it `notified_at`. One per capture
 * reference. Test money only: live rails notify disputes themselves.
 */
export class SandboxRailDisputes1795890500000 implements MigrationInterface {
  name = 'SandboxRailDisputes1795890500000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE sandbox_rail_disputes (
        id uuid PRIMARY KEY,
        reference varchar(80) NOT NULL,
        rail varchar(40) NOT NULL,
        rail_reference varchar(80) NOT NULL,
        amount bigint NOT NULL,
        currency char(3) NOT NULL,
        reason varchar(40) NOT NULL,
        notify_at timestamptz NOT NULL,
        notified_at timestamptz,
        outcome varchar(20),
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT sandbox_rail_disputes_reference_key UNIQUE (reference),
        CONSTRAINT sandbox_rail_disputes_amount_check CHECK (amount > 0),
        CONSTRAINT sandbox_rail_disputes_outcome_check CHECK (
          (notified_at IS NULL AND outcome IS NULL) OR (notified_at IS NOT NULL AND outcome IN ('RECORDED', 'IGNORED')))
      )`);
    await queryRunner.query(`
      CREATE INDEX sandbox_rail_disputes_due_idx ON sandbox_rail_disputes (notify_at) WHERE notified_at IS NULL`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE sandbox_rail_disputes`);
  }
}
