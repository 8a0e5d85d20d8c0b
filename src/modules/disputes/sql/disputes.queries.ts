/** Types generated for queries found in "src/modules/disputes/sql/disputes.sql" */
import { PreparedQuery } from '../../../platform/database/sql-query';

export type DateOrString = Date | string;

export type NumberOrString = number | string;

/** 'InsertOpenDispute' parameters type */
export interface InsertOpenDisputeParams {
  customerId: string;
  description: string;
  dueBy: DateOrString;
  id: string;
  now: DateOrString;
  paymentId: string;
  reason: string;
}

/** 'InsertOpenDispute' return type */
export interface InsertOpenDisputeResult {
  assignee_id: string | null;
  closed_at: Date | null;
  created_at: Date;
  customer_id: string;
  description: string;
  due_by: Date;
  escalated_at: Date | null;
  id: string;
  payment_id: string;
  reason: string;
  resolution_note: string | null;
  status: string;
  updated_at: Date;
}

/** 'InsertOpenDispute' query type */
export interface InsertOpenDisputeQuery {
  params: InsertOpenDisputeParams;
  result: InsertOpenDisputeResult;
}

const insertOpenDisputeIR: any = {"usedParamSet":{"id":true,"customerId":true,"paymentId":true,"reason":true,"description":true,"dueBy":true,"now":true},"params":[{"name":"id","required":true,"transform":{"type":"scalar"},"locs":[{"a":208,"b":211}]},{"name":"customerId","required":true,"transform":{"type":"scalar"},"locs":[{"a":214,"b":225}]},{"name":"paymentId","required":true,"transform":{"type":"scalar"},"locs":[{"a":228,"b":238}]},{"name":"reason","required":true,"transform":{"type":"scalar"},"locs":[{"a":241,"b":248}]},{"name":"description","required":true,"transform":{"type":"scalar"},"locs":[{"a":251,"b":263}]},{"name":"dueBy","required":true,"transform":{"type":"scalar"},"locs":[{"a":274,"b":280}]},{"name":"now","required":true,"transform":{"type":"scalar"},"locs":[{"a":283,"b":287},{"a":290,"b":294}]}],"statement":"-- No row when the payment already has an open dispute (the partial unique index).\nINSERT INTO disputes AS d (id, customer_id, payment_id, reason, description, status, due_by, created_at, updated_at)\nVALUES (:id!, :customerId!, :paymentId!, :reason!, :description!, 'OPEN', :dueBy!, :now!, :now!)\nON CONFLICT (payment_id) WHERE status IN ('OPEN', 'UNDER_REVIEW') DO NOTHING\nRETURNING d.id, d.customer_id, d.payment_id, d.reason, d.description, d.status, d.assignee_id, d.resolution_note,\n  d.due_by, d.escalated_at, d.created_at, d.updated_at, d.closed_at"};

/**
 * Query generated from SQL:
 * ```
 * -- No row when the payment already has an open dispute (the partial unique index).
 * INSERT INTO disputes AS d (id, customer_id, payment_id, reason, description, status, due_by, created_at, updated_at)
 * VALUES (:id!, :customerId!, :paymentId!, :reason!, :description!, 'OPEN', :dueBy!, :now!, :now!)
 * ON CONFLICT (payment_id) WHERE status IN ('OPEN', 'UNDER_REVIEW') DO NOTHING
 * RETURNING d.id, d.customer_id, d.payment_id, d.reason, d.description, d.status, d.assignee_id, d.resolution_note,
 *   d.due_by, d.escalated_at, d.created_at, d.updated_at, d.closed_at
 * ```
 */
export const insertOpenDispute = new PreparedQuery<InsertOpenDisputeParams,InsertOpenDisputeResult>(insertOpenDisputeIR);


/** 'OpenDisputeOfPayment' parameters type */
export interface OpenDisputeOfPaymentParams {
  paymentId: string;
}

/** 'OpenDisputeOfPayment' return type */
export interface OpenDisputeOfPaymentResult {
  assignee_id: string | null;
  closed_at: Date | null;
  created_at: Date;
  customer_id: string;
  description: string;
  due_by: Date;
  escalated_at: Date | null;
  id: string;
  payment_id: string;
  reason: string;
  resolution_note: string | null;
  status: string;
  updated_at: Date;
}

/** 'OpenDisputeOfPayment' query type */
export interface OpenDisputeOfPaymentQuery {
  params: OpenDisputeOfPaymentParams;
  result: OpenDisputeOfPaymentResult;
}

