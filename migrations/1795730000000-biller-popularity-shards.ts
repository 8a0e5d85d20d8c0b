import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Spreads each biller's daily successful-payment count over 16 rows (`shard`). The count is
 * bumped inside the transaction that confirms a payment, and with one row per biller and day
 * every confirmation of a busy biller waited for the previous one's row lock until its commit
 * had been flushed: confirmations of one biller ran one at a time. Each bump now takes a random
 * shard, so concurrent confirmations rarely meet on a row; `refresh` sums the shards.
 */
export class BillerPopularityShards1795730000000 implements MigrationInterface {
  name = 'BillerPopularityShards1795730000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE biller_popularity
        ADD COLUMN shard smallint NOT NULL DEFAULT 0,
        ADD CONSTRAINT biller_popularity_shard_check CHECK (shard BETWEEN 0 AND 15),
        DROP CONSTRAINT biller_popularity_pkey,
        ADD PRIMARY KEY (biller_id, day, shard)
    `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE biller_popularity
        DROP CONSTRAINT biller_popularity_pkey,
        DROP CONSTRAINT biller_popularity_shard_check
    `);
    // Folds every biller's shards of a day into one row before the column goes.
    await queryRunner.query(`
      WITH folded AS (
        DELETE FROM biller_popularity RETURNING biller_id, day, successful_payments
      )
      INSERT INTO biller_popularity (biller_id, day, successful_payments)
      SELECT biller_id, day, sum(successful_payments)::integer FROM folded GROUP BY biller_id, day
    `);
    await queryRunner.query(`ALTER TABLE biller_popularity DROP COLUMN shard, ADD PRIMARY KEY (biller_id, day)`);
  }
}
