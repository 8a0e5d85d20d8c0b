import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * AML screening and the compliance review queue (the compliance context).
 *
 * - `payments.held_for_review`: a payment an AML rule of HIGH severity held when it was
 *   accepted: captured but not posted until a review releases it (the payment core opens no
 *   posting cycle for it and posting's start skips it).
 * - `aml_flags`: one per payment and rule that fired, written in the payment's admission
 *   transaction. `OPEN` -> `CLEARED` | `ESCALATED` | `REPORTED`; `ESCALATED` -> `CLEARED` |
 *   `REPORTED`. The queue reads the open ones (OPEN, ESCALATED) oldest first
 *   (`aml_flags_open_idx`).
 * - `aml_reports`: a payment reported after a review (REPORT), with the reviewer and note.
 * - `payments_account_created_idx`: the distinct-payers rule counts the customers paying one
 *   biller account in a window.
 */
export class CreateAmlFlags1795860000000 implements MigrationInterface {
  name = 'CreateAmlFlags1795860000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE payments ADD COLUMN held_for_review boolean NOT NULL DEFAULT false`);
    await queryRunner.query(`
      CREATE TABLE aml_flags (
        id uuid PRIMARY KEY,
        payment_id uuid NOT NULL REFERENCES payments (id) ON DELETE CASCADE,
        rule varchar(32) NOT NULL,
        severity varchar(8) NOT NULL,
        reason varchar(300) NOT NULL,
        status varchar(16) NOT NULL DEFAULT 'OPEN',
        reviewed_by uuid REFERENCES users (id),
        review_note varchar(2000),
        reviewed_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT aml_flags_payment_rule_key UNIQUE (payment_id, rule),
        CONSTRAINT aml_flags_severity_check CHECK (severity IN ('LOW', 'MEDIUM', 'HIGH')),
        CONSTRAINT aml_flags_status_check CHECK (status IN ('OPEN', 'CLEARED', 'ESCALATED', 'REPORTED'))
      )
    `);
    await queryRunner.query(
      `CREATE INDEX aml_flags_open_idx ON aml_flags (created_at, id) WHERE status IN ('OPEN', 'ESCALATED')`,
    );
    await queryRunner.query(`
      CREATE TABLE aml_reports (
        id uuid PRIMARY KEY,
        payment_id uuid NOT NULL REFERENCES payments (id) ON DELETE CASCADE,
        rules varchar(32)[] NOT NULL,
        reported_by uuid NOT NULL REFERENCES users (id),
        note varchar(2000) NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )
    `);
    await queryRunner.query(`CREATE INDEX aml_reports_payment_idx ON aml_reports (payment_id)`);
    await queryRunner.query(
      `CREATE INDEX payments_account_created_idx ON payments (biller_id, account_reference, created_at DESC)`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX payments_account_created_idx`);
    await queryRunner.query(`DROP TABLE aml_reports`);
    await queryRunner.query(`DROP TABLE aml_flags`);
    await queryRunner.query(`ALTER TABLE payments DROP COLUMN held_for_review`);
  }
}
