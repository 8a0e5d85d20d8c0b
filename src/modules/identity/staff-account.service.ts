import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { UserRole } from '../../platform/auth/principal';
import { Clock } from '../../platform/clock/clock';
import { OutboxWriter } from '../../platform/outbox/outbox.writer';
import { IdentityEvents } from './identity.events';
import { PasswordHasher } from '../../platform/crypto/password-hasher';
import { pinWeakness } from './pin-policy';
import { SessionCache } from './session-cache';
import { newUser, User } from './user.entity';
import { UserRepository } from './user.repository';

/** Refused operator input, reported by the command-line task. */
export class StaffAccountError extends Error {}

/**
 * Roles are granted here and only here, by the `admin` command-line task (no endpoint can):
 * creating the first admin, and moving an existing user to any role.
 */
@Injectable()
export class StaffAccountService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly users: UserRepository,
    private readonly pins: PasswordHasher,
    private readonly cache: SessionCache,
    private readonly outbox: OutboxWriter,
    private readonly clock: Clock,
  ) {}

  /** Creates an ADMIN with a verified phone number and a PIN; refuses a number already registered. */
  async createAdmin(phone: string, pin: string): Promise<User> {
    const weakness = pinWeakness(pin, phone);
    if (weakness) throw new StaffAccountError(`the PIN ${weakness}`);
    const now = this.clock.now();
    const admin = newUser({ phone, role: 'ADMIN', now, pinHash: await this.pins.hash(pin) });
    await this.dataSource.transaction(async (manager) => {
      if (!(await this.users.insertIfPhoneFree(manager, admin))) {
        throw new StaffAccountError(`${phone} is already registered; promote it instead`);
      }
      await this.outbox.write(manager, IdentityEvents.userRegistered(admin));
    });
    return admin;
  }

  /** Gives the user with this number a role; their signed-in devices get it on their next request. */
  async assignRole(phone: string, role: UserRole): Promise<{ user: User; previousRole: UserRole }> {
    const now = this.clock.now();
    const result = await this.dataSource.transaction(async (manager) => {
      const user = await this.users.lockByPhone(manager, phone);
      if (!user) throw new StaffAccountError(`no user has the phone number ${phone}`);
      const previousRole = user.role;
      if (previousRole !== role) {
        await this.users.setRole(manager, user.id, role, now);
        await this.outbox.write(manager, IdentityEvents.roleChanged(user.id, previousRole, role));
      }
      return { user: Object.assign(user, { role }), previousRole };
    });
    await this.cache.userChanged(result.user.id);
    return result;
  }
}
