import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What a payment reads stops growing with the payments before it.
 *
 * - `aml_distinct_payers(biller, reference, since, enough)`: the AML distinct-payers rule's
 *   count. It walks the biller account's payments of the window newest first
 *   (`payments_account_created_idx`) and stops at `enough` distinct customers, the rule's
 *   threshold, so a busy account costs the threshold's rows, not the window's. SQL cannot stop a
 *   `count(DISTINCT ...)` early: `SELECT DISTINCT ... LIMIT` hashes every row before the first
 *   one comes out. STABLE: its query sees the calling statement's snapshot (the payment being
 *   screened included).
 * - `payments_biller_idx` goes: every read by biller names the account too and has
 *   `payments_account_created_idx` (and the foreign key's check has its leading column), while
 *   a plan made on a small table picked this narrower index for the distinct-payers count and
 *   read every payment of the biller.
 * - `sandbox_rail_operations_capture_created_idx` covers the captured captures only, which is
 *   all the reconciliation's window reads (`kind = 'CAPTURE' AND outcome = 'CAPTURED'`). Over
 *   every capture, it was a candidate for the rail's lookup of one capture by reference, and a
 *   plan made on a small table scanned it whole instead of probing the primary key.
 */
export class BoundedPaymentStatements1795886000000 implements MigrationInterface {
  name = 'BoundedPaymentStatements1795886000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE FUNCTION aml_distinct_payers(account_biller uuid, account_ref varchar, window_start timestamptz,
                                          enough integer)
      RETURNS integer LANGUAGE plpgsql STABLE AS $$
      DECLARE
        payers uuid[] := '{}';
        payer uuid;
      BEGIN
        IF enough <= 0 THEN
          RETURN 0;
        END IF;
        FOR payer IN
          SELECT p.customer_id FROM payments p
           WHERE p.biller_id = account_biller AND p.account_reference = account_ref
             AND p.created_at > window_start AND p.status <> 'FAILED'
           ORDER BY p.created_at DESC
        LOOP
          IF payer <> ALL (payers) THEN
            payers := payers || payer;
            EXIT WHEN cardinality(payers) >= enough;
          END IF;
        END LOOP;
        RETURN cardinality(payers);
      END
      $$
    `);
    await queryRunner.query(`DROP INDEX payments_biller_idx`);
    await queryRunner.query(`DROP INDEX sandbox_rail_operations_capture_created_idx`);
    await queryRunner.query(
      `CREATE INDEX sandbox_rail_operations_capture_created_idx ON sandbox_rail_operations (created_at)
        WHERE kind = 'CAPTURE' AND outcome = 'CAPTURED'`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX sandbox_rail_operations_capture_created_idx`);
    await queryRunner.query(
      `CREATE INDEX sandbox_rail_operations_capture_created_idx ON sandbox_rail_operations (created_at) WHERE kind = 'CAPTURE'`,
    );
    await queryRunner.query(`CREATE INDEX payments_biller_idx ON payments (biller_id)`);
    await queryRunner.query(`DROP FUNCTION aml_distinct_payers(uuid, varchar, timestamptz, integer)`);
  }
}