const openDisputeOfPaymentIR: any = {"usedParamSet":{"paymentId":true},"params":[{"name":"paymentId","required":true,"transform":{"type":"scalar"},"locs":[{"a":224,"b":234}]}],"statement":"SELECT d.id, d.customer_id, d.payment_id, d.reason, d.description, d.status, d.assignee_id, d.resolution_note,\n       d.due_by, d.escalated_at, d.created_at, d.updated_at, d.closed_at\n  FROM disputes d\n WHERE d.payment_id = :paymentId! AND d.status IN ('OPEN', 'UNDER_REVIEW')"};

/**
 * Query generated from SQL:
 * ```
 * SELECT d.id, d.customer_id, d.payment_id, d.reason, d.description, d.status, d.assignee_id, d.resolution_note,
 *        d.due_by, d.escalated_at, d.created_at, d.updated_at, d.closed_at
 *   FROM disputes d
 *  WHERE d.payment_id = :paymentId! AND d.status IN ('OPEN', 'UNDER_REVIEW')
 * ```
 */
export const openDisputeOfPayment = new PreparedQuery<OpenDisputeOfPaymentParams,OpenDisputeOfPaymentResult>(openDisputeOfPaymentIR);


/** 'FindDispute' parameters type */
export interface FindDisputeParams {
  id: string;
}

/** 'FindDispute' return type */
export interface FindDisputeResult {
  assignee_id: string | null;
  closed_at: Date | null;
  created_at: Date;
  customer_id: string;
  description: string;
  due_by: Date;
  escalated_at: Date | null;
  id: string;
  payment_id: string;
  reason: string;
  resolution_note: string | null;
  status: string;
  updated_at: Date;
}

/** 'FindDispute' query type */
export interface FindDisputeQuery {
  params: FindDisputeParams;
  result: FindDisputeResult;
}

const findDisputeIR: any = {"usedParamSet":{"id":true},"params":[{"name":"id","required":true,"transform":{"type":"scalar"},"locs":[{"a":216,"b":219}]}],"statement":"SELECT d.id, d.customer_id, d.payment_id, d.reason, d.description, d.status, d.assignee_id, d.resolution_note,\n       d.due_by, d.escalated_at, d.created_at, d.updated_at, d.closed_at\n  FROM disputes d\n WHERE d.id = :id!"};

/**
 * Query generated from SQL:
 * ```
 * SELECT d.id, d.customer_id, d.payment_id, d.reason, d.description, d.status, d.assignee_id, d.resolution_note,
 *        d.due_by, d.escalated_at, d.created_at, d.updated_at, d.closed_at
 *   FROM disputes d
 *  WHERE d.id = :id!
 * ```
 */
export const findDispute = new PreparedQuery<FindDisputeParams,FindDisputeResult>(findDisputeIR);


/** 'LockDispute' parameters type */
export interface LockDisputeParams {
  id: string;
}

/** 'LockDispute' return type */
export interface LockDisputeResult {
  assignee_id: string | null;
  closed_at: Date | null;
  created_at: Date;
  customer_id: string;
  description: string;
  due_by: Date;
  escalated_at: Date | null;
  id: string;
  payment_id: string;
  reason: string;
  resolution_note: string | null;
  status: string;
  updated_at: Date;
}

/** 'LockDispute' query type */
export interface LockDisputeQuery {
  params: LockDisputeParams;
  result: LockDisputeResult;
}

const lockDisputeIR: any = {"usedParamSet":{"id":true},"params":[{"name":"id","required":true,"transform":{"type":"scalar"},"locs":[{"a":216,"b":219}]}],"statement":"SELECT d.id, d.customer_id, d.payment_id, d.reason, d.description, d.status, d.assignee_id, d.resolution_note,\n       d.due_by, d.escalated_at, d.created_at, d.updated_at, d.closed_at\n  FROM disputes d\n WHERE d.id = :id!\n   FOR UPDATE"};

/**
 * Query generated from SQL:
 * ```
 * SELECT d.id, d.customer_id, d.payment_id, d.reason, d.description, d.status, d.assignee_id, d.resolution_note,
 *        d.due_by, d.escalated_at, d.created_at, d.updated_at, d.closed_at
 *   FROM disputes d
 *  WHERE d.id = :id!
 *    FOR UPDATE
 * ```
 */
