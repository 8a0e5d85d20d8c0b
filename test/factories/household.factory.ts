import { randomBytes } from 'node:crypto';
import type { Response, Test } from 'supertest';
import { AppTarget, Caller, httpOf } from '../support/app-target';

/** A HouseholdResponse as the API answers it. */
export type HouseholdBody = { id: string; name: string; role: string; memberCount: number; createdAt: string };

/** A HouseholdMemberResponse as the API answers it. */
export type HouseholdMemberBody = {
  userId: string;
  phone: string | null;
  role: string;
  you: boolean;
  joinedAt: string;
};

/** Someone a household can add: a signed-in customer (`createCustomer`). */
export type HouseholdCandidate = Caller & { userId: string; phone: string };

/** `POST /households` as `owner`; answers whatever the API says. */
export function postHousehold(target: AppTarget, owner: Caller, name?: string): Test {
  return httpOf(target)
    .post('/api/v1/households')
    .set(owner.headers)
    .send({ name: name ?? `Household ${randomBytes(3).toString('hex')}` });
}

/** A household made through the API, `owner` its OWNER; throws unless 201. */
export async function createHousehold(target: AppTarget, owner: Caller, name?: string): Promise<HouseholdBody> {
  const response: Response = await postHousehold(target, owner, name);
  if (response.status !== 201) throw new Error(`household: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body as HouseholdBody;
}

/** `POST /households/{id}/members` as `by`; answers whatever the API says. */
export function postHouseholdMember(
  target: AppTarget,
  householdId: string,
  by: Caller,
  body: Record<string, unknown>,
): Test {
  return httpOf(target).post(`/api/v1/households/${householdId}/members`).set(by.headers).send(body);
}

/** Adds `member` with `role` through the API as `by` (an OWNER or ADMIN); throws unless 201. */
export async function addHouseholdMember(
  target: AppTarget,
  householdId: string,
  by: Caller,
  member: HouseholdCandidate,
  role: 'ADMIN' | 'MEMBER' | 'VIEWER',
): Promise<HouseholdMemberBody> {
  const response: Response = await postHouseholdMember(target, householdId, by, { phone: member.phone, role });
  if (response.status !== 201) throw new Error(`household member: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body as HouseholdMemberBody;
}

/**
 * A household of `owner` with the members added in order (each added by the owner), then
 * promoted to OWNER for `role: 'OWNER'`. Answers the household.
 */
export async function createHouseholdWith(
  target: AppTarget,
  owner: Caller,
  members: { member: HouseholdCandidate; role: 'OWNER' | 'ADMIN' | 'MEMBER' | 'VIEWER' }[],
): Promise<HouseholdBody> {
  const household = await createHousehold(target, owner);
  for (const { member, role } of members) {
    await addHouseholdMember(target, household.id, owner, member, role === 'OWNER' ? 'MEMBER' : role);
    if (role === 'OWNER') {
      const promoted = await httpOf(target)
        .patch(`/api/v1/households/${household.id}/members/${member.userId}`)
        .set(owner.headers)
        .send({ role: 'OWNER' });
      if (promoted.status !== 204) throw new Error(`promote: ${promoted.status} ${JSON.stringify(promoted.body)}`);
    }
  }
  return household;
}

/** `GET /households/{id}/members` as `by`; throws unless 200. */
export async function householdMembers(
  target: AppTarget,
  householdId: string,
  by: Caller,
): Promise<HouseholdMemberBody[]> {
  const response = await httpOf(target).get(`/api/v1/households/${householdId}/members`).set(by.headers);
  if (response.status !== 200) throw new Error(`members: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body as HouseholdMemberBody[];
}

/** Shares `owner`'s bill with the household through `POST /bills/{billId}/shares`; throws unless 201. */
export async function shareBill(
  target: AppTarget,
  owner: Caller,
  billId: string,
  householdId: string,
): Promise<Record<string, unknown>> {
  const response = await httpOf(target).post(`/api/v1/bills/${billId}/shares`).set(owner.headers).send({ householdId });
  if (response.status !== 201) throw new Error(`bill share: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body as Record<string, unknown>;
}
