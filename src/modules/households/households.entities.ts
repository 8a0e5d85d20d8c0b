import { BillShare } from './bill-share.entity';
import { HouseholdMember } from './household-member.entity';
import { HouseholdSharedAccount } from './household-shared-account.entity';
import { Household } from './household.entity';

/** The households context's tables, registered by HouseholdsModule (TypeOrmModule.forFeature). */
export const HOUSEHOLD_ENTITIES = [Household, HouseholdMember, HouseholdSharedAccount, BillShare];
