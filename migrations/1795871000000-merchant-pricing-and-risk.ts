import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What operations set on a merchant: pricing versions (append-only: payments snapshot their fee,
 * and a statement must be able to say which price applied when), the settlement account (each
 * change a new row; the old one is kept, replaced), the risk tier and the velocity caps.
 */
export class MerchantPricingAndRisk1795871000000 implements MigrationInterface {
  name = 'MerchantPricingAndRisk1795871000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE merchant_pricing_versions (
        id uuid PRIMARY KEY,
        merchant_id uuid NOT NULL REFERENCES merchants (id),
        fee_bps integer NOT NULL,
        fee_fixed bigint NOT NULL,
        fee_cap bigint,
        fee_currency char(3) NOT NULL,
        reserve_bps integer NOT NULL,
        reserve_hold_days integer NOT NULL,
        payout_interval varchar(10) NOT NULL,
        payout_delay_days integer NOT NULL,
        payout_weekly_anchor varchar(10),
        payout_monthly_anchor integer,
        minimum_payout_amount bigint NOT NULL,
        effective_at timestamptz NOT NULL,
        created_by uuid NOT NULL,
        created_at timestamptz NOT NULL,
        CONSTRAINT merchant_pricing_fee_bps_check CHECK (fee_bps BETWEEN 0 AND 10000),
        CONSTRAINT merchant_pricing_fee_fixed_check CHECK (fee_fixed >= 0),
        CONSTRAINT merchant_pricing_fee_cap_check CHECK (fee_cap IS NULL OR fee_cap >= fee_fixed),
        CONSTRAINT merchant_pricing_reserve_check CHECK (reserve_bps BETWEEN 0 AND 10000 AND reserve_hold_days BETWEEN 0 AND 365),
        CONSTRAINT merchant_pricing_interval_check CHECK (payout_interval IN ('DAILY', 'WEEKLY', 'MONTHLY', 'MANUAL')),
        CONSTRAINT merchant_pricing_delay_check CHECK (payout_delay_days BETWEEN 0 AND 30),
        CONSTRAINT merchant_pricing_anchor_check CHECK (
          (payout_interval = 'WEEKLY') = (payout_weekly_anchor IS NOT NULL)
          AND (payout_interval = 'MONTHLY') = (payout_monthly_anchor IS NOT NULL)
          AND (payout_monthly_anchor IS NULL OR payout_monthly_anchor BETWEEN 1 AND 31)),
        CONSTRAINT merchant_pricing_minimum_check CHECK (minimum_payout_amount >= 0)
      )
    `);
    await queryRunner.query(
      `CREATE INDEX merchant_pricing_versions_merchant_idx ON merchant_pricing_versions (merchant_id, effective_at DESC, id DESC)`,
    );
    await queryRunner.query(`
      CREATE FUNCTION merchant_pricing_versions_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        RAISE EXCEPTION 'merchant_pricing_versions is append-only' USING ERRCODE = 'insufficient_privilege';
      END
      $$
    `);
    await queryRunner.query(`
      CREATE TRIGGER merchant_pricing_versions_append_only
        BEFORE UPDATE OR DELETE ON merchant_pricing_versions
        FOR EACH ROW EXECUTE FUNCTION merchant_pricing_versions_append_only()
    `);

    await queryRunner.query(`
      CREATE TABLE merchant_settlement_accounts (
        id uuid PRIMARY KEY,
        merchant_id uuid NOT NULL REFERENCES merchants (id),
        bank_code varchar(6) NOT NULL,
        account_number char(10) NOT NULL,
        account_name varchar(100) NOT NULL,
        currency char(3) NOT NULL,
        status varchar(30) NOT NULL,
        payouts_held_until timestamptz NOT NULL,
        created_by uuid NOT NULL,
        created_at timestamptz NOT NULL,
        replaced_at timestamptz,
        CONSTRAINT merchant_settlement_status_check CHECK (status IN ('PENDING_VERIFICATION', 'VERIFIED', 'REJECTED')),
        CONSTRAINT merchant_settlement_account_number_check CHECK (account_number ~ '^[0-9]{10}$'),
        CONSTRAINT merchant_settlement_bank_code_check CHECK (bank_code ~ '^([0-9]{3}|[0-9]{6})$')
      )
    `);
    await queryRunner.query(
      `CREATE UNIQUE INDEX merchant_settlement_accounts_current_key ON merchant_settlement_accounts (merchant_id) WHERE replaced_at IS NULL`,
    );

    await queryRunner.query(`ALTER TABLE merchants ADD COLUMN risk_tier varchar(12) NOT NULL DEFAULT 'STANDARD'`);
    await queryRunner.query(`ALTER TABLE merchants ADD COLUMN risk_reason varchar(500)`);
    await queryRunner.query(`ALTER TABLE merchants ADD COLUMN risk_updated_at timestamptz`);
    await queryRunner.query(
      `ALTER TABLE merchants ADD CONSTRAINT merchants_risk_tier_check CHECK (risk_tier IN ('LOW', 'STANDARD', 'HIGH', 'RESTRICTED'))`,
    );

    await queryRunner.query(`
      CREATE TABLE merchant_velocity_caps (
        id uuid PRIMARY KEY,
        merchant_id uuid NOT NULL REFERENCES merchants (id),
        scope varchar(10) NOT NULL,
        window_unit varchar(4) NOT NULL,
        currency char(3) NOT NULL,
        max_count integer,
        max_amount bigint,
        created_at timestamptz NOT NULL,
        CONSTRAINT merchant_velocity_caps_scope_check CHECK (scope IN ('MERCHANT', 'CUSTOMER')),
        CONSTRAINT merchant_velocity_caps_window_check CHECK (window_unit IN ('HOUR', 'DAY')),
        CONSTRAINT merchant_velocity_caps_limit_check CHECK (
          (max_count IS NOT NULL OR max_amount IS NOT NULL)
          AND (max_count IS NULL OR max_count > 0) AND (max_amount IS NULL OR max_amount > 0))
      )
    `);
    await queryRunner.query(
      `CREATE UNIQUE INDEX merchant_velocity_caps_key ON merchant_velocity_caps (merchant_id, scope, window_unit, currency)`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE merchant_velocity_caps`);
    await queryRunner.query(`ALTER TABLE merchants DROP CONSTRAINT merchants_risk_tier_check`);
    await queryRunner.query(`ALTER TABLE merchants DROP COLUMN risk_updated_at`);
    await queryRunner.query(`ALTER TABLE merchants DROP COLUMN risk_reason`);
    await queryRunner.query(`ALTER TABLE merchants DROP COLUMN risk_tier`);
    await queryRunner.query(`DROP TABLE merchant_settlement_accounts`);
    await queryRunner.query(`DROP TABLE merchant_pricing_versions`);
    await queryRunner.query(`DROP FUNCTION merchant_pricing_versions_append_only()`);
  }
}