export const lockDispute = new PreparedQuery<LockDisputeParams,LockDisputeResult>(lockDisputeIR);


/** 'OwnedDisputePage' parameters type */
export interface OwnedDisputePageParams {
  customerId: string;
  limit: NumberOrString;
  offset: NumberOrString;
}

/** 'OwnedDisputePage' return type */
export interface OwnedDisputePageResult {
  assignee_id: string | null;
  closed_at: Date | null;
  created_at: Date;
  customer_id: string;
  description: string;
  due_by: Date;
  escalated_at: Date | null;
  id: string;
  payment_id: string;
  reason: string;
  resolution_note: string | null;
  status: string;
  total: string;
  updated_at: Date;
}

/** 'OwnedDisputePage' query type */
export interface OwnedDisputePageQuery {
  params: OwnedDisputePageParams;
  result: OwnedDisputePageResult;
}

const ownedDisputePageIR: any = {"usedParamSet":{"customerId":true,"limit":true,"offset":true},"params":[{"name":"customerId","required":true,"transform":{"type":"scalar"},"locs":[{"a":335,"b":346}]},{"name":"limit","required":true,"transform":{"type":"scalar"},"locs":[{"a":394,"b":400}]},{"name":"offset","required":true,"transform":{"type":"scalar"},"locs":[{"a":409,"b":416}]}],"statement":"-- The customer's disputes, newest first; total is the count of the whole list.\nSELECT d.id, d.customer_id, d.payment_id, d.reason, d.description, d.status, d.assignee_id, d.resolution_note,\n       d.due_by, d.escalated_at, d.created_at, d.updated_at, d.closed_at, count(*) OVER () AS \"total!\"\n  FROM disputes d\n WHERE d.customer_id = :customerId!\n ORDER BY d.created_at DESC, d.id DESC\n LIMIT :limit! OFFSET :offset!"};

/**
 * Query generated from SQL:
 * ```
 * -- The customer's disputes, newest first; total is the count of the whole list.
 * SELECT d.id, d.customer_id, d.payment_id, d.reason, d.description, d.status, d.assignee_id, d.resolution_note,
 *        d.due_by, d.escalated_at, d.created_at, d.updated_at, d.closed_at, count(*) OVER () AS "total!"
 *   FROM disputes d
 *  WHERE d.customer_id = :customerId!
 *  ORDER BY d.created_at DESC, d.id DESC
 *  LIMIT :limit! OFFSET :offset!
 * ```
 */
export const ownedDisputePage = new PreparedQuery<OwnedDisputePageParams,OwnedDisputePageResult>(ownedDisputePageIR);


/** 'OwnedDisputeCount' parameters type */
export interface OwnedDisputeCountParams {
  customerId: string;
}

/** 'OwnedDisputeCount' return type */
export interface OwnedDisputeCountResult {
  total: string;
}

/** 'OwnedDisputeCount' query type */
export interface OwnedDisputeCountQuery {
  params: OwnedDisputeCountParams;
  result: OwnedDisputeCountResult;
}

const ownedDisputeCountIR: any = {"usedParamSet":{"customerId":true},"params":[{"name":"customerId","required":true,"transform":{"type":"scalar"},"locs":[{"a":110,"b":121}]}],"statement":"-- The total when the page is past the end.\nSELECT count(*) AS \"total!\" FROM disputes d WHERE d.customer_id = :customerId!"};

/**
 * Query generated from SQL:
 * ```
 * -- The total when the page is past the end.
 * SELECT count(*) AS "total!" FROM disputes d WHERE d.customer_id = :customerId!
 * ```
 */
export const ownedDisputeCount = new PreparedQuery<OwnedDisputeCountParams,OwnedDisputeCountResult>(ownedDisputeCountIR);


/** 'QueueDisputePage' parameters type */
export interface QueueDisputePageParams {
  assigneeId?: string | null | void;
  breached?: boolean | null | void;
  limit: NumberOrString;
  now: DateOrString;
  offset: NumberOrString;
  reason?: string | null | void;
  status?: string | null | void;
}

/** 'QueueDisputePage' return type */
export interface QueueDisputePageResult {
  assignee_id: string | null;
  closed_at: Date | null;
  created_at: Date;
  customer_id: string;
  description: string;
  due_by: Date;
  escalated_at: Date | null;
  id: string;
  payment_id: string;
  reason: string;
  resolution_note: string | null;
  status: string;
  total: string;
  updated_at: Date;
}

