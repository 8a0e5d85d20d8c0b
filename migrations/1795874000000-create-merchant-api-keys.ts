import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Merchant API keys: `sk_live_`/`sk_test_` + 32 random bytes, kept as an HMAC with a visible
 * prefix (the lookup) and the last four characters. Revoked keys stay for the audit trail;
 * `last_used_at` is written in batches, not on every request.
 */
export class CreateMerchantApiKeys1795874000000 implements MigrationInterface {
  name = 'CreateMerchantApiKeys1795874000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE merchant_api_keys (
        id uuid PRIMARY KEY,
        merchant_id uuid NOT NULL REFERENCES merchants (id),
        name varchar(100) NOT NULL,
        livemode boolean NOT NULL,
        prefix varchar(20) NOT NULL,
        last4 char(4) NOT NULL,
        secret_hash char(64) NOT NULL,
        created_by_type varchar(10) NOT NULL,
        created_by_user_id uuid,
        created_at timestamptz NOT NULL,
        last_used_at timestamptz,
        revoked_at timestamptz,
        revoked_reason varchar(30),
        CONSTRAINT merchant_api_keys_created_by_check CHECK (created_by_type IN ('USER', 'STAFF')),
        CONSTRAINT merchant_api_keys_prefix_check CHECK (
          prefix LIKE (CASE WHEN livemode THEN 'sk\\_live\\_%' ELSE 'sk\\_test\\_%' END)
        ),
        CONSTRAINT merchant_api_keys_revoked_check CHECK ((revoked_at IS NULL) = (revoked_reason IS NULL))
      )`);
    await queryRunner.query(`CREATE UNIQUE INDEX merchant_api_keys_secret_key ON merchant_api_keys (secret_hash)`);
    await queryRunner.query(
      `CREATE INDEX merchant_api_keys_prefix_idx ON merchant_api_keys (prefix) WHERE revoked_at IS NULL`,
    );
    await queryRunner.query(
      `CREATE INDEX merchant_api_keys_merchant_idx ON merchant_api_keys (merchant_id, livemode, created_at)`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE merchant_api_keys`);
  }
}
