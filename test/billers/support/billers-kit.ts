import type { TestingModuleBuilder } from '@nestjs/testing';
import { createCustomer, SignedInUser } from '../../factories/customer.factory';
import { createStaffUser } from '../../factories/staff-user.factory';
import { createTestHarness, SimulatedBillers, TestHarness } from '../../support/test-harness';

export interface BillersApp extends TestHarness, SimulatedBillers {
  admin: SignedInUser;
  customer: SignedInUser;
}

/**
 * The real app plus a biller simulator on a free port, an admin and a customer. Specs share the
 * run's database, so each builds its own categories and billers under `prefix` and filters by
 * them.
 */
export async function createBillersApp(
  options: {
    config?: Record<string, string>;
    slowResponseMs?: number;
    confirmAfterMs?: number;
    override?: (builder: TestingModuleBuilder) => TestingModuleBuilder;
  } = {},
): Promise<BillersApp> {
  const harness = await createTestHarness({
    config: options.config,
    override: options.override,
    simulator: { slowResponseMs: options.slowResponseMs, confirmAfterMs: options.confirmAfterMs },
  });
  const [admin, customer] = await Promise.all([createStaffUser(harness, 'ADMIN'), createCustomer(harness)]);
  return { ...harness, admin, customer };
}
