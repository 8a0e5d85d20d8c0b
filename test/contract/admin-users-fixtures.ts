import { createCustomer } from '../factories/customer.factory';
import type { Fixture } from './fixture-kit';

/** The admin users operations' good inputs: a customer of their own to change. */
export const ADMIN_USER_FIXTURES: Record<string, Fixture> = {
  AdminUsers_changeRole: async (context) => ({ pathParams: { id: (await createCustomer(context.app)).userId } }),
  AdminUsers_deactivate: async (context) => ({ pathParams: { id: (await createCustomer(context.app)).userId } }),
};
