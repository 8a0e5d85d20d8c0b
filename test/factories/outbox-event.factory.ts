import { newId } from '../../src/platform/database/new-id';
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
