import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import type { BillShare } from './bill-share.entity';
import type { HouseholdMember, HouseholdRole } from './household-member.entity';
import type { HouseholdSharedAccount } from './household-shared-account.entity';
import type { Household } from './household.entity';

type Row = Record<string, unknown>;

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

const HOUSEHOLD_COLUMNS = `h.id, h.name, h.created_by, h.created_at, h.updated_at`;
const MEMBER_COLUMNS = `m.household_id, m.user_id, m.role, m.added_by, m.joined_at, m.updated_at`;
const SHARED_ACCOUNT_COLUMNS = `a.household_id, a.saved_account_id, a.shared_by, a.biller_id, a.biller_name,
  a.account_reference, a.shared_at`;

function householdFromRow(row: Row): Household {
  return {
    id: row.id as string,
    name: row.name as string,
    createdBy: row.created_by as string,
    createdAt: row.created_at as Date,
    updatedAt: row.updated_at as Date,
  };
}

function memberFromRow(row: Row): HouseholdMember {
  return {
    householdId: row.household_id as string,
    userId: row.user_id as string,
    role: row.role as HouseholdRole,
    addedBy: (row.added_by as string | null) ?? null,
    joinedAt: row.joined_at as Date,
    updatedAt: row.updated_at as Date,
  };
}

function sharedAccountFromRow(row: Row): HouseholdSharedAccount {
  return {
    householdId: row.household_id as string,
    savedAccountId: row.saved_account_id as string,
    sharedBy: row.shared_by as string,
    billerId: row.biller_id as string,
    billerName: row.biller_name as string,
    accountReference: row.account_reference as string,
    sharedAt: row.shared_at as Date,
  };
}

function viewFromRow(row: Row): HouseholdView {
  return { household: householdFromRow(row), role: row.role as HouseholdRole, memberCount: Number(row.member_count) };
}

/** Named queries on the households tables (and `bill_shares`, which this context keeps). */
@Injectable()
export class HouseholdRepository {
  async insertHousehold(
    manager: EntityManager,
    household: { id: string; name: string; createdBy: string },
    now: Date,
  ): Promise<Household> {
    const [row] = (await manager.query(
      `INSERT INTO households AS h (id, name, created_by, created_at, updated_at) VALUES ($1, $2, $3, $4, $4)
       RETURNING ${HOUSEHOLD_COLUMNS}`,
      [household.id, household.name, household.createdBy, now],
    )) as Row[];
    return householdFromRow(row);
  }

  /** Adds the member; null when they already are one (the primary key refuses a second row). */
  async insertMember(
    manager: EntityManager,
    member: { householdId: string; userId: string; role: HouseholdRole; addedBy: string | null },
    now: Date,
  ): Promise<HouseholdMember | null> {
    const [row] = (await manager.query(
      `INSERT INTO household_members AS m (household_id, user_id, role, added_by, joined_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $5)
       ON CONFLICT (household_id, user_id) DO NOTHING
       RETURNING ${MEMBER_COLUMNS}`,
      [member.householdId, member.userId, member.role, member.addedBy, now],
    )) as Row[];
    return row ? memberFromRow(row) : null;
  }

  /** The household row, locked until the transaction ends: every membership write takes this lock first. */
  async lockHousehold(manager: EntityManager, id: string): Promise<Household | null> {
    const [row] = (await manager.query(`SELECT ${HOUSEHOLD_COLUMNS} FROM households h WHERE h.id = $1 FOR UPDATE`, [
      id,
    ])) as Row[];
    return row ? householdFromRow(row) : null;
  }

  async findMember(manager: EntityManager, householdId: string, userId: string): Promise<HouseholdMember | null> {
    const [row] = (await manager.query(
      `SELECT ${MEMBER_COLUMNS} FROM household_members m WHERE m.household_id = $1 AND m.user_id = $2`,
      [householdId, userId],
    )) as Row[];
    return row ? memberFromRow(row) : null;
  }

