import { Injectable } from '@nestjs/common';
import { EntityManager, IsNull } from 'typeorm';
import type { MerchantRole } from '../../platform/auth/principal';
import type { ActiveMerchantSession } from '../../platform/auth/merchant-credentials';
import {
  MerchantInvitation,
  MerchantMembership,
  MerchantRefreshToken,
  MerchantSession,
  MerchantSessionEndReason,
  MerchantUser,
} from './merchant-identity.entities';

/** The merchant-identity context's named queries. */
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
    const rows = await manager.query<
      { user_id: string; email: string; merchant_id: string; membership_id: string; role: MerchantRole }[]
    >(
      `SELECT s.user_id, u.email, s.merchant_id, s.membership_id, m.role
         FROM merchant_sessions s
         JOIN merchant_memberships m ON m.id = s.membership_id AND m.status = 'ACTIVE'
         JOIN merchant_users u ON u.id = s.user_id
        WHERE s.id = $1 AND s.revoked_at IS NULL AND s.expires_at > $2`,
      [sessionId, now],
    );
    const row = rows[0];
    return row
      ? {
          userId: row.user_id,
          email: row.email,
          merchantId: row.merchant_id,
          membershipId: row.membership_id,
          role: row.role,
        }
      : null;
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
}
