import type { Test } from 'supertest';
import { AppTarget, Caller, httpOf } from '../support/app-target';

export interface DisputeBody {
  id: string;
  paymentId: string;
  reason: string;
  description: string;
  status: string;
  assigneeId: string | null;
  resolutionNote: string | null;
  dueBy: string;
  breached: boolean;
  createdAt: string;
  updatedAt: string;
  closedAt: string | null;
}

/** A valid DisputeRequest for `paymentId`; `overrides` change any field. */
export function disputeRequest(paymentId: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    paymentId,
    reason: 'NOT_CREDITED_BY_BILLER',
    description: 'Paid on Monday but the biller still shows the bill as unpaid.',
    ...overrides,
  };
}

/** `POST /disputes` as `customer`, answered whatever its status. */
export function postDispute(
  target: AppTarget,
  customer: Caller,
  paymentId: string,
  overrides: Record<string, unknown> = {},
): Test {
  return httpOf(target).post('/api/v1/disputes').set(customer.headers).send(disputeRequest(paymentId, overrides));
}

/** A dispute opened through the API (201 expected). */
export async function createDispute(
  target: AppTarget,
  customer: Caller,
  paymentId: string,
  overrides: Record<string, unknown> = {},
): Promise<DisputeBody> {
  const response = await postDispute(target, customer, paymentId, overrides);
  if (response.status !== 201) throw new Error(`dispute: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body as DisputeBody;
}

/** `PATCH /disputes/{id}` as `staff`, answered whatever its status. */
export function patchDispute(target: AppTarget, staff: Caller, disputeId: string, body: Record<string, unknown>): Test {
  return httpOf(target).patch(`/api/v1/disputes/${disputeId}`).set(staff.headers).send(body);
}
