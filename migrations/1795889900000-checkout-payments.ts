import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A checkout payment is a `payments` row of channel CHECKOUT (the payment core's, like any other):
 * a payer who is not our customer pays a merchant's checkout session, so it has no customer and
 * no biller. Checks tie the two shapes to the channel:
 *
 * - every other channel keeps its customer, biller snapshot and account reference, and has no
 *   merchant columns;
 * - a CHECKOUT payment has none of those and names its merchant, mode, session and the merchant's
 *   fee as priced when it was accepted (`merchant_fee`, `merchant_pricing_version_id`); its payer
 *   is the session (`payer_type` CHECKOUT_PAYER, `payer_id` the session id), so its
 *   Idempotency-Key is scoped to the session by the existing `(payer_id, idempotency_key)`.
 *
 * A session has at most one payment that has not failed (`payments_checkout_session_live`): a
 * second tab, or fifty at once, cannot both pay it; a declined payment leaves room for a retry.
 */
export class CheckoutPayments1795889900000 implements MigrationInterface {
  name = 'CheckoutPayments1795889900000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE payments
        ALTER COLUMN customer_id DROP NOT NULL,
        ALTER COLUMN biller_id DROP NOT NULL,
        ALTER COLUMN biller_name DROP NOT NULL,
        ALTER COLUMN biller_slug DROP NOT NULL,
        ALTER COLUMN account_reference DROP NOT NULL,
        ADD COLUMN merchant_id uuid REFERENCES merchants (id),
        ADD COLUMN livemode boolean,
        ADD COLUMN checkout_session_id uuid REFERENCES merchant_checkout_sessions (id),
        ADD COLUMN merchant_fee bigint CHECK (merchant_fee >= 0),
        ADD COLUMN merchant_pricing_version_id uuid,
        ADD CONSTRAINT payments_channel_shape_check CHECK (
          CASE WHEN channel = 'CHECKOUT' THEN
                 customer_id IS NULL AND biller_id IS NULL AND biller_name IS NULL AND biller_slug IS NULL
             AND account_reference IS NULL AND saved_account_id IS NULL
             AND merchant_id IS NOT NULL AND livemode IS NOT NULL AND checkout_session_id IS NOT NULL
             AND merchant_fee IS NOT NULL AND merchant_fee <= amount
             AND payer_type = 'CHECKOUT_PAYER' AND payer_id = checkout_session_id
          ELSE
                 customer_id IS NOT NULL AND biller_id IS NOT NULL AND biller_name IS NOT NULL
             AND biller_slug IS NOT NULL AND account_reference IS NOT NULL
             AND merchant_id IS NULL AND livemode IS NULL AND checkout_session_id IS NULL
             AND merchant_fee IS NULL AND merchant_pricing_version_id IS NULL
             AND payer_type <> 'CHECKOUT_PAYER'
          END
        )
    `);
    await queryRunner.query(`
      CREATE UNIQUE INDEX payments_checkout_session_live
        ON payments (checkout_session_id) WHERE checkout_session_id IS NOT NULL AND status <> 'FAILED'`);
    await queryRunner.query(`
      CREATE INDEX payments_merchant_idx
        ON payments (merchant_id, livemode, id DESC) WHERE merchant_id IS NOT NULL`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX payments_merchant_idx`);
    await queryRunner.query(`DROP INDEX payments_checkout_session_live`);
    // Checkout payments have no customer or biller to keep under the old shape.
    await queryRunner.query(
      `DELETE FROM payment_status_events WHERE payment_id IN (SELECT id FROM payments WHERE channel = 'CHECKOUT')`,
    );
    await queryRunner.query(
      `DELETE FROM payment_capture_instructions WHERE payment_id IN (SELECT id FROM payments WHERE channel = 'CHECKOUT')`,
    );
    await queryRunner.query(`DELETE FROM payments WHERE channel = 'CHECKOUT'`);
    await queryRunner.query(`
      ALTER TABLE payments
        DROP CONSTRAINT payments_channel_shape_check,
        DROP COLUMN merchant_pricing_version_id,
        DROP COLUMN merchant_fee,
        DROP COLUMN checkout_session_id,
        DROP COLUMN livemode,
        DROP COLUMN merchant_id,
        ALTER COLUMN account_reference SET NOT NULL,
        ALTER COLUMN biller_slug SET NOT NULL,
        ALTER COLUMN biller_name SET NOT NULL,
        ALTER COLUMN biller_id SET NOT NULL,
        ALTER COLUMN customer_id SET NOT NULL
    `);
  }
}
