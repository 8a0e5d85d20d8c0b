import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The pricing terms the capture of a checkout payment needs (reserve share, reserve hold, payout
 * delay), kept on the session by the admission that records the payment paying it, as in force
 * then: the capture's transaction reads them with the session it completes instead of looking
 * the merchant's pricing up a second time, and a price changed between admission and capture
 * does not reach a payment already admitted (its fee, snapshotted on the payment, came from the
 * same terms). Null on a session no payment is paying, and on one admitted before this column
 * (its capture looks the terms up as before). All three or none, and only with `payment_id`.
 */
export class CheckoutSessionAdmissionTerms1795892000000 implements MigrationInterface {
  name = 'CheckoutSessionAdmissionTerms1795892000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE merchant_checkout_sessions
        ADD COLUMN admission_reserve_bps integer,
        ADD COLUMN admission_reserve_hold_days integer,
        ADD COLUMN admission_payout_delay_days integer,
        ADD CONSTRAINT merchant_checkout_sessions_admission_terms_check CHECK (
          (admission_reserve_bps IS NULL) = (admission_reserve_hold_days IS NULL)
          AND (admission_reserve_bps IS NULL) = (admission_payout_delay_days IS NULL)
          AND (admission_reserve_bps IS NULL OR payment_id IS NOT NULL)
        )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE merchant_checkout_sessions
        DROP CONSTRAINT merchant_checkout_sessions_admission_terms_check,
        DROP COLUMN admission_reserve_bps,
        DROP COLUMN admission_reserve_hold_days,
        DROP COLUMN admission_payout_delay_days`);
  }
}
