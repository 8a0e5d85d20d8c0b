import { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateOutbox1795392000000 implements MigrationInterface {
  name = 'CreateOutbox1795392000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE outbox_events (
        id uuid PRIMARY KEY,
        event_type varchar(100) NOT NULL,
        aggregate_type varchar(60) NOT NULL,
        aggregate_id varchar(100) NOT NULL,
        payload jsonb NOT NULL,
        status varchar(16) NOT NULL DEFAULT 'PENDING',
        attempts integer NOT NULL DEFAULT 0,
        next_attempt_at timestamptz NOT NULL DEFAULT now(),
        claimed_by varchar(120),
        claim_expires_at timestamptz,
        last_error text,
        created_at timestamptz NOT NULL DEFAULT now(),
        published_at timestamptz,
        CONSTRAINT outbox_events_status_check CHECK (status IN ('PENDING', 'PUBLISHED', 'FAILED')),
        CONSTRAINT outbox_events_attempts_check CHECK (attempts >= 0)
      )
    `);
    await queryRunner.query(
      `CREATE INDEX outbox_events_due_idx ON outbox_events (next_attempt_at, id) WHERE status = 'PENDING'`,
    );
    await queryRunner.query(
      `CREATE INDEX outbox_events_status_idx ON outbox_events (status, created_at DESC, id DESC)`,
    );
    await queryRunner.query(`CREATE INDEX outbox_events_aggregate_idx ON outbox_events (aggregate_type, aggregate_id)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE outbox_events`);
  }
}
