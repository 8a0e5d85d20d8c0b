import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { newId } from '../database/new-id';
import { sqlStatements } from '../database/sql-query';
import { executorOn, run } from '../database/statement-executor';
import { noteOutboxWritten } from './outbox-wake-ups';
import * as outbox from './sql/outbox.queries';
import type { OutboxMessage } from './outbox-events';

export type { OutboxMessage } from './outbox-events';

const SQL = sqlStatements('outbox', outbox);

/**
 * Records side effects in the caller's transaction. Pass the `EntityManager` of the
 * transaction that changes the state: the event then exists if and only if the change does.
 * Its commit wakes the relays (`OutboxWakeUps`).
 * Each message's payload is the one its context declares for the event type (`outbox-events.ts`);
 * it is stored as JSON.
 */
@Injectable()
export class OutboxWriter {
  async write(manager: EntityManager, ...messages: OutboxMessage[]): Promise<string[]> {
    if (messages.length === 0) return [];
    if (!manager.queryRunner?.isTransactionActive) {
      throw new Error('OutboxWriter.write needs the EntityManager of an open transaction');
    }
    noteOutboxWritten(manager.queryRunner);
    const ids = messages.map(() => newId());
    await run(executorOn(manager), SQL.insertEvents, {
      ids,
      eventTypes: messages.map((message) => message.eventType),
      aggregateTypes: messages.map((message) => message.aggregateType),
      aggregateIds: messages.map((message) => message.aggregateId),
      // As JSON text: pg would send an array of objects as a PostgreSQL array literal.
      payloads: messages.map((message) => JSON.stringify(message.payload)),
    });
    return ids;
  }
}
