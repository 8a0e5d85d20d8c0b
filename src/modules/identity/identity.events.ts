import type { OutboxMessage } from '../../platform/outbox/outbox.writer';
import type { UserRole } from '../../platform/auth/principal';
import type { DeviceSession, SessionRevocationReason } from './device-session.entity';
import type { KycTier, User } from './user.entity';

/** Event types other contexts listen to. */
export const IDENTITY_EVENT_TYPES = {
  /** `{ userId, actorUserId, deactivatedAt }`: every session ended; the schedules context pauses the user's schedules. */
  userDeactivated: 'user.deactivated',
} as const;

/**
 * The outbox events of the identity context. Consumers: notifications (security notices on a
 * new device, a PIN change, a lock, a revoked session), compliance (KYC screening), analytics.
 * Payloads carry ids and facts, never secrets (no OTPs, PIN or token hashes).
 */
export const IdentityEvents = {
  userRegistered(user: User): OutboxMessage {
    return userEvent('user.registered', user.id, { phone: user.phone, role: user.role, registeredAt: user.createdAt });
  },

  pinSet(userId: string, firstPin: boolean, revokedSessionIds: string[]): OutboxMessage {
    return userEvent('user.pin_set', userId, { firstPin, revokedSessionIds });
  },

  userLocked(userId: string, lockedUntil: Date): OutboxMessage {
    return userEvent('user.locked', userId, { lockedUntil });
  },

  roleChanged(userId: string, from: UserRole, to: UserRole): OutboxMessage {
    return userEvent('user.role_changed', userId, { from, to });
  },

  userDeactivated(userId: string, actorUserId: string, deactivatedAt: Date): OutboxMessage {
    return userEvent(IDENTITY_EVENT_TYPES.userDeactivated, userId, { actorUserId, deactivatedAt });
  },

  kycTierChanged(userId: string, from: KycTier, to: KycTier): OutboxMessage {
    return userEvent('user.kyc_tier_changed', userId, { from, to });
  },

  kycSubmitted(userId: string, submissionId: string, tier: 'TIER_1'): OutboxMessage {
    return userEvent('kyc.submitted', userId, { submissionId, tier });
  },

  emailChanged(userId: string, email: string | null): OutboxMessage {
    return userEvent('user.email_changed', userId, { email });
  },

  sessionStarted(session: DeviceSession): OutboxMessage {
    return {
      eventType: 'session.started',
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
      eventType: 'session.revoked',
      aggregateType: 'device_session',
      aggregateId: sessionId,
      payload: { userId, sessionId, reason, revokedAt },
    };
  },
};

function userEvent(eventType: string, userId: string, payload: Record<string, unknown>): OutboxMessage {
  return { eventType, aggregateType: 'user', aggregateId: userId, payload: { userId, ...payload } };
}
