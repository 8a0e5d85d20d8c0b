import { MigrationInterface, QueryRunner } from 'typeorm';

/** Users (customers, agents, staff), OTP challenges, device sessions, refresh tokens, KYC submissions. */
export class CreateIdentity1795478400000 implements MigrationInterface {
  name = 'CreateIdentity1795478400000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE users (
        id uuid PRIMARY KEY,
        phone varchar(16) NOT NULL,
        role varchar(16) NOT NULL DEFAULT 'CUSTOMER',
        status varchar(16) NOT NULL DEFAULT 'ACTIVE',
        kyc_tier varchar(16) NOT NULL DEFAULT 'TIER_0',
        pin_hash varchar(100),
        pin_set_at timestamptz,
        failed_pin_attempts integer NOT NULL DEFAULT 0,
        locked_until timestamptz,
        display_name varchar(60),
        email varchar(254),
        email_verified boolean NOT NULL DEFAULT false,
        language varchar(8) NOT NULL DEFAULT 'en',
        phone_verified_at timestamptz NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT users_phone_key UNIQUE (phone),
        CONSTRAINT users_phone_check CHECK (phone ~ '^\\+[1-9][0-9]{6,14}$'),
        CONSTRAINT users_role_check CHECK (role IN ('CUSTOMER', 'AGENT', 'SUPPORT', 'COMPLIANCE', 'ADMIN')),
        CONSTRAINT users_status_check CHECK (status IN ('ACTIVE', 'DEACTIVATED')),
        CONSTRAINT users_kyc_tier_check CHECK (kyc_tier IN ('TIER_0', 'TIER_1')),
        CONSTRAINT users_failed_pin_attempts_check CHECK (failed_pin_attempts >= 0)
      )
    `);

    await queryRunner.query(`
      CREATE TABLE otp_challenges (
        phone varchar(16) PRIMARY KEY,
        code_hash char(64) NOT NULL,
        attempts integer NOT NULL DEFAULT 0,
        expires_at timestamptz NOT NULL,
        created_at timestamptz NOT NULL,
        CONSTRAINT otp_challenges_attempts_check CHECK (attempts >= 0)
      )
    `);

    await queryRunner.query(`
      CREATE TABLE device_sessions (
        id uuid PRIMARY KEY,
        user_id uuid NOT NULL REFERENCES users (id),
        auth_method varchar(8) NOT NULL,
        device_name varchar(100),
        user_agent varchar(512),
        ip_address varchar(64),
        created_at timestamptz NOT NULL,
        last_seen_at timestamptz NOT NULL,
        expires_at timestamptz NOT NULL,
        revoked_at timestamptz,
        revoked_reason varchar(24),
        CONSTRAINT device_sessions_auth_method_check CHECK (auth_method IN ('OTP', 'PIN')),
        CONSTRAINT device_sessions_revoked_reason_check CHECK (
          revoked_reason IN ('LOGOUT', 'REVOKED', 'REFRESH_TOKEN_REUSED', 'PIN_CHANGED')
        ),
        CONSTRAINT device_sessions_revocation_check CHECK ((revoked_at IS NULL) = (revoked_reason IS NULL))
      )
    `);
    await queryRunner.query(
      `CREATE INDEX device_sessions_user_active_idx ON device_sessions (user_id, last_seen_at DESC) WHERE revoked_at IS NULL`,
    );

    await queryRunner.query(`
      CREATE TABLE refresh_tokens (
        id uuid PRIMARY KEY,
        session_id uuid NOT NULL REFERENCES device_sessions (id) ON DELETE CASCADE,
        token_hash char(64) NOT NULL,
        issued_at timestamptz NOT NULL,
        rotated_at timestamptz,
        CONSTRAINT refresh_tokens_token_hash_key UNIQUE (token_hash)
      )
    `);
    await queryRunner.query(`CREATE INDEX refresh_tokens_session_idx ON refresh_tokens (session_id)`);

    await queryRunner.query(`
      CREATE TABLE kyc_submissions (
        id uuid PRIMARY KEY,
        user_id uuid NOT NULL REFERENCES users (id),
        tier varchar(16) NOT NULL,
        legal_name varchar(200) NOT NULL,
        date_of_birth date NOT NULL,
        national_id_type varchar(24) NOT NULL,
        national_id_number varchar(32) NOT NULL,
        address_line1 varchar(200) NOT NULL,
        address_line2 varchar(200),
        city varchar(100) NOT NULL,
        state varchar(100) NOT NULL,
        postal_code varchar(20),
        country char(2) NOT NULL,
        created_at timestamptz NOT NULL,
        CONSTRAINT kyc_submissions_tier_check CHECK (tier IN ('TIER_1')),
        CONSTRAINT kyc_submissions_national_id_type_check CHECK (
          national_id_type IN ('NIN', 'BVN', 'PASSPORT', 'DRIVERS_LICENSE', 'VOTERS_CARD')
        )
      )
    `);
    await queryRunner.query(
      `CREATE INDEX kyc_submissions_user_idx ON kyc_submissions (user_id, created_at DESC, id DESC)`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE kyc_submissions`);
    await queryRunner.query(`DROP TABLE refresh_tokens`);
    await queryRunner.query(`DROP TABLE device_sessions`);
    await queryRunner.query(`DROP TABLE otp_challenges`);
    await queryRunner.query(`DROP TABLE users`);
  }
}
