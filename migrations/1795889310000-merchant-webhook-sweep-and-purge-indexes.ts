import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Indexes of the webhooks' two maintenance jobs: the sweeper reads the PENDING deliveries whose
 * next attempt is due (a partial index, small: deliveries settle within days), and the purge reads
 * the events past their 30 days, oldest first.
 */
export class MerchantWebhookSweepAndPurgeIndexes1795889310000 implements MigrationInterface {
  name = 'MerchantWebhookSweepAndPurgeIndexes1795889310000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE INDEX merchant_webhook_deliveries_pending_idx ON merchant_webhook_deliveries (next_attempt_at)
        WHERE status = 'PENDING'`,
    );
    await queryRunner.query(`CREATE INDEX merchant_webhook_events_created_idx ON merchant_webhook_events (created_at)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX merchant_webhook_events_created_idx`);
    await queryRunner.query(`DROP INDEX merchant_webhook_deliveries_pending_idx`);
  }
}
