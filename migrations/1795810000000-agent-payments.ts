import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Agent-assisted cash payments.
 *
 * - `payments`: the Idempotency-Key is scoped to the payer, not the customer of record. An
 *   agent's payment for a walk-in customer carries the customer as `customer_id` (it shows in
 *   their history) and the agent as `payer_id`: the agent's keys must not meet the customer's
 *   own. For every other channel the payer is the customer, so the scope is unchanged. The
 *   payer index serves the agent's transactions and rolling limits.
 * - `billers.agent_commission_*`: what an agent earns per cash payment to the biller, a flat
 *   part plus basis points of the amount (0 by default).
 * - `agent_float_top_ups`: the cash an agent deposited and an admin credited to their float,
 *   one row per (agent, reference) so a top-up repeated with its reference credits once.
 */
export class AgentPayments1795810000000 implements MigrationInterface {
  name = 'AgentPayments1795810000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE payments DROP CONSTRAINT payments_customer_idempotency_key`);
    await queryRunner.query(
      `ALTER TABLE payments ADD CONSTRAINT payments_payer_idempotency_key UNIQUE (payer_id, idempotency_key)`,
    );
    await queryRunner.query(`CREATE INDEX payments_payer_created_idx ON payments (payer_id, created_at DESC, id DESC)`);
    await queryRunner.query(`
      ALTER TABLE billers
        ADD COLUMN agent_commission_flat bigint NOT NULL DEFAULT 0,
        ADD COLUMN agent_commission_bps integer NOT NULL DEFAULT 0,
        ADD CONSTRAINT billers_agent_commission_check
          CHECK (agent_commission_flat >= 0 AND agent_commission_bps BETWEEN 0 AND 10000)
    `);
    await queryRunner.query(`
      CREATE TABLE agent_float_top_ups (
        id uuid PRIMARY KEY,
        agent_id uuid NOT NULL REFERENCES users (id),
        reference varchar(64) NOT NULL,
        amount bigint NOT NULL CHECK (amount > 0),
        currency char(3) NOT NULL,
        journal_entry_id uuid NOT NULL REFERENCES journal_entries (id),
        created_by uuid REFERENCES users (id),
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT agent_float_top_ups_reference UNIQUE (agent_id, reference)
      )
    `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE agent_float_top_ups`);
    await queryRunner.query(`ALTER TABLE billers DROP COLUMN agent_commission_flat, DROP COLUMN agent_commission_bps`);
    await queryRunner.query(`DROP INDEX payments_payer_created_idx`);
    await queryRunner.query(`ALTER TABLE payments DROP CONSTRAINT payments_payer_idempotency_key`);
    await queryRunner.query(
      `ALTER TABLE payments ADD CONSTRAINT payments_customer_idempotency_key UNIQUE (customer_id, idempotency_key)`,
    );
  }
}
