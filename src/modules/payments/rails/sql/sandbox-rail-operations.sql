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
