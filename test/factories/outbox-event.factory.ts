import { newId } from '../../src/platform/database/new-id';
import { OutboxEvent } from '../../src/platform/outbox/outbox-event.entity';
import type { OutboxEventJob } from '../../src/platform/queue/queues';
import { AppTarget, dbOf } from '../support/app-target';

export type OutboxStatus = 'PENDING' | 'PUBLISHED' | 'FAILED';

/**
 * An outbox row written straight to the database, for operations specs that look at the
 * outbox itself: by default a PENDING probe event with payload `{"n":1}`; a FAILED one has
 * given up after 8 attempts ("relay gave up").
 */
export async function insertOutboxEvent(
  target: AppTarget,
  fields: { status?: OutboxStatus; eventType?: string; payload?: Record<string, unknown> } = {},
): Promise<string> {
  const id = newId();
  const status = fields.status ?? 'PENDING';
  const failed = status === 'FAILED';
  await dbOf(target).query(
    `INSERT INTO outbox_events (id, event_type, aggregate_type, aggregate_id, payload, status, attempts, last_error)
     VALUES ($1, $2, 'probe', $3, $4, $5, $6, $7)`,
    [
      id,
      fields.eventType ?? 'operations.probe',
      id,
      JSON.stringify(fields.payload ?? { n: 1 }),
      status,
      failed ? 8 : 0,
      failed ? 'relay gave up' : null,
    ],
  );
  return id;
}

/** An outbox_events row with the columns the relay hands on. */
export interface OutboxEventRow {
  id: string;
  event_type: string;
  aggregate_type: string;
  aggregate_id: string;
  payload: Record<string, unknown>;
  created_at: Date;
}

/** The columns of `OutboxEventRow`, for a spec's own `SELECT … FROM outbox_events`. */
export const OUTBOX_EVENT_COLUMNS = 'id, event_type, aggregate_type, aggregate_id, payload, created_at';

/** The outbox events of an aggregate, of `eventType` when given, oldest first (by `created_at`, then id). */
export function outboxEventsOf(target: AppTarget, aggregateId: string, eventType?: string): Promise<OutboxEventRow[]> {
  return dbOf(target).query<OutboxEventRow[]>(
    `SELECT ${OUTBOX_EVENT_COLUMNS} FROM outbox_events
      WHERE aggregate_id = $1 AND ($2::text IS NULL OR event_type = $2) ORDER BY created_at, id`,
    [aggregateId, eventType ?? null],
  );
}

/** The job the outbox relay puts on a queue for the row. */
export function outboxEventJob(row: OutboxEventRow): OutboxEventJob {
  return {
    eventId: row.id,
    eventType: row.event_type,
    aggregateType: row.aggregate_type,
    aggregateId: row.aggregate_id,
    payload: row.payload,
    occurredAt: row.created_at.toISOString(),
  };
}

/**
 * The outbox event of a job, as the relay hands a row it claimed to the publisher
 * (`RedisOutboxPublisher.publish`): written at `createdAt` (now unless given), never redelivered.
 */
export function outboxEventOf(job: OutboxEventJob, createdAt = new Date()): OutboxEvent {
  return Object.assign(new OutboxEvent(), {
    id: job.eventId,
    eventType: job.eventType,
    aggregateType: job.aggregateType,
    aggregateId: job.aggregateId,
    payload: job.payload,
    createdAt,
    redeliveries: 0,
  });
}
