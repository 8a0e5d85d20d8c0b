/* @name InsertOpenDispute */
-- No row when the payment already has an open dispute (the partial unique index).
INSERT INTO disputes AS d (id, customer_id, payment_id, reason, description, status, due_by, created_at, updated_at)
VALUES (:id!, :customerId!, :paymentId!, :reason!, :description!, 'OPEN', :dueBy!, :now!, :now!)
ON CONFLICT (payment_id) WHERE status IN ('OPEN', 'UNDER_REVIEW') DO NOTHING
RETURNING d.id, d.customer_id, d.payment_id, d.reason, d.description, d.status, d.assignee_id, d.resolution_note,
  d.due_by, d.escalated_at, d.created_at, d.updated_at, d.closed_at;

/* @name OpenDisputeOfPayment */
SELECT d.id, d.customer_id, d.payment_id, d.reason, d.description, d.status, d.assignee_id, d.resolution_note,
       d.due_by, d.escalated_at, d.created_at, d.updated_at, d.closed_at
  FROM disputes d
 WHERE d.payment_id = :paymentId! AND d.status IN ('OPEN', 'UNDER_REVIEW');

/* @name FindDispute */
SELECT d.id, d.customer_id, d.payment_id, d.reason, d.description, d.status, d.assignee_id, d.resolution_note,
       d.due_by, d.escalated_at, d.created_at, d.updated_at, d.closed_at
  FROM disputes d
 WHERE d.id = :id!;

/* @name LockDispute */
SELECT d.id, d.customer_id, d.payment_id, d.reason, d.description, d.status, d.assignee_id, d.resolution_note,
       d.due_by, d.escalated_at, d.created_at, d.updated_at, d.closed_at
  FROM disputes d
 WHERE d.id = :id!
   FOR UPDATE;

/* @name OwnedDisputePage */
-- The customer's disputes, newest first; total is the count of the whole list.
SELECT d.id, d.customer_id, d.payment_id, d.reason, d.description, d.status, d.assignee_id, d.resolution_note,
       d.due_by, d.escalated_at, d.created_at, d.updated_at, d.closed_at, count(*) OVER () AS "total!"
  FROM disputes d
 WHERE d.customer_id = :customerId!
 ORDER BY d.created_at DESC, d.id DESC
 LIMIT :limit! OFFSET :offset!;

/* @name OwnedDisputeCount */
-- The total when the page is past the end.
SELECT count(*) AS "total!" FROM disputes d WHERE d.customer_id = :customerId!;

/* @name QueueDisputePage */
-- The staff queue, newest first; null leaves a filter out. Breached is still open and past
-- the deadline at now. Total is the count of the whole queue.
SELECT d.id, d.customer_id, d.payment_id, d.reason, d.description, d.status, d.assignee_id, d.resolution_note,
       d.due_by, d.escalated_at, d.created_at, d.updated_at, d.closed_at, count(*) OVER () AS "total!"
  FROM disputes d
 WHERE (:status::text IS NULL OR d.status = :status)
   AND (:assigneeId::uuid IS NULL OR d.assignee_id = :assigneeId)
   AND (:reason::text IS NULL OR d.reason = :reason)
   AND (:breached::boolean IS NULL OR (d.status IN ('OPEN', 'UNDER_REVIEW') AND d.due_by < :now!) = :breached)
 ORDER BY d.created_at DESC, d.id DESC
 LIMIT :limit! OFFSET :offset!;

/* @name QueueDisputeCount */
-- The queue's total when the page is past the end (same filters as QueueDisputePage).
SELECT count(*) AS "total!"
  FROM disputes d
 WHERE (:status::text IS NULL OR d.status = :status)
   AND (:assigneeId::uuid IS NULL OR d.assignee_id = :assigneeId)
   AND (:reason::text IS NULL OR d.reason = :reason)
   AND (:breached::boolean IS NULL OR (d.status IN ('OPEN', 'UNDER_REVIEW') AND d.due_by < :now!) = :breached);

/* @name UpdateDispute */
-- A null change keeps the column; the resolution note is set (null included) when setResolutionNote.
UPDATE disputes d
   SET status = coalesce(:status, d.status),
       assignee_id = coalesce(:assigneeId, d.assignee_id),
       resolution_note = CASE WHEN :setResolutionNote! THEN :resolutionNote ELSE d.resolution_note END,
       closed_at = coalesce(:closedAt, d.closed_at),
       updated_at = :now!
 WHERE d.id = :id!
RETURNING d.id, d.customer_id, d.payment_id, d.reason, d.description, d.status, d.assignee_id, d.resolution_note,
  d.due_by, d.escalated_at, d.created_at, d.updated_at, d.closed_at;

/* @name InsertTimelineEntry */
INSERT INTO dispute_timeline (id, dispute_id, kind, actor_id, actor_role, from_status, to_status, assignee_id, body,
  internal, at)
VALUES (:id!, :disputeId!, :kind!, :actorId, :actorRole!, :fromStatus, :toStatus, :assigneeId, :body, :internal!,
  :at!);

/* @name DisputeTimeline */
-- The timeline in order; withInternal false leaves staff-only comments out.
SELECT t.id, t.dispute_id, t.kind, t.actor_id, t.actor_role, t.from_status, t.to_status, t.assignee_id, t.body,
       t.internal, t.at
  FROM dispute_timeline t
 WHERE t.dispute_id = :disputeId! AND (:withInternal! OR NOT t.internal)
 ORDER BY t.at, t.id;

/* @name ClaimBreachedDisputes */
-- Marks up to limit open disputes past their deadline as escalated and answers them; each is
-- answered once across every worker (the row lock and escalated_at).
UPDATE disputes d SET escalated_at = :now!, updated_at = :now!
 WHERE d.id IN (SELECT id FROM disputes
                 WHERE status IN ('OPEN', 'UNDER_REVIEW') AND escalated_at IS NULL AND due_by < :now!
                 ORDER BY due_by LIMIT :limit! FOR UPDATE SKIP LOCKED)
RETURNING d.id, d.customer_id, d.payment_id, d.reason, d.description, d.status, d.assignee_id, d.resolution_note,
  d.due_by, d.escalated_at, d.created_at, d.updated_at, d.closed_at;
