import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Administering users.
 *
 * - `users.deactivated_at`: when an admin deactivated the account (null while active).
 * - `device_sessions.revoked_reason` admits `DEACTIVATED`: a deactivation ends every session.
 */
export class AdminUsers1795830000000 implements MigrationInterface {
  name = 'AdminUsers1795830000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE users ADD COLUMN deactivated_at timestamptz`);
    await queryRunner.query(`ALTER TABLE device_sessions DROP CONSTRAINT device_sessions_revoked_reason_check`);
    await queryRunner.query(`
      ALTER TABLE device_sessions ADD CONSTRAINT device_sessions_revoked_reason_check CHECK (
        revoked_reason IN ('LOGOUT', 'REVOKED', 'REFRESH_TOKEN_REUSED', 'PIN_CHANGED', 'DEACTIVATED')
      )
    `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE device_sessions DROP CONSTRAINT device_sessions_revoked_reason_check`);
    await queryRunner.query(`
      ALTER TABLE device_sessions ADD CONSTRAINT device_sessions_revoked_reason_check CHECK (
        revoked_reason IN ('LOGOUT', 'REVOKED', 'REFRESH_TOKEN_REUSED', 'PIN_CHANGED')
      )
    `);
    await queryRunner.query(`ALTER TABLE users DROP COLUMN deactivated_at`);
  }
}
