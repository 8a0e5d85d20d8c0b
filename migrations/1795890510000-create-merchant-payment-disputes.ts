import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Disputes (chargebacks) of merchant payments: the payer's bank contests a captured checkout
 * payment and the rail tells us. One per payment (a second notice of it finds the row). The
 * disputed amount leaves the merchant's balances for the dispute hold account in the same
 * transaction (`hold_entry_id`, the journal entry). `NEEDS_RESPONSE` until the merchant answers;
 * the later states are reserved for the response flow. No foreign key to payments: that table is
 * the payments context's.
 */
export class CreateMerchantPaymentDisputes1795890510000 implements MigrationInterface {
  name = 'CreateMerchantPaymentDisputes1795890510000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE merchant_payment_disputes (
        id uuid PRIMARY KEY,
        payment_id uuid NOT NULL,
        merchant_id uuid NOT NULL REFERENCES merchants (id),
        livemode boolean NOT NULL,
        checkout_session_id uuid NOT NULL,
        amount bigint NOT NULL,
        currency char(3) NOT NULL,
        reason varchar(40) NOT NULL,
        status varchar(20) NOT NULL,
        rail_dispute_reference varchar(80) NOT NULL,
        hold_entry_id uuid NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT merchant_payment_disputes_payment_key UNIQUE (payment_id),
        CONSTRAINT merchant_payment_disputes_amount_check CHECK (amount > 0),
        CONSTRAINT merchant_payment_disputes_status_check
          CHECK (status IN ('NEEDS_RESPONSE', 'UNDER_REVIEW', 'WON', 'LOST'))
      )`);
    await queryRunner.query(`
      CREATE INDEX merchant_payment_disputes_merchant_idx
        ON merchant_payment_disputes (merchant_id, livemode, created_at DESC)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE merchant_payment_disputes`);
  }
}
