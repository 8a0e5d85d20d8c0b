import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * biller_search_query looks a misspelt word up in the vocabulary (`biller_search_terms`) with
 * pg_trgm's `%` and `LIKE '%word%'`. The planner prices those operators like a plain
 * comparison, so for the word it is given it chose a sequential scan computing a trigram
 * similarity per vocabulary word: 5-6 ms per typo against 10,000 billers, for the first five
 * calls on each connection (PL/pgSQL plans a statement for its arguments five times before
 * settling on a generic plan, which happens to use the index); the trigram GIN index answers
 * in 0.3 ms. The function now runs with sequential scans priced out, so every call takes the
 * index. Its other statement (the prefix probe) was on an index already.
 */
export class BillerSearchVocabularyIndex1795720000000 implements MigrationInterface {
  name = 'BillerSearchVocabularyIndex1795720000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER FUNCTION biller_search_query(text[]) SET enable_seqscan = off`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER FUNCTION biller_search_query(text[]) RESET enable_seqscan`);
  }
}
