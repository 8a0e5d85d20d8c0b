import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import type { MerchantRole, MerchantUserPrincipal } from '../../../platform/auth/principal';
import { Clock } from '../../../platform/clock/clock';
import type { ClientInfo } from '../../../platform/http/client-info.decorator';
import { merchantActor, MerchantAuditWriter } from '../onboarding/merchant-audit.writer';
import type { MerchantMembership } from './merchant-identity.entities';
import { MerchantIdentityError } from './merchant-identity.errors';
import { MerchantIdentityRepository, TeamMemberRow } from './merchant-identity.repository';

/**
 * A merchant's team: its active members, role changes, the OWNER's explicit transfer of
 * ownership, and removal. The rules (design/merchants.md section 3): exactly one OWNER; an ADMIN
 * never touches the OWNER; ownership moves only when the OWNER makes another member OWNER (the
 * old OWNER becomes ADMIN); the OWNER cannot leave or step down without that transfer (409
 * LAST_OWNER). The caller's own membership is re-read under lock, so two concurrent changes see
 * each other.
 */
@Injectable()
export class MerchantTeamService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly repository: MerchantIdentityRepository,
    private readonly audit: MerchantAuditWriter,
    private readonly clock: Clock,
  ) {}

  members(principal: MerchantUserPrincipal): Promise<TeamMemberRow[]> {
    return this.repository.teamMembers(this.dataSource.manager, principal.merchantId);
  }

  /** Gives the member `role`; `OWNER` is the transfer of ownership, which only the OWNER makes. */
  async changeRole(
    principal: MerchantUserPrincipal,
    membershipId: string,
    role: MerchantRole,
    client: ClientInfo,
  ): Promise<TeamMemberRow> {
    await this.dataSource.transaction(async (manager) => {
      const { actor, target } = await this.lockPair(manager, principal, membershipId);
      if (target.role === role) return;
      if (role === 'OWNER') {
        await this.transferOwnership(manager, principal, actor, target, client);
        return;
      }
      if (target.role === 'OWNER') throw lastOwner();
      await this.repository.setMembershipRole(manager, target.id, role);
      await this.audit.record(manager, {
        merchantId: principal.merchantId,
        action: 'MEMBER_ROLE_CHANGED',
        actor: { ...merchantActor(principal), role: actor.role },
        target: { type: 'membership', id: target.id },
        client,
        details: { userId: target.userId, from: target.role, to: role },
      });
    });
    const [member] = await this.repository.teamMembers(this.dataSource.manager, principal.merchantId, membershipId);
    if (!member) throw MerchantIdentityError.notFound('member');
    return member;
  }

  /**
   * Removes a member (a member may also remove themselves, that is leave): the membership is
   * revoked and every session on it ends at once. The OWNER cannot be removed (409 LAST_OWNER).
   */
  async remove(principal: MerchantUserPrincipal, membershipId: string, client: ClientInfo): Promise<void> {
    const now = this.clock.now();
    await this.dataSource.transaction(async (manager) => {
      const { actor, target } = await this.lockPair(manager, principal, membershipId);
      if (target.role === 'OWNER') throw lastOwner();
      const sessionsEnded = await this.repository.revokeMembership(manager, target.id, now);
      await this.audit.record(manager, {
        merchantId: principal.merchantId,
        action: 'MEMBER_REMOVED',
        actor: { ...merchantActor(principal), role: actor.role },
        target: { type: 'membership', id: target.id },
        client,
        details: { userId: target.userId, role: target.role, sessionsEnded, self: target.id === actor.id },
      });
    });
  }

  private async transferOwnership(
    manager: EntityManager,
    principal: MerchantUserPrincipal,
    actor: MerchantMembership,
    target: MerchantMembership,
    client: ClientInfo,
  ): Promise<void> {
    if (actor.role !== 'OWNER') {
      throw new MerchantIdentityError('FORBIDDEN', 'Only the OWNER may hand over ownership');
    }
    // The old OWNER steps down first: at most one active OWNER at any moment (a unique index).
    await this.repository.setMembershipRole(manager, actor.id, 'ADMIN');
    await this.repository.setMembershipRole(manager, target.id, 'OWNER');
    await this.audit.record(manager, {
      merchantId: principal.merchantId,
      action: 'OWNERSHIP_TRANSFERRED',
      actor: { ...merchantActor(principal), role: 'OWNER' },
      target: { type: 'membership', id: target.id },
      client,
      details: { fromUserId: actor.userId, toUserId: target.userId, previousRoleOfNewOwner: target.role },
    });
  }

  /**
   * The caller's and the target's memberships, locked in one order. 404 when the target is not an
   * active member of the caller's merchant; 403 when an ADMIN reaches for the OWNER.
   */
  private async lockPair(
    manager: EntityManager,
    principal: MerchantUserPrincipal,
    membershipId: string,
  ): Promise<{ actor: MerchantMembership; target: MerchantMembership }> {
    const locked = await this.repository.lockActiveMemberships(manager, principal.merchantId, [
      principal.membershipId,
      membershipId,
    ]);
    const actor = locked.find((membership) => membership.id === principal.membershipId);
    const target = locked.find((membership) => membership.id === membershipId);
    if (!actor || (actor.role !== 'OWNER' && actor.role !== 'ADMIN')) {
      throw new MerchantIdentityError('FORBIDDEN', 'Only the OWNER or an ADMIN manages the team');
    }
    if (!target) throw MerchantIdentityError.notFound('member');
    if (target.role === 'OWNER' && actor.role !== 'OWNER') {
      throw new MerchantIdentityError('FORBIDDEN', 'An ADMIN cannot change or remove the OWNER');
    }
    return { actor, target };
  }
}

function lastOwner(): MerchantIdentityError {
  return new MerchantIdentityError(
    'LAST_OWNER',
    'The merchant must keep its OWNER: make another member OWNER first (the ownership transfer)',
  );
}
