import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { oneOf } from '../../platform/database/column-values';
import { sqlStatements } from '../../platform/database/sql-query';
import { executorOn, one, run } from '../../platform/database/statement-executor';
import type { BillShare } from './bill-share.entity';
import { HOUSEHOLD_ROLES, type HouseholdMember, type HouseholdRole } from './household-member.entity';
import type { HouseholdSharedAccount } from './household-shared-account.entity';
import type { Household } from './household.entity';
import * as households from './sql/households.queries';

/** A household as one member sees it: with their role and the number of members. */
export interface HouseholdView {
  household: Household;
  role: HouseholdRole;
  memberCount: number;
}

/** A bill share in one of a customer's households, with the household's name and the customer's role in it. */
export interface VisibleBillShare {
  billId: string;
  householdId: string;
  householdName: string;
  sharedBy: string;
  role: HouseholdRole;
}

/** A shared account in one of a customer's households, with the household's name and the customer's role in it. */
export interface VisibleSharedAccount {
  billerId: string;
  accountReference: string;
  householdId: string;
  householdName: string;
  sharedBy: string;
  role: HouseholdRole;
}

const SQL = sqlStatements('households', households);

function roleOf(role: string): HouseholdRole {
  return oneOf(HOUSEHOLD_ROLES, role, 'household_members.role');
}

