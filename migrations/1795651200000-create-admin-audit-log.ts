import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The admin audit trail: one row per admin write (who, what, before/after), inserted in the
 * transaction of the write itself. Rows are never updated or deleted; a trigger refuses both.
 */
export class CreateAdminAuditLog1795651200000 implements MigrationInterface {
  name = 'CreateAdminAuditLog1795651200000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE admin_audit_log (
        id uuid PRIMARY KEY,
        actor_user_id uuid NOT NULL,
        action varchar(60) NOT NULL,
        entity_type varchar(60) NOT NULL,
        entity_id varchar(100) NOT NULL,
        before jsonb,
        after jsonb,
        at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT admin_audit_log_action_check CHECK (action ~ '^[a-z][a-z0-9_]*(\\.[a-z][a-z0-9_]*)+$'),
        CONSTRAINT admin_audit_log_change_check CHECK (before IS NOT NULL OR after IS NOT NULL)
      )
    `);
    await queryRunner.query(
      `CREATE INDEX admin_audit_log_entity_idx ON admin_audit_log (entity_type, entity_id, at DESC, id DESC)`,
    );
    await queryRunner.query(
      `CREATE INDEX admin_audit_log_actor_idx ON admin_audit_log (actor_user_id, at DESC, id DESC)`,
    );
    await queryRunner.query(`CREATE INDEX admin_audit_log_at_idx ON admin_audit_log (at DESC, id DESC)`);
    await queryRunner.query(`
      CREATE FUNCTION admin_audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        RAISE EXCEPTION 'admin_audit_log is append-only' USING ERRCODE = 'insufficient_privilege';
      END
      $$
    `);
    await queryRunner.query(`
      CREATE TRIGGER admin_audit_log_append_only
        BEFORE UPDATE OR DELETE ON admin_audit_log
        FOR EACH ROW EXECUTE FUNCTION admin_audit_log_append_only()
    `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE admin_audit_log`);
    await queryRunner.query(`DROP FUNCTION admin_audit_log_append_only()`);
  }
}
