import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The merchant payments list's `refundedAt` (`GET /merchant/payments` and its searches): the time
 * of the payment's latest SUCCEEDED refund, looked up per refunded payment of a page. Only settled
 * refunds are indexed, by payment and newest first, so `max(refunded_at)` of a payment is the first
 * entry of its range: one index probe per payment with `refunded_amount > 0`, none for the others.
 * (The CSV export of every payment joins the merchant's refunds at once instead.)
 */
export class MerchantRefundsLatestSucceeded1795891000000 implements MigrationInterface {
  name = 'MerchantRefundsLatestSucceeded1795891000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE INDEX merchant_refunds_succeeded_idx
        ON merchant_refunds (payment_id, refunded_at DESC)
        WHERE status = 'SUCCEEDED'`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX merchant_refunds_succeeded_idx`);
  }
}
