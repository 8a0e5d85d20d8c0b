import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { AdminAuditWriter } from '../../platform/audit/admin-audit.writer';
import { USER_ROLES, UserPrincipal, UserRole } from '../../platform/auth/principal';
import { Clock } from '../../platform/clock/clock';
import { oneOf } from '../../platform/database/column-values';
import { sqlStatements } from '../../platform/database/sql-query';
import { executorOn, one, run } from '../../platform/database/statement-executor';
import { Page, toPage } from '../../platform/http/pagination';
import { OutboxWriter } from '../../platform/outbox/outbox.writer';
import { IdentityError } from './identity.errors';
import { IdentityEvents } from './identity.events';
import { DeviceSessionRepository } from './device-session.repository';
import { SessionCache } from './session-cache';
import { UserRepository } from './user.repository';
import * as users from './sql/users.queries';
import { KYC_TIERS, KycTier, User, USER_STATUSES } from './user.entity';

/** How the admin list shows a user's state: LOCKED while a PIN lock runs. */
export const ADMIN_USER_STATUSES = ['ACTIVE', 'LOCKED', 'DEACTIVATED'] as const;
export type AdminUserStatus = (typeof ADMIN_USER_STATUSES)[number];

export interface AdminUserFilter {
  role: UserRole | null;
  status: AdminUserStatus | null;
  kycTier: KycTier | null;
  /** Part of the phone number (digits) or of the display name. */
  q: string | null;
}

/** A user as the admin list shows them: no PIN hash, no tokens. */
export interface AdminUserView {
  id: string;
  phone: string;
  role: UserRole;
  status: AdminUserStatus;
  kycTier: KycTier;
  displayName: string | null;
  email: string | null;
  lockedUntil: Date | null;
  createdAt: Date;
  deactivatedAt: Date | null;
  /** The most recent use of any of the user's sessions; null if never signed in. */
  lastSeenAt: Date | null;
}

const SQL = sqlStatements('identity', users);

/**
 * Operations' administration of users: the list, role changes and deactivation. Every write is
 * audited and evented in its transaction; the user's sessions learn of it on their next request
 * (the session cache is dropped after the commit, on every API process through Redis).
 */
@Injectable()
export class AdminUsersService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly cache: SessionCache,
    private readonly users: UserRepository,
    private readonly sessions: DeviceSessionRepository,
    private readonly outbox: OutboxWriter,
    private readonly audit: AdminAuditWriter,
    private readonly clock: Clock,
  ) {}

  async list(filter: AdminUserFilter, query: { page: number; size: number }): Promise<Page<AdminUserView>> {
    const now = this.clock.now();
    const digits = filter.q?.replace(/\D/g, '') ?? '';
    const filters = { role: filter.role, status: filter.status, kycTier: filter.kycTier, q: filter.q, now, digits };
    const executor = executorOn(this.dataSource.manager);
    const rows = await run(executor, SQL.adminUserPage, {
      ...filters,
      limit: query.size,
      offset: query.page * query.size,
    });
    // A page past the end has no row to carry the window count: count apart.
    const total = Number(
      rows.length > 0 ? rows[0].total : ((await one(executor, SQL.adminUserCount, filters))?.total ?? 0),
    );
    return toPage(
      rows.map((row) => toView(row, now)),
      total,
      query,
    );
  }

  /** 204; 409 OWN_ROLE_CHANGE for the caller's own account, 409 LAST_ADMIN for the last active ADMIN. */
  async changeRole(actor: UserPrincipal, userId: string, role: UserRole): Promise<void> {
    if (actor.userId === userId) throw IdentityError.ownRoleChange('change the role of');
    const changed = await this.dataSource.transaction(async (manager) => {
      await run(executorOn(manager), SQL.lockAdminRoles, undefined);
      const user = await this.lockUser(manager, userId);
      if (user.role === role) return false;
      if (user.role === 'ADMIN' && user.status === 'ACTIVE') await this.refuseLastAdmin(manager);
      const now = this.clock.now();
      await this.users.setRole(manager, userId, role, now);
      await this.outbox.write(manager, IdentityEvents.roleChanged(userId, user.role, role));
      await this.audit.record(manager, {
        actorUserId: actor.userId,
        action: 'user.role_changed',
        entityType: 'user',
        entityId: userId,
        before: { role: user.role },
        after: { role },
      });
      return true;
    });
    if (changed) await this.cache.userChanged(userId);
  }

  /**
   * 204, also when already deactivated (nothing more happens). Ends every session of the user
   * (their access tokens stop on the next request; refresh tokens stop too) and writes
   * `user.deactivated`, on which the schedules context pauses their schedules.
   */
  async deactivate(actor: UserPrincipal, userId: string): Promise<void> {
    if (actor.userId === userId) throw IdentityError.ownRoleChange('deactivate');
    const revoked = await this.dataSource.transaction(async (manager) => {
      await run(executorOn(manager), SQL.lockAdminRoles, undefined);
      const user = await this.lockUser(manager, userId);
      if (user.status === 'DEACTIVATED') return null;
      if (user.role === 'ADMIN') await this.refuseLastAdmin(manager);
      const now = this.clock.now();
      await this.users.deactivate(manager, userId, now);
      const ids = await this.sessions.revokeAll(manager, userId, 'DEACTIVATED', now);
      await this.outbox.write(manager, IdentityEvents.userDeactivated(userId, actor.userId, now));
      await this.audit.record(manager, {
        actorUserId: actor.userId,
        action: 'user.deactivated',
        entityType: 'user',
        entityId: userId,
        before: { status: user.status },
        after: { status: 'DEACTIVATED', revokedSessions: ids.length },
      });
      return ids;
    });
    if (revoked) await this.cache.revoked(revoked);
  }

  private async lockUser(manager: EntityManager, userId: string): Promise<User> {
    const user = await this.users.lockById(manager, userId);
    if (!user) throw IdentityError.userNotFound();
    return user;
  }

  /** Under ADMIN_ROLES_LOCK: refuses when this user is the only active ADMIN. */
  private async refuseLastAdmin(manager: EntityManager): Promise<void> {
    const row = await one(executorOn(manager), SQL.countActiveAdmins, undefined);
    if (row === null || row.admins <= 1) throw IdentityError.lastAdmin();
  }
}

function toView(row: users.AdminUserPageResult, now: Date): AdminUserView {
  const status = oneOf(USER_STATUSES, row.status, 'users.status');
  const locked = status === 'ACTIVE' && row.locked_until !== null && row.locked_until.getTime() > now.getTime();
  return {
    id: row.id,
    phone: row.phone,
    role: oneOf(USER_ROLES, row.role, 'users.role'),
    status: status === 'DEACTIVATED' ? 'DEACTIVATED' : locked ? 'LOCKED' : 'ACTIVE',
    kycTier: oneOf(KYC_TIERS, row.kyc_tier, 'users.kyc_tier'),
    displayName: row.display_name,
    email: row.email,
    lockedUntil: row.locked_until,
    createdAt: row.created_at,
    deactivatedAt: row.deactivated_at,
    lastSeenAt: row.last_seen_at,
  };
}
