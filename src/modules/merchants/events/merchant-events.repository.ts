import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { sqlStatements } from '../../../platform/database/sql-query';
import { executorOn, run } from '../../../platform/database/statement-executor';
import type { MerchantStreamEvent } from './merchant-stream-events';
import * as events from './sql/merchant-events.queries';

const SQL = sqlStatements('merchants', events);

/** An event as recorded: its number in the merchant's mode, and the `data:` text streams send. */
export interface RecordedMerchantEvent {
  id: string;
  seq: number;
  type: string;
  body: string;
  createdAt: Date;
}

function recorded(row: { id: string; seq: string; type: string; body: string | null; created_at: Date }) {
  if (row.body === null) throw new Error(`merchant_events ${row.id}: no payload`);
  return { id: row.id, seq: Number(row.seq), type: row.type, body: row.body, createdAt: row.created_at };
}

/** Named queries on the event stream's tables (`merchant_events`, `merchant_event_sequences`). */
@Injectable()
export class MerchantEventsRepository {
  /**
   * Records the event under the next number of its merchant's mode, or answers it as recorded
   * before (a redelivered outbox event). Run in a transaction: the sequence's row lock holds
   * until the commit, so numbers commit in order.
   */
  async record(manager: EntityManager, event: MerchantStreamEvent): Promise<RecordedMerchantEvent> {
    const executor = executorOn(manager);
    const scope = { merchantId: event.merchantId, livemode: event.livemode };
    await run(executor, SQL.lockEventSequence, scope);
    const [existing] = await run(executor, SQL.recordedEvent, { id: event.id });
    if (existing) return recorded(existing);
    const [row] = await run(executor, SQL.insertEvent, {
      ...scope,
      id: event.id,
      type: event.type,
      payload: event.envelope as events.Json,
      createdAt: event.createdAt,
    });
    return recorded(row);
  }

  /** The number of the event `id` if it is the merchant's in this mode, with when it happened. */
  async position(
    manager: EntityManager,
    merchantId: string,
    livemode: boolean,
    id: string,
  ): Promise<{ seq: number; createdAt: Date } | null> {
    const [row] = await run(executorOn(manager), SQL.eventPosition, { id, merchantId, livemode });
    return row ? { seq: Number(row.seq), createdAt: row.created_at } : null;
  }

  /** The number of the merchant's latest event in this mode; 0 before the first. */
  async lastSeq(manager: EntityManager, merchantId: string, livemode: boolean): Promise<number> {
    const [row] = await run(executorOn(manager), SQL.lastEventSeq, { merchantId, livemode });
    return row ? Number(row.last_seq) : 0;
  }

  /** Up to `limit` events after number `afterSeq`, in order. */
  async after(
    manager: EntityManager,
    merchantId: string,
    livemode: boolean,
    afterSeq: number,
    limit: number,
  ): Promise<RecordedMerchantEvent[]> {
    const rows = await run(executorOn(manager), SQL.eventsAfter, { merchantId, livemode, afterSeq, limit });
    return rows.map(recorded);
  }

  /** Deletes up to `limit` events made before `before`; answers how many. */
  async purgeBefore(manager: EntityManager, before: Date, limit: number): Promise<number> {
    const rows = await run(executorOn(manager), SQL.purgeStreamEventsBefore, { before, limit });
    return rows.length;
  }
}
