import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Merchant checkout sessions: `OPEN -> COMPLETE | EXPIRED`, per merchant and mode, created with
 * the merchant API key under an Idempotency-Key (unique per merchant and mode, with the request's
 * fingerprint). The expiry sweep reads open sessions by `expires_at`.
 */
export class CreateMerchantCheckoutSessions1795888500000 implements MigrationInterface {
  name = 'CreateMerchantCheckoutSessions1795888500000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE merchant_checkout_sessions (
        id uuid PRIMARY KEY,
        merchant_id uuid NOT NULL REFERENCES merchants (id),
        livemode boolean NOT NULL,
        status varchar(10) NOT NULL,
        source varchar(20) NOT NULL,
        payment_link_id uuid,
        amount bigint NOT NULL,
        currency char(3) NOT NULL,
        merchant_reference varchar(100) NOT NULL,
        title varchar(200),
        success_url varchar(2000) NOT NULL,
        cancel_url varchar(2000) NOT NULL,
        customer_email varchar(254),
        metadata jsonb NOT NULL DEFAULT '{}',
        payment_id uuid,
        idempotency_key varchar(255),
        request_fingerprint char(64),
        created_by_api_key_id uuid,
        expires_at timestamptz NOT NULL,
        completed_at timestamptz,
        expired_at timestamptz,
        created_at timestamptz NOT NULL,
        CONSTRAINT merchant_checkout_sessions_idempotency_key UNIQUE (merchant_id, livemode, idempotency_key),
        CONSTRAINT merchant_checkout_sessions_status_check CHECK (status IN ('OPEN', 'COMPLETE', 'EXPIRED')),
        CONSTRAINT merchant_checkout_sessions_source_check CHECK (source IN ('API', 'PAYMENT_LINK')),
        CONSTRAINT merchant_checkout_sessions_amount_check CHECK (amount > 0),
        CONSTRAINT merchant_checkout_sessions_complete_check CHECK (
          (status = 'COMPLETE') = (completed_at IS NOT NULL AND payment_id IS NOT NULL)
        ),
        CONSTRAINT merchant_checkout_sessions_expired_check CHECK ((status = 'EXPIRED') = (expired_at IS NOT NULL)),
        CONSTRAINT merchant_checkout_sessions_window_check CHECK (expires_at > created_at)
      )`);
    await queryRunner.query(`
      CREATE INDEX merchant_checkout_sessions_open_expiry_idx
        ON merchant_checkout_sessions (expires_at) WHERE status = 'OPEN'`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE merchant_checkout_sessions`);
  }
}
