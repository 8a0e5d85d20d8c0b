import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Merchant origins: the web origins a merchant sends customers from (hosted checkout's CORS and
 * `frame-ancestors`, live redirect URLs), each with its ownership challenge and its state.
 * One row per merchant and canonical origin; a deleted origin's row goes (the audit log keeps it).
 */
export class CreateMerchantOrigins1795887000000 implements MigrationInterface {
  name = 'CreateMerchantOrigins1795887000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE merchant_origins (
        id uuid PRIMARY KEY,
        merchant_id uuid NOT NULL REFERENCES merchants (id),
        origin varchar(300) NOT NULL,
        test_mode_only boolean NOT NULL,
        status varchar(10) NOT NULL,
        challenge_token varchar(43) NOT NULL,
        verification_method varchar(10),
        verified_at timestamptz,
        last_checked_at timestamptz,
        last_error varchar(1000),
        created_by_user_id uuid,
        created_at timestamptz NOT NULL,
        CONSTRAINT merchant_origins_merchant_origin_key UNIQUE (merchant_id, origin),
        CONSTRAINT merchant_origins_status_check CHECK (status IN ('PENDING', 'VERIFIED')),
        CONSTRAINT merchant_origins_method_check CHECK (verification_method IN ('DNS_TXT', 'HTTP_FILE', 'LOCALHOST')),
        CONSTRAINT merchant_origins_verified_check CHECK (
          (status = 'VERIFIED') = (verified_at IS NOT NULL AND verification_method IS NOT NULL)
        ),
        CONSTRAINT merchant_origins_scheme_check CHECK (
          CASE WHEN test_mode_only THEN origin LIKE 'http://localhost%' ELSE origin LIKE 'https://%' END
        )
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE merchant_origins`);
  }
}
