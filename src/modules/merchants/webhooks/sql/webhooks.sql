/* @name DueDeliveries */
-- The sweeper's candidates: PENDING deliveries whose next attempt was due before the given time (the
-- pickup grace ago), oldest due first, with the endpoint's mode and how many scheduled (not
-- manual) attempts were made, which places the next one in the mode's schedule.
SELECT d.id,
       e.livemode,
       (SELECT count(*) FROM merchant_webhook_attempts a WHERE a.delivery_id = d.id AND NOT a.manual)::int
         AS "scheduled_attempts!"
  FROM merchant_webhook_deliveries d
  JOIN merchant_webhook_endpoints e ON e.id = d.endpoint_id
 WHERE d.status = 'PENDING' AND d.next_attempt_at <= :dueBefore!
 ORDER BY d.next_attempt_at, d.id
 LIMIT :limit!;

/* @name PurgeEventsBefore */
-- One batch of the retention purge: up to `limit` events created before `before`, with their
-- deliveries (and, by cascade, the deliveries' attempts), in one statement. Rows another purge
-- holds are skipped, so two runs at once share the work.
WITH doomed AS (
  SELECT id FROM merchant_webhook_events
   WHERE created_at < :before!
   ORDER BY created_at
   LIMIT :limit!
   FOR UPDATE SKIP LOCKED
), deliveries AS (
  DELETE FROM merchant_webhook_deliveries d USING doomed WHERE d.event_id = doomed.id RETURNING d.id
)
DELETE FROM merchant_webhook_events e USING doomed
 WHERE e.id = doomed.id
RETURNING e.id, (SELECT count(*) FROM deliveries)::int AS "deliveries!";
