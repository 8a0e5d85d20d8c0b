import { Injectable, Logger } from '@nestjs/common';
import { randomInt } from 'node:crypto';
import { DataSource } from 'typeorm';
import type { UserPrincipal } from '../../platform/auth/principal';
import { Clock } from '../../platform/clock/clock';
import { KeyedHash } from '../../platform/crypto/keyed-hash';
import { ApiException } from '../../platform/http/api-error';
import { MessageSender } from '../../platform/messaging/message-sender';
import { OutboxWriter } from '../../platform/outbox/outbox.writer';
import { DeviceInfo, DeviceSessionService, IssuedTokens } from './device-session.service';
import { DeviceSessionRepository } from './device-session.repository';
import { IdentityError } from './identity.errors';
import { IdentityEvents } from './identity.events';
import { OtpChallenge } from './otp-challenge.entity';
import { OtpChallengeRepository } from './otp-challenge.repository';
import { PasswordHasher } from '../../platform/crypto/password-hasher';
import { pinWeakness } from './pin-policy';
import { SessionCache } from './session-cache';
import { newUser, User } from './user.entity';
import { UserRepository } from './user.repository';
import { IdentityConfig } from './identity.config';

const OTP_PURPOSE = 'otp';

export interface VerifiedUser extends IssuedTokens {
  user: User;
}

/**
 * Registration by phone: an OTP is sent (whether or not the number already has an account, so
 * the answer reveals nothing), verifying it opens a session (creating the account the first
 * time), and that session may then set the PIN.
 */
@Injectable()
export class RegistrationService {
  private readonly logger = new Logger(RegistrationService.name);

  constructor(
    private readonly dataSource: DataSource,
    private readonly users: UserRepository,
    private readonly challenges: OtpChallengeRepository,
    private readonly sessions: DeviceSessionRepository,
    private readonly deviceSessions: DeviceSessionService,
    private readonly cache: SessionCache,
    private readonly pins: PasswordHasher,
    private readonly messages: MessageSender,
    private readonly keyedHash: KeyedHash,
    private readonly outbox: OutboxWriter,
    private readonly config: IdentityConfig,
    private readonly clock: Clock,
  ) {}

  /**
   * Issues a fresh six-digit OTP to the number, replacing any earlier one. Known and unknown
   * numbers take the same path. The SMS goes out after the challenge is stored and is not an
   * outbox event: the customer is waiting for it, and if it is lost they simply ask again.
   */
  async register(phone: string): Promise<void> {
    const now = this.clock.now();
    const code = randomInt(0, 1_000_000).toString().padStart(6, '0');
    const challenge = Object.assign(new OtpChallenge(), {
      phone,
      codeHash: this.keyedHash.digest(OTP_PURPOSE, `${phone}:${code}`),
      attempts: 0,
      expiresAt: new Date(now.getTime() + this.config.OTP_TTL_SECONDS * 1000),
      createdAt: now,
    });
    await this.challenges.replace(this.dataSource.manager, challenge);
    const minutes = Math.round(this.config.OTP_TTL_SECONDS / 60);
    try {
      await this.messages.send({
        channel: 'SMS',
        to: phone,
        body: `Your verification code is ${code}. It expires in ${minutes} minutes. Never share it with anyone.`,
      });
    } catch (error) {
      this.logger.error(`OTP SMS not sent: ${error instanceof Error ? error.message : String(error)}`);
      throw new ApiException('SERVICE_UNAVAILABLE', 'The verification code could not be sent; try again shortly', [
        { field: 'sms', message: 'not sent' },
      ]);
    }
  }

  /**
   * Checks the OTP. Wrong: 401 `OTP_INVALID`, and the try is counted. Expired, or tries used
   * up: 410 `OTP_EXPIRED`. Right: the challenge is consumed, the account created if new, and a
   * session opened whose token may set the PIN.
   */
  async verify(phone: string, code: string, device: DeviceInfo): Promise<VerifiedUser> {
    const now = this.clock.now();
    const outcome = await this.dataSource.transaction(async (manager) => {
      const challenge = await this.challenges.lockByPhone(manager, phone);
      if (!challenge) return { kind: 'invalid' } as const;
      if (challenge.expiresAt <= now || challenge.attempts >= this.config.OTP_MAX_ATTEMPTS) {
        return { kind: 'expired' } as const;
      }
      if (!this.keyedHash.matches(OTP_PURPOSE, `${phone}:${code}`, challenge.codeHash)) {
        await this.challenges.recordWrongCode(manager, phone);
        return { kind: 'invalid' } as const;
      }
      await this.challenges.delete(manager, phone);

      const candidate = this.newCustomer(phone, now);
      if (await this.users.insertIfPhoneFree(manager, candidate)) {
        await this.outbox.write(manager, IdentityEvents.userRegistered(candidate));
      }
      const user = await this.users.findByPhone(manager, phone);
      if (!user || user.status !== 'ACTIVE') return { kind: 'deactivated' } as const;
      const opened = await this.deviceSessions.open(manager, user.id, 'OTP', device, now);
      return { kind: 'verified', user, opened } as const;
    });
    switch (outcome.kind) {
      case 'invalid':
        throw IdentityError.otpInvalid();
      case 'expired':
        throw IdentityError.otpExpired();
      case 'deactivated':
        throw IdentityError.accountDeactivated();
      case 'verified':
        return { user: outcome.user, ...this.deviceSessions.withAccessToken(outcome.opened) };
    }
  }

  /**
   * Sets (or resets) the PIN. Only the session opened by /auth/verify may, within
   * PIN_SETUP_WINDOW_SECONDS: proof of the phone, not a stolen access token, resets a PIN.
   * A reset (the account had a PIN) signs out every other device.
   */
  async setPin(principal: UserPrincipal, pin: string): Promise<void> {
    const now = this.clock.now();
    const session = await this.sessions.findOwnedBy(this.dataSource.manager, principal.sessionId, principal.userId);
    const windowEnds = session ? session.createdAt.getTime() + this.config.PIN_SETUP_WINDOW_SECONDS * 1000 : 0;
    if (!session || session.authMethod !== 'OTP' || now.getTime() >= windowEnds) {
      throw IdentityError.otpVerificationRequired();
    }
    const user = await this.users.findById(this.dataSource.manager, principal.userId);
    if (!user) throw IdentityError.otpVerificationRequired();
    const weakness = pinWeakness(pin, user.phone);
    if (weakness) throw IdentityError.weakPin(weakness);

    const pinHash = await this.pins.hash(pin);
    const revokedSessionIds = await this.dataSource.transaction(async (manager) => {
      const locked = await this.users.lockById(manager, principal.userId);
      if (!locked) throw IdentityError.otpVerificationRequired();
      const firstPin = locked.pinHash === null;
      await this.users.setPin(manager, locked.id, pinHash, now);
      const revoked = firstPin
        ? []
        : await this.sessions.revokeAllBut(manager, locked.id, principal.sessionId, 'PIN_CHANGED', now);
      await this.outbox.write(
        manager,
        IdentityEvents.pinSet(locked.id, firstPin, revoked),
        ...revoked.map((id) => IdentityEvents.sessionRevoked(locked.id, id, 'PIN_CHANGED', now)),
      );
      return revoked;
    });
    await this.cache.revoked(revokedSessionIds);
  }

  private newCustomer(phone: string, now: Date): User {
    return newUser({ phone, role: 'CUSTOMER', now });
  }
}
