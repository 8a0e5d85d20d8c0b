import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Customers' in-app notifications, their channel preferences, and the inbox of handled events.
 *
 * - `notifications` is unique on `source_event_id` (the outbox event it came from), so a
 *   redelivered event makes no second row. Lists run newest first per customer, all or unread
 *   only, on the two (user_id, created_at DESC, id DESC) indexes.
 * - `notification_preferences` holds only the cells a customer chose; the rest take the
 *   defaults in code (everything on except MARKETING).
 * - `notification_event_receipts`: every outbox event handled, whether or not it made a row,
 *   so an SMS is sent once even when in-app notifications are off.
 */
export class CreateNotifications1795710000000 implements MigrationInterface {
  name = 'CreateNotifications1795710000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE notifications (
        id uuid PRIMARY KEY,
        user_id uuid NOT NULL REFERENCES users (id),
        category varchar(16) NOT NULL,
        type varchar(40) NOT NULL,
        title varchar(200) NOT NULL,
        body varchar(1000) NOT NULL,
        data jsonb NOT NULL DEFAULT '{}'::jsonb,
        source_event_id uuid,
        read_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT notifications_source_event_id_key UNIQUE (source_event_id),
        CONSTRAINT notifications_category_check CHECK (category IN ('PAYMENTS', 'BILLS', 'SCHEDULES', 'SECURITY', 'MARKETING')),
        CONSTRAINT notifications_data_check CHECK (jsonb_typeof(data) = 'object')
      )
    `);
    await queryRunner.query(
      `CREATE INDEX notifications_user_created_idx ON notifications (user_id, created_at DESC, id DESC)`,
    );
    await queryRunner.query(
      `CREATE INDEX notifications_user_unread_idx ON notifications (user_id, created_at DESC, id DESC) WHERE read_at IS NULL`,
    );

    await queryRunner.query(`
      CREATE TABLE notification_preferences (
        user_id uuid NOT NULL REFERENCES users (id),
        category varchar(16) NOT NULL,
        channel varchar(16) NOT NULL,
        enabled boolean NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (user_id, category, channel),
        CONSTRAINT notification_preferences_category_check CHECK (category IN ('PAYMENTS', 'BILLS', 'SCHEDULES', 'SECURITY', 'MARKETING')),
        CONSTRAINT notification_preferences_channel_check CHECK (channel IN ('IN_APP', 'SMS', 'EMAIL', 'PUSH'))
      )
    `);

    await queryRunner.query(`
      CREATE TABLE notification_event_receipts (
        event_id uuid PRIMARY KEY,
        event_type varchar(100) NOT NULL,
        received_at timestamptz NOT NULL DEFAULT now()
      )
    `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE notification_event_receipts`);
    await queryRunner.query(`DROP TABLE notification_preferences`);
    await queryRunner.query(`DROP TABLE notifications`);
  }
}
