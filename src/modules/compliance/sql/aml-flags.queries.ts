/** Types generated for queries found in "src/modules/compliance/sql/aml-flags.sql" */
import { PreparedQuery } from '../../../platform/database/sql-query';

export type NumberOrString = number | string;

export type stringArray = (string)[];

/** 'OneTripInsertFlags' parameters type */
export interface OneTripInsertFlagsParams {
  ids: stringArray;
  paymentId: string;
  reasons: stringArray;
  rules: stringArray;
  severities: stringArray;
}

/** 'OneTripInsertFlags' return type */
export type OneTripInsertFlagsResult = void;

/** 'OneTripInsertFlags' query type */
export interface OneTripInsertFlagsQuery {
  params: OneTripInsertFlagsParams;
  result: OneTripInsertFlagsResult;
}

const oneTripInsertFlagsIR: any = {"usedParamSet":{"paymentId":true,"ids":true,"rules":true,"severities":true,"reasons":true},"params":[{"name":"paymentId","required":true,"transform":{"type":"scalar"},"locs":[{"a":240,"b":250}]},{"name":"ids","required":true,"transform":{"type":"scalar"},"locs":[{"a":313,"b":317}]},{"name":"rules","required":true,"transform":{"type":"scalar"},"locs":[{"a":328,"b":334}]},{"name":"severities","required":true,"transform":{"type":"scalar"},"locs":[{"a":345,"b":356}]},{"name":"reasons","required":true,"transform":{"type":"scalar"},"locs":[{"a":367,"b":375}]}],"statement":"-- Every flag one screening of a payment raised, in one statement (AmlFlagRepository.insertFlags):\n-- the arrays are the flags' columns, index by index.\nINSERT INTO aml_flags (id, payment_id, rule, severity, reason, status)\nSELECT flag.id, :paymentId!, flag.rule, flag.severity, flag.reason, 'OPEN'\n  FROM unnest(:ids!::uuid[], :rules!::text[], :severities!::text[], :reasons!::text[])\n       AS flag (id, rule, severity, reason)\n    ON CONFLICT (payment_id, rule) DO NOTHING"};

/**
 * Query generated from SQL:
 * ```
 * -- Every flag one screening of a payment raised, in one statement (AmlFlagRepository.insertFlags):
 * -- the arrays are the flags' columns, index by index.
 * INSERT INTO aml_flags (id, payment_id, rule, severity, reason, status)
 * SELECT flag.id, :paymentId!, flag.rule, flag.severity, flag.reason, 'OPEN'
 *   FROM unnest(:ids!::uuid[], :rules!::text[], :severities!::text[], :reasons!::text[])
 *        AS flag (id, rule, severity, reason)
 *     ON CONFLICT (payment_id, rule) DO NOTHING
 * ```
 */
export const oneTripInsertFlags = new PreparedQuery<OneTripInsertFlagsParams,OneTripInsertFlagsResult>(oneTripInsertFlagsIR);


/** 'LockFlagsOfPayment' parameters type */
export interface LockFlagsOfPaymentParams {
  paymentId: string;
}

/** 'LockFlagsOfPayment' return type */
export interface LockFlagsOfPaymentResult {
  id: string;
  rule: string;
  severity: string;
  status: string;
}

/** 'LockFlagsOfPayment' query type */
export interface LockFlagsOfPaymentQuery {
  params: LockFlagsOfPaymentParams;
  result: LockFlagsOfPaymentResult;
}

const lockFlagsOfPaymentIR: any = {"usedParamSet":{"paymentId":true},"params":[{"name":"paymentId","required":true,"transform":{"type":"scalar"},"locs":[{"a":68,"b":78}]}],"statement":"SELECT id, rule, severity, status FROM aml_flags WHERE payment_id = :paymentId! ORDER BY created_at, id FOR UPDATE"};

/**
 * Query generated from SQL:
 * ```
 * SELECT id, rule, severity, status FROM aml_flags WHERE payment_id = :paymentId! ORDER BY created_at, id FOR UPDATE
 * ```
 */
