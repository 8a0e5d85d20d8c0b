import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Double-entry ledger. Lines are signed (debit positive, credit negative) and every entry sums
 * to zero per currency, checked at commit by a deferred constraint trigger. Entries and lines
 * are append-only: corrections are reversing entries, and UPDATE or DELETE is refused.
 */
export class CreateLedger1795600000000 implements MigrationInterface {
  name = 'CreateLedger1795600000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE ledger_accounts (
        id uuid PRIMARY KEY,
        code varchar(160) NOT NULL UNIQUE,
        type varchar(16) NOT NULL CHECK (type IN ('ASSET', 'LIABILITY', 'REVENUE', 'EXPENSE', 'EQUITY')),
        currency char(3) NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
        created_at timestamptz NOT NULL DEFAULT now()
      )
    `);
    await queryRunner.query(`
      CREATE TABLE journal_entries (
        id uuid PRIMARY KEY,
        kind varchar(40) NOT NULL,
        reference_type varchar(40) NOT NULL,
        reference_id uuid NOT NULL,
        currency char(3) NOT NULL,
        reverses_entry_id uuid REFERENCES journal_entries (id),
        memo varchar(200),
        created_at timestamptz NOT NULL DEFAULT now()
      )
    `);
    await queryRunner.query(
      `CREATE INDEX journal_entries_reference_idx ON journal_entries (reference_type, reference_id)`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX journal_entries_one_reversal_idx ON journal_entries (reverses_entry_id) WHERE reverses_entry_id IS NOT NULL`,
    );
    await queryRunner.query(`
      CREATE TABLE journal_lines (
        id bigserial PRIMARY KEY,
        entry_id uuid NOT NULL REFERENCES journal_entries (id),
        account_id uuid NOT NULL REFERENCES ledger_accounts (id),
        amount bigint NOT NULL CHECK (amount <> 0),
        currency char(3) NOT NULL
      )
    `);
    await queryRunner.query(`CREATE INDEX journal_lines_entry_idx ON journal_lines (entry_id)`);
    await queryRunner.query(`CREATE INDEX journal_lines_account_idx ON journal_lines (account_id)`);

    await queryRunner.query(`
      CREATE FUNCTION ledger_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        RAISE EXCEPTION 'ledger rows are append-only: % on % refused', TG_OP, TG_TABLE_NAME
          USING ERRCODE = 'integrity_constraint_violation';
      END $$
    `);
    for (const table of ['journal_entries', 'journal_lines']) {
      await queryRunner.query(
        `CREATE TRIGGER ${table}_append_only BEFORE UPDATE OR DELETE ON ${table} FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change()`,
      );
    }
    await queryRunner.query(`
      CREATE FUNCTION ledger_check_entry_balanced() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE
        imbalance bigint;
      BEGIN
        SELECT coalesce(sum(amount), 0) INTO imbalance FROM journal_lines WHERE entry_id = NEW.entry_id;
        IF imbalance <> 0 THEN
          RAISE EXCEPTION 'journal entry % does not balance (off by %)', NEW.entry_id, imbalance
            USING ERRCODE = 'check_violation';
        END IF;
        IF EXISTS (SELECT 1 FROM journal_lines WHERE entry_id = NEW.entry_id AND currency <> NEW.currency) THEN
          RAISE EXCEPTION 'journal entry % mixes currencies', NEW.entry_id USING ERRCODE = 'check_violation';
        END IF;
        RETURN NULL;
      END $$
    `);
    await queryRunner.query(`
      CREATE CONSTRAINT TRIGGER journal_lines_balanced AFTER INSERT ON journal_lines
        DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION ledger_check_entry_balanced()
    `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE journal_lines`);
    await queryRunner.query(`DROP TABLE journal_entries`);
    await queryRunner.query(`DROP TABLE ledger_accounts`);
    await queryRunner.query(`DROP FUNCTION ledger_check_entry_balanced()`);
    await queryRunner.query(`DROP FUNCTION ledger_refuse_change()`);
  }
}
