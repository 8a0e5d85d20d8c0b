import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { USER_ROLES, UserRole } from '../../platform/auth/principal';
import { oneOf } from '../../platform/database/column-values';
import { sqlStatements } from '../../platform/database/sql-query';
import { executorOn, one, run } from '../../platform/database/statement-executor';
import * as users from './sql/users.queries';
import { KYC_TIERS, KycTier, LANGUAGES, User, USER_STATUSES, UserStatus } from './user.entity';

/** The outcome of counting a login attempt before its PIN is checked. */
export type PinAttempt =
  | { kind: 'unknown' }
  | { kind: 'locked'; lockedUntil: Date }
  | { kind: 'counted'; userId: string; pinHash: string; status: UserStatus; lockedUntil: Date | null };

export interface ProfileChanges {
  displayName?: string | null;
  email?: string | null;
  emailVerified?: boolean;
  language?: string;
}

const SQL = sqlStatements('identity', users);

/** Named queries on `users`. Every method runs on the manager it is given (a transaction's, usually). */
@Injectable()
export class UserRepository {
  /** Prepared: the worker reads the customer of every payment notification. */
  async findById(manager: EntityManager, id: string): Promise<User | null> {
    const row = await one(executorOn(manager), SQL.findUserById, { id });
    return row === null ? null : toUser(row);
  }

  findByPhone(manager: EntityManager, phone: string): Promise<User | null> {
    return manager.findOneBy(User, { phone });
  }

  /** Reads and row-locks the user until the transaction ends. */
  lockById(manager: EntityManager, id: string): Promise<User | null> {
    return manager.findOne(User, { where: { id }, lock: { mode: 'pessimistic_write' } });
  }

  lockByPhone(manager: EntityManager, phone: string): Promise<User | null> {
    return manager.findOne(User, { where: { phone }, lock: { mode: 'pessimistic_write' } });
  }

  /** Inserts the user unless the phone number is taken; says whether it did. */
  async insertIfPhoneFree(manager: EntityManager, user: User): Promise<boolean> {
    const result = await manager
      .createQueryBuilder()
      .insert()
      .into(User)
      .values(user)
      .orIgnore()
      .returning('id')
      .execute();
    return (result.raw as unknown[]).length > 0;
  }

  /**
   * Counts a login attempt before the PIN is checked, in one statement: parallel guesses are
   * each counted, so they cannot exceed the limit. The attempt that reaches `maxAttempts` sets
   * the lock; an expired lock restarts the count. A correct PIN then clears it all.
   */
  async countPinAttempt(
    manager: EntityManager,
    phone: string,
    now: Date,
    lockUntil: Date,
    maxAttempts: number,
  ): Promise<PinAttempt> {
    const executor = executorOn(manager);
    const rows = await run(executor, SQL.countPinAttempt, { phone, now, lockUntil, maxAttempts });
    const row = rows[0];
    if (row) {
      return {
        kind: 'counted',
        userId: row.id,
        pinHash: row.pin_hash,
        status: oneOf(USER_STATUSES, row.status, 'users.status'),
        lockedUntil: row.locked_until,
      };
    }
    const locked = await run(executor, SQL.lockedUntil, { phone, now });
    return locked[0] ? { kind: 'locked', lockedUntil: locked[0].locked_until } : { kind: 'unknown' };
  }

  async clearPinFailures(manager: EntityManager, id: string): Promise<void> {
    await manager.update(User, { id }, { failedPinAttempts: 0, lockedUntil: null });
  }

  async setPin(manager: EntityManager, id: string, pinHash: string, now: Date): Promise<void> {
    await manager.update(
      User,
      { id },
      { pinHash, pinSetAt: now, failedPinAttempts: 0, lockedUntil: null, updatedAt: now },
    );
  }

  async setKycTier(manager: EntityManager, id: string, tier: KycTier, now: Date): Promise<void> {
    await manager.update(User, { id }, { kycTier: tier, updatedAt: now });
  }

  async setRole(manager: EntityManager, id: string, role: UserRole, now: Date): Promise<void> {
    await manager.update(User, { id }, { role, updatedAt: now });
  }

  async deactivate(manager: EntityManager, id: string, now: Date): Promise<void> {
    await manager.update(User, { id }, { status: 'DEACTIVATED', deactivatedAt: now, updatedAt: now });
  }

  async updateProfile(manager: EntityManager, id: string, changes: ProfileChanges, now: Date): Promise<void> {
    await manager.update(User, { id }, { ...changes, updatedAt: now } as Partial<User>);
  }
}

function toUser(row: users.FindUserByIdResult): User {
  return Object.assign(new User(), {
    id: row.id,
    phone: row.phone,
    role: oneOf(USER_ROLES, row.role, 'users.role'),
    status: oneOf(USER_STATUSES, row.status, 'users.status'),
    kycTier: oneOf(KYC_TIERS, row.kyc_tier, 'users.kyc_tier'),
    pinHash: row.pin_hash,
    pinSetAt: row.pin_set_at,
    failedPinAttempts: row.failed_pin_attempts,
    lockedUntil: row.locked_until,
    displayName: row.display_name,
    email: row.email,
    emailVerified: row.email_verified,
    language: oneOf(LANGUAGES, row.language, 'users.language'),
    phoneVerifiedAt: row.phone_verified_at,
    createdAt: row.created_at,
    deactivatedAt: row.deactivated_at,
    updatedAt: row.updated_at,
  } satisfies User);
}