/** 'QueueDisputePage' query type */
export interface QueueDisputePageQuery {
  params: QueueDisputePageParams;
  result: QueueDisputePageResult;
}

const queueDisputePageIR: any = {"usedParamSet":{"status":true,"assigneeId":true,"reason":true,"breached":true,"now":true,"limit":true,"offset":true},"params":[{"name":"status","required":false,"transform":{"type":"scalar"},"locs":[{"a":395,"b":401},{"a":431,"b":437}]},{"name":"assigneeId","required":false,"transform":{"type":"scalar"},"locs":[{"a":448,"b":458},{"a":493,"b":503}]},{"name":"reason","required":false,"transform":{"type":"scalar"},"locs":[{"a":514,"b":520},{"a":550,"b":556}]},{"name":"breached","required":false,"transform":{"type":"scalar"},"locs":[{"a":567,"b":575},{"a":659,"b":667}]},{"name":"now","required":true,"transform":{"type":"scalar"},"locs":[{"a":650,"b":654}]},{"name":"limit","required":true,"transform":{"type":"scalar"},"locs":[{"a":716,"b":722}]},{"name":"offset","required":true,"transform":{"type":"scalar"},"locs":[{"a":731,"b":738}]}],"statement":"-- The staff queue, newest first; null leaves a filter out. Breached is still open and past\n-- the deadline at now. Total is the count of the whole queue.\nSELECT d.id, d.customer_id, d.payment_id, d.reason, d.description, d.status, d.assignee_id, d.resolution_note,\n       d.due_by, d.escalated_at, d.created_at, d.updated_at, d.closed_at, count(*) OVER () AS \"total!\"\n  FROM disputes d\n WHERE (:status::text IS NULL OR d.status = :status)\n   AND (:assigneeId::uuid IS NULL OR d.assignee_id = :assigneeId)\n   AND (:reason::text IS NULL OR d.reason = :reason)\n   AND (:breached::boolean IS NULL OR (d.status IN ('OPEN', 'UNDER_REVIEW') AND d.due_by < :now!) = :breached)\n ORDER BY d.created_at DESC, d.id DESC\n LIMIT :limit! OFFSET :offset!"};

/**
 * Query generated from SQL:
 * ```
 * -- The staff queue, newest first; null leaves a filter out. Breached is still open and past
 * -- the deadline at now. Total is the count of the whole queue.
 * SELECT d.id, d.customer_id, d.payment_id, d.reason, d.description, d.status, d.assignee_id, d.resolution_note,
 *        d.due_by, d.escalated_at, d.created_at, d.updated_at, d.closed_at, count(*) OVER () AS "total!"
 *   FROM disputes d
 *  WHERE (:status::text IS NULL OR d.status = :status)
 *    AND (:assigneeId::uuid IS NULL OR d.assignee_id = :assigneeId)
 *    AND (:reason::text IS NULL OR d.reason = :reason)
 *    AND (:breached::boolean IS NULL OR (d.status IN ('OPEN', 'UNDER_REVIEW') AND d.due_by < :now!) = :breached)
 *  ORDER BY d.created_at DESC, d.id DESC
 *  LIMIT :limit! OFFSET :offset!
 * ```
 */
export const queueDisputePage = new PreparedQuery<QueueDisputePageParams,QueueDisputePageResult>(queueDisputePageIR);


/** 'QueueDisputeCount' parameters type */
export interface QueueDisputeCountParams {
  assigneeId?: string | null | void;
  breached?: boolean | null | void;
  now: DateOrString;
  reason?: string | null | void;
  status?: string | null | void;
}

/** 'QueueDisputeCount' return type */
export interface QueueDisputeCountResult {
  total: string;
}

/** 'QueueDisputeCount' query type */
export interface QueueDisputeCountQuery {
  params: QueueDisputeCountParams;
  result: QueueDisputeCountResult;
}

