import { createCustomer } from '../factories/customer.factory';
import { createDispute, patchDispute } from '../factories/dispute.factory';
import { createStaffUser } from '../factories/staff-user.factory';
import { type Fixture, type FixtureContext, newPayment, targetOf } from './fixture-kit';

/** A dispute of a new customer's succeeded payment; `underReview` has a SUPPORT user take it first. */
async function newDispute(
  context: FixtureContext,
  options: { owner?: 'caller' | 'someone'; underReview?: boolean } = {},
): Promise<{ id: string; supportId: string }> {
  const target = targetOf(context);
  const owner = options.owner === 'someone' ? await createCustomer(context.app) : { headers: context.headers };
  const payment = await newPayment({ ...context, headers: owner.headers as Record<string, string> }, { posted: true });
  const dispute = await createDispute(target, owner, payment.id);
  const support = await createStaffUser(context.app, 'SUPPORT');
  if (options.underReview) await patchDispute(target, support, dispute.id, { assigneeId: support.userId }).expect(200);
  return { id: dispute.id, supportId: support.userId };
}

/** The disputes operations' good inputs. */
export const DISPUTE_FIXTURES: Record<string, Fixture> = {
  Disputes_open: async (context) => ({
    body: { paymentId: (await newPayment(context, { posted: true })).id },
  }),
  Disputes_detail: async (context) => ({ pathParams: { id: (await newDispute(context)).id } }),
  Disputes_comment: async (context) => ({ pathParams: { id: (await newDispute(context)).id } }),
  Disputes_withdraw: async (context) => ({ pathParams: { id: (await newDispute(context)).id } }),
  // The caller is a SUPPORT user: the example reassigns a dispute under review and rejects it.
  Disputes_handle: async (context) => {
    const dispute = await newDispute(context, { owner: 'someone', underReview: true });
    return { pathParams: { id: dispute.id }, body: { assigneeId: dispute.supportId } };
  },
};
