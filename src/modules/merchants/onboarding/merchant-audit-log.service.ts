import { Injectable } from '@nestjs/common';
import { isUUID } from 'class-validator';
import { DataSource } from 'typeorm';
import { jsonObject, oneOf } from '../../../platform/database/column-values';
import { sqlStatements } from '../../../platform/database/sql-query';
import { executorOn, run } from '../../../platform/database/statement-executor';
import { ApiException } from '../../../platform/http/api-error';
import { decodeCursor, toCursorPage } from '../../../platform/http/pagination';
import {
  MerchantAuditLogPageResponseDto,
  MerchantAuditLogQueryDto,
  toAuditLogEntry,
} from './dto/merchant-audit-log.dto';
import {
  MERCHANT_ACTOR_ROLES,
  MERCHANT_ACTOR_TYPES,
  MERCHANT_AUDIT_ACTIONS,
  MerchantAuditEntry,
} from './merchant-audit-entry.entity';
import * as auditLog from './sql/audit-log.queries';

const SQL = sqlStatements('merchants', auditLog);

/**
 * Reads a merchant's audit log, newest first. Ids are UUIDv7, so `id < cursor ORDER BY id DESC`
 * is time order and the page query walks one index (merchant_id, [action | actor_role,] id).
 */
@Injectable()
export class MerchantAuditLogService {
  constructor(private readonly dataSource: DataSource) {}

  async page(merchantId: string, query: MerchantAuditLogQueryDto): Promise<MerchantAuditLogPageResponseDto> {
    const before = query.cursor === undefined ? null : decodeCursor(query.cursor).id;
    if (before !== null && !isUUID(before)) {
      throw new ApiException('INVALID_CURSOR', 'The cursor is not one this list issued', [
        { field: 'query.cursor', message: 'does not decode' },
      ]);
    }
    const executor = executorOn(this.dataSource.manager);
    const page = { merchantId, before, limit: query.size + 1 };
    const { action, actor } = query;
    // One statement per filter shape, so each walks its own index.
    const rows =
      action && actor
        ? await run(executor, SQL.auditLogPageByActionAndActor, { ...page, action, actor })
        : action
          ? await run(executor, SQL.auditLogPageByAction, { ...page, action })
          : actor
            ? await run(executor, SQL.auditLogPageByActor, { ...page, actor })
            : await run(executor, SQL.auditLogPage, page);
    return toCursorPage(
      rows.map(toAuditEntry),
      query.size,
      (row) => ({ sortKey: row.occurredAt.toISOString(), id: row.id }),
      toAuditLogEntry,
    );
  }
}

function toAuditEntry(row: auditLog.AuditLogPageResult): MerchantAuditEntry {
  return Object.assign(new MerchantAuditEntry(), {
    id: row.id,
    merchantId: row.merchant_id,
    occurredAt: row.occurred_at,
    action: oneOf(MERCHANT_AUDIT_ACTIONS, row.action, 'merchant_audit_log.action'),
    actorType: oneOf(MERCHANT_ACTOR_TYPES, row.actor_type, 'merchant_audit_log.actor_type'),
    actorRole: oneOf(MERCHANT_ACTOR_ROLES, row.actor_role, 'merchant_audit_log.actor_role'),
    actorUserId: row.actor_user_id,
    actorApiKeyId: row.actor_api_key_id,
    actorEmail: row.actor_email,
    targetType: row.target_type,
    targetId: row.target_id,
    ip: row.ip,
    userAgent: row.user_agent,
    requestId: row.request_id,
    details: jsonObject(row.details, 'merchant_audit_log.details'),
  } satisfies MerchantAuditEntry);
}
