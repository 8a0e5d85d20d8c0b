import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Customer payments, their status timeline and their posting attempts to billers.
 *
 * - `payments` is unique on (customer_id, idempotency_key): the key is scoped to the caller,
 *   and the constraint is what makes N concurrent identical requests create one payment.
 * - `payment_status_events` is the append-only timeline shown on the payment's detail.
 * - `posting_attempts`: one row per posting cycle (an admin retry starts a new one); at most
 *   one open cycle per payment. `outcome_unknown` is set before every call to the biller and
 *   cleared when its answer is recorded, so after a crash or a timeout the next try asks the
 *   biller for the payment's status instead of posting blind.
 */
export class CreatePayments1795700000000 implements MigrationInterface {
  name = 'CreatePayments1795700000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE payments (
        id uuid PRIMARY KEY,
        customer_id uuid NOT NULL REFERENCES users (id),
        idempotency_key varchar(255) NOT NULL,
        request_hash char(64) NOT NULL,
        biller_id uuid NOT NULL REFERENCES billers (id),
        biller_name varchar(120) NOT NULL,
        biller_slug varchar(80) NOT NULL,
        account_reference varchar(64) NOT NULL,
        saved_account_id uuid,
        amount bigint NOT NULL CHECK (amount > 0),
        fee bigint NOT NULL CHECK (fee >= 0),
        currency char(3) NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
        rail varchar(32) NOT NULL,
        funding_account_masked varchar(40) NOT NULL,
        rail_reference varchar(80),
        status varchar(16) NOT NULL
          CHECK (status IN ('PENDING', 'PROCESSING', 'SUCCEEDED', 'FAILED', 'REFUNDED')),
        failure_code varchar(40),
        failure_message varchar(200),
        biller_reference varchar(80),
        journal_entry_id uuid REFERENCES journal_entries (id),
        reversal_entry_id uuid REFERENCES journal_entries (id),
        rail_reversal_reference varchar(80),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        completed_at timestamptz,
        CONSTRAINT payments_customer_idempotency_key UNIQUE (customer_id, idempotency_key)
      )
    `);
    await queryRunner.query(
      `CREATE INDEX payments_customer_created_idx ON payments (customer_id, created_at DESC, id DESC)`,
    );
    await queryRunner.query(`CREATE INDEX payments_biller_idx ON payments (biller_id)`);

    await queryRunner.query(`
      CREATE TABLE payment_status_events (
        id bigserial PRIMARY KEY,
        payment_id uuid NOT NULL REFERENCES payments (id),
        status varchar(16) NOT NULL,
        note varchar(200),
        created_at timestamptz NOT NULL DEFAULT now()
      )
    `);
    await queryRunner.query(`CREATE INDEX payment_status_events_payment_idx ON payment_status_events (payment_id, id)`);

    await queryRunner.query(`
      CREATE TABLE posting_attempts (
        id uuid PRIMARY KEY,
        payment_id uuid NOT NULL REFERENCES payments (id),
        cycle integer NOT NULL CHECK (cycle >= 1),
        status varchar(16) NOT NULL CHECK (status IN ('PENDING', 'RETRYING', 'CONFIRMED', 'FAILED')),
        tries integer NOT NULL DEFAULT 0,
        next_attempt_at timestamptz NOT NULL DEFAULT now(),
        lease_until timestamptz,
        outcome_unknown boolean NOT NULL DEFAULT false,
        last_outcome varchar(40),
        last_error varchar(300),
        biller_reference varchar(80),
        requested_by uuid,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        completed_at timestamptz,
        CONSTRAINT posting_attempts_payment_cycle UNIQUE (payment_id, cycle)
      )
    `);
    await queryRunner.query(
      `CREATE UNIQUE INDEX posting_attempts_one_open_idx ON posting_attempts (payment_id) WHERE status IN ('PENDING', 'RETRYING')`,
    );
    await queryRunner.query(
      `CREATE INDEX posting_attempts_due_idx ON posting_attempts (next_attempt_at) WHERE status IN ('PENDING', 'RETRYING')`,
    );
    await queryRunner.query(`CREATE INDEX posting_attempts_status_idx ON posting_attempts (status, created_at DESC)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE posting_attempts`);
    await queryRunner.query(`DROP TABLE payment_status_events`);
    await queryRunner.query(`DROP TABLE payments`);
  }
}
