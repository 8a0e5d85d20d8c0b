import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Indexes that keep `GET /admin/metrics` and `GET /admin/funnel-metrics` bounded by their
 * window rather than by history (issue 17): every query they run starts from a `created_at` or
 * `completed_at` range on one of these.
 *
 * - `payments_created_at_idx`: payments by creation time, carrying the columns the metrics read
 *   (currency, status, amount, customer) so a window is answered from the index alone.
 * - `posting_attempts_completed_idx`: closed posting cycles (CONFIRMED or FAILED) by the time
 *   they closed, for the posting failure rate and the time to biller confirmation.
 * - `users_created_at_idx`: the funnel's registration cohort.
 * - `otp_challenges_created_at_idx`: registrations still waiting for their OTP, the funnel's
 *   first step for numbers without an account.
 *
 * The oldest PENDING outbox row is already served by `outbox_events_status_idx`.
 */
export class MetricsIndexes1795840000000 implements MigrationInterface {
  name = 'MetricsIndexes1795840000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE INDEX payments_created_at_idx ON payments (created_at) INCLUDE (currency, status, amount, customer_id)`,
    );
    await queryRunner.query(
      `CREATE INDEX posting_attempts_completed_idx ON posting_attempts (completed_at) INCLUDE (status, payment_id)
        WHERE completed_at IS NOT NULL`,
    );
    await queryRunner.query(`CREATE INDEX users_created_at_idx ON users (created_at)`);
    await queryRunner.query(`CREATE INDEX otp_challenges_created_at_idx ON otp_challenges (created_at)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX otp_challenges_created_at_idx`);
    await queryRunner.query(`DROP INDEX users_created_at_idx`);
    await queryRunner.query(`DROP INDEX posting_attempts_completed_idx`);
    await queryRunner.query(`DROP INDEX payments_created_at_idx`);
  }
}
