import { Injectable } from '@nestjs/common';
import { isUUID } from 'class-validator';
import { DataSource } from 'typeorm';
import { ApiException } from '../../../platform/http/api-error';
import { decodeCursor, toCursorPage } from '../../../platform/http/pagination';
import {
  MerchantAuditLogPageResponseDto,
  MerchantAuditLogQueryDto,
  toAuditLogEntry,
} from './dto/merchant-audit-log.dto';
import { MerchantAuditEntry } from './merchant-audit-entry.entity';

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
    const builder = this.dataSource.manager
      .createQueryBuilder(MerchantAuditEntry, 'e')
      .where('e.merchant_id = :merchantId', { merchantId })
      .orderBy('e.id', 'DESC')
      .limit(query.size + 1);
    if (before) builder.andWhere('e.id < :before', { before });
    if (query.action) builder.andWhere('e.action = :action', { action: query.action });
    if (query.actor) builder.andWhere('e.actor_role = :actor', { actor: query.actor });
    const rows = await builder.getMany();
    return toCursorPage(
      rows,
      query.size,
      (row) => ({ sortKey: row.occurredAt.toISOString(), id: row.id }),
      toAuditLogEntry,
    );
  }
}
