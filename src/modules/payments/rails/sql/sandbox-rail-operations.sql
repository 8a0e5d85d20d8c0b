/* @name SandboxCaptureOf */
-- The sandbox rail's stored capture of a reference (SandboxRailConnector).
SELECT outcome, reason, rail_reference FROM sandbox_rail_operations
 WHERE kind = 'CAPTURE' AND reference = :reference!;

/* @name SandboxRecordCapture */
-- Stores the capture's outcome unless the reference has one (or was cancelled), answers the stored one.
WITH cancelled AS (
  SELECT 1 FROM sandbox_rail_operations WHERE kind = 'CANCEL' AND reference = :reference!
), inserted AS (
  INSERT INTO sandbox_rail_operations (kind, reference, rail, outcome, reason, rail_reference, amount, currency)
  SELECT 'CAPTURE', :reference!, :rail!,
         CASE WHEN :decline::text IS NULL AND NOT EXISTS (SELECT 1 FROM cancelled) THEN 'CAPTURED' ELSE 'DECLINED' END,
         CASE WHEN :decline::text IS NOT NULL THEN :decline WHEN EXISTS (SELECT 1 FROM cancelled) THEN 'DO_NOT_HONOR' END,
         CASE WHEN :decline::text IS NULL AND NOT EXISTS (SELECT 1 FROM cancelled) THEN :railReference! END,
         :amount!, :currency!
  ON CONFLICT (kind, reference) DO NOTHING
  RETURNING outcome, reason, rail_reference
)
SELECT outcome AS "outcome!", reason AS "reason?", rail_reference AS "rail_reference?" FROM inserted
UNION ALL
SELECT outcome, reason, rail_reference FROM sandbox_rail_operations WHERE kind = 'CAPTURE' AND reference = :reference!;

/* @name SandboxRecordOperation */
INSERT INTO sandbox_rail_operations (kind, reference, rail, outcome, rail_reference)
VALUES (:kind!, :reference!, :rail!, 'DONE', :railReference!) ON CONFLICT (kind, reference) DO NOTHING;

/* @name SandboxOperations */
SELECT kind AS "kind!", reference AS "reference!", rail AS "rail!", outcome AS "outcome!", rail_reference,
       amount::text AS amount, currency, created_at AS "created_at!"
  FROM sandbox_rail_operations
 WHERE reference = ANY (:references!::text[])
UNION
SELECT kind, reference, rail, outcome, rail_reference, amount::text AS amount, currency, created_at
  FROM sandbox_rail_operations
 WHERE kind = 'CAPTURE' AND created_at >= :capturedFrom! AND created_at < :capturedTo!;

/* @name SandboxScheduleDispute */
-- The chargeback a "succeed then disputed" test account's capture will meet, once per reference.
INSERT INTO sandbox_rail_disputes (id, reference, rail, rail_reference, amount, currency, reason, notify_at)
VALUES (:id!, :reference!, :rail!, :railReference!, :amount!, :currency!, :reason!, :notifyAt!)
ON CONFLICT (reference) DO NOTHING;

/* @name SandboxClaimDueDisputes */
-- Due chargebacks for this worker, but those it left waiting (:skip); those another worker holds are skipped
-- (sandbox_rail_disputes_due_idx).
SELECT id, reference, rail, rail_reference, amount::text AS "amount!", currency, reason
  FROM sandbox_rail_disputes
 WHERE notified_at IS NULL AND notify_at <= :now! AND id <> ALL (:skip!::uuid[])
 ORDER BY notify_at, id
 LIMIT :limit!
   FOR UPDATE SKIP LOCKED;

/* @name SandboxClaimDisputeOf */
-- The chargeback still to come for one reference (the test clock brings it forward).
SELECT id, reference, rail, rail_reference, amount::text AS "amount!", currency, reason, notify_at
  FROM sandbox_rail_disputes
 WHERE reference = :reference! AND notified_at IS NULL
   FOR UPDATE;

/* @name SandboxShiftDispute */
UPDATE sandbox_rail_disputes SET notify_at = notify_at - make_interval(secs => :seconds!::int)
 WHERE id = :id! AND notified_at IS NULL;

/* @name SandboxMarkDisputeNotified */
UPDATE sandbox_rail_disputes SET notified_at = :notifiedAt!, outcome = :outcome!
 WHERE id = :id! AND notified_at IS NULL;
