import type { Test } from 'supertest';
import { BillerBody, createBiller } from '../../factories/biller.factory';
import { createCustomer, SignedInUser } from '../../factories/customer.factory';
import { GOOD_CARD } from '../../factories/payment.factory';
import { createStaffUser } from '../../factories/staff-user.factory';
import { Clock } from '../../../src/platform/clock/clock';
import { createTestHarness, SimulatedBillers, TestHarness } from '../../support/test-harness';

export interface BillsApp extends TestHarness, SimulatedBillers {
  admin: SignedInUser;
  /** A biller on the simulator, NGN, 11-digit references, CARD, amounts 1.00 to 500,000.00, amount rule ANY. */
  biller: BillerBody;
  newCustomer(): Promise<SignedInUser>;
  /** A biller of its own with these AdminBillerRequest fields over `biller`'s. */
  newBiller(fields?: Record<string, unknown>): Promise<BillerBody>;
  /** `POST /bills/{billId}/pay` by card, with the key when one is given. */
  payBill(customer: SignedInUser, billId: string, body?: Record<string, unknown>, key?: string): Test;
}

/** The real app with a biller simulator, an admin and one biller whose bills the spec pushes. */
export async function createBillsApp(options: { clock?: Clock } = {}): Promise<BillsApp> {
  const harness = await createTestHarness({
    config: { POSTING_BACKOFF_BASE_MS: '0' },
    clock: options.clock,
    simulator: {},
  });
  const admin = await createStaffUser(harness, 'ADMIN');
  const newBiller = (fields: Record<string, unknown> = {}) =>
    createBiller({ ...harness, admin }, { acceptedRails: ['CARD'], feeFlat: 0, minAmount: 100, ...fields });
  const biller = await newBiller({ slug: `${harness.prefix}-bills` });
  return {
    ...harness,
    admin,
    biller,
    newCustomer: () => createCustomer(harness),
    newBiller,
    payBill: (customer, billId, body = {}, key) => {
      let call = harness.http.post(`/api/v1/bills/${billId}/pay`).set(customer.headers);
      if (key !== undefined) call = call.set('Idempotency-Key', key);
      return call.send({ rail: 'CARD', fundingAccount: GOOD_CARD, ...body });
    },
  };
}
