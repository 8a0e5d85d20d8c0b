import { randomBytes } from 'node:crypto';
import type { Test } from 'supertest';
import { adminOf, createStaffUser } from './staff-user.factory';
import type { SignedInUser } from './customer.factory';
import { newIdempotencyKey } from './payment.factory';
import { AppTarget, Caller, httpOf } from '../support/app-target';

/** `POST /admin/agents/{agentId}/float-top-ups` as the target's ADMIN (or `as`), answered whatever its status. */
export async function postFloatTopUp(
  target: AppTarget,
  agentId: string,
  body: { amount: number; currency?: string; reference?: string },
  as?: Caller,
): Promise<Test> {
  const caller = as ?? (await adminOf(target));
  return httpOf(target)
    .post(`/api/v1/admin/agents/${agentId}/float-top-ups`)
    .set(caller.headers)
    .send({ currency: 'NGN', reference: `DEP-${randomBytes(5).toString('hex')}`, ...body });
}

/** A signed-in AGENT whose float holds `float` minor units of NGN (credited by an admin's top-up) unless 0. */
export async function createAgent(target: AppTarget, options: { float?: number } = {}): Promise<SignedInUser> {
  const agent = await createStaffUser(target, 'AGENT');
  if (options.float) {
    const response = await postFloatTopUp(target, agent.userId, { amount: options.float });
    if (response.status !== 201) throw new Error(`top-up: ${response.status} ${JSON.stringify(response.body)}`);
  }
  return agent;
}

/** A valid AgentPaymentRequest: 1,000.00 NGN to a good account; `overrides` name the biller and change any field. */
export function agentPaymentRequest(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return { accountReference: '45010001234', amount: 100_000, currency: 'NGN', ...overrides };
}

/** `POST /agent/payments` as `agent`, with a fresh Idempotency-Key unless one is given (null: none). */
export function postAgentPayment(
  target: AppTarget,
  agent: Caller,
  overrides: Record<string, unknown>,
  key: string | null = newIdempotencyKey(),
): Test {
  const request = httpOf(target).post('/api/v1/agent/payments').set(agent.headers);
  if (key !== null) request.set('Idempotency-Key', key);
  return request.send(agentPaymentRequest(overrides));
}
