import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Clock } from '../../platform/clock/clock';
import type { HouseholdRole } from './household-member.entity';
import { HouseholdRepository } from './household.repository';
import { HouseholdError } from './households.errors';

/** One household a customer belongs to. */
export interface HouseholdMembership {
  householdId: string;
  householdName: string;
  role: HouseholdRole;
}

/** A bill shared with a household. */
export interface HouseholdBillShare {
  billId: string;
  householdId: string;
  householdName: string;
  sharedBy: string;
  sharedAt: Date;
}

/**
 * What a customer may see through their households: the bills shared by id, and the saved
 * accounts shared (whose sharer's bills of that biller account count as shared), each with the
 * household and the customer's role in it.
 */
export interface SharedWithCustomer {
  bills: { billId: string; householdId: string; householdName: string; sharedBy: string; role: HouseholdRole }[];
  accounts: {
    billerId: string;
    accountReference: string;
    householdId: string;
    householdName: string;
    sharedBy: string;
    role: HouseholdRole;
  }[];
}

/** Roles that may pay a shared bill; a VIEWER only sees it. */
export const HOUSEHOLD_PAYING_ROLES: readonly HouseholdRole[] = ['OWNER', 'ADMIN', 'MEMBER'];

/**
 * The households context's port for the bills context (which imports this module; households
 * never imports bills): memberships and roles, what a customer sees shared, and the bill shares
 * themselves, which this context keeps so a leaving member's shares end with their membership.
 * The bills context checks that a bill is the sharer's before it asks for a share.
 */
@Injectable()
export class HouseholdDirectory {
  constructor(
    private readonly dataSource: DataSource,
    private readonly households: HouseholdRepository,
    private readonly clock: Clock,
  ) {}

  async membershipsOf(userId: string): Promise<HouseholdMembership[]> {
    const views = await this.households.listOfMember(this.dataSource.manager, userId);
    return views.map((view) => ({
      householdId: view.household.id,
      householdName: view.household.name,
      role: view.role,
    }));
  }

  /** The customer's role in the household; null when they are not a member. */
  async roleOf(householdId: string, userId: string): Promise<HouseholdRole | null> {
    return (await this.households.findMember(this.dataSource.manager, householdId, userId))?.role ?? null;
  }

  async sharedWith(userId: string): Promise<SharedWithCustomer> {
    const manager = this.dataSource.manager;
    const [bills, accounts] = await Promise.all([
      this.households.billSharesVisibleTo(manager, userId),
      this.households.sharedAccountsVisibleTo(manager, userId),
    ]);
    return { bills, accounts };
  }

  /**
   * Shares the caller's bill with a household they belong to (404 `NOT_FOUND` otherwise); any
   * member may share their own bill. Sharing again answers the existing share.
   */
  async shareBill(userId: string, householdId: string, billId: string): Promise<HouseholdBillShare> {
    const now = this.clock.now();
    return this.dataSource.transaction(async (manager) => {
      const household = await this.households.lockHousehold(manager, householdId);
      if (!household || !(await this.households.findMember(manager, householdId, userId))) {
        throw HouseholdError.notFound();
      }
      const share = await this.households.upsertBillShare(manager, { billId, householdId, sharedBy: userId }, now);
      return { ...share, householdName: household.name };
    });
  }

  /** Ends the bill's share with the household; 404 when the caller is not a member or it is not shared. */
  async unshareBill(userId: string, householdId: string, billId: string): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      const household = await this.households.lockHousehold(manager, householdId);
      if (!household || !(await this.households.findMember(manager, householdId, userId))) {
        throw HouseholdError.notFound();
      }
      if (!(await this.households.deleteBillShare(manager, billId, householdId))) {
        throw HouseholdError.billShareNotFound();
      }
    });
  }
}
