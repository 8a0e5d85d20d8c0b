import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Clock } from '../../platform/clock/clock';
import { OutboxWriter } from '../../platform/outbox/outbox.writer';
import { DeviceInfo, DeviceSessionService } from './device-session.service';
import { IdentityError } from './identity.errors';
import { IdentityEvents } from './identity.events';
import { PasswordHasher } from '../../platform/crypto/password-hasher';
import { VerifiedUser } from './registration.service';
import { UserRepository } from './user.repository';
import { IdentityConfig } from './identity.config';

/**
 * Login with phone number and PIN.
 *
 * Each attempt is counted before the PIN is checked (see UserRepository.countPinAttempt), so
 * PIN_MAX_FAILED_ATTEMPTS wrong PINs in a row lock the account for PIN_LOCKOUT_SECONDS even
 * when guessed in parallel; a correct PIN clears the count. An unknown number, a number without
 * a PIN and a wrong PIN all answer 401 `INVALID_CREDENTIALS` after one bcrypt comparison each.
 * No database connection is held while bcrypt runs.
 */
@Injectable()
export class LoginService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly users: UserRepository,
    private readonly deviceSessions: DeviceSessionService,
    private readonly pins: PasswordHasher,
    private readonly outbox: OutboxWriter,
    private readonly config: IdentityConfig,
    private readonly clock: Clock,
  ) {}

  async login(phone: string, pin: string, device: DeviceInfo): Promise<VerifiedUser> {
    const now = this.clock.now();
    const lockUntil = new Date(now.getTime() + this.config.PIN_LOCKOUT_SECONDS * 1000);
    const attempt = await this.users.countPinAttempt(
      this.dataSource.manager,
      phone,
      now,
      lockUntil,
      this.config.PIN_MAX_FAILED_ATTEMPTS,
    );
    if (attempt.kind === 'unknown') {
      await this.pins.compareWithDecoy(pin);
      throw IdentityError.invalidCredentials();
    }
    if (attempt.kind === 'locked') throw IdentityError.accountLocked(secondsUntil(attempt.lockedUntil, now));

    if (!(await this.pins.matches(pin, attempt.pinHash))) {
      const lockedUntil = attempt.lockedUntil;
      if (!lockedUntil) throw IdentityError.invalidCredentials();
      // This wrong PIN was the last one allowed: the lock set while counting it stands.
      await this.dataSource.transaction((manager) =>
        this.outbox.write(manager, IdentityEvents.userLocked(attempt.userId, lockedUntil)),
      );
      throw IdentityError.accountLocked(secondsUntil(lockedUntil, now));
    }

    const outcome = await this.dataSource.transaction(async (manager) => {
      await this.users.clearPinFailures(manager, attempt.userId);
      const user = await this.users.findById(manager, attempt.userId);
      if (!user || user.status !== 'ACTIVE') return { kind: 'deactivated' } as const;
      const opened = await this.deviceSessions.open(manager, user.id, 'PIN', device, now);
      return { kind: 'opened', user, opened } as const;
    });
    if (outcome.kind === 'deactivated') throw IdentityError.accountDeactivated();
    return { user: outcome.user, ...this.deviceSessions.withAccessToken(outcome.opened) };
  }
}

function secondsUntil(until: Date, now: Date): number {
  return Math.ceil((until.getTime() - now.getTime()) / 1000);
}
