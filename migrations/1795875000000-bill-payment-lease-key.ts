import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Every payment of a bill now goes through its lease (not only a shared bill's), and the lease
 * names the Idempotency-Key its payer pays with: a retry of that key is answered by the payment
 * it made, a tap with any other key is refused while the lease is live, and a lease left by a
 * request that died names the payment to look for before the bill is paid again. Leases live
 * for minutes, so a lease taken before this migration simply has no key.
 */
export class BillPaymentLeaseKey1795875000000 implements MigrationInterface {
  name = 'BillPaymentLeaseKey1795875000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE bill_payment_leases ADD COLUMN idempotency_key varchar(255)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE bill_payment_leases DROP COLUMN idempotency_key`);
  }
}
