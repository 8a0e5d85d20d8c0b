import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Scheduled payments (the schedules context).
 *
 * - `schedules`: what to pay, when (`frequency` with its day, start and end dates), with what
 *   (rail and an AES-256-GCM encrypted funding account plus its masked form) and under which
 *   consent. `next_run_on` is the next due date in the business time zone; the partial index
 *   lets the runner find due ACTIVE schedules without reading the others.
 * - `schedule_runs`: one row per schedule and period. UNIQUE (schedule_id, period_key) is what
 *   makes a period pay at most once whatever the number of workers; `locked_until` is a
 *   worker's lease on a run it is paying, `attempt` the payment attempt (key
 *   `schedule:{id}:{period}` then `...:{attempt}`), `payment_id` the current attempt's payment.
 */
export class CreateSchedules1795770000000 implements MigrationInterface {
  name = 'CreateSchedules1795770000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE schedules (
        id uuid PRIMARY KEY,
        customer_id uuid NOT NULL REFERENCES users (id),
        biller_id uuid NOT NULL REFERENCES billers (id),
        biller_name varchar(120) NOT NULL,
        biller_slug varchar(80) NOT NULL,
        account_reference varchar(64) NOT NULL,
        saved_account_id uuid,
        mode varchar(8) NOT NULL CHECK (mode IN ('FIXED', 'BILLS')),
        amount bigint CHECK (amount > 0),
        maximum_amount bigint CHECK (maximum_amount > 0),
        currency char(3) NOT NULL,
        rail varchar(32) NOT NULL,
        funding_account_encrypted text NOT NULL,
        funding_account_masked varchar(40) NOT NULL,
        frequency varchar(8) NOT NULL CHECK (frequency IN ('ONCE', 'WEEKLY', 'MONTHLY')),
        day_of_week smallint CHECK (day_of_week BETWEEN 1 AND 7),
        day_of_month smallint CHECK (day_of_month BETWEEN 1 AND 31),
        start_date date NOT NULL,
        end_date date,
        consent_version varchar(32) NOT NULL,
        consent_accepted_at timestamptz NOT NULL,
        status varchar(16) NOT NULL CHECK (status IN ('ACTIVE', 'PAUSED', 'CANCELLED', 'COMPLETED')),
        next_run_on date,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        cancelled_at timestamptz,
        completed_at timestamptz,
        CONSTRAINT schedules_amount_by_mode CHECK (
          (mode = 'FIXED' AND amount IS NOT NULL) OR (mode = 'BILLS' AND maximum_amount IS NOT NULL)
        ),
        CONSTRAINT schedules_day_by_frequency CHECK (
          (frequency <> 'WEEKLY' OR day_of_week IS NOT NULL) AND (frequency <> 'MONTHLY' OR day_of_month IS NOT NULL)
        ),
        CONSTRAINT schedules_end_after_start CHECK (end_date IS NULL OR end_date >= start_date)
      )
    `);
    await queryRunner.query(`CREATE INDEX schedules_customer_idx ON schedules (customer_id, created_at DESC, id DESC)`);
    await queryRunner.query(`CREATE INDEX schedules_due_idx ON schedules (next_run_on) WHERE status = 'ACTIVE'`);
    await queryRunner.query(`
      CREATE TABLE schedule_runs (
        id uuid PRIMARY KEY,
        schedule_id uuid NOT NULL REFERENCES schedules (id),
        period_key varchar(16) NOT NULL,
        due_on date NOT NULL,
        period_starts_at timestamptz NOT NULL,
        period_ends_at timestamptz NOT NULL,
        status varchar(16) NOT NULL CHECK (status IN ('PENDING', 'SUCCEEDED', 'FAILED', 'SKIPPED')),
        amount bigint CHECK (amount > 0),
        bill_id uuid,
        attempt integer NOT NULL DEFAULT 1 CHECK (attempt >= 1),
        claims integer NOT NULL DEFAULT 0,
        payment_id uuid,
        next_attempt_at timestamptz NOT NULL,
        locked_until timestamptz,
        outcome_code varchar(40),
        outcome_message varchar(300),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        completed_at timestamptz,
        CONSTRAINT schedule_runs_one_per_period UNIQUE (schedule_id, period_key)
      )
    `);
    await queryRunner.query(
      `CREATE INDEX schedule_runs_due_idx ON schedule_runs (next_attempt_at) WHERE status = 'PENDING'`,
    );
    await queryRunner.query(
      `CREATE INDEX schedule_runs_history_idx ON schedule_runs (schedule_id, due_on DESC, id DESC)`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE schedule_runs`);
    await queryRunner.query(`DROP TABLE schedules`);
  }
}
