import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The CSV export's cell rules as SQL functions, written once for every statement that has
 * PostgreSQL write a CSV file (`COPY (...) TO STDOUT WITH (FORMAT csv)`; merchant reporting's
 * `MerchantPaymentsExport` and `MerchantPaymentsExportByQuery` today):
 *
 * - `csv_text(cell)`: a text cell defused against formulas as `csvText` (platform/http/csv-export.ts)
 *   does it: a first `=`, `+`, `-`, `@`, tab or CR gets a `'` before it; an empty text is null, which
 *   COPY writes as nothing (an empty string it would write `""`).
 * - `csv_masked_email(email)`: `maskEmailAddress` (platform/messaging) and `csvText` in one: the first
 *   character (with a `'` before a trigger), at least two stars, then from the last `@` on; stars alone
 *   without a local part. Counted in UTF-16 code units, as JavaScript counts: a character beyond U+FFFF
 *   is two, and as the first, its half is U+FFFD.
 *
 * Both are single-expression SQL functions, IMMUTABLE and not STRICT, so the planner inlines them
 * into the calling statement (EXPLAIN VERBOSE shows the expression, not a function call): an export
 * costs what the expression written out in its statement cost.
 */
export class CsvCellFunctions1795898000000 implements MigrationInterface {
  name = 'CsvCellFunctions1795898000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE FUNCTION csv_text(cell text) RETURNS text
      LANGUAGE sql IMMUTABLE PARALLEL SAFE
      RETURN CASE WHEN ascii(cell) IN (61, 43, 45, 64, 9, 13) THEN '''' || cell ELSE nullif(cell, '') END
    `);
    await queryRunner.query(`
      CREATE FUNCTION csv_masked_email(email text) RETURNS text
      LANGUAGE sql IMMUTABLE PARALLEL SAFE
      RETURN CASE
        WHEN octet_length(email) = length(email) THEN
          CASE WHEN strpos(reverse(email), '@') IN (0, length(email))
               THEN nullif(repeat('*', length(email)), '')
               ELSE CASE WHEN ascii(email) IN (61, 43, 45, 64, 9, 13) THEN '''' ELSE '' END
                    || left(email, 1)
                    || repeat('*', greatest(length(email) - strpos(reverse(email), '@') - 1, 2))
                    || right(email, strpos(reverse(email), '@')) END
        ELSE
          CASE WHEN strpos(reverse(email), '@') IN (0, length(email))
               THEN repeat('*', length(email) + regexp_count(email, '[\\U00010000-\\U0010FFFF]'))
               ELSE CASE WHEN ascii(email) IN (61, 43, 45, 64, 9, 13) THEN '''' ELSE '' END
                    || CASE WHEN ascii(email) > 65535 THEN chr(65533) ELSE left(email, 1) END
                    || repeat('*', greatest(length(email) - strpos(reverse(email), '@')
                                            + regexp_count(left(email, -strpos(reverse(email), '@')),
                                                           '[\\U00010000-\\U0010FFFF]') - 1, 2))
                    || right(email, strpos(reverse(email), '@')) END
      END
    `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP FUNCTION csv_masked_email(text)`);
    await queryRunner.query(`DROP FUNCTION csv_text(text)`);
  }
}
