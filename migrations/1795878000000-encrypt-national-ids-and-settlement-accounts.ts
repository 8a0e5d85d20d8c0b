import { MigrationInterface, QueryRunner } from 'typeorm';
import { configFromEnvironment } from '../src/platform/config/environment';
import { fieldKey, openField, sealField } from '../src/platform/crypto/field-cipher';

/** The purposes the services encrypt these columns under (`FieldCipher`), as they name them. */
const NATIONAL_ID_NUMBER_PURPOSE = 'kyc.national-id-number';
const SETTLEMENT_ACCOUNT_NUMBER_PURPOSE = 'merchants.settlement-account-number';

const BATCH = 500;

/**
 * National id numbers (KYC submissions) and settlement account numbers leave plaintext: each
 * is kept encrypted with AES-256-GCM under a key derived from KEY_HASH_SECRET (the row's id
 * bound in), and a settlement account keeps its last four digits in clear for display. Rows
 * already there are encrypted here, so the migration needs the KEY_HASH_SECRET the services
 * run with (read from the environment like every command, only when there are rows); `down`
 * decrypts them back into the plaintext columns.
 */
export class EncryptNationalIdsAndSettlementAccounts1795878000000 implements MigrationInterface {
  name = 'EncryptNationalIdsAndSettlementAccounts1795878000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE kyc_submissions ADD COLUMN national_id_number_encrypted text`);
    await rewrite(queryRunner, 'kyc_submissions', 'national_id_number', (secret) => {
      const key = fieldKey(secret, NATIONAL_ID_NUMBER_PURPOSE);
      return (id, value) => ({ national_id_number_encrypted: sealField(key, id, value) });
    });
    await queryRunner.query(`ALTER TABLE kyc_submissions ALTER COLUMN national_id_number_encrypted SET NOT NULL`);
    await queryRunner.query(`ALTER TABLE kyc_submissions DROP COLUMN national_id_number`);

    await queryRunner.query(`
      ALTER TABLE merchant_settlement_accounts
        ADD COLUMN account_number_encrypted text,
        ADD COLUMN account_number_last4 char(4)
    `);
    await rewrite(queryRunner, 'merchant_settlement_accounts', 'account_number', (secret) => {
      const key = fieldKey(secret, SETTLEMENT_ACCOUNT_NUMBER_PURPOSE);
      return (id, value) => ({
        account_number_encrypted: sealField(key, id, value),
        account_number_last4: value.slice(-4),
      });
    });
    await queryRunner.query(`
      ALTER TABLE merchant_settlement_accounts
        ALTER COLUMN account_number_encrypted SET NOT NULL,
        ALTER COLUMN account_number_last4 SET NOT NULL,
        DROP COLUMN account_number,
        ADD CONSTRAINT merchant_settlement_account_number_last4_check CHECK (account_number_last4 ~ '^[0-9]{4}$')
    `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE merchant_settlement_accounts ADD COLUMN account_number char(10)`);
    await rewrite(queryRunner, 'merchant_settlement_accounts', 'account_number_encrypted', (secret) => {
      const key = fieldKey(secret, SETTLEMENT_ACCOUNT_NUMBER_PURPOSE);
      return (id, value) => ({ account_number: openField(key, id, value) });
    });
    await queryRunner.query(`
      ALTER TABLE merchant_settlement_accounts
        DROP CONSTRAINT merchant_settlement_account_number_last4_check,
        DROP COLUMN account_number_encrypted,
        DROP COLUMN account_number_last4,
        ALTER COLUMN account_number SET NOT NULL,
        ADD CONSTRAINT merchant_settlement_account_number_check CHECK (account_number ~ '^[0-9]{10}$')
    `);

    await queryRunner.query(`ALTER TABLE kyc_submissions ADD COLUMN national_id_number varchar(32)`);
    await rewrite(queryRunner, 'kyc_submissions', 'national_id_number_encrypted', (secret) => {
      const key = fieldKey(secret, NATIONAL_ID_NUMBER_PURPOSE);
      return (id, value) => ({ national_id_number: openField(key, id, value) });
    });
    await queryRunner.query(`
      ALTER TABLE kyc_submissions
        DROP COLUMN national_id_number_encrypted,
        ALTER COLUMN national_id_number SET NOT NULL
    `);
  }
}

type RowRewrite = (id: string, value: string) => Record<string, string>;

/**
 * Sets new columns of every row of `table` from its `source` column, in batches by id. The
 * secret is read only when a row exists: a fresh database migrates without one.
 */
async function rewrite(
  queryRunner: QueryRunner,
  table: string,
  source: string,
  prepare: (secret: string) => RowRewrite,
): Promise<void> {
  let convert: RowRewrite | undefined;
  let after = '00000000-0000-0000-0000-000000000000';
  for (;;) {
    const rows: { id: string; value: string }[] = await queryRunner.query(
      `SELECT id, ${source} AS value FROM ${table} WHERE id > $1 ORDER BY id LIMIT ${BATCH}`,
      [after],
    );
    if (rows.length === 0) return;
    convert ??= prepare(configFromEnvironment().KEY_HASH_SECRET);
    for (const row of rows) {
      const columns = convert(row.id, row.value);
      const names = Object.keys(columns);
      await queryRunner.query(
        `UPDATE ${table} SET ${names.map((name, index) => `${name} = $${index + 2}`).join(', ')} WHERE id = $1`,
        [row.id, ...names.map((name) => columns[name])],
      );
    }
    after = rows[rows.length - 1].id;
  }
}
