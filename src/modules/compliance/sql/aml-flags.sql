/* @name OneTripInsertFlags */
-- Every flag one screening of a payment raised, in one statement (AmlFlagRepository.insertFlags):
-- the arrays are the flags' columns, index by index.
INSERT INTO aml_flags (id, payment_id, rule, severity, reason, status)
SELECT flag.id, :paymentId!, flag.rule, flag.severity, flag.reason, 'OPEN'
  FROM unnest(:ids!::uuid[], :rules!::text[], :severities!::text[], :reasons!::text[])
       AS flag (id, rule, severity, reason)
    ON CONFLICT (payment_id, rule) DO NOTHING;

/* @name LockFlagsOfPayment */
SELECT id, rule, severity, status FROM aml_flags WHERE payment_id = :paymentId! ORDER BY created_at, id FOR UPDATE;

/* @name ReviewFlags */
UPDATE aml_flags SET status = :status!, reviewed_by = :reviewerId!, review_note = :note!, reviewed_at = now(),
       updated_at = now()
 WHERE id = ANY (:ids!::uuid[]);

/* @name InsertReport */
INSERT INTO aml_reports (id, payment_id, rules, reported_by, note)
VALUES (:id!, :paymentId!, :rules!, :reportedBy!, :note!)
RETURNING id;

/* @name QueuePage */
-- One page of the open flags and the count of every flag matching, in one statement (one
-- snapshot, so the count and the page cannot disagree); a page past the end still answers the
-- count, as the row of total with no flag. The order (HIGH, MEDIUM, LOW, then oldest) is the
-- expression that leads aml_flags_queue_idx (migration 1795876000000), kept textually identical
-- for PostgreSQL to read the page from the index in order.
SELECT total.items AS "total_items!", listed.id AS "id?", listed.payment_id AS "payment_id?", listed.rule AS "rule?",
       listed.severity AS "severity?", listed.reason AS "reason?", listed.status AS "status?",
       listed.created_at AS "created_at?"
  FROM (SELECT count(*)::int AS items FROM aml_flags f
         WHERE f.status IN ('OPEN', 'ESCALATED')
           AND (:severity::text IS NULL OR f.severity = :severity) AND (:rule::text IS NULL OR f.rule = :rule)) total
  LEFT JOIN LATERAL (
    SELECT f.id, f.payment_id, f.rule, f.severity, f.reason, f.status, f.created_at
      FROM aml_flags f
     WHERE f.status IN ('OPEN', 'ESCALATED')
       AND (:severity::text IS NULL OR f.severity = :severity) AND (:rule::text IS NULL OR f.rule = :rule)
     ORDER BY (CASE f.severity WHEN 'HIGH' THEN 0 WHEN 'MEDIUM' THEN 1 ELSE 2 END), f.created_at, f.id
     LIMIT :limit! OFFSET :offset!
  ) listed ON true;