function householdFromRow(row: households.LockHouseholdResult): Household {
  return {
    id: row.id,
    name: row.name,
    createdBy: row.created_by,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

function memberFromRow(row: households.FindMemberResult): HouseholdMember {
  return {
    householdId: row.household_id,
    userId: row.user_id,
    role: roleOf(row.role),
    addedBy: row.added_by,
    joinedAt: row.joined_at,
    updatedAt: row.updated_at,
  };
}

function sharedAccountFromRow(row: households.FindSharedAccountResult): HouseholdSharedAccount {
  return {
    householdId: row.household_id,
    savedAccountId: row.saved_account_id,
    sharedBy: row.shared_by,
    billerId: row.biller_id,
    billerName: row.biller_name,
    accountReference: row.account_reference,
    sharedAt: row.shared_at,
  };
}

function viewFromRow(row: households.HouseholdOfMemberResult): HouseholdView {
  return { household: householdFromRow(row), role: roleOf(row.role), memberCount: row.member_count };
}

/** Named queries on the households tables (and `bill_shares`, which this context keeps). */
@Injectable()
export class HouseholdRepository {
  async insertHousehold(
    manager: EntityManager,
    household: { id: string; name: string; createdBy: string },
    now: Date,
  ): Promise<Household> {
    const [row] = await run(executorOn(manager), SQL.insertHousehold, { ...household, now });
    return householdFromRow(row);
  }

  /** Adds the member; null when they already are one (the primary key refuses a second row). */
  async insertMember(
    manager: EntityManager,
    member: { householdId: string; userId: string; role: HouseholdRole; addedBy: string | null },
    now: Date,
  ): Promise<HouseholdMember | null> {
    const row = await one(executorOn(manager), SQL.insertMember, { ...member, now });
    return row ? memberFromRow(row) : null;
  }

  /** The household row, locked until the transaction ends: every membership write takes this lock first. */
  async lockHousehold(manager: EntityManager, id: string): Promise<Household | null> {
    const row = await one(executorOn(manager), SQL.lockHousehold, { id });
    return row ? householdFromRow(row) : null;
  }

  async findMember(manager: EntityManager, householdId: string, userId: string): Promise<HouseholdMember | null> {
    const row = await one(executorOn(manager), SQL.findMember, { householdId, userId });
    return row ? memberFromRow(row) : null;
  }

  /** The caller's households with their role, newest first. */
  async listOfMember(manager: EntityManager, userId: string): Promise<HouseholdView[]> {
    const rows = await run(executorOn(manager), SQL.householdsOfMember, { userId });
    return rows.map(viewFromRow);
  }

  /** One household as the member sees it; null when they are not a member. */
  async viewOf(manager: EntityManager, householdId: string, userId: string): Promise<HouseholdView | null> {
    const row = await one(executorOn(manager), SQL.householdOfMember, { householdId, userId });
    return row ? viewFromRow(row) : null;
  }

  /** The members, OWNERs first, then by the date they joined. */
  async membersOf(manager: EntityManager, householdId: string): Promise<HouseholdMember[]> {
    const rows = await run(executorOn(manager), SQL.membersOf, { householdId });
    return rows.map(memberFromRow);
  }

  async countMembers(manager: EntityManager, householdId: string): Promise<{ members: number; owners: number }> {
    const [row] = await run(executorOn(manager), SQL.countMembers, { householdId });
    return { members: row.members, owners: row.owners };
  }

  async updateRole(
    manager: EntityManager,
    householdId: string,
    userId: string,
    role: HouseholdRole,
    now: Date,
  ): Promise<void> {
    await run(executorOn(manager), SQL.updateMemberRole, { householdId, userId, role, now });
  }

  async deleteMember(manager: EntityManager, householdId: string, userId: string): Promise<void> {
    await run(executorOn(manager), SQL.deleteMember, { householdId, userId });
  }

  /** Ends every share the member made to the household: their bills and their saved accounts. */
  async deleteSharesOf(
    manager: EntityManager,
    householdId: string,
    userId: string,
  ): Promise<{ bills: number; accounts: number }> {
    const executor = executorOn(manager);
    const [bills] = await run(executor, SQL.deleteBillSharesBy, { householdId, userId });
    const [accounts] = await run(executor, SQL.deleteSharedAccountsBy, { householdId, userId });
    return { bills: bills.deleted, accounts: accounts.deleted };
  }

  async touchHousehold(manager: EntityManager, householdId: string, now: Date): Promise<void> {
    await run(executorOn(manager), SQL.touchHousehold, { id: householdId, now });
  }

  /** Shares the account; null when it already is shared with the household. */
  async insertSharedAccount(
    manager: EntityManager,
    account: Omit<HouseholdSharedAccount, 'sharedAt'>,
    now: Date,
  ): Promise<HouseholdSharedAccount | null> {
    const row = await one(executorOn(manager), SQL.insertSharedAccount, { ...account, now });
    return row ? sharedAccountFromRow(row) : null;
  }

  async findSharedAccount(
    manager: EntityManager,
    householdId: string,
    savedAccountId: string,
  ): Promise<HouseholdSharedAccount | null> {
    const row = await one(executorOn(manager), SQL.findSharedAccount, { householdId, savedAccountId });
    return row ? sharedAccountFromRow(row) : null;
  }

  async sharedAccountsOf(manager: EntityManager, householdId: string): Promise<HouseholdSharedAccount[]> {
    const rows = await run(executorOn(manager), SQL.sharedAccountsOf, { householdId });
    return rows.map(sharedAccountFromRow);
  }

  async deleteSharedAccount(manager: EntityManager, householdId: string, savedAccountId: string): Promise<void> {
    await run(executorOn(manager), SQL.deleteSharedAccount, { householdId, savedAccountId });
  }

  /** Shares the bill; answers the share, new or already there. */
  async upsertBillShare(
    manager: EntityManager,
    share: { billId: string; householdId: string; sharedBy: string },
    now: Date,
  ): Promise<BillShare> {
    const executor = executorOn(manager);
    await run(executor, SQL.insertBillShare, { ...share, now });
    const [row] = await run(executor, SQL.findBillShare, { billId: share.billId, householdId: share.householdId });
    return {
      billId: row.bill_id,
      householdId: row.household_id,
      sharedBy: row.shared_by,
      sharedAt: row.shared_at,
    };
  }

  /** Ends the share; answers whether there was one. */
  async deleteBillShare(manager: EntityManager, billId: string, householdId: string): Promise<boolean> {
    const [row] = await run(executorOn(manager), SQL.deleteBillShare, { billId, householdId });
    return row.deleted > 0;
  }

  /** The bill shares of every household the customer belongs to (their own shares included). */
  async billSharesVisibleTo(manager: EntityManager, userId: string): Promise<VisibleBillShare[]> {
    const rows = await run(executorOn(manager), SQL.billSharesVisibleTo, { userId });
    return rows.map((row): VisibleBillShare => ({
      billId: row.bill_id,
      householdId: row.household_id,
      householdName: row.household_name,
      sharedBy: row.shared_by,
      role: roleOf(row.role),
    }));
  }

  /** The shared accounts of every household the customer belongs to (their own shares included). */
  async sharedAccountsVisibleTo(manager: EntityManager, userId: string): Promise<VisibleSharedAccount[]> {
    const rows = await run(executorOn(manager), SQL.sharedAccountsVisibleTo, { userId });
    return rows.map((row): VisibleSharedAccount => ({
      billerId: row.biller_id,
      accountReference: row.account_reference,
      householdId: row.household_id,
      householdName: row.household_name,
      sharedBy: row.shared_by,
      role: roleOf(row.role),
    }));
  }
}
