/* @name LockEventSequence */
-- The merchant's sequence in this mode, made at 0 the first time, locked until the transaction ends
-- (DO UPDATE locks the row it finds): events of one merchant and mode are recorded one at a time.
INSERT INTO merchant_event_sequences (merchant_id, livemode, last_seq)
VALUES (:merchantId!, :livemode!, 0)
ON CONFLICT (merchant_id, livemode) DO UPDATE SET last_seq = merchant_event_sequences.last_seq
RETURNING last_seq;

/* @name RecordedEvent */
-- An event already recorded (a redelivered outbox event), as streams send it.
SELECT id, merchant_id, livemode, seq, type, payload::text AS body, created_at
  FROM merchant_events
 WHERE id = :id!;

/* @name InsertEvent */
-- The next number of the (locked) sequence and the event under it, in one statement.
WITH next AS (
  UPDATE merchant_event_sequences
     SET last_seq = last_seq + 1
   WHERE merchant_id = :merchantId! AND livemode = :livemode!
  RETURNING last_seq
)
INSERT INTO merchant_events (id, merchant_id, livemode, seq, type, payload, created_at)
SELECT :id!, :merchantId!, :livemode!, next.last_seq, :type!, :payload!::jsonb, :createdAt!
  FROM next
RETURNING id, merchant_id, livemode, seq, type, payload::text AS body, created_at;

/* @name EventPosition */
-- Where a stream resumes after `Last-Event-ID`: the event's number, if it is this merchant's in this mode.
SELECT seq, created_at
  FROM merchant_events
 WHERE id = :id! AND merchant_id = :merchantId! AND livemode = :livemode!;

/* @name LastEventSeq */
-- The number of the merchant's latest event in this mode (none yet: no row).
SELECT last_seq
  FROM merchant_event_sequences
 WHERE merchant_id = :merchantId! AND livemode = :livemode!;

/* @name EventsAfter */
-- The events a stream has not sent yet, in order; by the (merchant_id, livemode, seq) key.
SELECT id, seq, type, payload::text AS body, created_at
  FROM merchant_events
 WHERE merchant_id = :merchantId! AND livemode = :livemode! AND seq > :afterSeq!
 ORDER BY seq
 LIMIT :limit!;

/* @name PurgeStreamEventsBefore */
-- Past the retention window, a batch at a time (the sequences stay: numbers are never given twice).
DELETE FROM merchant_events
 WHERE id IN (SELECT id FROM merchant_events WHERE created_at < :before! ORDER BY created_at LIMIT :limit!)
RETURNING id;