const queueDisputeCountIR: any = {"usedParamSet":{"status":true,"assigneeId":true,"reason":true,"breached":true,"now":true},"params":[{"name":"status","required":false,"transform":{"type":"scalar"},"locs":[{"a":141,"b":147},{"a":177,"b":183}]},{"name":"assigneeId","required":false,"transform":{"type":"scalar"},"locs":[{"a":194,"b":204},{"a":239,"b":249}]},{"name":"reason","required":false,"transform":{"type":"scalar"},"locs":[{"a":260,"b":266},{"a":296,"b":302}]},{"name":"breached","required":false,"transform":{"type":"scalar"},"locs":[{"a":313,"b":321},{"a":405,"b":413}]},{"name":"now","required":true,"transform":{"type":"scalar"},"locs":[{"a":396,"b":400}]}],"statement":"-- The queue's total when the page is past the end (same filters as QueueDisputePage).\nSELECT count(*) AS \"total!\"\n  FROM disputes d\n WHERE (:status::text IS NULL OR d.status = :status)\n   AND (:assigneeId::uuid IS NULL OR d.assignee_id = :assigneeId)\n   AND (:reason::text IS NULL OR d.reason = :reason)\n   AND (:breached::boolean IS NULL OR (d.status IN ('OPEN', 'UNDER_REVIEW') AND d.due_by < :now!) = :breached)"};

/**
 * Query generated from SQL:
 * ```
 * -- The queue's total when the page is past the end (same filters as QueueDisputePage).
 * SELECT count(*) AS "total!"
 *   FROM disputes d
 *  WHERE (:status::text IS NULL OR d.status = :status)
 *    AND (:assigneeId::uuid IS NULL OR d.assignee_id = :assigneeId)
 *    AND (:reason::text IS NULL OR d.reason = :reason)
 *    AND (:breached::boolean IS NULL OR (d.status IN ('OPEN', 'UNDER_REVIEW') AND d.due_by < :now!) = :breached)
 * ```
 */
export const queueDisputeCount = new PreparedQuery<QueueDisputeCountParams,QueueDisputeCountResult>(queueDisputeCountIR);


/** 'UpdateDispute' parameters type */
export interface UpdateDisputeParams {
  assigneeId?: string | null | void;
  closedAt?: DateOrString | null | void;
  id: string;
  now: DateOrString;
  resolutionNote?: string | null | void;
  setResolutionNote: boolean;
  status?: string | null | void;
}

/** 'UpdateDispute' return type */
export interface UpdateDisputeResult {
  assignee_id: string | null;
  closed_at: Date | null;
  created_at: Date;
  customer_id: string;
  description: string;
  due_by: Date;
  escalated_at: Date | null;
  id: string;
  payment_id: string;
  reason: string;
  resolution_note: string | null;
  status: string;
  updated_at: Date;
}

/** 'UpdateDispute' query type */
export interface UpdateDisputeQuery {
  params: UpdateDisputeParams;
  result: UpdateDisputeResult;
}

const updateDisputeIR: any = {"usedParamSet":{"status":true,"assigneeId":true,"setResolutionNote":true,"resolutionNote":true,"closedAt":true,"now":true,"id":true},"params":[{"name":"status","required":false,"transform":{"type":"scalar"},"locs":[{"a":145,"b":151}]},{"name":"assigneeId","required":false,"transform":{"type":"scalar"},"locs":[{"a":195,"b":205}]},{"name":"setResolutionNote","required":true,"transform":{"type":"scalar"},"locs":[{"a":259,"b":277}]},{"name":"resolutionNote","required":false,"transform":{"type":"scalar"},"locs":[{"a":284,"b":298}]},{"name":"closedAt","required":false,"transform":{"type":"scalar"},"locs":[{"a":356,"b":364}]},{"name":"now","required":true,"transform":{"type":"scalar"},"locs":[{"a":401,"b":405}]},{"name":"id","required":true,"transform":{"type":"scalar"},"locs":[{"a":421,"b":424}]}],"statement":"-- A null change keeps the column; the resolution note is set (null included) when setResolutionNote.\nUPDATE disputes d\n   SET status = coalesce(:status, d.status),\n       assignee_id = coalesce(:assigneeId, d.assignee_id),\n       resolution_note = CASE WHEN :setResolutionNote! THEN :resolutionNote ELSE d.resolution_note END,\n       closed_at = coalesce(:closedAt, d.closed_at),\n       updated_at = :now!\n WHERE d.id = :id!\nRETURNING d.id, d.customer_id, d.payment_id, d.reason, d.description, d.status, d.assignee_id, d.resolution_note,\n  d.due_by, d.escalated_at, d.created_at, d.updated_at, d.closed_at"};

