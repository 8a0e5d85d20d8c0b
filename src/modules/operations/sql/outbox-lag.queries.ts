/** Types generated for queries found in "src/modules/operations/sql/outbox-lag.sql" */
import { PreparedQuery } from '../../../platform/database/sql-query';

/** 'OldestPendingOutboxEvent' parameters type */
export type OldestPendingOutboxEventParams = void;

/** 'OldestPendingOutboxEvent' return type */
export interface OldestPendingOutboxEventResult {
  oldest: Date;
}

/** 'OldestPendingOutboxEvent' query type */
export interface OldestPendingOutboxEventQuery {
  params: OldestPendingOutboxEventParams;
  result: OldestPendingOutboxEventResult;
}

const oldestPendingOutboxEventIR: any = {"usedParamSet":{},"params":[],"statement":"-- Read through outbox_events_status_idx (status, created_at): one index probe, whatever the\n-- table's size.\nSELECT o.created_at AS oldest\n  FROM outbox_events o\n WHERE o.status = 'PENDING'\n ORDER BY o.created_at ASC\n LIMIT 1"};

/**
 * Query generated from SQL:
 * ```
 * -- Read through outbox_events_status_idx (status, created_at): one index probe, whatever the
 * -- table's size.
 * SELECT o.created_at AS oldest
 *   FROM outbox_events o
 *  WHERE o.status = 'PENDING'
 *  ORDER BY o.created_at ASC
 *  LIMIT 1
 * ```
 */
export const oldestPendingOutboxEvent = new PreparedQuery<OldestPendingOutboxEventParams,OldestPendingOutboxEventResult>(oldestPendingOutboxEventIR);


