import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { Clock } from '../../platform/clock/clock';
import { newId } from '../../platform/database/new-id';
import { OutboxWriter } from '../../platform/outbox/outbox.writer';
import { PaymentQuoteService, SavedAccountsService } from '../billers';
import { CustomerDirectory } from '../identity';
import type { AddableHouseholdRole, HouseholdMember, HouseholdRole } from './household-member.entity';
import type { HouseholdSharedAccount } from './household-shared-account.entity';
import type { Household } from './household.entity';
import { HouseholdRepository, HouseholdView } from './household.repository';
import { HOUSEHOLD_EVENTS, HouseholdEventType, HouseholdMemberEventPayload } from './households.events';
import { HouseholdError } from './households.errors';
import { HouseholdsConfig } from './households.config';

/** A member as another member sees them: the phone masked unless it is the caller's own. */
export interface MemberView {
  member: HouseholdMember;
  /** E.164 for the caller themselves, else masked to its country code and last four digits; null when unknown. */
  phone: string | null;
  you: boolean;
}

/** Roles that manage members. */
const MANAGERS: readonly HouseholdRole[] = ['OWNER', 'ADMIN'];

/** `+2348031234567` -> `+234******4567`. */
export function maskPhone(phone: string): string {
  if (phone.length <= 8) return `${phone.slice(0, 1)}${'*'.repeat(Math.max(0, phone.length - 1))}`;
  return `${phone.slice(0, 4)}${'*'.repeat(phone.length - 8)}${phone.slice(-4)}`;
}

/**
 * Households and their members: create, list, read the members, add by phone, change roles,
 * remove (or leave), and the saved accounts members share. Every membership write runs in one
 * transaction that first locks the household row, so the size cap and the last OWNER hold
 * under concurrent requests, and writes its outbox event in the same transaction. A caller who
 * is not a member gets 404 for the household and everything in it.
 */
