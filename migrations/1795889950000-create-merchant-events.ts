import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The merchant's event stream (`GET /merchant/events`): each merchant-facing outbox event, kept
 * 72 hours for replay after `Last-Event-ID`. `id` is the outbox event's. `seq` numbers a
 * merchant's events per mode without gaps, in commit order: `merchant_event_sequences` holds the
 * last number given, and the row lock its increment takes lasts until the event's commit, so a
 * later number never commits before an earlier one. A stream replays by `seq`, never by `id`:
 * UUIDv7 order is the order events were made in, which is not the order they committed in.
 */
export class CreateMerchantEvents1795889950000 implements MigrationInterface {
  name = 'CreateMerchantEvents1795889950000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE merchant_event_sequences (
        merchant_id uuid NOT NULL REFERENCES merchants (id),
        livemode boolean NOT NULL,
        last_seq bigint NOT NULL,
        CONSTRAINT merchant_event_sequences_pkey PRIMARY KEY (merchant_id, livemode),
        CONSTRAINT merchant_event_sequences_last_seq_check CHECK (last_seq >= 0)
      )`);
    await queryRunner.query(`
      CREATE TABLE merchant_events (
        id uuid PRIMARY KEY,
        merchant_id uuid NOT NULL REFERENCES merchants (id),
        livemode boolean NOT NULL,
        seq bigint NOT NULL,
        type varchar(100) NOT NULL,
        payload jsonb NOT NULL,
        created_at timestamptz NOT NULL,
        CONSTRAINT merchant_events_seq_key UNIQUE (merchant_id, livemode, seq),
        CONSTRAINT merchant_events_seq_check CHECK (seq > 0)
      )`);
    await queryRunner.query(`CREATE INDEX merchant_events_created_at_idx ON merchant_events (created_at)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE merchant_events`);
    await queryRunner.query(`DROP TABLE merchant_event_sequences`);
  }
}
