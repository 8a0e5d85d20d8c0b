/** Types generated for queries found in "src/platform/metrics/sql/outbox-backlog.sql" */
import { PreparedQuery } from '../../database/sql-query';

/** 'OutboxBacklog' parameters type */
export type OutboxBacklogParams = void;

/** 'OutboxBacklog' return type */
export interface OutboxBacklogResult {
  count: string;
  status: string;
}

/** 'OutboxBacklog' query type */
export interface OutboxBacklogQuery {
  params: OutboxBacklogParams;
  result: OutboxBacklogResult;
}

const outboxBacklogIR: any = {"usedParamSet":{},"params":[],"statement":"-- The outbox_events gauge, at scrape time: rows waiting (PENDING) or given up on (FAILED).\nSELECT status, count(*)::text AS \"count!\"\n  FROM outbox_events\n WHERE status <> 'PUBLISHED'\n GROUP BY status"};

/**
 * Query generated from SQL:
 * ```
 * -- The outbox_events gauge, at scrape time: rows waiting (PENDING) or given up on (FAILED).
 * SELECT status, count(*)::text AS "count!"
 *   FROM outbox_events
 *  WHERE status <> 'PUBLISHED'
 *  GROUP BY status
 * ```
 */
export const outboxBacklog = new PreparedQuery<OutboxBacklogParams,OutboxBacklogResult>(outboxBacklogIR);


