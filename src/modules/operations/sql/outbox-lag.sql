/* @name OldestPendingOutboxEvent */
-- Read through outbox_events_status_idx (status, created_at): one index probe, whatever the
-- table's size.
SELECT o.created_at AS oldest
  FROM outbox_events o
 WHERE o.status = 'PENDING'
 ORDER BY o.created_at ASC
 LIMIT 1;
