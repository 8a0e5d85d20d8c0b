import { Injectable } from '@nestjs/common';
import { EntityManager, In, IsNull } from 'typeorm';
import type { ActiveMerchantSession } from '../../../platform/auth/merchant-credentials';
import { MERCHANT_ROLES, type MerchantRole } from '../../../platform/auth/principal';
import { oneOf } from '../../../platform/database/column-values';
import { sqlStatements } from '../../../platform/database/sql-query';
import { executorOn, one, run } from '../../../platform/database/statement-executor';
import {
  MerchantInvitation,
  MerchantMembership,
  MerchantRefreshToken,
  MerchantSession,
  MerchantSessionEndReason,
  MerchantUser,
} from './merchant-identity.entities';
import * as identity from './sql/identity.queries';

/** An active member of a merchant's team, with the person's name and e-mail. */
export interface TeamMemberRow {
  membershipId: string;
  userId: string;
  email: string;
  name: string;
  role: MerchantRole;
  joinedAt: Date;
}

const SQL = sqlStatements('merchants', identity);

/** Named queries of the merchants context's identity: users, memberships, sessions, invitations. */
@Injectable()
export class MerchantIdentityRepository {
  findUserByEmail(manager: EntityManager, email: string): Promise<MerchantUser | null> {
    return manager.findOne(MerchantUser, { where: { email } });
  }

  findUserById(manager: EntityManager, id: string): Promise<MerchantUser | null> {
    return manager.findOne(MerchantUser, { where: { id } });
  }

  async insertUser(manager: EntityManager, user: MerchantUser): Promise<void> {
    await manager.insert(MerchantUser, user);
  }

  async setLastMembership(manager: EntityManager, userId: string, membershipId: string, now: Date): Promise<void> {
    await manager.update(MerchantUser, { id: userId }, { lastMembershipId: membershipId, updatedAt: now });
  }

  activeMembership(manager: EntityManager, userId: string, merchantId: string): Promise<MerchantMembership | null> {
    return manager.findOne(MerchantMembership, { where: { userId, merchantId, status: 'ACTIVE' } });
  }

  /** Oldest first. */
  activeMembershipsOf(manager: EntityManager, userId: string): Promise<MerchantMembership[]> {
    return manager.find(MerchantMembership, {
      where: { userId, status: 'ACTIVE' },
      order: { createdAt: 'ASC', id: 'ASC' },
    });
  }

  activeOwner(manager: EntityManager, merchantId: string): Promise<MerchantMembership | null> {
    return manager.findOne(MerchantMembership, { where: { merchantId, role: 'OWNER', status: 'ACTIVE' } });
  }

  async insertMembership(manager: EntityManager, membership: MerchantMembership): Promise<void> {
    await manager.insert(MerchantMembership, membership);
  }

  async insertSession(manager: EntityManager, session: MerchantSession, refresh: MerchantRefreshToken): Promise<void> {
    await manager.insert(MerchantSession, session);
    await manager.insert(MerchantRefreshToken, refresh);
  }

  lockRefreshToken(manager: EntityManager, tokenHash: string): Promise<MerchantRefreshToken | null> {
    return manager.findOne(MerchantRefreshToken, { where: { tokenHash }, lock: { mode: 'pessimistic_write' } });
  }

  lockSession(manager: EntityManager, id: string): Promise<MerchantSession | null> {
    return manager.findOne(MerchantSession, { where: { id }, lock: { mode: 'pessimistic_write' } });
  }

  /** Retires `presented` and stores its successor; the session lives on from now. */
  async rotate(
    manager: EntityManager,
    presented: MerchantRefreshToken,
    successor: MerchantRefreshToken,
    now: Date,
    expiresAt: Date,
  ): Promise<void> {
    await manager.update(MerchantRefreshToken, { id: presented.id }, { rotatedAt: now });
    await manager.insert(MerchantRefreshToken, successor);
    await manager.update(MerchantSession, { id: presented.sessionId }, { expiresAt });
  }

  /** Ends a session if it is still open; true when it was. */
  async revokeSession(
    manager: EntityManager,
    id: string,
    reason: MerchantSessionEndReason,
    now: Date,
  ): Promise<boolean> {
    const result = await manager.update(
      MerchantSession,
      { id, revokedAt: IsNull() },
      { revokedAt: now, revokedReason: reason },
    );
    return (result.affected ?? 0) > 0;
  }