  /** The caller's households with their role, newest first. */
  async listOfMember(manager: EntityManager, userId: string): Promise<HouseholdView[]> {
    const rows = (await manager.query(
      `SELECT ${HOUSEHOLD_COLUMNS}, me.role,
              (SELECT count(*) FROM household_members c WHERE c.household_id = h.id)::int AS member_count
         FROM household_members me JOIN households h ON h.id = me.household_id
        WHERE me.user_id = $1
        ORDER BY h.created_at DESC, h.id DESC`,
      [userId],
    )) as Row[];
    return rows.map(viewFromRow);
  }

  /** One household as the member sees it; null when they are not a member. */
  async viewOf(manager: EntityManager, householdId: string, userId: string): Promise<HouseholdView | null> {
    const [row] = (await manager.query(
      `SELECT ${HOUSEHOLD_COLUMNS}, me.role,
              (SELECT count(*) FROM household_members c WHERE c.household_id = h.id)::int AS member_count
         FROM household_members me JOIN households h ON h.id = me.household_id
        WHERE me.household_id = $1 AND me.user_id = $2`,
      [householdId, userId],
    )) as Row[];
    return row ? viewFromRow(row) : null;
  }

  /** The members, OWNERs first, then by the date they joined. */
  async membersOf(manager: EntityManager, householdId: string): Promise<HouseholdMember[]> {
    const rows = (await manager.query(
      `SELECT ${MEMBER_COLUMNS} FROM household_members m WHERE m.household_id = $1
        ORDER BY array_position(ARRAY['OWNER', 'ADMIN', 'MEMBER', 'VIEWER']::text[], m.role::text), m.joined_at, m.user_id`,
      [householdId],
    )) as Row[];
    return rows.map(memberFromRow);
  }

  async countMembers(manager: EntityManager, householdId: string): Promise<{ members: number; owners: number }> {
    const [row] = (await manager.query(
      `SELECT count(*)::int AS members, count(*) FILTER (WHERE role = 'OWNER')::int AS owners
         FROM household_members WHERE household_id = $1`,
      [householdId],
    )) as Row[];
    return { members: Number(row.members), owners: Number(row.owners) };
  }

  async updateRole(
    manager: EntityManager,
    householdId: string,
    userId: string,
    role: HouseholdRole,
    now: Date,
  ): Promise<void> {
    await manager.query(
      `UPDATE household_members SET role = $3, updated_at = $4 WHERE household_id = $1 AND user_id = $2`,
      [householdId, userId, role, now],
    );
  }

  async deleteMember(manager: EntityManager, householdId: string, userId: string): Promise<void> {
    await manager.query(`DELETE FROM household_members WHERE household_id = $1 AND user_id = $2`, [
      householdId,
      userId,
    ]);
  }

  /** Ends every share the member made to the household: their bills and their saved accounts. */
  async deleteSharesOf(
    manager: EntityManager,
    householdId: string,
    userId: string,
  ): Promise<{ bills: number; accounts: number }> {
    const [, bills] = (await manager.query(`DELETE FROM bill_shares WHERE household_id = $1 AND shared_by = $2`, [
      householdId,
      userId,
    ])) as [unknown, number];
    const [, accounts] = (await manager.query(
      `DELETE FROM household_shared_accounts WHERE household_id = $1 AND shared_by = $2`,
      [householdId, userId],
    )) as [unknown, number];
    return { bills, accounts };
  }

  async touchHousehold(manager: EntityManager, householdId: string, now: Date): Promise<void> {
    await manager.query(`UPDATE households SET updated_at = $2 WHERE id = $1`, [householdId, now]);
  }

  /** Shares the account; null when it already is shared with the household. */
  async insertSharedAccount(
    manager: EntityManager,
    account: Omit<HouseholdSharedAccount, 'sharedAt'>,
    now: Date,
  ): Promise<HouseholdSharedAccount | null> {
    const [row] = (await manager.query(
      `INSERT INTO household_shared_accounts AS a (household_id, saved_account_id, shared_by, biller_id, biller_name,
         account_reference, shared_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7)
       ON CONFLICT (household_id, saved_account_id) DO NOTHING
       RETURNING ${SHARED_ACCOUNT_COLUMNS}`,
      [
        account.householdId,
        account.savedAccountId,
        account.sharedBy,
        account.billerId,
        account.billerName,
        account.accountReference,
        now,
      ],
    )) as Row[];
    return row ? sharedAccountFromRow(row) : null;
  }

