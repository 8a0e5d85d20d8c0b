/** Types generated for queries found in "src/platform/outbox/sql/outbox.sql" */
import { PreparedQuery } from '../../database/sql-query';

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

export type JsonArray = (Json)[];

export type NumberOrString = number | string;

export type stringArray = (string)[];

/** 'InsertEvents' parameters type */
export interface InsertEventsParams {
  aggregateIds: stringArray;
  aggregateTypes: stringArray;
  eventTypes: stringArray;
  ids: stringArray;
  payloads: JsonArray;
}

/** 'InsertEvents' return type */
export type InsertEventsResult = void;

/** 'InsertEvents' query type */
export interface InsertEventsQuery {
  params: InsertEventsParams;
  result: InsertEventsResult;
}

const insertEventsIR: any = {"usedParamSet":{"ids":true,"eventTypes":true,"aggregateTypes":true,"aggregateIds":true,"payloads":true},"params":[{"name":"ids","required":true,"transform":{"type":"scalar"},"locs":[{"a":327,"b":331}]},{"name":"eventTypes","required":true,"transform":{"type":"scalar"},"locs":[{"a":342,"b":353}]},{"name":"aggregateTypes","required":true,"transform":{"type":"scalar"},"locs":[{"a":364,"b":379}]},{"name":"aggregateIds","required":true,"transform":{"type":"scalar"},"locs":[{"a":390,"b":403}]},{"name":"payloads","required":true,"transform":{"type":"scalar"},"locs":[{"a":414,"b":423}]}],"statement":"-- OutboxWriter: one plain statement for a transaction's messages (no entity metadata, nothing\n-- returned): it sits on every state change's hot path.\nINSERT INTO outbox_events (id, event_type, aggregate_type, aggregate_id, payload, status)\nSELECT id, event_type, aggregate_type, aggregate_id, payload, 'PENDING'\n  FROM unnest(:ids!::uuid[], :eventTypes!::text[], :aggregateTypes!::text[], :aggregateIds!::text[], :payloads!::jsonb[])\n       AS message(id, event_type, aggregate_type, aggregate_id, payload)"};

/**
 * Query generated from SQL:
 * ```
 * -- OutboxWriter: one plain statement for a transaction's messages (no entity metadata, nothing
 * -- returned): it sits on every state change's hot path.
 * INSERT INTO outbox_events (id, event_type, aggregate_type, aggregate_id, payload, status)
 * SELECT id, event_type, aggregate_type, aggregate_id, payload, 'PENDING'
 *   FROM unnest(:ids!::uuid[], :eventTypes!::text[], :aggregateTypes!::text[], :aggregateIds!::text[], :payloads!::jsonb[])
 *        AS message(id, event_type, aggregate_type, aggregate_id, payload)
 * ```
 */
export const insertEvents = new PreparedQuery<InsertEventsParams,InsertEventsResult>(insertEventsIR);


/** 'ClaimBatch' parameters type */
export interface ClaimBatchParams {
  batchSize: NumberOrString;
  claimTtlMs: number;
  relayId: string;
}

/** 'ClaimBatch' return type */
export interface ClaimBatchResult {
  aggregate_id: string;
  aggregate_type: string;
  attempts: number;
  claim_expires_at: Date | null;
  claimed_by: string | null;
  created_at: Date;
  event_type: string;
  id: string;
  last_error: string | null;
  next_attempt_at: Date;
  payload: Json;
  published_at: Date | null;
  redeliveries: number;
  status: string;
}

/** 'ClaimBatch' query type */
export interface ClaimBatchQuery {
  params: ClaimBatchParams;
  result: ClaimBatchResult;
}

const claimBatchIR: any = {"usedParamSet":{"relayId":true,"claimTtlMs":true,"batchSize":true},"params":[{"name":"relayId","required":true,"transform":{"type":"scalar"},"locs":[{"a":41,"b":49}]},{"name":"claimTtlMs","required":true,"transform":{"type":"scalar"},"locs":[{"a":80,"b":91}]},{"name":"batchSize","required":true,"transform":{"type":"scalar"},"locs":[{"a":363,"b":373}]}],"statement":"UPDATE outbox_events\n   SET claimed_by = :relayId!, claim_expires_at = now() + (:claimTtlMs!::integer * interval '1 millisecond')\n WHERE id IN (\n       SELECT id FROM outbox_events\n        WHERE status = 'PENDING' AND next_attempt_at <= now()\n          AND (claim_expires_at IS NULL OR claim_expires_at < now())\n        ORDER BY next_attempt_at, id\n        LIMIT :batchSize!\n          FOR UPDATE SKIP LOCKED)\nRETURNING id, event_type, aggregate_type, aggregate_id, payload, status, attempts, next_attempt_at,\n          claimed_by, claim_expires_at, last_error, created_at, published_at, redeliveries"};

