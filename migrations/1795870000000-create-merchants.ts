import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The merchant side begins: merchants (their KYB state and onboarding token), the KYB evidence
 * they upload, and the merchant audit log, append-only like the admin one.
 */
export class CreateMerchants1795870000000 implements MigrationInterface {
  name = 'CreateMerchants1795870000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE merchants (
        id uuid PRIMARY KEY,
        name varchar(120) NOT NULL,
        registration_number varchar(40) NOT NULL,
        contact_email varchar(254) NOT NULL,
        contact_phone varchar(16),
        country char(2) NOT NULL,
        business_type varchar(30) NOT NULL,
        website varchar(200),
        kyb_status varchar(20) NOT NULL DEFAULT 'PENDING',
        kyb_reason_code varchar(60),
        kyb_note varchar(1000),
        requested_documents text[] NOT NULL DEFAULT '{}',
        requirements_deadline timestamptz,
        onboarding_token_hash char(64) NOT NULL,
        onboarding_token_expires_at timestamptz NOT NULL,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL,
        approved_at timestamptz,
        CONSTRAINT merchants_kyb_status_check
          CHECK (kyb_status IN ('PENDING', 'UNDER_REVIEW', 'ACTION_REQUIRED', 'APPROVED', 'SUSPENDED', 'REJECTED')),
        CONSTRAINT merchants_registration_number_check CHECK (registration_number ~ '^[A-Z0-9][A-Z0-9-]{2,39}$'),
        CONSTRAINT merchants_contact_email_check CHECK (contact_email = lower(contact_email)),
        CONSTRAINT merchants_business_type_check
          CHECK (business_type IN ('SOLE_PROPRIETORSHIP', 'PARTNERSHIP', 'LIMITED_COMPANY', 'PUBLIC_COMPANY', 'NON_PROFIT'))
      )
    `);
    await queryRunner.query(`CREATE UNIQUE INDEX merchants_registration_number_key ON merchants (registration_number)`);
    await queryRunner.query(`CREATE UNIQUE INDEX merchants_contact_email_key ON merchants (contact_email)`);
    await queryRunner.query(`CREATE UNIQUE INDEX merchants_onboarding_token_key ON merchants (onboarding_token_hash)`);
    await queryRunner.query(
      `CREATE INDEX merchants_kyb_created_idx ON merchants (kyb_status, created_at DESC, id DESC)`,
    );
    await queryRunner.query(`CREATE INDEX merchants_created_idx ON merchants (created_at DESC, id DESC)`);

    await queryRunner.query(`
      CREATE TABLE merchant_kyb_documents (
        id uuid PRIMARY KEY,
        merchant_id uuid NOT NULL REFERENCES merchants (id),
        document_type varchar(40) NOT NULL,
        registration_no varchar(40) NOT NULL,
        status varchar(20) NOT NULL,
        content_type varchar(40) NOT NULL,
        size_bytes integer NOT NULL,
        sha256 char(64) NOT NULL,
        storage_key varchar(200) NOT NULL,
        created_at timestamptz NOT NULL,
        superseded_at timestamptz,
        CONSTRAINT merchant_kyb_documents_type_check CHECK (document_type IN
          ('CERTIFICATE_OF_INCORPORATION', 'TAX_CLEARANCE', 'DIRECTORS_ID', 'PROOF_OF_ADDRESS', 'BANK_ACCOUNT_LETTER')),
        CONSTRAINT merchant_kyb_documents_status_check
          CHECK (status IN ('RECEIVED', 'ACCEPTED', 'REJECTED', 'SUPERSEDED')),
        CONSTRAINT merchant_kyb_documents_size_check CHECK (size_bytes > 0)
      )
    `);
    await queryRunner.query(
      `CREATE UNIQUE INDEX merchant_kyb_documents_current_key ON merchant_kyb_documents (merchant_id, document_type)
         WHERE status <> 'SUPERSEDED'`,
    );
    await queryRunner.query(
      `CREATE INDEX merchant_kyb_documents_merchant_idx ON merchant_kyb_documents (merchant_id, created_at DESC)`,
    );

    await queryRunner.query(`
      CREATE TABLE merchant_audit_log (
        id uuid PRIMARY KEY,
        merchant_id uuid NOT NULL REFERENCES merchants (id),
        occurred_at timestamptz NOT NULL,
        action varchar(40) NOT NULL,
        actor_type varchar(10) NOT NULL,
        actor_role varchar(20) NOT NULL,
        actor_user_id uuid,
        actor_api_key_id uuid,
        actor_email varchar(254),
        target_type varchar(40) NOT NULL,
        target_id varchar(100) NOT NULL,
        ip varchar(64),
        user_agent varchar(300),
        request_id varchar(100),
        details jsonb NOT NULL DEFAULT '{}',
        CONSTRAINT merchant_audit_log_action_check CHECK (action ~ '^[A-Z][A-Z_]*$'),
        CONSTRAINT merchant_audit_log_actor_type_check CHECK (actor_type IN ('USER', 'API_KEY', 'STAFF', 'SYSTEM')),
        CONSTRAINT merchant_audit_log_actor_role_check CHECK (actor_role IN
          ('OWNER', 'ADMIN', 'DEVELOPER', 'ANALYST', 'API_KEY', 'PLATFORM_STAFF', 'SYSTEM'))
      )
    `);
    // Ids are UUIDv7, so id order is time order: the page query is "id < cursor ORDER BY id DESC".
    await queryRunner.query(
      `CREATE INDEX merchant_audit_log_merchant_idx ON merchant_audit_log (merchant_id, id DESC)`,
    );
    await queryRunner.query(
      `CREATE INDEX merchant_audit_log_action_idx ON merchant_audit_log (merchant_id, action, id DESC)`,
    );
    await queryRunner.query(
      `CREATE INDEX merchant_audit_log_actor_idx ON merchant_audit_log (merchant_id, actor_role, id DESC)`,
    );
    await queryRunner.query(`
      CREATE FUNCTION merchant_audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        RAISE EXCEPTION 'merchant_audit_log is append-only' USING ERRCODE = 'insufficient_privilege';
      END
      $$
    `);
    await queryRunner.query(`
      CREATE TRIGGER merchant_audit_log_append_only
        BEFORE UPDATE OR DELETE ON merchant_audit_log
        FOR EACH ROW EXECUTE FUNCTION merchant_audit_log_append_only()
    `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE merchant_audit_log`);
    await queryRunner.query(`DROP FUNCTION merchant_audit_log_append_only()`);
    await queryRunner.query(`DROP TABLE merchant_kyb_documents`);
    await queryRunner.query(`DROP TABLE merchants`);
  }
}
