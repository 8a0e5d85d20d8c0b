import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * How much of a payment has gone back to its payer, in minor units: a merchant's full or
 * partial refunds of a checkout payment add to it, never past the amount (the check holds the
 * sum whatever the race), and a bill payment refunded for a dispute counts in full.
 */
export class PaymentRefundedAmount1795890000000 implements MigrationInterface {
  name = 'PaymentRefundedAmount1795890000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE payments
        ADD COLUMN refunded_amount bigint NOT NULL DEFAULT 0,
        ADD CONSTRAINT payments_refunded_amount_check CHECK (refunded_amount >= 0 AND refunded_amount <= amount)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE payments DROP CONSTRAINT payments_refunded_amount_check, DROP COLUMN refunded_amount`,
    );
  }
}
