import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Pushed bills (the bills context).
 *
 * - `bills`: one row per biller and bill reference (UNIQUE: re-sending a bill updates it while
 *   it is unpaid). `customer_id` is the verified customer the bill resolved to, or NULL while it
 *   waits to be claimed. `status` is the stored state (`UNVIEWED`, `VIEWED`, `PAID`,
 *   `WITHDRAWN`); `OVERDUE` is derived from `due_date`, never stored. `payment_id` names the
 *   payment that settled it, unique, so one payment never settles two bills.
 *   `payment_attempt` counts the bill's failed in-app payments: the default idempotency key of
 *   a bill payment is `bill:{id}` then `bill:{id}:{attempt}`, so a double tap pays once and a
 *   declined payment can be retried.
 *   `biller_name` and `biller_slug` are the biller's at ingestion, as payments keep them, so the
 *   inbox never reads the billers context's tables.
 * - Indexes: the inbox (customer, newest first); open bills by biller and account reference
 *   (claims, resolution, settling a payment made another way).
 * - `payments_succeeded_account_idx`: `PaymentHistory.payersOfAccounts` (who paid a biller
 *   account successfully), and `saved_biller_accounts_biller_reference_idx`
 *   (`SavedAccountsService.holdersOf`): the two account-history lookups resolution runs on
 *   every batch.
 */
export class CreateBills1795760000000 implements MigrationInterface {
  name = 'CreateBills1795760000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE bills (
        id uuid PRIMARY KEY,
        biller_id uuid NOT NULL REFERENCES billers (id),
        biller_name varchar(120) NOT NULL,
        biller_slug varchar(80) NOT NULL,
        bill_reference varchar(64) NOT NULL,
        account_reference varchar(64) NOT NULL,
        customer_id uuid REFERENCES users (id),
        amount_due bigint NOT NULL CHECK (amount_due > 0),
        currency char(3) NOT NULL,
        bill_date date NOT NULL,
        due_date date NOT NULL,
        line_items jsonb NOT NULL DEFAULT '[]'::jsonb,
        status varchar(16) NOT NULL CHECK (status IN ('UNVIEWED', 'VIEWED', 'PAID', 'WITHDRAWN')),
        payment_id uuid,
        payment_attempt integer NOT NULL DEFAULT 0 CHECK (payment_attempt >= 0),
        viewed_at timestamptz,
        paid_at timestamptz,
        withdrawn_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT bills_biller_reference_unique UNIQUE (biller_id, bill_reference),
        CONSTRAINT bills_paid_has_payment CHECK (status <> 'PAID' OR (payment_id IS NOT NULL AND paid_at IS NOT NULL))
      )
    `);
    await queryRunner.query(
      `CREATE INDEX bills_inbox_idx ON bills (customer_id, created_at DESC, id DESC) WHERE customer_id IS NOT NULL`,
    );
    await queryRunner.query(
      `CREATE INDEX bills_open_account_idx ON bills (biller_id, account_reference)
        WHERE status IN ('UNVIEWED', 'VIEWED')`,
    );
    await queryRunner.query(`CREATE UNIQUE INDEX bills_payment_idx ON bills (payment_id) WHERE payment_id IS NOT NULL`);
    await queryRunner.query(
      `CREATE INDEX payments_succeeded_account_idx ON payments (biller_id, account_reference)
        WHERE status = 'SUCCEEDED'`,
    );
    await queryRunner.query(
      `CREATE INDEX saved_biller_accounts_biller_reference_idx ON saved_biller_accounts (biller_id, account_reference)`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX saved_biller_accounts_biller_reference_idx`);
    await queryRunner.query(`DROP INDEX payments_succeeded_account_idx`);
    await queryRunner.query(`DROP TABLE bills`);
  }
}
