/** Types generated for queries found in "src/modules/merchants/webhooks/sql/webhooks.sql" */
import { PreparedQuery } from '../../../../platform/database/sql-query';

export type DateOrString = Date | string;

export type NumberOrString = number | string;

/** 'DueDeliveries' parameters type */
export interface DueDeliveriesParams {
  dueBefore: DateOrString;
  limit: NumberOrString;
}

/** 'DueDeliveries' return type */
export interface DueDeliveriesResult {
  id: string;
  livemode: boolean;
  scheduled_attempts: number;
}

/** 'DueDeliveries' query type */
export interface DueDeliveriesQuery {
  params: DueDeliveriesParams;
  result: DueDeliveriesResult;
}

const dueDeliveriesIR: any = {"usedParamSet":{"dueBefore":true,"limit":true},"params":[{"name":"dueBefore","required":true,"transform":{"type":"scalar"},"locs":[{"a":599,"b":609}]},{"name":"limit","required":true,"transform":{"type":"scalar"},"locs":[{"a":652,"b":658}]}],"statement":"-- The sweeper's candidates: PENDING deliveries whose next attempt was due before the given time (the\n-- pickup grace ago), oldest due first, with the endpoint's mode and how many scheduled (not\n-- manual) attempts were made, which places the next one in the mode's schedule.\nSELECT d.id,\n       e.livemode,\n       (SELECT count(*) FROM merchant_webhook_attempts a WHERE a.delivery_id = d.id AND NOT a.manual)::int\n         AS \"scheduled_attempts!\"\n  FROM merchant_webhook_deliveries d\n  JOIN merchant_webhook_endpoints e ON e.id = d.endpoint_id\n WHERE d.status = 'PENDING' AND d.next_attempt_at <= :dueBefore!\n ORDER BY d.next_attempt_at, d.id\n LIMIT :limit!"};

/**
 * Query generated from SQL:
 * ```
 * -- The sweeper's candidates: PENDING deliveries whose next attempt was due before the given time (the
 * -- pickup grace ago), oldest due first, with the endpoint's mode and how many scheduled (not
 * -- manual) attempts were made, which places the next one in the mode's schedule.
 * SELECT d.id,
 *        e.livemode,
 *        (SELECT count(*) FROM merchant_webhook_attempts a WHERE a.delivery_id = d.id AND NOT a.manual)::int
 *          AS "scheduled_attempts!"
 *   FROM merchant_webhook_deliveries d
 *   JOIN merchant_webhook_endpoints e ON e.id = d.endpoint_id
 *  WHERE d.status = 'PENDING' AND d.next_attempt_at <= :dueBefore!
 *  ORDER BY d.next_attempt_at, d.id
 *  LIMIT :limit!
 * ```
 */
export const dueDeliveries = new PreparedQuery<DueDeliveriesParams,DueDeliveriesResult>(dueDeliveriesIR);


/** 'PurgeEventsBefore' parameters type */
export interface PurgeEventsBeforeParams {
  before: DateOrString;
  limit: NumberOrString;
}

/** 'PurgeEventsBefore' return type */
export interface PurgeEventsBeforeResult {
  deliveries: number;
  id: string;
}

/** 'PurgeEventsBefore' query type */
export interface PurgeEventsBeforeQuery {
  params: PurgeEventsBeforeParams;
  result: PurgeEventsBeforeResult;
}

const purgeEventsBeforeIR: any = {"usedParamSet":{"before":true,"limit":true},"params":[{"name":"before","required":true,"transform":{"type":"scalar"},"locs":[{"a":328,"b":335}]},{"name":"limit","required":true,"transform":{"type":"scalar"},"locs":[{"a":369,"b":375}]}],"statement":"-- One batch of the retention purge: up to `limit` events created before `before`, with their\n-- deliveries (and, by cascade, the deliveries' attempts), in one statement. Rows another purge\n-- holds are skipped, so two runs at once share the work.\nWITH doomed AS (\n  SELECT id FROM merchant_webhook_events\n   WHERE created_at < :before!\n   ORDER BY created_at\n   LIMIT :limit!\n   FOR UPDATE SKIP LOCKED\n), deliveries AS (\n  DELETE FROM merchant_webhook_deliveries d USING doomed WHERE d.event_id = doomed.id RETURNING d.id\n)\nDELETE FROM merchant_webhook_events e USING doomed\n WHERE e.id = doomed.id\nRETURNING e.id, (SELECT count(*) FROM deliveries)::int AS \"deliveries!\""};

/**
 * Query generated from SQL:
 * ```
 * -- One batch of the retention purge: up to `limit` events created before `before`, with their
 * -- deliveries (and, by cascade, the deliveries' attempts), in one statement. Rows another purge
 * -- holds are skipped, so two runs at once share the work.
 * WITH doomed AS (
 *   SELECT id FROM merchant_webhook_events
 *    WHERE created_at < :before!
 *    ORDER BY created_at
 *    LIMIT :limit!
 *    FOR UPDATE SKIP LOCKED
 * ), deliveries AS (
 *   DELETE FROM merchant_webhook_deliveries d USING doomed WHERE d.event_id = doomed.id RETURNING d.id
 * )
 * DELETE FROM merchant_webhook_events e USING doomed
 *  WHERE e.id = doomed.id
 * RETURNING e.id, (SELECT count(*) FROM deliveries)::int AS "deliveries!"
 * ```
 */
export const purgeEventsBefore = new PreparedQuery<PurgeEventsBeforeParams,PurgeEventsBeforeResult>(purgeEventsBeforeIR);