  /**
   * The session, its membership and user, when the session is open, unexpired and its
   * membership ACTIVE: one indexed join, run on every merchant request.
   */
  async activeSession(manager: EntityManager, sessionId: string, now: Date): Promise<ActiveMerchantSession | null> {
    const row = await one(executorOn(manager), SQL.activeMerchantSession, { sessionId, now });
    return row === null
      ? null
      : ({
          userId: row.user_id,
          email: row.email,
          merchantId: row.merchant_id,
          membershipId: row.membership_id,
          role: oneOf(MERCHANT_ROLES, row.role, 'merchant_memberships.role'),
        } satisfies ActiveMerchantSession);
  }

  async insertInvitation(manager: EntityManager, invitation: MerchantInvitation): Promise<void> {
    await manager.insert(MerchantInvitation, invitation);
  }

  lockInvitationByTokenHash(manager: EntityManager, tokenHash: string): Promise<MerchantInvitation | null> {
    return manager.findOne(MerchantInvitation, { where: { tokenHash }, lock: { mode: 'pessimistic_write' } });
  }

  async markInvitationAccepted(manager: EntityManager, id: string, now: Date): Promise<void> {
    await manager.update(MerchantInvitation, { id }, { status: 'ACCEPTED', acceptedAt: now });
  }

  /** The merchant's active members, the OWNER first, then by the date they joined. */
  async teamMembers(manager: EntityManager, merchantId: string, membershipId?: string): Promise<TeamMemberRow[]> {
    const rows = await run(executorOn(manager), SQL.teamMembers, { merchantId, membershipId: membershipId ?? null });
    return rows.map(
      (row) =>
        ({
          membershipId: row.id,
          userId: row.user_id,
          email: row.email,
          name: row.name,
          role: oneOf(MERCHANT_ROLES, row.role, 'merchant_memberships.role'),
          joinedAt: row.created_at,
        }) satisfies TeamMemberRow,
    );
  }

  /** Active memberships of the merchant among `ids`, locked, in id order (one lock order for every writer). */
  lockActiveMemberships(manager: EntityManager, merchantId: string, ids: string[]): Promise<MerchantMembership[]> {
    return manager.find(MerchantMembership, {
      where: { id: In([...new Set(ids)]), merchantId, status: 'ACTIVE' },
      order: { id: 'ASC' },
      lock: { mode: 'pessimistic_write' },
    });
  }

  async setMembershipRole(manager: EntityManager, id: string, role: MerchantRole): Promise<void> {
    await manager.update(MerchantMembership, { id }, { role });
  }

  /** Revokes the membership and ends every open session on it; answers how many sessions ended. */
  async revokeMembership(manager: EntityManager, id: string, now: Date): Promise<number> {
    await manager.update(MerchantMembership, { id }, { status: 'REVOKED', revokedAt: now });
    const ended = await manager.update(
      MerchantSession,
      { membershipId: id, revokedAt: IsNull() },
      { revokedAt: now, revokedReason: 'MEMBERSHIP_ENDED' },
    );
    return ended.affected ?? 0;
  }

  /** Ends every open session in the merchant; answers how many. */
  async endMerchantSessions(manager: EntityManager, merchantId: string, now: Date): Promise<number> {
    const result = await manager.update(
      MerchantSession,
      { merchantId, revokedAt: IsNull() },
      { revokedAt: now, revokedReason: 'MERCHANT_REJECTED' },
    );
    return result.affected ?? 0;
  }

  async hasActiveMemberWithEmail(manager: EntityManager, merchantId: string, email: string): Promise<boolean> {
    return (await one(executorOn(manager), SQL.activeMemberWithEmail, { merchantId, email })) !== null;
  }

  pendingInvitationFor(manager: EntityManager, merchantId: string, email: string): Promise<MerchantInvitation | null> {
    return manager.findOne(MerchantInvitation, { where: { merchantId, email, status: 'PENDING' } });
  }

  /** The merchant's pending invitations (expired ones too: they can be resent), newest first. */
  pendingInvitations(manager: EntityManager, merchantId: string): Promise<MerchantInvitation[]> {
    return manager.find(MerchantInvitation, {
      where: { merchantId, status: 'PENDING' },
      order: { createdAt: 'DESC', id: 'DESC' },
    });
  }

  lockInvitation(manager: EntityManager, merchantId: string, id: string): Promise<MerchantInvitation | null> {
    return manager.findOne(MerchantInvitation, { where: { id, merchantId }, lock: { mode: 'pessimistic_write' } });
  }

  async renewInvitation(
    manager: EntityManager,
    id: string,
    tokenHash: string,
    expiresAt: Date,
    now: Date,
  ): Promise<void> {
    await manager.update(MerchantInvitation, { id }, { tokenHash, expiresAt, resentAt: now });
  }

  async revokeInvitation(manager: EntityManager, id: string, now: Date): Promise<void> {
    await manager.update(MerchantInvitation, { id }, { status: 'REVOKED', revokedAt: now });
  }
}
