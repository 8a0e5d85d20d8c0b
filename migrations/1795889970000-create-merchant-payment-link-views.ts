import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Views of payment links' hosted pages (`/l/{slug}`), for the merchant's funnel: one row per
 * visitor and link at most every 30 minutes. The visitor is a keyed digest of a random cookie,
 * never the cookie; the row names the checkout session the visit opened, so a visitor back
 * within the window gets the same session while it is OPEN.
 */
export class CreateMerchantPaymentLinkViews1795889970000 implements MigrationInterface {
  name = 'CreateMerchantPaymentLinkViews1795889970000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE merchant_payment_link_views (
        id uuid PRIMARY KEY,
        payment_link_id uuid NOT NULL REFERENCES merchant_payment_links (id),
        merchant_id uuid NOT NULL REFERENCES merchants (id),
        livemode boolean NOT NULL,
        visitor_key char(64) NOT NULL,
        checkout_session_id uuid REFERENCES merchant_checkout_sessions (id),
        viewed_at timestamptz NOT NULL
      )`);
    await queryRunner.query(`
      CREATE INDEX merchant_payment_link_views_visitor_idx
        ON merchant_payment_link_views (payment_link_id, visitor_key, viewed_at DESC)`);
    await queryRunner.query(`
      CREATE INDEX merchant_payment_link_views_funnel_idx
        ON merchant_payment_link_views (merchant_id, livemode, viewed_at)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE merchant_payment_link_views`);
  }
}
