import { Injectable } from '@nestjs/common';
import { EntityManager, IsNull, MoreThan } from 'typeorm';
import type { ActiveSession } from '../../platform/auth/session-verifier';
import { DeviceSession, SessionRevocationReason } from './device-session.entity';
import { RefreshToken } from './refresh-token.entity';
import { USER_ROLES } from '../../platform/auth/principal';
import { oneOf } from '../../platform/database/column-values';
import { sqlStatements } from '../../platform/database/sql-query';
import { executorOn, run } from '../../platform/database/statement-executor';
import * as deviceSessions from './sql/device-sessions.queries';

const SQL = sqlStatements('identity', deviceSessions);

/** Named queries on `device_sessions` and their `refresh_tokens`. */
@Injectable()
export class DeviceSessionRepository {
  async insert(manager: EntityManager, session: DeviceSession, refreshToken: RefreshToken): Promise<void> {
    await manager.insert(DeviceSession, session);
    await manager.insert(RefreshToken, refreshToken);
  }

  findOwnedBy(manager: EntityManager, id: string, userId: string): Promise<DeviceSession | null> {
    return manager.findOneBy(DeviceSession, { id, userId });
  }

  /** The refresh token with this hash, row-locked, so concurrent refreshes of one token queue up. */
  lockRefreshToken(manager: EntityManager, tokenHash: string): Promise<RefreshToken | null> {
    return manager.findOne(RefreshToken, { where: { tokenHash }, lock: { mode: 'pessimistic_write' } });
  }

  lockById(manager: EntityManager, id: string): Promise<DeviceSession | null> {
    return manager.findOne(DeviceSession, { where: { id }, lock: { mode: 'pessimistic_write' } });
  }

  /** Retires the presented refresh token, stores its successor and extends the session. */
  async rotate(
    manager: EntityManager,
    presented: RefreshToken,
    successor: RefreshToken,
    now: Date,
    expiresAt: Date,
  ): Promise<void> {
    await manager.update(RefreshToken, { id: presented.id }, { rotatedAt: now });
    await manager.insert(RefreshToken, successor);
    await manager.update(DeviceSession, { id: presented.sessionId }, { lastSeenAt: now, expiresAt });
  }

  /** Revokes the user's session if it is still active; says whether it did. */
  async revoke(
    manager: EntityManager,
    id: string,
    userId: string,
    reason: SessionRevocationReason,
    now: Date,
  ): Promise<boolean> {
    const result = await manager.update(
      DeviceSession,
      { id, userId, revokedAt: IsNull() },
      { revokedAt: now, revokedReason: reason },
    );
    return (result.affected ?? 0) > 0;
  }

  /** Revokes every active session of the user (a deactivation); returns the ids it revoked. */
  async revokeAll(
    manager: EntityManager,
    userId: string,
    reason: SessionRevocationReason,
    now: Date,
  ): Promise<string[]> {
    const rows = await run(executorOn(manager), SQL.revokeSessions, { userId, now, reason });
    return rows.map((row) => row.id);
  }

  /** Revokes every active session of the user but one; returns the ids it revoked. */
  async revokeAllBut(
    manager: EntityManager,
    userId: string,
    keepSessionId: string,
    reason: SessionRevocationReason,
    now: Date,
  ): Promise<string[]> {
    const rows = await run(executorOn(manager), SQL.revokeSessionsBut, { userId, keepSessionId, now, reason });
    return rows.map((row) => row.id);
  }

  /** The user's active sessions, most recently seen first. */
  listActive(manager: EntityManager, userId: string, now: Date, limit: number): Promise<DeviceSession[]> {
    return manager.find(DeviceSession, {
      where: { userId, revokedAt: IsNull(), expiresAt: MoreThan(now) },
      order: { lastSeenAt: 'DESC', id: 'DESC' },
      take: limit,
    });
  }

  async activeIdsOf(manager: EntityManager, userId: string): Promise<string[]> {
    const rows = await run(executorOn(manager), SQL.activeSessionIds, { userId });
    return rows.map((row) => row.id);
  }

  /**
   * The bearer guard's check, in one round trip: the session is active and its user active,
   * and it is marked seen now. Returns the user and their current role.
   */
  async touchActive(manager: EntityManager, id: string, now: Date): Promise<ActiveSession | null> {
    const [row] = await run(executorOn(manager), SQL.touchActiveSession, { id, now });
    return row ? { userId: row.user_id, role: oneOf(USER_ROLES, row.role, 'users.role') } : null;
  }
}