@Injectable()
export class HouseholdsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly households: HouseholdRepository,
    private readonly customers: CustomerDirectory,
    private readonly savedAccounts: SavedAccountsService,
    private readonly quotes: PaymentQuoteService,
    private readonly outbox: OutboxWriter,
    private readonly clock: Clock,
    private readonly config: HouseholdsConfig,
  ) {}

  async create(userId: string, name: string): Promise<HouseholdView> {
    const now = this.clock.now();
    return this.dataSource.transaction(async (manager) => {
      const household = await this.households.insertHousehold(manager, { id: newId(), name, createdBy: userId }, now);
      await this.households.insertMember(
        manager,
        { householdId: household.id, userId, role: 'OWNER', addedBy: null },
        now,
      );
      return { household, role: 'OWNER', memberCount: 1 };
    });
  }

  list(userId: string): Promise<HouseholdView[]> {
    return this.households.listOfMember(this.dataSource.manager, userId);
  }

  async members(userId: string, householdId: string): Promise<MemberView[]> {
    await this.viewOf(userId, householdId);
    const members = await this.households.membersOf(this.dataSource.manager, householdId);
    return this.withPhones(userId, members);
  }

  /**
   * Adds a registered customer by phone. The caller's role is checked before the phone is
   * looked up, so only a household's managers learn whether a number is registered (and the
   * route's rate limit bounds how many they can try).
   */
  async addMember(
    userId: string,
    householdId: string,
    request: { phone: string; role: AddableHouseholdRole },
  ): Promise<MemberView> {
    const view = await this.viewOf(userId, householdId);
    requireManager(view.role);
    const customerId = await this.customers.findVerifiedByPhone(request.phone);
    if (!customerId) throw HouseholdError.customerNotFound();
    const now = this.clock.now();
    const member = await this.dataSource.transaction(async (manager) => {
      const { household, caller } = await this.lockAsMember(manager, householdId, userId);
      requireManager(caller.role);
      if (await this.households.findMember(manager, householdId, customerId)) throw HouseholdError.alreadyMember();
      const { members } = await this.households.countMembers(manager, householdId);
      if (members >= this.config.HOUSEHOLD_MAX_MEMBERS) throw HouseholdError.full(this.config.HOUSEHOLD_MAX_MEMBERS);
      const added = await this.households.insertMember(
        manager,
        { householdId, userId: customerId, role: request.role, addedBy: userId },
        now,
      );
      if (!added) throw HouseholdError.alreadyMember();
      await this.households.touchHousehold(manager, householdId, now);
      await this.event(manager, HOUSEHOLD_EVENTS.memberAdded, household, {
        userId: customerId,
        actorId: userId,
        role: request.role,
      });
      return added;
    });
    return { member, phone: maskPhone(request.phone), you: member.userId === userId };
  }

  /**
   * Changes a member's role. OWNER and ADMIN manage; an ADMIN cannot change an OWNER or make
   * one; the last OWNER cannot be demoted. The same role again changes nothing.
   */
  async changeRole(userId: string, householdId: string, targetId: string, role: HouseholdRole): Promise<void> {
    const now = this.clock.now();
    await this.dataSource.transaction(async (manager) => {
      const { household, caller } = await this.lockAsMember(manager, householdId, userId);
      requireManager(caller.role);
      const target = await this.households.findMember(manager, householdId, targetId);
      if (!target) throw HouseholdError.memberNotFound();
      if (target.role === 'OWNER' && caller.role !== 'OWNER') {
        throw HouseholdError.roleRequired("Only an OWNER may change an OWNER's role");
      }
      if (role === 'OWNER' && caller.role !== 'OWNER') {
        throw HouseholdError.roleRequired('Only an OWNER may make another member an OWNER');
      }
      if (target.role === role) return;
      if (target.role === 'OWNER' && (await this.households.countMembers(manager, householdId)).owners <= 1) {
        throw HouseholdError.lastOwner();
      }
      await this.households.updateRole(manager, householdId, targetId, role, now);
      await this.households.touchHousehold(manager, householdId, now);
      await this.event(manager, HOUSEHOLD_EVENTS.memberRoleChanged, household, {
        userId: targetId,
        actorId: userId,
        role,
        previousRole: target.role,
      });
    });
  }

  /**
   * Removes a member, or lets a member leave (their own `userId`). An ADMIN cannot remove an
   * OWNER; the last OWNER cannot leave. The member's shares to the household (bills and saved
   * accounts) end in the same transaction.
   */
  async removeMember(userId: string, householdId: string, targetId: string): Promise<void> {
    const now = this.clock.now();
    await this.dataSource.transaction(async (manager) => {
      const { household, caller } = await this.lockAsMember(manager, householdId, userId);
      const target = targetId === userId ? caller : await this.findTarget(manager, householdId, targetId, caller);
      if (target.role === 'OWNER') {
        if (caller.role !== 'OWNER') throw HouseholdError.roleRequired('Only an OWNER may remove an OWNER');
        if ((await this.households.countMembers(manager, householdId)).owners <= 1) throw HouseholdError.lastOwner();
      }
      await this.households.deleteSharesOf(manager, householdId, targetId);
      await this.households.deleteMember(manager, householdId, targetId);
      await this.households.touchHousehold(manager, householdId, now);
      await this.event(manager, HOUSEHOLD_EVENTS.memberRemoved, household, {
        userId: targetId,
        actorId: userId,
        role: target.role,
      });
    });
  }

  /**
   * Shares one of the caller's saved accounts with the household: the bills of that biller
   * account that are the caller's then show in every member's inbox. Any member may share
   * their own account; sharing it again answers the share as it is.
   */
  async shareAccount(userId: string, householdId: string, savedAccountId: string): Promise<HouseholdSharedAccount> {
    await this.viewOf(userId, householdId);
    const account = await this.savedAccounts.findOwned(userId, savedAccountId);
    const facts = await this.quotes.facts(account.billerId);
    const now = this.clock.now();
    return this.dataSource.transaction(async (manager) => {
      await this.lockAsMember(manager, householdId, userId);
      const shared =
        (await this.households.insertSharedAccount(
          manager,
          {
            householdId,
            savedAccountId,
            sharedBy: userId,
            billerId: account.billerId,
            billerName: facts?.biller.name ?? '',
            accountReference: account.accountReference,
          },
          now,
        )) ?? (await this.households.findSharedAccount(manager, householdId, savedAccountId));
      return shared as HouseholdSharedAccount;
    });
  }

  async sharedAccounts(userId: string, householdId: string): Promise<HouseholdSharedAccount[]> {
    await this.viewOf(userId, householdId);
    return this.households.sharedAccountsOf(this.dataSource.manager, householdId);
  }

  /** Ends an account's share: its sharer, or an OWNER or ADMIN of the household. */
  async unshareAccount(userId: string, householdId: string, savedAccountId: string): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      const { caller } = await this.lockAsMember(manager, householdId, userId);
      const shared = await this.households.findSharedAccount(manager, householdId, savedAccountId);
      if (!shared) throw HouseholdError.sharedAccountNotFound();
      if (shared.sharedBy !== userId && !MANAGERS.includes(caller.role)) {
        throw HouseholdError.roleRequired(
          "Only the member who shared it, an OWNER or an ADMIN may end an account's share",
        );
      }
      await this.households.deleteSharedAccount(manager, householdId, savedAccountId);
    });
  }

  /** The household as the caller sees it; 404 when they are not a member (or it does not exist). */
  private async viewOf(userId: string, householdId: string): Promise<HouseholdView> {
    const view = await this.households.viewOf(this.dataSource.manager, householdId, userId);
    if (!view) throw HouseholdError.notFound();
    return view;
  }

  /** Locks the household and answers the caller's membership; 404 when they are not a member. */
  private async lockAsMember(
    manager: EntityManager,
    householdId: string,
    userId: string,
  ): Promise<{ household: Household; caller: HouseholdMember }> {
    const household = await this.households.lockHousehold(manager, householdId);
    const caller = household ? await this.households.findMember(manager, householdId, userId) : null;
    if (!household || !caller) throw HouseholdError.notFound();
    return { household, caller };
  }

  /** Another member the caller wants to remove: a manager's business (403 first), then 404 if absent. */
  private async findTarget(
    manager: EntityManager,
    householdId: string,
    targetId: string,
    caller: HouseholdMember,
  ): Promise<HouseholdMember> {
    requireManager(caller.role);
    const target = await this.households.findMember(manager, householdId, targetId);
    if (!target) throw HouseholdError.memberNotFound();
    return target;
  }

  private async withPhones(userId: string, members: HouseholdMember[]): Promise<MemberView[]> {
    const customers = await this.customers.verifiedCustomers(members.map((member) => member.userId));
    return members.map((member) => {
      const phone = customers.get(member.userId)?.phone ?? null;
      const you = member.userId === userId;
      return { member, phone: phone && !you ? maskPhone(phone) : phone, you };
    });
  }

  private async event(
    manager: EntityManager,
    eventType: HouseholdEventType,
    household: Household,
    change: Omit<HouseholdMemberEventPayload, 'householdId' | 'householdName'>,
  ): Promise<void> {
    const payload: HouseholdMemberEventPayload = {
      householdId: household.id,
      householdName: household.name,
      ...change,
    };
    await this.outbox.write(manager, {
      eventType,
      aggregateType: 'household',
      aggregateId: household.id,
      payload,
    });
  }
}

function requireManager(role: HouseholdRole): void {
  if (!MANAGERS.includes(role))
    throw HouseholdError.roleRequired('Only an OWNER or ADMIN of the household may do this');
}
