import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Households (the households context) and the bills context's lease for shared bills.
 *
 * - `households`: a named group of customers; `created_by` is the customer who made it (its
 *   first OWNER).
 * - `household_members`: one row per household and customer, with the member's role. A write
 *   that adds, demotes or removes a member locks the household row first (`FOR UPDATE`), so the
 *   size cap and the "last OWNER stays" rule hold under concurrent requests.
 * - `household_shared_accounts`: a member's saved biller account shared with the household; the
 *   biller and reference are copied at share time so the household reads them without the
 *   billers context.
 * - `bill_shares`: a pushed bill shared with a household by its owner. Written by the households
 *   context (HouseholdDirectory), which deletes a member's shares when they leave.
 * - `bill_payment_leases`: the bills context's short lease on a shared bill while one payer's
 *   payment runs, so two members paying at once make one payment (the payment core's
 *   idempotency key is scoped to each payer and cannot tell them apart).
 */
export class CreateHouseholds1795820000000 implements MigrationInterface {
  name = 'CreateHouseholds1795820000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE households (
        id uuid PRIMARY KEY,
        name varchar(60) NOT NULL,
        created_by uuid NOT NULL REFERENCES users (id),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )
    `);
    await queryRunner.query(`
      CREATE TABLE household_members (
        household_id uuid NOT NULL REFERENCES households (id) ON DELETE CASCADE,
        user_id uuid NOT NULL REFERENCES users (id),
        role varchar(8) NOT NULL CHECK (role IN ('OWNER', 'ADMIN', 'MEMBER', 'VIEWER')),
        added_by uuid REFERENCES users (id),
        joined_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (household_id, user_id)
      )
    `);
    await queryRunner.query(`CREATE INDEX household_members_user_idx ON household_members (user_id)`);
    await queryRunner.query(`
      CREATE TABLE household_shared_accounts (
        household_id uuid NOT NULL REFERENCES households (id) ON DELETE CASCADE,
        saved_account_id uuid NOT NULL,
        shared_by uuid NOT NULL REFERENCES users (id),
        biller_id uuid NOT NULL REFERENCES billers (id),
        biller_name varchar(120) NOT NULL,
        account_reference varchar(64) NOT NULL,
        shared_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (household_id, saved_account_id)
      )
    `);
    await queryRunner.query(
      `CREATE INDEX household_shared_accounts_account_idx ON household_shared_accounts (biller_id, account_reference)`,
    );
    await queryRunner.query(`
      CREATE TABLE bill_shares (
        bill_id uuid NOT NULL REFERENCES bills (id),
        household_id uuid NOT NULL REFERENCES households (id) ON DELETE CASCADE,
        shared_by uuid NOT NULL REFERENCES users (id),
        shared_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (bill_id, household_id)
      )
    `);
    await queryRunner.query(`CREATE INDEX bill_shares_household_idx ON bill_shares (household_id)`);
    await queryRunner.query(`
      CREATE TABLE bill_payment_leases (
        bill_id uuid PRIMARY KEY REFERENCES bills (id),
        customer_id uuid NOT NULL REFERENCES users (id),
        token uuid NOT NULL,
        expires_at timestamptz NOT NULL
      )
    `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE bill_payment_leases`);
    await queryRunner.query(`DROP TABLE bill_shares`);
    await queryRunner.query(`DROP TABLE household_shared_accounts`);
    await queryRunner.query(`DROP TABLE household_members`);
    await queryRunner.query(`DROP TABLE households`);
  }
}
