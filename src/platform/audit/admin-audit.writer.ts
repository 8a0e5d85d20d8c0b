import { Injectable } from '@nestjs/common';
import { EntityManager, QueryDeepPartialEntity } from 'typeorm';
import { Clock } from '../clock/clock';
import { newId } from '../database/new-id';
import { AdminAuditEntry } from './admin-audit-entry.entity';

export interface AdminAuditRecord {
  actorUserId: string;
  /** Dotted, lower case: `biller.created`, `biller_category.updated`. */
  action: string;
  entityType: string;
  entityId: string;
  /** The entity as it was; omit for a creation. */
  before?: Record<string, unknown> | null;
  /** The entity as it is now; omit for a removal. */
  after?: Record<string, unknown> | null;
}

/**
 * Records admin writes in the audit trail. Pass the `EntityManager` of the transaction that
 * makes the change: the record exists if and only if the change does. Snapshots go through
 * JSON, so dates become ISO strings, as the audit reader will show them.
 */
@Injectable()
export class AdminAuditWriter {
  constructor(private readonly clock: Clock) {}

  async record(manager: EntityManager, record: AdminAuditRecord): Promise<void> {
    if (!manager.queryRunner?.isTransactionActive) {
      throw new Error('AdminAuditWriter.record needs the EntityManager of an open transaction');
    }
    await manager.insert(AdminAuditEntry, {
      id: newId(),
      actorUserId: record.actorUserId,
      action: record.action,
      entityType: record.entityType,
      entityId: record.entityId,
      before: snapshot(record.before) as QueryDeepPartialEntity<AdminAuditEntry>['before'],
      after: snapshot(record.after) as QueryDeepPartialEntity<AdminAuditEntry>['after'],
      at: this.clock.now(),
    });
  }
}

function snapshot(value: Record<string, unknown> | null | undefined): Record<string, unknown> | null {
  return value ? (JSON.parse(JSON.stringify(value)) as Record<string, unknown>) : null;
}