  async findSharedAccount(
    manager: EntityManager,
    householdId: string,
    savedAccountId: string,
  ): Promise<HouseholdSharedAccount | null> {
    const [row] = (await manager.query(
      `SELECT ${SHARED_ACCOUNT_COLUMNS} FROM household_shared_accounts a
        WHERE a.household_id = $1 AND a.saved_account_id = $2`,
      [householdId, savedAccountId],
    )) as Row[];
    return row ? sharedAccountFromRow(row) : null;
  }

  async sharedAccountsOf(manager: EntityManager, householdId: string): Promise<HouseholdSharedAccount[]> {
    const rows = (await manager.query(
      `SELECT ${SHARED_ACCOUNT_COLUMNS} FROM household_shared_accounts a WHERE a.household_id = $1
        ORDER BY a.shared_at DESC, a.saved_account_id DESC`,
      [householdId],
    )) as Row[];
    return rows.map(sharedAccountFromRow);
  }

  async deleteSharedAccount(manager: EntityManager, householdId: string, savedAccountId: string): Promise<void> {
    await manager.query(`DELETE FROM household_shared_accounts WHERE household_id = $1 AND saved_account_id = $2`, [
      householdId,
      savedAccountId,
    ]);
  }

  /** Shares the bill; answers the share, new or already there. */
  async upsertBillShare(
    manager: EntityManager,
    share: { billId: string; householdId: string; sharedBy: string },
    now: Date,
  ): Promise<BillShare> {
    await manager.query(
      `INSERT INTO bill_shares (bill_id, household_id, shared_by, shared_at) VALUES ($1, $2, $3, $4)
       ON CONFLICT (bill_id, household_id) DO NOTHING`,
      [share.billId, share.householdId, share.sharedBy, now],
    );
    const [row] = (await manager.query(
      `SELECT bill_id, household_id, shared_by, shared_at FROM bill_shares WHERE bill_id = $1 AND household_id = $2`,
      [share.billId, share.householdId],
    )) as Row[];
    return {
      billId: row.bill_id as string,
      householdId: row.household_id as string,
      sharedBy: row.shared_by as string,
      sharedAt: row.shared_at as Date,
    };
  }

  /** Ends the share; answers whether there was one. */
  async deleteBillShare(manager: EntityManager, billId: string, householdId: string): Promise<boolean> {
    const [, count] = (await manager.query(`DELETE FROM bill_shares WHERE bill_id = $1 AND household_id = $2`, [
      billId,
      householdId,
    ])) as [unknown, number];
    return count > 0;
  }

  /** The bill shares of every household the customer belongs to (their own shares included). */
  async billSharesVisibleTo(manager: EntityManager, userId: string): Promise<VisibleBillShare[]> {
    const rows = (await manager.query(
      `SELECT s.bill_id, s.household_id, h.name AS household_name, s.shared_by, me.role
         FROM household_members me
         JOIN bill_shares s ON s.household_id = me.household_id
         JOIN households h ON h.id = me.household_id
        WHERE me.user_id = $1
        ORDER BY s.shared_at, s.household_id`,
      [userId],
    )) as Row[];
    return rows.map((row) => ({
      billId: row.bill_id as string,
      householdId: row.household_id as string,
      householdName: row.household_name as string,
      sharedBy: row.shared_by as string,
      role: row.role as HouseholdRole,
    }));
  }

  /** The shared accounts of every household the customer belongs to (their own shares included). */
  async sharedAccountsVisibleTo(manager: EntityManager, userId: string): Promise<VisibleSharedAccount[]> {
    const rows = (await manager.query(
      `SELECT a.biller_id, a.account_reference, a.household_id, h.name AS household_name, a.shared_by, me.role
         FROM household_members me
         JOIN household_shared_accounts a ON a.household_id = me.household_id
         JOIN households h ON h.id = me.household_id
        WHERE me.user_id = $1
        ORDER BY a.shared_at, a.household_id`,
      [userId],
    )) as Row[];
    return rows.map((row) => ({
      billerId: row.biller_id as string,
      accountReference: row.account_reference as string,
      householdId: row.household_id as string,
      householdName: row.household_name as string,
      sharedBy: row.shared_by as string,
      role: row.role as HouseholdRole,
    }));
  }
}
