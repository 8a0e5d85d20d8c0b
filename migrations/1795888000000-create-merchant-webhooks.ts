import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Merchant webhooks (design/merchants.md section 7): the endpoints a merchant registers, per mode,
 * with their signing secrets sealed at rest; the events sent to them (the outbox event's id, or a
 * test event's); one delivery per event and endpoint; and every attempt at a delivery.
 */
export class CreateMerchantWebhooks1795888000000 implements MigrationInterface {
  name = 'CreateMerchantWebhooks1795888000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE merchant_webhook_endpoints (
        id uuid PRIMARY KEY,
        merchant_id uuid NOT NULL REFERENCES merchants (id),
        livemode boolean NOT NULL,
        url varchar(2048) NOT NULL,
        description varchar(500),
        enabled_events text[] NOT NULL,
        status varchar(10) NOT NULL,
        disabled_reason varchar(20),
        secret_sealed text NOT NULL,
        previous_secret_sealed text,
        previous_secret_expires_at timestamptz,
        failing_since timestamptz,
        created_by_user_id uuid,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL,
        CONSTRAINT merchant_webhook_endpoints_status_check CHECK (status IN ('ENABLED', 'DISABLED')),
        CONSTRAINT merchant_webhook_endpoints_reason_check CHECK (
          disabled_reason IN ('MERCHANT', 'GONE', 'FAILING')
          AND status = 'DISABLED' OR disabled_reason IS NULL AND status = 'ENABLED'
        ),
        CONSTRAINT merchant_webhook_endpoints_url_check CHECK (url LIKE 'https://%'),
        CONSTRAINT merchant_webhook_endpoints_previous_check CHECK (
          (previous_secret_sealed IS NULL) = (previous_secret_expires_at IS NULL)
        )
      )`);
    await queryRunner.query(
      `CREATE INDEX merchant_webhook_endpoints_merchant_idx ON merchant_webhook_endpoints (merchant_id, livemode, created_at)`,
    );
    await queryRunner.query(`
      CREATE TABLE merchant_webhook_events (
        id uuid PRIMARY KEY,
        merchant_id uuid NOT NULL REFERENCES merchants (id),
        livemode boolean NOT NULL,
        type varchar(100) NOT NULL,
        body text NOT NULL,
        created_at timestamptz NOT NULL
      )`);
    await queryRunner.query(
      `CREATE INDEX merchant_webhook_events_merchant_idx ON merchant_webhook_events (merchant_id, livemode, created_at)`,
    );
    await queryRunner.query(`
      CREATE TABLE merchant_webhook_deliveries (
        id uuid PRIMARY KEY,
        merchant_id uuid NOT NULL REFERENCES merchants (id),
        endpoint_id uuid NOT NULL REFERENCES merchant_webhook_endpoints (id) ON DELETE CASCADE,
        event_id uuid NOT NULL REFERENCES merchant_webhook_events (id),
        event_type varchar(100) NOT NULL,
        status varchar(10) NOT NULL,
        attempt_count integer NOT NULL DEFAULT 0,
        next_attempt_at timestamptz,
        last_attempt_at timestamptz,
        created_at timestamptz NOT NULL,
        CONSTRAINT merchant_webhook_deliveries_event_endpoint_key UNIQUE (event_id, endpoint_id),
        CONSTRAINT merchant_webhook_deliveries_status_check CHECK (status IN ('PENDING', 'SUCCEEDED', 'FAILED'))
      )`);
    await queryRunner.query(
      `CREATE INDEX merchant_webhook_deliveries_endpoint_idx ON merchant_webhook_deliveries (endpoint_id, id DESC)`,
    );
    await queryRunner.query(`
      CREATE TABLE merchant_webhook_attempts (
        id uuid PRIMARY KEY,
        delivery_id uuid NOT NULL REFERENCES merchant_webhook_deliveries (id) ON DELETE CASCADE,
        attempt_number integer NOT NULL,
        manual boolean NOT NULL,
        status varchar(10) NOT NULL,
        response_status integer,
        response_body_snippet varchar(1024),
        failure varchar(300),
        duration_ms integer NOT NULL,
        next_attempt_at timestamptz,
        attempted_at timestamptz NOT NULL,
        CONSTRAINT merchant_webhook_attempts_status_check CHECK (status IN ('SUCCEEDED', 'FAILED'))
      )`);
    await queryRunner.query(
      `CREATE INDEX merchant_webhook_attempts_delivery_idx ON merchant_webhook_attempts (delivery_id, attempt_number)`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE merchant_webhook_attempts`);
    await queryRunner.query(`DROP TABLE merchant_webhook_deliveries`);
    await queryRunner.query(`DROP TABLE merchant_webhook_events`);
    await queryRunner.query(`DROP TABLE merchant_webhook_endpoints`);
  }
}