export const lockFlagsOfPayment = new PreparedQuery<LockFlagsOfPaymentParams,LockFlagsOfPaymentResult>(lockFlagsOfPaymentIR);


/** 'ReviewFlags' parameters type */
export interface ReviewFlagsParams {
  ids: stringArray;
  note: string;
  reviewerId: string;
  status: string;
}

/** 'ReviewFlags' return type */
export type ReviewFlagsResult = void;

/** 'ReviewFlags' query type */
export interface ReviewFlagsQuery {
  params: ReviewFlagsParams;
  result: ReviewFlagsResult;
}

const reviewFlagsIR: any = {"usedParamSet":{"status":true,"reviewerId":true,"note":true,"ids":true},"params":[{"name":"status","required":true,"transform":{"type":"scalar"},"locs":[{"a":30,"b":37}]},{"name":"reviewerId","required":true,"transform":{"type":"scalar"},"locs":[{"a":54,"b":65}]},{"name":"note","required":true,"transform":{"type":"scalar"},"locs":[{"a":82,"b":87}]},{"name":"ids","required":true,"transform":{"type":"scalar"},"locs":[{"a":154,"b":158}]}],"statement":"UPDATE aml_flags SET status = :status!, reviewed_by = :reviewerId!, review_note = :note!, reviewed_at = now(),\n       updated_at = now()\n WHERE id = ANY (:ids!::uuid[])"};

/**
 * Query generated from SQL:
 * ```
 * UPDATE aml_flags SET status = :status!, reviewed_by = :reviewerId!, review_note = :note!, reviewed_at = now(),
 *        updated_at = now()
 *  WHERE id = ANY (:ids!::uuid[])
 * ```
 */
export const reviewFlags = new PreparedQuery<ReviewFlagsParams,ReviewFlagsResult>(reviewFlagsIR);


/** 'InsertReport' parameters type */
export interface InsertReportParams {
  id: string;
  note: string;
  paymentId: string;
  reportedBy: string;
  rules: stringArray;
}

/** 'InsertReport' return type */
export interface InsertReportResult {
  id: string;
}

/** 'InsertReport' query type */
export interface InsertReportQuery {
  params: InsertReportParams;
  result: InsertReportResult;
}

const insertReportIR: any = {"usedParamSet":{"id":true,"paymentId":true,"rules":true,"reportedBy":true,"note":true},"params":[{"name":"id","required":true,"transform":{"type":"scalar"},"locs":[{"a":75,"b":78}]},{"name":"paymentId","required":true,"transform":{"type":"scalar"},"locs":[{"a":81,"b":91}]},{"name":"rules","required":true,"transform":{"type":"scalar"},"locs":[{"a":94,"b":100}]},{"name":"reportedBy","required":true,"transform":{"type":"scalar"},"locs":[{"a":103,"b":114}]},{"name":"note","required":true,"transform":{"type":"scalar"},"locs":[{"a":117,"b":122}]}],"statement":"INSERT INTO aml_reports (id, payment_id, rules, reported_by, note)\nVALUES (:id!, :paymentId!, :rules!, :reportedBy!, :note!)\nRETURNING id"};

/**
 * Query generated from SQL:
 * ```
 * INSERT INTO aml_reports (id, payment_id, rules, reported_by, note)
 * VALUES (:id!, :paymentId!, :rules!, :reportedBy!, :note!)
 * RETURNING id
 * ```
 */
export const insertReport = new PreparedQuery<InsertReportParams,InsertReportResult>(insertReportIR);


/** 'QueuePage' parameters type */
export interface QueuePageParams {
  limit: NumberOrString;
  offset: NumberOrString;
  rule?: string | null | void;
  severity?: string | null | void;
}

/** 'QueuePage' return type */
export interface QueuePageResult {
  created_at: Date | null;
  id: string | null;
  payment_id: string | null;
  reason: string | null;
  rule: string | null;
  severity: string | null;
  status: string | null;
  total_items: number;
}

/** 'QueuePage' query type */
export interface QueuePageQuery {
  params: QueuePageParams;
  result: QueuePageResult;
}

