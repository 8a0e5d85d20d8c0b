import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { newId } from '../database/new-id';
import { defineStatement } from '../database/prepared-statement';
import { executorOn, run } from '../database/statement-executor';

export interface OutboxMessage {
  /** Dotted event name, e.g. `payment.succeeded`. */
  eventType: string;
  aggregateType: string;
  aggregateId: string;
  payload: Record<string, unknown>;
}

/** One plain statement (no entity metadata, nothing returned): it sits on every state change's hot path. */
const INSERT_EVENTS = defineStatement<
  object,
  [ids: string[], eventTypes: string[], aggregateTypes: string[], aggregateIds: string[], payloads: string[]]
>(
  'outbox.insert-events',
  `INSERT INTO outbox_events (id, event_type, aggregate_type, aggregate_id, payload, status)
   SELECT id, event_type, aggregate_type, aggregate_id, payload, 'PENDING'
     FROM unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::jsonb[])
          AS message(id, event_type, aggregate_type, aggregate_id, payload)`,
);

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
    const ids = messages.map(() => newId());
    await run(executorOn(manager), INSERT_EVENTS, [
      ids,
      messages.map((message) => message.eventType),
      messages.map((message) => message.aggregateType),
      messages.map((message) => message.aggregateId),
      messages.map((message) => JSON.stringify(message.payload)),
    ]);
    return ids;
  }
}
