import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Payment disputes (the disputes context).
 *
 * - `disputes`: one customer's complaint about one of their payments, with its reason, SLA
 *   deadline (`due_by`, business days per reason) and handling (`assignee_id`, the resolution).
 *   The partial unique index keeps one open (`OPEN` or `UNDER_REVIEW`) dispute per payment
 *   whatever the number of API processes; `escalated_at` marks the one escalation a breach
 *   raises. The second partial index lets the SLA job find open disputes past their deadline.
 * - `dispute_timeline`: what happened, in order: status changes (`from_status` -> `to_status`),
 *   assignments and comments; `internal` comments are for staff only.
 */
export class CreateDisputes1795790000000 implements MigrationInterface {
  name = 'CreateDisputes1795790000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE disputes (
        id uuid PRIMARY KEY,
        customer_id uuid NOT NULL REFERENCES users (id),
        payment_id uuid NOT NULL REFERENCES payments (id),
        reason varchar(32) NOT NULL CHECK (reason IN ('NOT_CREDITED_BY_BILLER', 'WRONG_AMOUNT', 'WRONG_ACCOUNT',
          'DUPLICATE_PAYMENT', 'SERVICE_NOT_RENDERED', 'OTHER')),
        description varchar(2000) NOT NULL,
        status varchar(20) NOT NULL CHECK (status IN ('OPEN', 'UNDER_REVIEW', 'RESOLVED_CUSTOMER', 'RESOLVED_REJECTED',
          'WITHDRAWN')),
        assignee_id uuid REFERENCES users (id),
        resolution_note varchar(2000),
        due_by timestamptz NOT NULL,
        escalated_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        closed_at timestamptz,
        CONSTRAINT disputes_review_has_assignee CHECK (status <> 'UNDER_REVIEW' OR assignee_id IS NOT NULL),
        CONSTRAINT disputes_rejection_has_reason CHECK (status <> 'RESOLVED_REJECTED' OR resolution_note IS NOT NULL)
      )
    `);
    await queryRunner.query(
      `CREATE UNIQUE INDEX disputes_one_open_per_payment ON disputes (payment_id) WHERE status IN ('OPEN', 'UNDER_REVIEW')`,
    );
    await queryRunner.query(`CREATE INDEX disputes_customer_idx ON disputes (customer_id, created_at DESC, id DESC)`);
    await queryRunner.query(`CREATE INDEX disputes_queue_idx ON disputes (created_at DESC, id DESC)`);
    await queryRunner.query(
      `CREATE INDEX disputes_sla_idx ON disputes (due_by) WHERE status IN ('OPEN', 'UNDER_REVIEW') AND escalated_at IS NULL`,
    );
    await queryRunner.query(`
      CREATE TABLE dispute_timeline (
        id uuid PRIMARY KEY,
        dispute_id uuid NOT NULL REFERENCES disputes (id),
        kind varchar(16) NOT NULL CHECK (kind IN ('STATUS', 'ASSIGNMENT', 'COMMENT')),
        actor_id uuid REFERENCES users (id),
        actor_role varchar(16) NOT NULL,
        from_status varchar(20),
        to_status varchar(20),
        assignee_id uuid REFERENCES users (id),
        body varchar(2000),
        internal boolean NOT NULL DEFAULT false,
        at timestamptz NOT NULL DEFAULT now()
      )
    `);
    await queryRunner.query(`CREATE INDEX dispute_timeline_dispute_idx ON dispute_timeline (dispute_id, at, id)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE dispute_timeline`);
    await queryRunner.query(`DROP TABLE disputes`);
  }
}
