import type { Test } from 'supertest';
import { BillerBody, createBiller } from '../../factories/biller.factory';
import { createCustomer, SignedInUser } from '../../factories/customer.factory';
import { GOOD_CARD } from '../../factories/payment.factory';
import { createStaffUser } from '../../factories/staff-user.factory';
import { createTestHarness, SimulatedBillers, TestHarness } from '../../support/test-harness';

export interface HouseholdsApp extends TestHarness, SimulatedBillers {
  admin: SignedInUser;
  /** A biller on the simulator, NGN, 11-digit references, CARD, no fee. */
  biller: BillerBody;
  newCustomer(): Promise<SignedInUser>;
  /** `POST /bills/{billId}/pay` by card as `payer`. */
  payBill(payer: SignedInUser, billId: string, body?: Record<string, unknown>): Test;
}

/**
 * The real app with a biller simulator (shared bills are paid through the payment core), an
 * admin and one biller, and the household settings `config` gives (a small member cap, say).
 */
export async function createHouseholdsApp(config: Record<string, string> = {}): Promise<HouseholdsApp> {
  const harness = await createTestHarness({
    config: { POSTING_BACKOFF_BASE_MS: '0', ...config },
    redisNamespace: 'households',
    simulator: {},
  });
  const admin = await createStaffUser(harness, 'ADMIN');
  const biller = await createBiller(
    { ...harness, admin },
    { slug: `${harness.prefix}-households`, acceptedRails: ['CARD'], feeFlat: 0, minAmount: 100 },
  );
  return {
    ...harness,
    admin,
    biller,
    newCustomer: () => createCustomer(harness),
    payBill: (payer, billId, body = {}) =>
      harness.http
        .post(`/api/v1/bills/${billId}/pay`)
        .set(payer.headers)
        .send({ rail: 'CARD', fundingAccount: GOOD_CARD, ...body }),
  };
}
