import { Injectable } from '@nestjs/common';
import { EntityManager, QueryDeepPartialEntity } from 'typeorm';
import type { MerchantPrincipal, UserPrincipal } from '../../../platform/auth/principal';
import { Clock } from '../../../platform/clock/clock';
import { newId } from '../../../platform/database/new-id';
import type { ClientInfo } from '../../../platform/http/client-info.decorator';
import {
  MerchantActorRole,
  MerchantActorType,
  MerchantAuditAction,
  MerchantAuditEntry,
} from './merchant-audit-entry.entity';

/** Who did it, as the merchant audit log records them. */
export interface MerchantAuditActor {
  type: MerchantActorType;
  role: MerchantActorRole;
  userId?: string | null;
  apiKeyId?: string | null;
  email?: string | null;
}

export interface MerchantAuditRecord {
  merchantId: string;
  action: MerchantAuditAction;
  actor: MerchantAuditActor;
  target: { type: string; id: string };
  client?: ClientInfo | null;
  requestId?: string | null;
  /** What changed, without secrets: no tokens, keys, hashes or full account numbers. */
  details?: Record<string, unknown>;
}

/** The actor of a merchant-side request: a member (their role) or an API key. */
export function merchantActor(principal: MerchantPrincipal): MerchantAuditActor {
  if (principal.kind === 'merchant-api-key') return { type: 'API_KEY', role: 'API_KEY', apiKeyId: principal.apiKeyId };
  return { type: 'USER', role: principal.role, userId: principal.userId, email: principal.email };
}

/** Platform staff acting on a merchant from the admin routes. */
export function staffActor(principal: UserPrincipal): MerchantAuditActor {
  return { type: 'STAFF', role: 'PLATFORM_STAFF', userId: principal.userId };
}

export const SYSTEM_ACTOR: MerchantAuditActor = { type: 'SYSTEM', role: 'SYSTEM' };

/**
 * Appends to a merchant's audit log. Pass the `EntityManager` of the transaction that makes the
 * change: the entry exists if and only if the change does.
 */
@Injectable()
export class MerchantAuditWriter {
  constructor(private readonly clock: Clock) {}

  async record(manager: EntityManager, record: MerchantAuditRecord): Promise<void> {
    if (!manager.queryRunner?.isTransactionActive) {
      throw new Error('MerchantAuditWriter.record needs the EntityManager of an open transaction');
    }
    await manager.insert(MerchantAuditEntry, {
      id: newId(),
      merchantId: record.merchantId,
      occurredAt: this.clock.now(),
      action: record.action,
      actorType: record.actor.type,
      actorRole: record.actor.role,
      actorUserId: record.actor.userId ?? null,
      actorApiKeyId: record.actor.apiKeyId ?? null,
      actorEmail: record.actor.email ?? null,
      targetType: record.target.type,
      targetId: record.target.id,
      ip: record.client?.ipAddress?.slice(0, 64) ?? null,
      userAgent: record.client?.userAgent?.slice(0, 300) ?? null,
      requestId: record.requestId ?? null,
      // Through JSON, so dates read back as the ISO strings the log shows.
      details: JSON.parse(
        JSON.stringify(record.details ?? {}),
      ) as QueryDeepPartialEntity<MerchantAuditEntry>['details'],
    });
  }
}
