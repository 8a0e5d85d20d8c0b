import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The merchant ledger's schedule: for each captured merchant payment, when its net moves from
 * pending to available (after the payout delay) and when its reserve is released to available
 * (after the hold). The balances themselves are ledger accounts; a row here says what is still to
 * move and when, and is marked once the release's journal entry is posted (in one transaction).
 * `amount` only ever goes down before the release (a refund that spent pending money), so the
 * unreleased rows of a balance add up to that balance. No foreign key to payments: that table is
 * the payments context's.
 */
export class CreateMerchantBalanceReleases1795889420000 implements MigrationInterface {
  name = 'CreateMerchantBalanceReleases1795889420000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE merchant_balance_releases (
        id uuid PRIMARY KEY,
        merchant_id uuid NOT NULL REFERENCES merchants (id),
        livemode boolean NOT NULL,
        currency char(3) NOT NULL,
        payment_id uuid NOT NULL,
        kind varchar(20) NOT NULL,
        amount bigint NOT NULL,
        due_at timestamptz NOT NULL,
        capture_entry_id uuid NOT NULL,
        release_entry_id uuid,
        released_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT merchant_balance_releases_payment_kind_key UNIQUE (payment_id, kind),
        CONSTRAINT merchant_balance_releases_kind_check CHECK (kind IN ('PENDING_TO_AVAILABLE', 'RESERVE_RELEASE')),
        CONSTRAINT merchant_balance_releases_amount_check CHECK (amount >= 0),
        CONSTRAINT merchant_balance_releases_entry_check CHECK (release_entry_id IS NULL OR released_at IS NOT NULL)
      )`);
    await queryRunner.query(`
      CREATE INDEX merchant_balance_releases_due_idx
        ON merchant_balance_releases (due_at) WHERE released_at IS NULL`);
    await queryRunner.query(`
      CREATE INDEX merchant_balance_releases_balance_idx
        ON merchant_balance_releases (merchant_id, livemode, currency, kind, due_at) WHERE released_at IS NULL`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE merchant_balance_releases`);
  }
}