/**
 * Query generated from SQL:
 * ```
 * -- A null change keeps the column; the resolution note is set (null included) when setResolutionNote.
 * UPDATE disputes d
 *    SET status = coalesce(:status, d.status),
 *        assignee_id = coalesce(:assigneeId, d.assignee_id),
 *        resolution_note = CASE WHEN :setResolutionNote! THEN :resolutionNote ELSE d.resolution_note END,
 *        closed_at = coalesce(:closedAt, d.closed_at),
 *        updated_at = :now!
 *  WHERE d.id = :id!
 * RETURNING d.id, d.customer_id, d.payment_id, d.reason, d.description, d.status, d.assignee_id, d.resolution_note,
 *   d.due_by, d.escalated_at, d.created_at, d.updated_at, d.closed_at
 * ```
 */
export const updateDispute = new PreparedQuery<UpdateDisputeParams,UpdateDisputeResult>(updateDisputeIR);


/** 'InsertTimelineEntry' parameters type */
export interface InsertTimelineEntryParams {
  actorId?: string | null | void;
  actorRole: string;
  assigneeId?: string | null | void;
  at: DateOrString;
  body?: string | null | void;
  disputeId: string;
  fromStatus?: string | null | void;
  id: string;
  internal: boolean;
  kind: string;
  toStatus?: string | null | void;
}

/** 'InsertTimelineEntry' return type */
export type InsertTimelineEntryResult = void;

/** 'InsertTimelineEntry' query type */
export interface InsertTimelineEntryQuery {
  params: InsertTimelineEntryParams;
  result: InsertTimelineEntryResult;
}

const insertTimelineEntryIR: any = {"usedParamSet":{"id":true,"disputeId":true,"kind":true,"actorId":true,"actorRole":true,"fromStatus":true,"toStatus":true,"assigneeId":true,"body":true,"internal":true,"at":true},"params":[{"name":"id","required":true,"transform":{"type":"scalar"},"locs":[{"a":141,"b":144}]},{"name":"disputeId","required":true,"transform":{"type":"scalar"},"locs":[{"a":147,"b":157}]},{"name":"kind","required":true,"transform":{"type":"scalar"},"locs":[{"a":160,"b":165}]},{"name":"actorId","required":false,"transform":{"type":"scalar"},"locs":[{"a":168,"b":175}]},{"name":"actorRole","required":true,"transform":{"type":"scalar"},"locs":[{"a":178,"b":188}]},{"name":"fromStatus","required":false,"transform":{"type":"scalar"},"locs":[{"a":191,"b":201}]},{"name":"toStatus","required":false,"transform":{"type":"scalar"},"locs":[{"a":204,"b":212}]},{"name":"assigneeId","required":false,"transform":{"type":"scalar"},"locs":[{"a":215,"b":225}]},{"name":"body","required":false,"transform":{"type":"scalar"},"locs":[{"a":228,"b":232}]},{"name":"internal","required":true,"transform":{"type":"scalar"},"locs":[{"a":235,"b":244}]},{"name":"at","required":true,"transform":{"type":"scalar"},"locs":[{"a":249,"b":252}]}],"statement":"INSERT INTO dispute_timeline (id, dispute_id, kind, actor_id, actor_role, from_status, to_status, assignee_id, body,\n  internal, at)\nVALUES (:id!, :disputeId!, :kind!, :actorId, :actorRole!, :fromStatus, :toStatus, :assigneeId, :body, :internal!,\n  :at!)"};

/**
 * Query generated from SQL:
 * ```
 * INSERT INTO dispute_timeline (id, dispute_id, kind, actor_id, actor_role, from_status, to_status, assignee_id, body,
 *   internal, at)
 * VALUES (:id!, :disputeId!, :kind!, :actorId, :actorRole!, :fromStatus, :toStatus, :assigneeId, :body, :internal!,
 *   :at!)
 * ```
 */
export const insertTimelineEntry = new PreparedQuery<InsertTimelineEntryParams,InsertTimelineEntryResult>(insertTimelineEntryIR);


/** 'DisputeTimeline' parameters type */
export interface DisputeTimelineParams {
  disputeId: string;
  withInternal: boolean;
}

/** 'DisputeTimeline' return type */
export interface DisputeTimelineResult {
  actor_id: string | null;
  actor_role: string;
  assignee_id: string | null;
  at: Date;
  body: string | null;
  dispute_id: string;
  from_status: string | null;
  id: string;
  internal: boolean;
  kind: string;
  to_status: string | null;
}

