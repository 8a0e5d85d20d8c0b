import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AdminAuditWriter } from '../audit/admin-audit.writer';
import { ApiException } from '../http/api-error';
import { Page, toPage } from '../http/pagination';
import { OutboxEvent, OutboxStatus } from './outbox-event.entity';

/**
 * The event outbox, for operators: list rows by status and requeue FAILED or (with a reason)
 * PUBLISHED ones. The platform's, as the outbox is: the operations context serves it.
 */
@Injectable()
export class OutboxAdminService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly audit: AdminAuditWriter,
  ) {}

  async list(filter: { status?: OutboxStatus; page: number; size: number }): Promise<Page<OutboxEvent>> {
    const [rows, total] = await this.dataSource.manager.findAndCount(OutboxEvent, {
      where: filter.status ? { status: filter.status } : {},
      order: { createdAt: 'DESC', id: 'DESC' },
      skip: filter.page * filter.size,
      take: filter.size,
    });
    return toPage(rows, total, filter);
  }

  /**
   * Puts a row back in the relay's hands: PENDING, due now, with its attempts reset so it gets
   * the full retry budget again. A FAILED row never reached its consumers. A PUBLISHED row did
   * reach Redis, but its jobs may since have been lost (a Redis restarted without its data):
   * requeuing one needs a reason, and it is published again under new job ids, which its
   * consumers dedupe on the event id. 409 for a row still PENDING.
   */
  async retry(actorUserId: string, id: string, reason?: string): Promise<OutboxEvent> {
    return this.dataSource.transaction(async (manager) => {
      const event = await manager.findOne(OutboxEvent, { where: { id }, lock: { mode: 'pessimistic_write' } });
      if (!event) throw new ApiException('NOT_FOUND', 'Outbox event not found');
      if (event.status === 'PENDING') {
        throw new ApiException('NOT_RETRYABLE', 'The event is PENDING: the relay will publish it');
      }
      if (event.status === 'PUBLISHED' && reason === undefined) {
        throw new ApiException('VALIDATION_FAILED', 'Requeuing a PUBLISHED event needs a reason', [
          { field: 'reason', message: 'is required when the event is PUBLISHED' },
        ]);
      }
      const redeliveries = event.status === 'PUBLISHED' ? event.redeliveries + 1 : event.redeliveries;
      await manager.update(
        OutboxEvent,
        { id },
        {
          status: 'PENDING',
          attempts: 0,
          redeliveries,
          nextAttemptAt: () => 'now()',
          claimedBy: null,
          claimExpiresAt: null,
        },
      );
      await this.audit.record(manager, {
        actorUserId,
        action: 'outbox_event.requeued',
        entityType: 'outbox_event',
        entityId: id,
        before: { status: event.status, attempts: event.attempts, lastError: event.lastError },
        after: { status: 'PENDING', attempts: 0, redeliveries, reason: reason ?? null },
      });
      return manager.findOneByOrFail(OutboxEvent, { id });
    });
  }
}
