import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Merchant refunds of checkout payments.
 *
 * - `merchant_refunds` (merchants): one row per refund a merchant's server asked for
 *   (`POST /merchant/refunds`), full or partial, several per payment. `payment_id` names the
 *   payments context's row without a foreign key (that table is the payments context's). The
 *   Idempotency-Key is the merchant's, per mode. `from_available` and `from_pending` say how the
 *   refund's ledger entry (`ledger_entry_id`) spent the merchant's balance, so a refund the rail
 *   refuses for good gives back exactly that (`reversal_entry_id`).
 * - `rail_reversals` (payments): a payment may now have several, one per refund: `refund_id`
 *   names the refund a reversal pays (a merchant refund's id, no foreign key: the payments
 *   context knows no merchants table), and at most one reversal per payment has none (a failed
 *   payment's refund or cancel, a dispute's refund) by the partial unique index that replaces
 *   `UNIQUE (payment_id)`. A reversal the rail refuses for good is `FAILED`.
 */
export class CreateMerchantRefunds1795890100000 implements MigrationInterface {
  name = 'CreateMerchantRefunds1795890100000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE merchant_refunds (
        id uuid PRIMARY KEY,
        merchant_id uuid NOT NULL REFERENCES merchants (id),
        livemode boolean NOT NULL,
        payment_id uuid NOT NULL,
        amount bigint NOT NULL,
        currency char(3) NOT NULL,
        reason varchar(32) NOT NULL,
        note varchar(500),
        status varchar(16) NOT NULL DEFAULT 'PENDING',
        failure_reason varchar(300),
        idempotency_key varchar(255) NOT NULL,
        request_fingerprint char(64) NOT NULL,
        created_by_api_key_id uuid,
        ledger_entry_id uuid NOT NULL,
        from_available bigint NOT NULL,
        from_pending bigint NOT NULL,
        reversal_entry_id uuid,
        rail_reference varchar(80),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        refunded_at timestamptz,
        failed_at timestamptz,
        CONSTRAINT merchant_refunds_idempotency_key UNIQUE (merchant_id, livemode, idempotency_key),
        CONSTRAINT merchant_refunds_amount_check CHECK (amount > 0 AND from_available >= 0 AND from_pending >= 0
                                                         AND from_available + from_pending = amount),
        CONSTRAINT merchant_refunds_reason_check CHECK (reason IN ('REQUESTED_BY_CUSTOMER', 'DUPLICATE', 'FRAUDULENT')),
        CONSTRAINT merchant_refunds_status_check CHECK (status IN ('PENDING', 'SUCCEEDED', 'FAILED')),
        CONSTRAINT merchant_refunds_outcome_check CHECK (
          (status = 'PENDING' AND refunded_at IS NULL AND failed_at IS NULL)
          OR (status = 'SUCCEEDED' AND refunded_at IS NOT NULL AND failed_at IS NULL)
          OR (status = 'FAILED' AND failed_at IS NOT NULL AND refunded_at IS NULL AND reversal_entry_id IS NOT NULL))
      )`);
    await queryRunner.query(`
      CREATE INDEX merchant_refunds_list_idx ON merchant_refunds (merchant_id, livemode, created_at DESC, id DESC)`);
    await queryRunner.query(`
      CREATE INDEX merchant_refunds_payment_idx
        ON merchant_refunds (payment_id, merchant_id, livemode, created_at DESC, id DESC)`);

    await queryRunner.query(`ALTER TABLE rail_reversals ADD COLUMN refund_id uuid`);
    await queryRunner.query(`ALTER TABLE rail_reversals DROP CONSTRAINT rail_reversals_one_per_payment`);
    await queryRunner.query(`
      CREATE UNIQUE INDEX rail_reversals_one_per_payment ON rail_reversals (payment_id) WHERE refund_id IS NULL`);
    await queryRunner.query(`CREATE UNIQUE INDEX rail_reversals_refund_key ON rail_reversals (refund_id)`);
    await queryRunner.query(`
      ALTER TABLE rail_reversals
        DROP CONSTRAINT rail_reversals_status_check,
        ADD CONSTRAINT rail_reversals_status_check CHECK (status IN ('PENDING', 'COMPLETED', 'FAILED')),
        ADD CONSTRAINT rail_reversals_refund_action_check CHECK (refund_id IS NULL OR action = 'REFUND')`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DELETE FROM rail_reversals WHERE refund_id IS NOT NULL`);
    await queryRunner.query(`
      ALTER TABLE rail_reversals
        DROP CONSTRAINT rail_reversals_refund_action_check,
        DROP CONSTRAINT rail_reversals_status_check`);
    await queryRunner.query(`UPDATE rail_reversals SET status = 'PENDING' WHERE status = 'FAILED'`);
    await queryRunner.query(`
      ALTER TABLE rail_reversals ADD CONSTRAINT rail_reversals_status_check CHECK (status IN ('PENDING', 'COMPLETED'))`);
    await queryRunner.query(`DROP INDEX rail_reversals_refund_key`);
    await queryRunner.query(`DROP INDEX rail_reversals_one_per_payment`);
    await queryRunner.query(
      `ALTER TABLE rail_reversals ADD CONSTRAINT rail_reversals_one_per_payment UNIQUE (payment_id)`,
    );
    await queryRunner.query(`ALTER TABLE rail_reversals DROP COLUMN refund_id`);
    await queryRunner.query(`DROP TABLE merchant_refunds`);
  }
}
