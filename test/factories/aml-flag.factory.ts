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

/** `GET /compliance/aml-queue` as the caller; any answer. */
export function getAmlQueue(target: AppTarget, caller?: Caller): Test {
  const call = httpOf(target).get('/api/v1/compliance/aml-queue');
  return caller ? call.set(caller.headers) : call;
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

/**
 * An OPEN flag written straight to the database for an existing payment (for specs that need a
 * flag without tuning the rules' thresholds, such as the contract fixtures).
 */
export async function insertAmlFlag(
  target: AppTarget,
  paymentId: string,
  fields: { rule?: string; severity?: string; reason?: string } = {},
): Promise<string> {
  const id = newId();
  await dbOf(target).query(
    `INSERT INTO aml_flags (id, payment_id, rule, severity, reason, status) VALUES ($1, $2, $3, $4, $5, 'OPEN')`,
    [id, paymentId, fields.rule ?? 'VELOCITY', fields.severity ?? 'MEDIUM', fields.reason ?? 'Inserted by a test'],
  );
  return id;
}
