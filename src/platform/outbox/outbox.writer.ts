import { Injectable } from '@nestjs/common';
import { EntityManager, QueryDeepPartialEntity } from 'typeorm';
import { newId } from '../database/new-id';
import { OutboxEvent } from './outbox-event.entity';

export interface OutboxMessage {
  /** Dotted event name, e.g. `payment.succeeded`. */
  eventType: string;
  aggregateType: string;
  aggregateId: string;
  payload: Record<string, unknown>;
}

/**
 * Records side effects in the caller's transaction. Pass the `EntityManager` of the
 * transaction that changes the state: the event then exists if and only if the change does.
 */
@Injectable()
export class OutboxWriter {
  async write(manager: EntityManager, ...messages: OutboxMessage[]): Promise<string[]> {
    if (messages.length === 0) return [];
    if (!manager.queryRunner?.isTransactionActive) {
      throw new Error('OutboxWriter.write needs the EntityManager of an open transaction');
    }
    const rows = messages.map((message): QueryDeepPartialEntity<OutboxEvent> & { id: string } => ({
      id: newId(),
      eventType: message.eventType,
      aggregateType: message.aggregateType,
      aggregateId: message.aggregateId,
      payload: message.payload as QueryDeepPartialEntity<OutboxEvent>['payload'],
      status: 'PENDING',
    }));
    await manager.insert(OutboxEvent, rows);
    return rows.map((row) => row.id);
  }
}
