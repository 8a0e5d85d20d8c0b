import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import type { UserRole } from '../../platform/auth/principal';
import { KycTier, User, UserStatus } from './user.entity';
import { defineEntityRead, readEntity } from '../../platform/database/prepared-entity-read';
import { defineStatement } from '../../platform/database/prepared-statement';
import { executorOn, run } from '../../platform/database/statement-executor';

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

/** The worker reads the customer of every payment notification. */
const BY_ID = defineEntityRead<User, [id: string]>('users.find-by-id', User, 'id = $1');

const COUNT_PIN_ATTEMPT = defineStatement<
  { id: string; pin_hash: string; status: UserStatus; locked_until: Date | null },
  [phone: string, now: Date, lockUntil: Date, maxAttempts: number]
>(
  'users.count-pin-attempt',
  `WITH counted AS (
     UPDATE users
        SET failed_pin_attempts = CASE WHEN locked_until IS NULL THEN failed_pin_attempts + 1 ELSE 1 END,
            locked_until = CASE
              WHEN (CASE WHEN locked_until IS NULL THEN failed_pin_attempts + 1 ELSE 1 END) >= $4 THEN $3::timestamptz
              ELSE NULL
            END
      WHERE phone = $1 AND pin_hash IS NOT NULL AND (locked_until IS NULL OR locked_until <= $2)
      RETURNING id, pin_hash, status, locked_until
   )
   SELECT id, pin_hash, status, locked_until FROM counted`,
);

const LOCKED_UNTIL = defineStatement<{ locked_until: Date }, [phone: string, now: Date]>(
  'users.locked-until',
  `SELECT locked_until FROM users WHERE phone = $1 AND pin_hash IS NOT NULL AND locked_until > $2`,
);

/** Named queries on `users`. Every method runs on the manager it is given (a transaction's, usually). */
@Injectable()
export class UserRepository {
  findById(manager: EntityManager, id: string): Promise<User | null> {
    return readEntity(executorOn(manager), BY_ID, [id]);
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
    const rows = await run(executor, COUNT_PIN_ATTEMPT, [phone, now, lockUntil, maxAttempts]);
    const row = rows[0];
    if (row) {
      return {
        kind: 'counted',
        userId: row.id,
        pinHash: row.pin_hash,
        status: row.status,
        lockedUntil: row.locked_until,
      };
    }
    const locked = await run(executor, LOCKED_UNTIL, [phone, now]);
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
