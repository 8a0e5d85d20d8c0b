import type { HouseholdSharedAccount } from '../household-shared-account.entity';
import type { HouseholdView } from '../household.repository';
import type { MemberView } from '../households.service';
import type { HouseholdMemberResponseDto } from './household-member-response.dto';
import type { HouseholdResponseDto } from './household-response.dto';
import type { SharedAccountResponseDto } from './shared-account-response.dto';

export function toHouseholdResponse(view: HouseholdView): HouseholdResponseDto {
  return {
    id: view.household.id,
    name: view.household.name,
    role: view.role,
    memberCount: view.memberCount,
    createdAt: view.household.createdAt.toISOString(),
  };
}

export function toHouseholdMemberResponse(view: MemberView): HouseholdMemberResponseDto {
  return {
    userId: view.member.userId,
    phone: view.phone,
    role: view.member.role,
    you: view.you,
    joinedAt: view.member.joinedAt.toISOString(),
  };
}

export function toSharedAccountResponse(account: HouseholdSharedAccount, callerId: string): SharedAccountResponseDto {
  return {
    savedAccountId: account.savedAccountId,
    billerId: account.billerId,
    billerName: account.billerName,
    accountReference: account.accountReference,
    sharedBy: account.sharedBy,
    sharedByMe: account.sharedBy === callerId,
    sharedAt: account.sharedAt.toISOString(),
  };
}
