import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The funding account of a payment still AUTHORIZING, sealed (AES-256-GCM), so the recovery job
 * can complete a capture the request could not make; deleted when the payment leaves
 * AUTHORIZING.
 */
export class PaymentCaptureInstructions1795875400000 implements MigrationInterface {
  name = 'PaymentCaptureInstructions1795875400000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE payment_capture_instructions (
         payment_id uuid PRIMARY KEY REFERENCES payments (id) ON DELETE CASCADE,
         funding_account_sealed text NOT NULL,
         created_at timestamptz NOT NULL DEFAULT now()
       )`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE payment_capture_instructions`);
  }
}
