/* @name OutboxBacklog */
-- The outbox_events gauge, at scrape time: rows waiting (PENDING) or given up on (FAILED).
SELECT status, count(*)::text AS "count!"
  FROM outbox_events
 WHERE status <> 'PUBLISHED'
 GROUP BY status;
