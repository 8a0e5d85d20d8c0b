import type { Test } from 'supertest';
import { newId } from '../../src/platform/database/new-id';
import { AppTarget, Caller, dbOf, httpOf } from '../support/app-target';

export interface AmlFlagBody {
  id: string;
  txnId: string;
  rule: string;
  severity: string;
  reason: string;
  createdAt: string;
  status: string;
  payment: Record<string, unknown>;
  customer: Record<string, unknown>;
}

/** `GET /compliance/aml-queue` as the caller, with `query` (page, size, severity, rule); any answer. */
export function getAmlQueue(
  target: AppTarget,
  caller?: Caller,
  query: Record<string, string | number | string[]> = {},
): Test {
  const call = httpOf(target).get('/api/v1/compliance/aml-queue').query(query);
  return caller ? call.set(caller.headers) : call;
}

/**
 * The whole queue with these filters, every page (100 at a time) in order; fails on any answer
 * but 200 or when the pages do not add up to `X-Total-Count`.
 */
export async function wholeAmlQueue(
  target: AppTarget,
  caller: Caller,
  query: Record<string, string> = {},
): Promise<AmlFlagBody[]> {
  const flags: AmlFlagBody[] = [];
  for (let page = 0; ; page += 1) {
    const response = await getAmlQueue(target, caller, { ...query, page, size: 100 });
    if (response.status !== 200) throw new Error(`aml queue: ${response.status} ${JSON.stringify(response.body)}`);
    const items = response.body as AmlFlagBody[];
    flags.push(...items);
    if (items.length < 100) {
      const total = Number(response.headers['x-total-count']);
      if (total !== flags.length) throw new Error(`aml queue: ${flags.length} flags read, X-Total-Count ${total}`);
      return flags;
    }
  }
}

/** `PATCH /compliance/aml-queue/{txnId}/review` as the caller; any answer. */
export function reviewAml(
  target: AppTarget,
  caller: Caller | undefined,
  txnId: string,
  body: Record<string, unknown> = { decision: 'CLEAR', note: 'Reviewed: nothing unusual.' },
): Test {
  const call = httpOf(target).patch(`/api/v1/compliance/aml-queue/${txnId}/review`);
  return (caller ? call.set(caller.headers) : call).send(body);
}

/** The AML flags of a payment, straight from the database, oldest first. */
export async function amlFlagsOf(
  target: AppTarget,
  paymentId: string,
): Promise<{ rule: string; severity: string; status: string; reason: string }[]> {
  return dbOf(target).query(
    `SELECT rule, severity, status, reason FROM aml_flags WHERE payment_id = $1 ORDER BY created_at, id`,
    [paymentId],
  );
}

/** What an AML review changes on a payment, straight from the database: its status, hold, failure and journal entries. */
export async function heldPaymentOf(
  target: AppTarget,
  paymentId: string,
): Promise<{
  status: string;
  held_for_review: boolean;
  failure_code: string | null;
  journal_entry_id: string | null;
  reversal_entry_id: string | null;
}> {
  const [row] = await dbOf(target).query(
    `SELECT status, held_for_review, failure_code, journal_entry_id, reversal_entry_id FROM payments WHERE id = $1`,
    [paymentId],
  );
  return row;
}

/**
 * A flag written straight to the database for an existing payment (for specs that need a flag
 * without tuning the rules' thresholds, such as the contract fixtures and the queue's paging):
 * OPEN, MEDIUM `VELOCITY`, created now, unless told otherwise.
 */
export async function insertAmlFlag(
  target: AppTarget,
  paymentId: string,
  fields: { rule?: string; severity?: string; reason?: string; status?: string; createdAt?: Date } = {},
): Promise<string> {
  const id = newId();
  await dbOf(target).query(
    `INSERT INTO aml_flags (id, payment_id, rule, severity, reason, status, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, coalesce($7::timestamptz, now()), coalesce($7::timestamptz, now()))`,
    [
      id,
      paymentId,
      fields.rule ?? 'VELOCITY',
      fields.severity ?? 'MEDIUM',
      fields.reason ?? 'Inserted by a test',
      fields.status ?? 'OPEN',
      fields.createdAt ?? null,
    ],
  );
  return id;
}
