import type { Test } from 'supertest';
import { PostingService } from '../../../src/modules/payments/posting/posting.service';
import { BillerBody, createBiller } from '../../factories/biller.factory';
import { createCustomer, SignedInUser } from '../../factories/customer.factory';
import { postPayment } from '../../factories/payment.factory';
import { createStaffUser } from '../../factories/staff-user.factory';
import { createIsolatedDatabase, IsolatedDatabase } from '../../support/isolated-database';
import { createTestHarness, SimulatedBillers, TestHarness } from '../../support/test-harness';

/**
 * Small AML thresholds (minor units of NGN), each rule reachable by a TIER_0 customer:
 * single 3,000.00 (structuring band 2,700.00-3,000.00, three payments), velocity more than 4
 * payments or above 6,000.00 in the window, a new account paying above 2,000.00, 3 distinct
 * payers to one biller account.
 */
export const AML_TEST_CONFIG = {
  AML_SINGLE_AMOUNT_THRESHOLD: '300000',
  AML_VELOCITY_WINDOW_MINUTES: '60',
  AML_VELOCITY_MAX_COUNT: '4',
  AML_VELOCITY_MAX_AMOUNT: '600000',
  AML_STRUCTURING_MIN_COUNT: '3',
  AML_STRUCTURING_PERCENT: '90',
  AML_NEW_ACCOUNT_DAYS: '30',
  AML_NEW_ACCOUNT_AMOUNT: '200000',
  AML_DISTINCT_PAYERS_MAX: '3',
};

export interface ComplianceApp extends TestHarness, SimulatedBillers {
  admin: SignedInUser;
  compliance: SignedInUser;
  support: SignedInUser;
  posting: PostingService;
  /** A biller on the simulator taking CARD, 100 flat fee + 1%. */
  biller: BillerBody;
  newBiller(): Promise<BillerBody>;
  newCustomer(): Promise<SignedInUser>;
  /** `POST /payments` of `amount` by card to `biller` (or the kit's). */
  pay(customer: SignedInUser, amount: number, biller?: BillerBody): Test;
}

/**
 * The real app on a database of its own (the queue reads every open flag), with the small AML
 * thresholds, no duplicate window, a biller simulator, an ADMIN, a COMPLIANCE and a SUPPORT user.
 */
export async function createComplianceApp(config: Record<string, string> = {}): Promise<ComplianceApp> {
  const database: IsolatedDatabase = await createIsolatedDatabase();
  const harness = await createTestHarness({
    config: {
      DATABASE_URL: database.url,
      POSTING_BACKOFF_BASE_MS: '0',
      PAYMENT_DUPLICATE_WINDOW_SECONDS: '0',
      ...AML_TEST_CONFIG,
      ...config,
    },
    simulator: {},
  });
  const admin = await createStaffUser(harness, 'ADMIN');
  const compliance = await createStaffUser(harness, 'COMPLIANCE');
  const support = await createStaffUser(harness, 'SUPPORT');
  let billers = 0;
  const newBiller = () =>
    createBiller(
      { ...harness, admin },
      {
        slug: `${harness.prefix}-aml-${++billers}`,
        acceptedRails: ['CARD'],
        feeFlat: 100,
        feePercentBps: 100,
        minAmount: 100,
      },
    );
  const biller = await newBiller();
  return {
    ...harness,
    admin,
    compliance,
    support,
    posting: harness.app.get(PostingService),
    biller,
    newBiller,
    newCustomer: () => createCustomer(harness),
    pay: (customer, amount, to = biller) => postPayment(harness, customer, { biller: to.slug, amount }),
    close: async () => {
      await harness.close();
      await database.drop();
    },
  };
}
