import { createCustomer } from '../factories/customer.factory';
import { addHouseholdMember, createHousehold, shareBill } from '../factories/household.factory';
import { created, type Fixture, type FixtureContext, newBill, newSavedAccount, targetOf } from './fixture-kit';

/** A household of the calling customer (its OWNER). */
async function newHousehold(context: FixtureContext): Promise<{ id: string }> {
  return createHousehold(targetOf(context), context);
}

/** A household of the caller with a new customer added as MEMBER. */
async function householdWithMember(context: FixtureContext): Promise<{ id: string; userId: string }> {
  const household = await newHousehold(context);
  const member = await createCustomer(context.app);
  await addHouseholdMember(targetOf(context), household.id, context, member, 'MEMBER');
  return { id: household.id, userId: member.userId };
}

/** A household of the caller with one of the caller's saved accounts shared with it. */
async function householdWithSharedAccount(context: FixtureContext): Promise<{ id: string; savedAccountId: string }> {
  const household = await newHousehold(context);
  const account = await newSavedAccount(context);
  await created(
    context.http
      .post(`/api/v1/households/${household.id}/shared-accounts`)
      .set(context.headers)
      .send({ savedAccountId: account.id }),
    'shared account',
  );
  return { id: household.id, savedAccountId: account.id };
}

/** The good-input fixtures of the households routes and the bill-sharing routes of the bills context. */
export const HOUSEHOLD_FIXTURES: Record<string, Fixture> = {
  Households_members: async (context) => ({ pathParams: { id: (await newHousehold(context)).id } }),
  Households_addMember: async (context) => ({
    pathParams: { id: (await newHousehold(context)).id },
    body: { phone: (await createCustomer(context.app)).phone, role: 'MEMBER' },
  }),
  Households_changeRole: async (context) => {
    const { id, userId } = await householdWithMember(context);
    return { pathParams: { id, userId }, body: { role: 'ADMIN' } };
  },
  Households_removeMember: async (context) => {
    const { id, userId } = await householdWithMember(context);
    return { pathParams: { id, userId } };
  },
  Households_shareAccount: async (context) => ({
    pathParams: { id: (await newHousehold(context)).id },
    body: { savedAccountId: (await newSavedAccount(context)).id },
  }),
  Households_sharedAccounts: async (context) => ({
    pathParams: { id: (await householdWithSharedAccount(context)).id },
  }),
  Households_unshareAccount: async (context) => {
    const { id, savedAccountId } = await householdWithSharedAccount(context);
    return { pathParams: { id, savedAccountId } };
  },
  Bills_share: async (context) => ({
    pathParams: { billId: (await newBill(context)).id },
    body: { householdId: (await newHousehold(context)).id },
  }),
  Bills_unshare: async (context) => {
    const bill = await newBill(context);
    const household = await newHousehold(context);
    await shareBill(targetOf(context), context, bill.id, household.id);
    return { pathParams: { billId: bill.id, householdId: household.id } };
  },
};
