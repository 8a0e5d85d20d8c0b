import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The merchant payments list's search (`GET /merchant/payments?q=`, and its CSV): `q` is a
 * session's merchant reference, or its payer's e-mail compared without case. Both are looked up
 * in the key's merchant and mode, so each index leads with them; the payments are then found by
 * their session (`payments (payer_id, ...)`: a checkout payment's payer is its session).
 */
export class MerchantPaymentsSearch1795890200000 implements MigrationInterface {
  name = 'MerchantPaymentsSearch1795890200000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE INDEX merchant_checkout_sessions_reference_idx
        ON merchant_checkout_sessions (merchant_id, livemode, merchant_reference)`);
    await queryRunner.query(`
      CREATE INDEX merchant_checkout_sessions_email_idx
        ON merchant_checkout_sessions (merchant_id, livemode, lower(customer_email))
        WHERE customer_email IS NOT NULL`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX merchant_checkout_sessions_email_idx`);
    await queryRunner.query(`DROP INDEX merchant_checkout_sessions_reference_idx`);
  }
}
