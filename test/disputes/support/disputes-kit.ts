import { BillerBody, createBiller } from '../../factories/biller.factory';
import { createCustomer, SignedInUser } from '../../factories/customer.factory';
import { createPayment, PaymentBody } from '../../factories/payment.factory';
import { createStaffUser } from '../../factories/staff-user.factory';
import { createTestHarness, SimulatedBillers, TestHarness } from '../../support/test-harness';

export interface DisputesApp extends TestHarness, SimulatedBillers {
  admin: SignedInUser;
  support: SignedInUser;
  /** A biller on the simulator taking CARD, 100 flat fee + 1%. */
  biller: BillerBody;
  newCustomer(): Promise<SignedInUser>;
  /** A payment of `amount` (default 1,000.00) by card: SUCCEEDED unless `posted` is false (PENDING). */
  paid(customer: SignedInUser, fields?: Record<string, unknown>, posted?: boolean): Promise<PaymentBody>;
}

/** The real app with a biller simulator, an ADMIN, a SUPPORT user and one biller to pay. */
export async function createDisputesApp(config: Record<string, string> = {}): Promise<DisputesApp> {
  const harness = await createTestHarness({
    config: { POSTING_BACKOFF_BASE_MS: '0', PAYMENT_DUPLICATE_WINDOW_SECONDS: '0', ...config },
    simulator: {},
  });
  const admin = await createStaffUser(harness, 'ADMIN');
  const support = await createStaffUser(harness, 'SUPPORT');
  const biller = await createBiller(
    { ...harness, admin },
    { slug: `${harness.prefix}-disputed`, acceptedRails: ['CARD'], feeFlat: 100, feePercentBps: 100 },
  );
  return {
    ...harness,
    admin,
    support,
    biller,
    newCustomer: () => createCustomer(harness),
    paid: (customer, fields = {}, posted = true) =>
      createPayment(harness, customer, { biller: biller.slug, ...fields }, { posted }),
  };
}
