/**
 * The households context's public surface: what other contexts and the applications may import.
 * Everything else in this folder is internal (the lint rule in eslint.config.mjs enforces it).
 */
export { HouseholdsModule } from './households.module';
export { HouseholdsService } from './households.service';
export {
  HOUSEHOLD_PAYING_ROLES,
  HouseholdDirectory,
  type HouseholdBillShare,
  type HouseholdMembership,
  type SharedWithCustomer,
} from './household-directory.service';
export { HOUSEHOLD_EVENTS, type HouseholdMemberEventPayload } from './households.events';
export { HOUSEHOLD_ERROR_CODES, HouseholdError } from './households.errors';
export { HOUSEHOLD_ROLES, type HouseholdRole } from './household-member.entity';
