import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Merchant payment links: a fixed amount or one the customer picks within bounds, an optional
 * slug unique across the service (the hosted page `/l/{slug}`), optional completion cap and
 * expiry, per merchant and mode. A checkout session opened from a link names it.
 */
export class CreateMerchantPaymentLinks1795888600000 implements MigrationInterface {
  name = 'CreateMerchantPaymentLinks1795888600000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE merchant_payment_links (
        id uuid PRIMARY KEY,
        merchant_id uuid NOT NULL REFERENCES merchants (id),
        livemode boolean NOT NULL,
        title varchar(200) NOT NULL,
        description varchar(1000),
        amount bigint,
        min_amount bigint,
        max_amount bigint,
        currency char(3) NOT NULL,
        slug varchar(64),
        redirect_url varchar(2000),
        success_message varchar(500),
        max_completions integer,
        completed_count integer NOT NULL DEFAULT 0,
        expires_at timestamptz,
        metadata jsonb NOT NULL DEFAULT '{}',
        created_by_api_key_id uuid,
        created_at timestamptz NOT NULL,
        CONSTRAINT merchant_payment_links_slug_key UNIQUE (slug),
        CONSTRAINT merchant_payment_links_slug_check CHECK (slug ~ '^[a-z0-9-]{3,64}$'),
        CONSTRAINT merchant_payment_links_amount_check CHECK (
          (amount IS NOT NULL AND amount > 0 AND min_amount IS NULL AND max_amount IS NULL)
          OR (amount IS NULL AND min_amount > 0 AND max_amount >= min_amount)
        ),
        CONSTRAINT merchant_payment_links_completions_check CHECK (
          completed_count >= 0 AND (max_completions IS NULL OR max_completions > 0)
        )
      )`);
    await queryRunner.query(`
      CREATE INDEX merchant_payment_links_list_idx
        ON merchant_payment_links (merchant_id, livemode, created_at DESC, id DESC)`);
    await queryRunner.query(`
      ALTER TABLE merchant_checkout_sessions
        ADD CONSTRAINT merchant_checkout_sessions_payment_link_fkey
        FOREIGN KEY (payment_link_id) REFERENCES merchant_payment_links (id)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE merchant_checkout_sessions DROP CONSTRAINT merchant_checkout_sessions_payment_link_fkey`,
    );
    await queryRunner.query(`DROP TABLE merchant_payment_links`);
  }
}
