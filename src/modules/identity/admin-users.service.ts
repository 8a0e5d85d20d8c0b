import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { AdminAuditWriter } from '../../platform/audit/admin-audit.writer';
import type { UserPrincipal, UserRole } from '../../platform/auth/principal';
import { Clock } from '../../platform/clock/clock';
import { Page, toPage } from '../../platform/http/pagination';
import { OutboxWriter } from '../../platform/outbox/outbox.writer';
import { IdentityError } from './identity.errors';
import { IdentityEvents } from './identity.events';
import { DeviceSessionRepository } from './device-session.repository';
import { SessionCache } from './session-cache';
import { UserRepository } from './user.repository';
import type { KycTier, User } from './user.entity';

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

type Row = {
  id: string;
  phone: string;
  role: UserRole;
  status: 'ACTIVE' | 'DEACTIVATED';
  kyc_tier: KycTier;
  display_name: string | null;
  email: string | null;
  locked_until: Date | null;
  created_at: Date;
  deactivated_at: Date | null;
  last_seen_at: Date | null;
  total: string;
};

/**
 * The list's filters: $1 role, $2 shown status, $3 KYC tier, $4 the text searched (names, with
 * LIKE's wildcards escaped), $5 now (a lock still running), $6 the digits of the text (phones).
 */
const LIST_FILTER = `($1::text IS NULL OR u.role = $1)
  AND ($2::text IS NULL
       OR ($2 = 'DEACTIVATED' AND u.status = 'DEACTIVATED')
       OR ($2 = 'LOCKED' AND u.status = 'ACTIVE' AND u.locked_until > $5)
       OR ($2 = 'ACTIVE' AND u.status = 'ACTIVE' AND (u.locked_until IS NULL OR u.locked_until <= $5)))
  AND ($3::text IS NULL OR u.kyc_tier = $3)
  AND ($4::text IS NULL
       OR ($6 <> '' AND u.phone LIKE '%' || $6 || '%')
       OR u.display_name ILIKE '%' || replace(replace(replace($4, '\\', '\\\\'), '%', '\\%'), '_', '\\_') || '%')`;

/** Serializes the changes that could remove the last active ADMIN. */
const ADMIN_ROLES_LOCK = `SELECT pg_advisory_xact_lock(hashtextextended('identity:admin-roles', 0))`;

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
    const parameters = [filter.role, filter.status, filter.kycTier, filter.q, now, digits];
    const rows = (await this.dataSource.manager.query(
      `SELECT u.id, u.phone, u.role, u.status, u.kyc_tier, u.display_name, u.email, u.locked_until, u.created_at,
              u.deactivated_at,
              (SELECT max(s.last_seen_at) FROM device_sessions s WHERE s.user_id = u.id) AS last_seen_at,
              count(*) OVER () AS total
         FROM users u
        WHERE ${LIST_FILTER}
        ORDER BY u.created_at DESC, u.id DESC
        LIMIT $7 OFFSET $8`,
      [...parameters, query.size, query.page * query.size],
    )) as Row[];
    // A page past the end has no row to carry the window count: count apart.
    const total =
      rows.length > 0
        ? Number(rows[0].total)
        : Number(
            (
              (await this.dataSource.manager.query(
                `SELECT count(*) AS total FROM users u WHERE ${LIST_FILTER}`,
                parameters,
              )) as { total: string }[]
            )[0].total,
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
      await manager.query(ADMIN_ROLES_LOCK);
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
      await manager.query(ADMIN_ROLES_LOCK);
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
    const [row] = (await manager.query(
      `SELECT count(*)::int AS admins FROM users WHERE role = 'ADMIN' AND status = 'ACTIVE'`,
    )) as { admins: number }[];
    if (row.admins <= 1) throw IdentityError.lastAdmin();
  }
}

function toView(row: Row, now: Date): AdminUserView {
  const locked = row.status === 'ACTIVE' && row.locked_until !== null && row.locked_until.getTime() > now.getTime();
  return {
    id: row.id,
    phone: row.phone,
    role: row.role,
    status: row.status === 'DEACTIVATED' ? 'DEACTIVATED' : locked ? 'LOCKED' : 'ACTIVE',
    kycTier: row.kyc_tier,
    displayName: row.display_name,
    email: row.email,
    lockedUntil: row.locked_until,
    createdAt: row.created_at,
    deactivatedAt: row.deactivated_at,
    lastSeenAt: row.last_seen_at,
  };
}
