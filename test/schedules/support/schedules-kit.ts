import type { Test } from 'supertest';
import { BillerBody, createBiller } from '../../factories/biller.factory';
import { createCustomer, SignedInUser } from '../../factories/customer.factory';
import { postSchedule } from '../../factories/schedule.factory';
import { createStaffUser } from '../../factories/staff-user.factory';
import { Clock } from '../../../src/platform/clock/clock';
import { createTestHarness, SimulatedBillers, TestHarness } from '../../support/test-harness';

export interface SchedulesApp extends TestHarness, SimulatedBillers {
  admin: SignedInUser;
  /** A biller on the simulator taking CARD and BANK_TRANSFER in NGN, 11-digit references. */
  biller: BillerBody;
  newCustomer(): Promise<SignedInUser>;
  schedule(customer: SignedInUser, body?: Record<string, unknown>): Test;
}

/** The real app with a biller simulator, an admin and one biller to schedule payments to. */
export async function createSchedulesApp(
  options: { config?: Record<string, string>; clock?: Clock; redisNamespace?: string } = {},
): Promise<SchedulesApp> {
  const harness = await createTestHarness({
    config: { POSTING_BACKOFF_BASE_MS: '0', ...options.config },
    clock: options.clock,
    redisNamespace: options.redisNamespace,
    simulator: {},
  });
  const admin = await createStaffUser(harness, 'ADMIN');
  const biller = await createBiller(
    { ...harness, admin },
    {
      slug: `${harness.prefix}-water`,
      acceptedRails: ['CARD', 'BANK_TRANSFER'],
      feeFlat: 100,
      feePercentBps: 0,
      minAmount: 100,
      maxAmount: 50_000_000,
      connectorTimeoutMs: 2000,
    },
  );
  return {
    ...harness,
    admin,
    biller,
    newCustomer: () => createCustomer(harness),
    schedule: (customer, body = {}) => postSchedule(harness, customer, { biller: biller.slug, ...body }),
  };
}
