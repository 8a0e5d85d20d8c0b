import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * PostgreSQL is the truth and Redis only wakes workers: work that moves money is recorded in
 * the database in the transaction that makes it necessary, so losing every Bull job loses
 * nothing.
 *
 * - A captured payment's first posting cycle is opened in the capture's transaction; the
 *   worker's sweeper takes it when no job has started it within the pickup grace. Payments
 *   captured before this migration without a cycle get theirs now.
 * - `rail_reversals`: one row per payment whose funds go back on the rail (a refund of a
 *   capture the biller refused, a cancel of a capture whose outcome was unknown), written with
 *   the payment's failure and tried by the job and, after the grace, by a sweeper, until done.
 *   Failed payments still waiting for their reversal get theirs now.
 * - `outbox_events.redeliveries`: an operator may requeue a PUBLISHED event; each redelivery
 *   is published under a new job id so Bull does not drop it as a copy of the first.
 */
export class DurableMoneyWork1795740000000 implements MigrationInterface {
  name = 'DurableMoneyWork1795740000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      INSERT INTO posting_attempts (id, payment_id, cycle, status, tries, next_attempt_at, outcome_unknown)
      SELECT gen_random_uuid(), p.id, 1, 'PENDING', 0, now(), false
        FROM payments p
       WHERE p.status = 'PENDING'
         AND NOT EXISTS (SELECT 1 FROM posting_attempts a WHERE a.payment_id = p.id)
    `);
    await queryRunner.query(`
      CREATE TABLE rail_reversals (
        id uuid PRIMARY KEY,
        payment_id uuid NOT NULL REFERENCES payments (id),
        action varchar(8) NOT NULL CHECK (action IN ('REFUND', 'CANCEL')),
        amount bigint NOT NULL CHECK (amount > 0),
        currency char(3) NOT NULL,
        status varchar(16) NOT NULL DEFAULT 'PENDING' CHECK (status IN ('PENDING', 'COMPLETED')),
        tries integer NOT NULL DEFAULT 0,
        next_attempt_at timestamptz NOT NULL DEFAULT now(),
        lease_until timestamptz,
        last_error varchar(300),
        rail_reference varchar(80),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        completed_at timestamptz,
        CONSTRAINT rail_reversals_one_per_payment UNIQUE (payment_id)
      )
    `);
    await queryRunner.query(
      `CREATE INDEX rail_reversals_due_idx ON rail_reversals (next_attempt_at) WHERE status = 'PENDING'`,
    );
    await queryRunner.query(`
      INSERT INTO rail_reversals (id, payment_id, action, amount, currency, next_attempt_at)
      SELECT gen_random_uuid(), id,
             CASE WHEN rail_reference IS NULL OR failure_code = 'RAIL_TIMEOUT' THEN 'CANCEL' ELSE 'REFUND' END,
             amount + fee, currency, now()
        FROM payments
       WHERE status = 'FAILED' AND rail_reversal_reference IS NULL
         AND (failure_code = 'RAIL_TIMEOUT' OR journal_entry_id IS NOT NULL)
    `);
    await queryRunner.query(`ALTER TABLE outbox_events ADD COLUMN redeliveries integer NOT NULL DEFAULT 0`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE outbox_events DROP COLUMN redeliveries`);
    await queryRunner.query(`DROP TABLE rail_reversals`);
    // The cycles opened ahead of their job stay: the worker of the previous version claims an
    // open first cycle as the sweeper's own.
  }
}
