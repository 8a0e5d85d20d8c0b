import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The compliance review queue is read HIGH first (a HIGH flag holds a captured payment), then
 * MEDIUM, then LOW, oldest first within a severity, one page at a time.
 *
 * - `aml_flags_queue_idx` replaces `aml_flags_open_idx` (oldest first only): the open flags by
 *   severity rank, creation and id, so a page is read in order from the index and stops at its
 *   end. The rank expression must stay textually identical to the queue's ORDER BY
 *   (`aml-flag.repository.ts`). `severity` and `rule` ride along so the count of a filtered
 *   queue is answered from the index alone.
 */
export class AmlQueueOrder1795876000000 implements MigrationInterface {
  name = 'AmlQueueOrder1795876000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE INDEX aml_flags_queue_idx
          ON aml_flags ((CASE severity WHEN 'HIGH' THEN 0 WHEN 'MEDIUM' THEN 1 ELSE 2 END), created_at, id)
             INCLUDE (severity, rule)
       WHERE status IN ('OPEN', 'ESCALATED')`,
    );
    await queryRunner.query(`DROP INDEX aml_flags_open_idx`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE INDEX aml_flags_open_idx ON aml_flags (created_at, id) WHERE status IN ('OPEN', 'ESCALATED')`,
    );
    await queryRunner.query(`DROP INDEX aml_flags_queue_idx`);
  }
}