const queuePageIR: any = {"usedParamSet":{"severity":true,"rule":true,"limit":true,"offset":true},"params":[{"name":"severity","required":false,"transform":{"type":"scalar"},"locs":[{"a":811,"b":819},{"a":851,"b":859},{"a":1099,"b":1107},{"a":1139,"b":1147}]},{"name":"rule","required":false,"transform":{"type":"scalar"},"locs":[{"a":867,"b":871},{"a":899,"b":903},{"a":1155,"b":1159},{"a":1187,"b":1191}]},{"name":"limit","required":true,"transform":{"type":"scalar"},"locs":[{"a":1308,"b":1314}]},{"name":"offset","required":true,"transform":{"type":"scalar"},"locs":[{"a":1323,"b":1330}]}],"statement":"-- One page of the open flags and the count of every flag matching, in one statement (one\n-- snapshot, so the count and the page cannot disagree); a page past the end still answers the\n-- count, as the row of total with no flag. The order (HIGH, MEDIUM, LOW, then oldest) is the\n-- expression that leads aml_flags_queue_idx (migration 1795876000000), kept textually identical\n-- for PostgreSQL to read the page from the index in order.\nSELECT total.items AS \"total_items!\", listed.id AS \"id?\", listed.payment_id AS \"payment_id?\", listed.rule AS \"rule?\",\n       listed.severity AS \"severity?\", listed.reason AS \"reason?\", listed.status AS \"status?\",\n       listed.created_at AS \"created_at?\"\n  FROM (SELECT count(*)::int AS items FROM aml_flags f\n         WHERE f.status IN ('OPEN', 'ESCALATED')\n           AND (:severity::text IS NULL OR f.severity = :severity) AND (:rule::text IS NULL OR f.rule = :rule)) total\n  LEFT JOIN LATERAL (\n    SELECT f.id, f.payment_id, f.rule, f.severity, f.reason, f.status, f.created_at\n      FROM aml_flags f\n     WHERE f.status IN ('OPEN', 'ESCALATED')\n       AND (:severity::text IS NULL OR f.severity = :severity) AND (:rule::text IS NULL OR f.rule = :rule)\n     ORDER BY (CASE f.severity WHEN 'HIGH' THEN 0 WHEN 'MEDIUM' THEN 1 ELSE 2 END), f.created_at, f.id\n     LIMIT :limit! OFFSET :offset!\n  ) listed ON true"};

/**
 * Query generated from SQL:
 * ```
 * -- One page of the open flags and the count of every flag matching, in one statement (one
 * -- snapshot, so the count and the page cannot disagree); a page past the end still answers the
 * -- count, as the row of total with no flag. The order (HIGH, MEDIUM, LOW, then oldest) is the
 * -- expression that leads aml_flags_queue_idx (migration 1795876000000), kept textually identical
 * -- for PostgreSQL to read the page from the index in order.
 * SELECT total.items AS "total_items!", listed.id AS "id?", listed.payment_id AS "payment_id?", listed.rule AS "rule?",
 *        listed.severity AS "severity?", listed.reason AS "reason?", listed.status AS "status?",
 *        listed.created_at AS "created_at?"
 *   FROM (SELECT count(*)::int AS items FROM aml_flags f
 *          WHERE f.status IN ('OPEN', 'ESCALATED')
 *            AND (:severity::text IS NULL OR f.severity = :severity) AND (:rule::text IS NULL OR f.rule = :rule)) total
 *   LEFT JOIN LATERAL (
 *     SELECT f.id, f.payment_id, f.rule, f.severity, f.reason, f.status, f.created_at
 *       FROM aml_flags f
 *      WHERE f.status IN ('OPEN', 'ESCALATED')
 *        AND (:severity::text IS NULL OR f.severity = :severity) AND (:rule::text IS NULL OR f.rule = :rule)
 *      ORDER BY (CASE f.severity WHEN 'HIGH' THEN 0 WHEN 'MEDIUM' THEN 1 ELSE 2 END), f.created_at, f.id
 *      LIMIT :limit! OFFSET :offset!
 *   ) listed ON true
 * ```
 */
export const queuePage = new PreparedQuery<QueuePageParams,QueuePageResult>(queuePageIR);


