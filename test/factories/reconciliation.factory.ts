import { newId } from '../../src/platform/database/new-id';
import { AppTarget, dbOf } from '../support/app-target';

export interface PlantedPaymentFields {
  customerId: string;
  biller: { id: string; name?: string; slug: string };
  status: 'AUTHORIZING' | 'PENDING' | 'PROCESSING' | 'SUCCEEDED' | 'FAILED' | 'REFUNDED';
  createdAt: Date;
  /** By default now: a payment that moved recently. */
  updatedAt?: Date;
  amount?: number;
  fee?: number;
  currency?: string;
  accountReference?: string;
}

/**
 * A payment row written straight to the database, for reconciliation specs that need a payment
 * the API cannot make (no posting attempt, no ledger entry, an old PROCESSING one): no journal
 * entry, no rail capture, no posting attempt unless the spec plants them. 1,000.00 NGN + 10.00
 * fee by card unless told otherwise.
 */
export async function plantPayment(target: AppTarget, fields: PlantedPaymentFields): Promise<string> {
  const id = newId();
  await dbOf(target).query(
    `INSERT INTO payments (id, customer_id, payer_id, idempotency_key, request_hash, biller_id, biller_name, biller_slug,
                           account_reference, amount, fee, currency, rail, funding_account_masked, status,
                           created_at, updated_at)
     VALUES ($1, $2, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, 'CARD', 'Visa ****4242', $12, $13, $14)`,
    [
      id,
      fields.customerId,
      `key-${id}`,
      'a'.repeat(64),
      fields.biller.id,
      fields.biller.name ?? fields.biller.slug,
      fields.biller.slug,
      fields.accountReference ?? '45010001234',
      fields.amount ?? 100_000,
      fields.fee ?? 1000,
      fields.currency ?? 'NGN',
      fields.status,
      fields.createdAt,
      fields.updatedAt ?? new Date(),
    ],
  );
  return id;
}

/** A record of the sandbox rail (`sandbox_rail_operations`), as if the rail had done it. */
export async function plantRailOperation(
  target: AppTarget,
  fields: {
    kind: 'CAPTURE' | 'REFUND' | 'CANCEL';
    reference: string;
    outcome?: 'CAPTURED' | 'DECLINED' | 'DONE';
    amount?: number | null;
    currency?: string | null;
    createdAt?: Date;
  },
): Promise<string> {
  const railReference = `card_${fields.kind.toLowerCase()}_${newId().replace(/-/g, '').slice(0, 20)}`;
  await dbOf(target).query(
    `INSERT INTO sandbox_rail_operations (kind, reference, rail, outcome, rail_reference, amount, currency, created_at)
     VALUES ($1, $2, 'CARD', $3, $4, $5, $6, $7)`,
    [
      fields.kind,
      fields.reference,
      fields.outcome ?? (fields.kind === 'CAPTURE' ? 'CAPTURED' : 'DONE'),
      railReference,
      fields.amount ?? null,
      fields.currency ?? null,
      fields.createdAt ?? new Date(),
    ],
  );
  return railReference;
}

/** A posting cycle row for a payment, with the status, outcome and creation time given. */
export async function plantPostingAttempt(
  target: AppTarget,
  paymentId: string,
  fields: { status: 'PENDING' | 'RETRYING' | 'CONFIRMED' | 'FAILED'; lastOutcome?: string | null; createdAt?: Date },
): Promise<string> {
  const id = newId();
  await dbOf(target).query(
    `INSERT INTO posting_attempts (id, payment_id, cycle, status, last_outcome, outcome_unknown, created_at, updated_at)
     VALUES ($1, $2, coalesce((SELECT max(cycle) FROM posting_attempts WHERE payment_id = $2), 0) + 1, $3, $4,
             $5, $6, $6)`,
    [
      id,
      paymentId,
      fields.status,
      fields.lastOutcome ?? null,
      fields.lastOutcome === 'AWAITING_CONFIRMATION',
      fields.createdAt ?? new Date(),
    ],
  );
  return id;
}

/**
 * A journal entry of a payment whose lines do NOT sum to zero, which the ledger's deferred
 * balance trigger refuses: the trigger is switched off for this one transaction. Only for a
 * spec on a database of its own (`createIsolatedDatabase`).
 */
export async function plantUnbalancedEntry(
  target: AppTarget,
  paymentId: string,
  fields: { amount: number; currency: string },
): Promise<string> {
  const entryId = newId();
  const accountId = newId();
  await dbOf(target).transaction(async (manager) => {
    await manager.query(`ALTER TABLE journal_lines DISABLE TRIGGER journal_lines_balanced`);
    await manager.query(`INSERT INTO ledger_accounts (id, code, type, currency) VALUES ($1, $2, 'ASSET', $3)`, [
      accountId,
      `test:unbalanced:${accountId}`,
      fields.currency,
    ]);
    await manager.query(
      `INSERT INTO journal_entries (id, kind, reference_type, reference_id, currency, memo)
       VALUES ($1, 'TEST_UNBALANCED', 'payment', $2, $3, 'planted by a reconciliation spec')`,
      [entryId, paymentId, fields.currency],
    );
    await manager.query(`INSERT INTO journal_lines (entry_id, account_id, amount, currency) VALUES ($1, $2, $3, $4)`, [
      entryId,
      accountId,
      fields.amount,
      fields.currency,
    ]);
    await manager.query(`ALTER TABLE journal_lines ENABLE TRIGGER journal_lines_balanced`);
  });
  return entryId;
}
