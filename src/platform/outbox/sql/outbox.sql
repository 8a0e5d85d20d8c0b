/* @name InsertEvents */
-- OutboxWriter: one plain statement for a transaction's messages (no entity metadata, nothing
-- returned): it sits on every state change's hot path.
INSERT INTO outbox_events (id, event_type, aggregate_type, aggregate_id, payload, status)
SELECT id, event_type, aggregate_type, aggregate_id, payload, 'PENDING'
  FROM unnest(:ids!::uuid[], :eventTypes!::text[], :aggregateTypes!::text[], :aggregateIds!::text[], :payloads!::jsonb[])
       AS message(id, event_type, aggregate_type, aggregate_id, payload);

/* @name ClaimBatch */
UPDATE outbox_events
   SET claimed_by = :relayId!, claim_expires_at = now() + (:claimTtlMs!::integer * interval '1 millisecond')
 WHERE id IN (
       SELECT id FROM outbox_events
        WHERE status = 'PENDING' AND next_attempt_at <= now()
          AND (claim_expires_at IS NULL OR claim_expires_at < now())
        ORDER BY next_attempt_at, id
        LIMIT :batchSize!
          FOR UPDATE SKIP LOCKED)
RETURNING id, event_type, aggregate_type, aggregate_id, payload, status, attempts, next_attempt_at,
          claimed_by, claim_expires_at, last_error, created_at, published_at, redeliveries;

/* @name MarkPublished */
UPDATE outbox_events
   SET status = 'PUBLISHED', published_at = now(), attempts = attempts + 1,
       claimed_by = NULL, claim_expires_at = NULL, last_error = NULL
 WHERE id = ANY(:ids!::uuid[]) AND claimed_by = :relayId!;

/* @name RecordFailure */
UPDATE outbox_events
   SET attempts = :attempts!, status = :status!, last_error = :error!,
       next_attempt_at = now() + (:delayMs!::integer * interval '1 millisecond'),
       claimed_by = NULL, claim_expires_at = NULL
 WHERE id = :id! AND claimed_by = :relayId!;