/** 'DisputeTimeline' query type */
export interface DisputeTimelineQuery {
  params: DisputeTimelineParams;
  result: DisputeTimelineResult;
}

const disputeTimelineIR: any = {"usedParamSet":{"disputeId":true,"withInternal":true},"params":[{"name":"disputeId","required":true,"transform":{"type":"scalar"},"locs":[{"a":261,"b":271}]},{"name":"withInternal","required":true,"transform":{"type":"scalar"},"locs":[{"a":278,"b":291}]}],"statement":"-- The timeline in order; withInternal false leaves staff-only comments out.\nSELECT t.id, t.dispute_id, t.kind, t.actor_id, t.actor_role, t.from_status, t.to_status, t.assignee_id, t.body,\n       t.internal, t.at\n  FROM dispute_timeline t\n WHERE t.dispute_id = :disputeId! AND (:withInternal! OR NOT t.internal)\n ORDER BY t.at, t.id"};

/**
 * Query generated from SQL:
 * ```
 * -- The timeline in order; withInternal false leaves staff-only comments out.
 * SELECT t.id, t.dispute_id, t.kind, t.actor_id, t.actor_role, t.from_status, t.to_status, t.assignee_id, t.body,
 *        t.internal, t.at
 *   FROM dispute_timeline t
 *  WHERE t.dispute_id = :disputeId! AND (:withInternal! OR NOT t.internal)
 *  ORDER BY t.at, t.id
 * ```
 */
export const disputeTimeline = new PreparedQuery<DisputeTimelineParams,DisputeTimelineResult>(disputeTimelineIR);


/** 'ClaimBreachedDisputes' parameters type */
export interface ClaimBreachedDisputesParams {
  limit: NumberOrString;
  now: DateOrString;
}

/** 'ClaimBreachedDisputes' return type */
export interface ClaimBreachedDisputesResult {
  assignee_id: string | null;
  closed_at: Date | null;
  created_at: Date;
  customer_id: string;
  description: string;
  due_by: Date;
  escalated_at: Date | null;
  id: string;
  payment_id: string;
  reason: string;
  resolution_note: string | null;
  status: string;
  updated_at: Date;
}

/** 'ClaimBreachedDisputes' query type */
export interface ClaimBreachedDisputesQuery {
  params: ClaimBreachedDisputesParams;
  result: ClaimBreachedDisputesResult;
}

const claimBreachedDisputesIR: any = {"usedParamSet":{"now":true,"limit":true},"params":[{"name":"now","required":true,"transform":{"type":"scalar"},"locs":[{"a":201,"b":205},{"a":221,"b":225},{"a":363,"b":367}]},{"name":"limit","required":true,"transform":{"type":"scalar"},"locs":[{"a":408,"b":414}]}],"statement":"-- Marks up to limit open disputes past their deadline as escalated and answers them; each is\n-- answered once across every worker (the row lock and escalated_at).\nUPDATE disputes d SET escalated_at = :now!, updated_at = :now!\n WHERE d.id IN (SELECT id FROM disputes\n                 WHERE status IN ('OPEN', 'UNDER_REVIEW') AND escalated_at IS NULL AND due_by < :now!\n                 ORDER BY due_by LIMIT :limit! FOR UPDATE SKIP LOCKED)\nRETURNING d.id, d.customer_id, d.payment_id, d.reason, d.description, d.status, d.assignee_id, d.resolution_note,\n  d.due_by, d.escalated_at, d.created_at, d.updated_at, d.closed_at"};

/**
 * Query generated from SQL:
 * ```
 * -- Marks up to limit open disputes past their deadline as escalated and answers them; each is
 * -- answered once across every worker (the row lock and escalated_at).
 * UPDATE disputes d SET escalated_at = :now!, updated_at = :now!
 *  WHERE d.id IN (SELECT id FROM disputes
 *                  WHERE status IN ('OPEN', 'UNDER_REVIEW') AND escalated_at IS NULL AND due_by < :now!
 *                  ORDER BY due_by LIMIT :limit! FOR UPDATE SKIP LOCKED)
 * RETURNING d.id, d.customer_id, d.payment_id, d.reason, d.description, d.status, d.assignee_id, d.resolution_note,
 *   d.due_by, d.escalated_at, d.created_at, d.updated_at, d.closed_at
 * ```
 */
export const claimBreachedDisputes = new PreparedQuery<ClaimBreachedDisputesParams,ClaimBreachedDisputesResult>(claimBreachedDisputesIR);


