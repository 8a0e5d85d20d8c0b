import type { INestApplication } from '@nestjs/common';
import { StaffAccountService } from '../../src/modules/identity/staff-account.service';
import type { UserRole } from '../../src/platform/auth/principal';
import { AppTarget, appOf, Caller, partsOf } from '../support/app-target';
import { createCustomer, CustomerOverrides, SignedInUser } from './customer.factory';

/**
 * A signed-in user with a staff role. Roles are granted only by the `admin` command-line
 * task, through StaffAccountService; the user's live session gets the role on its next request.
 */
export async function createStaffUser(
  target: AppTarget,
  role: UserRole,
  overrides: CustomerOverrides = {},
): Promise<SignedInUser> {
  const user = await createCustomer(target, overrides);
  await appOf(target).get(StaffAccountService).assignRole(user.phone, role);
  return user;
}

const admins = new WeakMap<INestApplication, Promise<Caller>>();

/** The target's ADMIN, or one made for its app the first time a factory needs one. */
export function adminOf(target: AppTarget): Promise<Caller> {
  const parts = partsOf(target);
  if (parts.admin) return Promise.resolve(parts.admin);
  let admin = admins.get(parts.app);
  if (!admin) {
    admin = createStaffUser(parts.app, 'ADMIN');
    admins.set(parts.app, admin);
  }
  return admin;
}