/**
 * Query generated from SQL:
 * ```
 * UPDATE outbox_events
 *    SET claimed_by = :relayId!, claim_expires_at = now() + (:claimTtlMs!::integer * interval '1 millisecond')
 *  WHERE id IN (
 *        SELECT id FROM outbox_events
 *         WHERE status = 'PENDING' AND next_attempt_at <= now()
 *           AND (claim_expires_at IS NULL OR claim_expires_at < now())
 *         ORDER BY next_attempt_at, id
 *         LIMIT :batchSize!
 *           FOR UPDATE SKIP LOCKED)
 * RETURNING id, event_type, aggregate_type, aggregate_id, payload, status, attempts, next_attempt_at,
 *           claimed_by, claim_expires_at, last_error, created_at, published_at, redeliveries
 * ```
 */
export const claimBatch = new PreparedQuery<ClaimBatchParams,ClaimBatchResult>(claimBatchIR);


/** 'MarkPublished' parameters type */
export interface MarkPublishedParams {
  ids: stringArray;
  relayId: string;
}

/** 'MarkPublished' return type */
export type MarkPublishedResult = void;

/** 'MarkPublished' query type */
export interface MarkPublishedQuery {
  params: MarkPublishedParams;
  result: MarkPublishedResult;
}

const markPublishedIR: any = {"usedParamSet":{"ids":true,"relayId":true},"params":[{"name":"ids","required":true,"transform":{"type":"scalar"},"locs":[{"a":182,"b":186}]},{"name":"relayId","required":true,"transform":{"type":"scalar"},"locs":[{"a":214,"b":222}]}],"statement":"UPDATE outbox_events\n   SET status = 'PUBLISHED', published_at = now(), attempts = attempts + 1,\n       claimed_by = NULL, claim_expires_at = NULL, last_error = NULL\n WHERE id = ANY(:ids!::uuid[]) AND claimed_by = :relayId!"};

/**
 * Query generated from SQL:
 * ```
 * UPDATE outbox_events
 *    SET status = 'PUBLISHED', published_at = now(), attempts = attempts + 1,
 *        claimed_by = NULL, claim_expires_at = NULL, last_error = NULL
 *  WHERE id = ANY(:ids!::uuid[]) AND claimed_by = :relayId!
 * ```
 */
export const markPublished = new PreparedQuery<MarkPublishedParams,MarkPublishedResult>(markPublishedIR);


/** 'RecordFailure' parameters type */
export interface RecordFailureParams {
  attempts: number;
  delayMs: number;
  error: string;
  id: string;
  relayId: string;
  status: string;
}

/** 'RecordFailure' return type */
export type RecordFailureResult = void;

/** 'RecordFailure' query type */
export interface RecordFailureQuery {
  params: RecordFailureParams;
  result: RecordFailureResult;
}

const recordFailureIR: any = {"usedParamSet":{"attempts":true,"status":true,"error":true,"delayMs":true,"id":true,"relayId":true},"params":[{"name":"attempts","required":true,"transform":{"type":"scalar"},"locs":[{"a":39,"b":48}]},{"name":"status","required":true,"transform":{"type":"scalar"},"locs":[{"a":60,"b":67}]},{"name":"error","required":true,"transform":{"type":"scalar"},"locs":[{"a":83,"b":89}]},{"name":"delayMs","required":true,"transform":{"type":"scalar"},"locs":[{"a":126,"b":134}]},{"name":"id","required":true,"transform":{"type":"scalar"},"locs":[{"a":236,"b":239}]},{"name":"relayId","required":true,"transform":{"type":"scalar"},"locs":[{"a":258,"b":266}]}],"statement":"UPDATE outbox_events\n   SET attempts = :attempts!, status = :status!, last_error = :error!,\n       next_attempt_at = now() + (:delayMs!::integer * interval '1 millisecond'),\n       claimed_by = NULL, claim_expires_at = NULL\n WHERE id = :id! AND claimed_by = :relayId!"};

/**
 * Query generated from SQL:
 * ```
 * UPDATE outbox_events
 *    SET attempts = :attempts!, status = :status!, last_error = :error!,
 *        next_attempt_at = now() + (:delayMs!::integer * interval '1 millisecond'),
 *        claimed_by = NULL, claim_expires_at = NULL
 *  WHERE id = :id! AND claimed_by = :relayId!
 * ```
 */
export const recordFailure = new PreparedQuery<RecordFailureParams,RecordFailureResult>(recordFailureIR);


