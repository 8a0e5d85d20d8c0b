import type { UserRole } from '../../platform/auth/principal';
import { EventId, EventInstant } from '../../platform/outbox/event-payload-fields';
import type { OutboxEventPayloads, OutboxMessage, OutboxMessageOf } from '../../platform/outbox/outbox-events';
import type { DeviceSession, SessionAuthMethod, SessionRevocationReason } from './device-session.entity';
import type { KycTier, User } from './user.entity';

/** Event types other contexts listen to. */
export const IDENTITY_EVENT_TYPES = {
  /** `{ userId, actorUserId, deactivatedAt }`: every session ended; the schedules context pauses the user's schedules. */
  userDeactivated: 'user.deactivated',
} as const;

/** The identity context's event types; `IDENTITY_EVENT_TYPES` names those other contexts listen to. */
export const IDENTITY_EVENTS = {
  userRegistered: 'user.registered',
  pinSet: 'user.pin_set',
  userLocked: 'user.locked',
  roleChanged: 'user.role_changed',
  userDeactivated: IDENTITY_EVENT_TYPES.userDeactivated,
  kycTierChanged: 'user.kyc_tier_changed',
  kycSubmitted: 'kyc.submitted',
  emailChanged: 'user.email_changed',
  sessionStarted: 'session.started',
  sessionRevoked: 'session.revoked',
} as const;

/** What every event about a user carries. */
interface UserEventPayload {
  userId: string;
}

export interface UserRegisteredPayload extends UserEventPayload {
  phone: string;
  role: UserRole;
  registeredAt: Date;
}

export interface PinSetPayload extends UserEventPayload {
  firstPin: boolean;
  revokedSessionIds: string[];
}

export interface UserLockedPayload extends UserEventPayload {
  lockedUntil: Date;
}

export interface ChangePayload<T> extends UserEventPayload {
  from: T;
  to: T;
}

/** `user.deactivated`, read by the schedules context: checked by its reader. */
export class UserDeactivatedPayload implements UserEventPayload {
  @EventId()
  userId: string;

  /** The staff member who deactivated the account. */
  @EventId()
  actorUserId: string;

  @EventInstant()
  deactivatedAt: Date;
}

export interface KycSubmittedPayload extends UserEventPayload {
  submissionId: string;
  tier: 'TIER_1';
}

export interface EmailChangedPayload extends UserEventPayload {
  email: string | null;
}

export interface SessionStartedPayload extends UserEventPayload {
  sessionId: string;
  authMethod: SessionAuthMethod;
  deviceName: string | null;
  ipAddress: string | null;
  startedAt: Date;
}

export interface SessionRevokedPayload extends UserEventPayload {
  sessionId: string;
  reason: SessionRevocationReason;
  revokedAt: Date;
}

declare module '../../platform/outbox/outbox-events' {
  interface OutboxEventPayloads {
    [IDENTITY_EVENTS.userRegistered]: UserRegisteredPayload;
    [IDENTITY_EVENTS.pinSet]: PinSetPayload;
    [IDENTITY_EVENTS.userLocked]: UserLockedPayload;
    [IDENTITY_EVENTS.roleChanged]: ChangePayload<UserRole>;
    [IDENTITY_EVENTS.userDeactivated]: UserDeactivatedPayload;
    [IDENTITY_EVENTS.kycTierChanged]: ChangePayload<KycTier>;
    [IDENTITY_EVENTS.kycSubmitted]: KycSubmittedPayload;
    [IDENTITY_EVENTS.emailChanged]: EmailChangedPayload;
    [IDENTITY_EVENTS.sessionStarted]: SessionStartedPayload;
    [IDENTITY_EVENTS.sessionRevoked]: SessionRevokedPayload;
  }
}

/**
 * The outbox events of the identity context. Consumers: notifications (security notices on a
 * new device, a PIN change, a lock, a revoked session), compliance (KYC screening), analytics.
 * Payloads carry ids and facts, never secrets (no OTPs, PIN or token hashes); instants travel
 * as ISO 8601 text.
 */
export const IdentityEvents = {
  userRegistered(user: User): OutboxMessage {
    return userEvent(IDENTITY_EVENTS.userRegistered, {
      userId: user.id,
      phone: user.phone,
      role: user.role,
      registeredAt: user.createdAt,
    });
  },

  pinSet(userId: string, firstPin: boolean, revokedSessionIds: string[]): OutboxMessage {
    return userEvent(IDENTITY_EVENTS.pinSet, { userId, firstPin, revokedSessionIds });
  },

  userLocked(userId: string, lockedUntil: Date): OutboxMessage {
    return userEvent(IDENTITY_EVENTS.userLocked, { userId, lockedUntil });
  },

  roleChanged(userId: string, from: UserRole, to: UserRole): OutboxMessage {
    return userEvent(IDENTITY_EVENTS.roleChanged, { userId, from, to });
  },

  userDeactivated(userId: string, actorUserId: string, deactivatedAt: Date): OutboxMessage {
    return userEvent(IDENTITY_EVENTS.userDeactivated, { userId, actorUserId, deactivatedAt });
  },

  kycTierChanged(userId: string, from: KycTier, to: KycTier): OutboxMessage {
    return userEvent(IDENTITY_EVENTS.kycTierChanged, { userId, from, to });
  },

  kycSubmitted(userId: string, submissionId: string, tier: 'TIER_1'): OutboxMessage {
    return userEvent(IDENTITY_EVENTS.kycSubmitted, { userId, submissionId, tier });
  },

  emailChanged(userId: string, email: string | null): OutboxMessage {
    return userEvent(IDENTITY_EVENTS.emailChanged, { userId, email });
  },

  sessionStarted(session: DeviceSession): OutboxMessage {
    return {
      eventType: IDENTITY_EVENTS.sessionStarted,
      aggregateType: 'device_session',
      aggregateId: session.id,
      payload: {
        userId: session.userId,
        sessionId: session.id,
        authMethod: session.authMethod,
        deviceName: session.deviceName,
        ipAddress: session.ipAddress,
        startedAt: session.createdAt,
      },
    };
  },

  sessionRevoked(userId: string, sessionId: string, reason: SessionRevocationReason, revokedAt: Date): OutboxMessage {
    return {
      eventType: IDENTITY_EVENTS.sessionRevoked,
      aggregateType: 'device_session',
      aggregateId: sessionId,
      payload: { userId, sessionId, reason, revokedAt },
    };
  },
};

/** An event about a user: its aggregate is the user the payload names. */
function userEvent<E extends UserEventType>(eventType: E, payload: OutboxEventPayloads[E]): OutboxMessageOf<E> {
  return { eventType, aggregateType: 'user', aggregateId: payload.userId, payload };
}

type UserEventType = Exclude<
  (typeof IDENTITY_EVENTS)[keyof typeof IDENTITY_EVENTS],
  typeof IDENTITY_EVENTS.sessionStarted | typeof IDENTITY_EVENTS.sessionRevoked
>;
