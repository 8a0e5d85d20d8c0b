import type { TestingModuleBuilder } from '@nestjs/testing';
import type { Test } from 'supertest';
import { PostingService } from '../../../src/modules/payments/posting/posting.service';
import { BillerBody, createBiller } from '../../factories/biller.factory';
import { createCustomer, SignedInUser } from '../../factories/customer.factory';
import { postPayment } from '../../factories/payment.factory';
import { createStaffUser } from '../../factories/staff-user.factory';
import { createTestHarness, SimulatedBillers, TestHarness } from '../../support/test-harness';

export interface PaymentsApp extends TestHarness, SimulatedBillers {
  admin: SignedInUser;
  posting: PostingService;
  /** A biller on the simulator taking CARD and BANK_TRANSFER, 100 flat fee + 1% (bps 100), any amount. */
  biller: BillerBody;
  newCustomer(): Promise<SignedInUser>;
  /** `POST /payments` to `biller` unless the body names another, with a fresh key unless one is given. */
  pay(customer: SignedInUser, body: Record<string, unknown>, key?: string): Test;
}

/**
 * The real app with posting retried at once and a 10-minute duplicate window, a biller
 * simulator, an admin and one biller to pay. `redisNamespace` gives the app Redis keys of its
 * own, for specs whose worker must see only its own jobs.
 */
export async function createPaymentsApp(
  options: {
    config?: Record<string, string>;
    redisNamespace?: string;
    slowResponseMs?: number;
    confirmAfterMs?: number;
    override?: (builder: TestingModuleBuilder) => TestingModuleBuilder;
  } = {},
): Promise<PaymentsApp> {
  const harness = await createTestHarness({
    config: { POSTING_BACKOFF_BASE_MS: '0', PAYMENT_DUPLICATE_WINDOW_SECONDS: '600', ...options.config },
    redisNamespace: options.redisNamespace,
    override: options.override,
    simulator: { slowResponseMs: options.slowResponseMs, confirmAfterMs: options.confirmAfterMs },
  });
  const admin = await createStaffUser(harness, 'ADMIN');
  const biller = await createBiller(
    { ...harness, admin },
    {
      slug: `${harness.prefix}-power`,
      acceptedRails: ['CARD', 'BANK_TRANSFER'],
      feeFlat: 100,
      feePercentBps: 100,
      minAmount: 100,
      maxAmount: 50_000_000,
      connectorTimeoutMs: 300,
    },
  );
  return {
    ...harness,
    admin,
    posting: harness.app.get(PostingService),
    biller,
    newCustomer: () => createCustomer(harness),
    pay: (customer, body, key) => postPayment(harness, customer, { biller: biller.slug, ...body }, key),
  };
}
