import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The people of merchants: users (e-mail and password), their memberships (one role in one
 * merchant; exactly one active OWNER per merchant), dashboard sessions with rotating refresh
 * tokens, and invitations (the only way a user or a membership comes to exist).
 */
export class CreateMerchantIdentity1795872000000 implements MigrationInterface {
  name = 'CreateMerchantIdentity1795872000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE merchant_users (
        id uuid PRIMARY KEY,
        email varchar(254) NOT NULL,
        name varchar(100) NOT NULL,
        password_hash varchar(100) NOT NULL,
        last_membership_id uuid,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL,
        CONSTRAINT merchant_users_email_check CHECK (email = lower(email))
      )
    `);
    await queryRunner.query(`CREATE UNIQUE INDEX merchant_users_email_key ON merchant_users (email)`);
    await queryRunner.query(`
      CREATE TABLE merchant_memberships (
        id uuid PRIMARY KEY,
        user_id uuid NOT NULL REFERENCES merchant_users (id),
        merchant_id uuid NOT NULL REFERENCES merchants (id),
        role varchar(10) NOT NULL,
        status varchar(10) NOT NULL,
        created_at timestamptz NOT NULL,
        revoked_at timestamptz,
        CONSTRAINT merchant_memberships_role_check CHECK (role IN ('OWNER', 'ADMIN', 'DEVELOPER', 'ANALYST')),
        CONSTRAINT merchant_memberships_status_check CHECK (status IN ('ACTIVE', 'REVOKED'))
      )
    `);
    await queryRunner.query(
      `CREATE UNIQUE INDEX merchant_memberships_one_owner_key ON merchant_memberships (merchant_id) WHERE role = 'OWNER' AND status = 'ACTIVE'`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX merchant_memberships_active_key ON merchant_memberships (user_id, merchant_id) WHERE status = 'ACTIVE'`,
    );
    await queryRunner.query(
      `CREATE INDEX merchant_memberships_merchant_idx ON merchant_memberships (merchant_id, status, created_at)`,
    );
    await queryRunner.query(`
      CREATE TABLE merchant_sessions (
        id uuid PRIMARY KEY,
        user_id uuid NOT NULL REFERENCES merchant_users (id),
        membership_id uuid NOT NULL REFERENCES merchant_memberships (id),
        merchant_id uuid NOT NULL REFERENCES merchants (id),
        created_at timestamptz NOT NULL,
        expires_at timestamptz NOT NULL,
        revoked_at timestamptz,
        revoked_reason varchar(30),
        ip varchar(64),
        user_agent varchar(300)
      )
    `);
    await queryRunner.query(
      `CREATE INDEX merchant_sessions_membership_idx ON merchant_sessions (membership_id) WHERE revoked_at IS NULL`,
    );
    await queryRunner.query(`
      CREATE TABLE merchant_refresh_tokens (
        id uuid PRIMARY KEY,
        session_id uuid NOT NULL REFERENCES merchant_sessions (id),
        token_hash char(64) NOT NULL,
        issued_at timestamptz NOT NULL,
        rotated_at timestamptz
      )
    `);
    await queryRunner.query(
      `CREATE UNIQUE INDEX merchant_refresh_tokens_hash_key ON merchant_refresh_tokens (token_hash)`,
    );
    await queryRunner.query(`
      CREATE TABLE merchant_invitations (
        id uuid PRIMARY KEY,
        merchant_id uuid NOT NULL REFERENCES merchants (id),
        email varchar(254) NOT NULL,
        role varchar(10) NOT NULL,
        token_hash char(64) NOT NULL,
        status varchar(10) NOT NULL,
        expires_at timestamptz NOT NULL,
        invited_by_user_id uuid REFERENCES merchant_users (id),
        created_at timestamptz NOT NULL,
        accepted_at timestamptz,
        revoked_at timestamptz,
        CONSTRAINT merchant_invitations_role_check CHECK (role IN ('OWNER', 'ADMIN', 'DEVELOPER', 'ANALYST')),
        CONSTRAINT merchant_invitations_status_check CHECK (status IN ('PENDING', 'ACCEPTED', 'REVOKED')),
        CONSTRAINT merchant_invitations_email_check CHECK (email = lower(email))
      )
    `);
    await queryRunner.query(`CREATE UNIQUE INDEX merchant_invitations_token_key ON merchant_invitations (token_hash)`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX merchant_invitations_pending_key ON merchant_invitations (merchant_id, email) WHERE status = 'PENDING'`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE merchant_invitations`);
    await queryRunner.query(`DROP TABLE merchant_refresh_tokens`);
    await queryRunner.query(`DROP TABLE merchant_sessions`);
    await queryRunner.query(`DROP TABLE merchant_memberships`);
    await queryRunner.query(`DROP TABLE merchant_users`);
  }
}
