/** Types generated for queries found in "src/modules/payments/rails/sql/sandbox-rail-operations.sql" */
import { PreparedQuery } from '../../../../platform/database/sql-query';

export type DateOrString = Date | string;

export type NumberOrString = number | string;

export type stringArray = (string)[];

/** 'SandboxCaptureOf' parameters type */
export interface SandboxCaptureOfParams {
  reference: string;
}

/** 'SandboxCaptureOf' return type */
export interface SandboxCaptureOfResult {
  outcome: string;
  rail_reference: string | null;
  reason: string | null;
}

/** 'SandboxCaptureOf' query type */
export interface SandboxCaptureOfQuery {
  params: SandboxCaptureOfParams;
  result: SandboxCaptureOfResult;
}

const sandboxCaptureOfIR: any = {"usedParamSet":{"reference":true},"params":[{"name":"reference","required":true,"transform":{"type":"scalar"},"locs":[{"a":184,"b":194}]}],"statement":"-- The sandbox rail's stored capture of a reference (SandboxRailConnector).\nSELECT outcome, reason, rail_reference FROM sandbox_rail_operations\n WHERE kind = 'CAPTURE' AND reference = :reference!"};

/**
 * Query generated from SQL:
 * ```
 * -- The sandbox rail's stored capture of a reference (SandboxRailConnector).
 * SELECT outcome, reason, rail_reference FROM sandbox_rail_operations
 *  WHERE kind = 'CAPTURE' AND reference = :reference!
 * ```
 */
export const sandboxCaptureOf = new PreparedQuery<SandboxCaptureOfParams,SandboxCaptureOfResult>(sandboxCaptureOfIR);


/** 'SandboxRecordCapture' parameters type */
export interface SandboxRecordCaptureParams {
  amount: NumberOrString;
  currency: string;
  decline?: string | null | void;
  rail: string;
  railReference: string;
  reference: string;
}

/** 'SandboxRecordCapture' return type */
export interface SandboxRecordCaptureResult {
  outcome: string;
  rail_reference: string | null;
  reason: string | null;
}

/** 'SandboxRecordCapture' query type */
export interface SandboxRecordCaptureQuery {
  params: SandboxRecordCaptureParams;
  result: SandboxRecordCaptureResult;
}

const sandboxRecordCaptureIR: any = {"usedParamSet":{"reference":true,"rail":true,"decline":true,"railReference":true,"amount":true,"currency":true},"params":[{"name":"reference","required":true,"transform":{"type":"scalar"},"locs":[{"a":203,"b":213},{"a":365,"b":375},{"a":1075,"b":1085}]},{"name":"rail","required":true,"transform":{"type":"scalar"},"locs":[{"a":378,"b":383}]},{"name":"decline","required":false,"transform":{"type":"scalar"},"locs":[{"a":405,"b":412},{"a":525,"b":532},{"a":557,"b":564},{"a":648,"b":655}]},{"name":"railReference","required":true,"transform":{"type":"scalar"},"locs":[{"a":717,"b":731}]},{"name":"amount","required":true,"transform":{"type":"scalar"},"locs":[{"a":747,"b":754}]},{"name":"currency","required":true,"transform":{"type":"scalar"},"locs":[{"a":757,"b":766}]}],"statement":"-- Stores the capture's outcome unless the reference has one (or was cancelled), answers the stored one.\nWITH cancelled AS (\n  SELECT 1 FROM sandbox_rail_operations WHERE kind = 'CANCEL' AND reference = :reference!\n), inserted AS (\n  INSERT INTO sandbox_rail_operations (kind, reference, rail, outcome, reason, rail_reference, amount, currency)\n  SELECT 'CAPTURE', :reference!, :rail!,\n         CASE WHEN :decline::text IS NULL AND NOT EXISTS (SELECT 1 FROM cancelled) THEN 'CAPTURED' ELSE 'DECLINED' END,\n         CASE WHEN :decline::text IS NOT NULL THEN :decline WHEN EXISTS (SELECT 1 FROM cancelled) THEN 'DO_NOT_HONOR' END,\n         CASE WHEN :decline::text IS NULL AND NOT EXISTS (SELECT 1 FROM cancelled) THEN :railReference! END,\n         :amount!, :currency!\n  ON CONFLICT (kind, reference) DO NOTHING\n  RETURNING outcome, reason, rail_reference\n)\nSELECT outcome AS \"outcome!\", reason AS \"reason?\", rail_reference AS \"rail_reference?\" FROM inserted\nUNION ALL\nSELECT outcome, reason, rail_reference FROM sandbox_rail_operations WHERE kind = 'CAPTURE' AND reference = :reference!"};

/**
 * Query generated from SQL:
 * ```
 * -- Stores the capture's outcome unless the reference has one (or was cancelled), answers the stored one.
 * WITH cancelled AS (
 *   SELECT 1 FROM sandbox_rail_operations WHERE kind = 'CANCEL' AND reference = :reference!
 * ), inserted AS (
 *   INSERT INTO sandbox_rail_operations (kind, reference, rail, outcome, reason, rail_reference, amount, currency)
 *   SELECT 'CAPTURE', :reference!, :rail!,
 *          CASE WHEN :decline::text IS NULL AND NOT EXISTS (SELECT 1 FROM cancelled) THEN 'CAPTURED' ELSE 'DECLINED' END,
 *          CASE WHEN :decline::text IS NOT NULL THEN :decline WHEN EXISTS (SELECT 1 FROM cancelled) THEN 'DO_NOT_HONOR' END,
 *          CASE WHEN :decline::text IS NULL AND NOT EXISTS (SELECT 1 FROM cancelled) THEN :railReference! END,
 *          :amount!, :currency!
 *   ON CONFLICT (kind, reference) DO NOTHING
 *   RETURNING outcome, reason, rail_reference
 * )
 * SELECT outcome AS "outcome!", reason AS "reason?", rail_reference AS "rail_reference?" FROM inserted
 * UNION ALL
 * SELECT outcome, reason, rail_reference FROM sandbox_rail_operations WHERE kind = 'CAPTURE' AND reference = :reference!
 * ```
 */
export const sandboxRecordCapture = new PreparedQuery<SandboxRecordCaptureParams,SandboxRecordCaptureResult>(sandboxRecordCaptureIR);


/** 'SandboxRecordOperation' parameters type */
export interface SandboxRecordOperationParams {
  kind: string;
  rail: string;
  railReference: string;
  reference: string;
}

/** 'SandboxRecordOperation' return type */
export type SandboxRecordOperationResult = void;

/** 'SandboxRecordOperation' query type */
export interface SandboxRecordOperationQuery {
  params: SandboxRecordOperationParams;
  result: SandboxRecordOperationResult;
}

const sandboxRecordOperationIR: any = {"usedParamSet":{"kind":true,"reference":true,"rail":true,"railReference":true},"params":[{"name":"kind","required":true,"transform":{"type":"scalar"},"locs":[{"a":93,"b":98}]},{"name":"reference","required":true,"transform":{"type":"scalar"},"locs":[{"a":101,"b":111}]},{"name":"rail","required":true,"transform":{"type":"scalar"},"locs":[{"a":114,"b":119}]},{"name":"railReference","required":true,"transform":{"type":"scalar"},"locs":[{"a":130,"b":144}]}],"statement":"INSERT INTO sandbox_rail_operations (kind, reference, rail, outcome, rail_reference)\nVALUES (:kind!, :reference!, :rail!, 'DONE', :railReference!) ON CONFLICT (kind, reference) DO NOTHING"};

/**
 * Query generated from SQL:
 * ```
 * INSERT INTO sandbox_rail_operations (kind, reference, rail, outcome, rail_reference)
 * VALUES (:kind!, :reference!, :rail!, 'DONE', :railReference!) ON CONFLICT (kind, reference) DO NOTHING
 * ```
 */
export const sandboxRecordOperation = new PreparedQuery<SandboxRecordOperationParams,SandboxRecordOperationResult>(sandboxRecordOperationIR);


/** 'SandboxOperations' parameters type */
export interface SandboxOperationsParams {
  capturedFrom: DateOrString;
  capturedTo: DateOrString;
  references: stringArray;
}

/** 'SandboxOperations' return type */
export interface SandboxOperationsResult {
  amount: string | null;
  created_at: Date;
  currency: string | null;
  kind: string;
  outcome: string;
  rail: string;
  rail_reference: string | null;
  reference: string;
}

/** 'SandboxOperations' query type */
export interface SandboxOperationsQuery {
  params: SandboxOperationsParams;
  result: SandboxOperationsResult;
}

const sandboxOperationsIR: any = {"usedParamSet":{"references":true,"capturedFrom":true,"capturedTo":true},"params":[{"name":"references","required":true,"transform":{"type":"scalar"},"locs":[{"a":231,"b":242}]},{"name":"capturedFrom","required":true,"transform":{"type":"scalar"},"locs":[{"a":432,"b":445}]},{"name":"capturedTo","required":true,"transform":{"type":"scalar"},"locs":[{"a":464,"b":475}]}],"statement":"SELECT kind AS \"kind!\", reference AS \"reference!\", rail AS \"rail!\", outcome AS \"outcome!\", rail_reference,\n       amount::text AS amount, currency, created_at AS \"created_at!\"\n  FROM sandbox_rail_operations\n WHERE reference = ANY (:references!::text[])\nUNION\nSELECT kind, reference, rail, outcome, rail_reference, amount::text AS amount, currency, created_at\n  FROM sandbox_rail_operations\n WHERE kind = 'CAPTURE' AND created_at >= :capturedFrom! AND created_at < :capturedTo!"};

/**
 * Query generated from SQL:
 * ```
 * SELECT kind AS "kind!", reference AS "reference!", rail AS "rail!", outcome AS "outcome!", rail_reference,
 *        amount::text AS amount, currency, created_at AS "created_at!"
 *   FROM sandbox_rail_operations
 *  WHERE reference = ANY (:references!::text[])
 * UNION
 * SELECT kind, reference, rail, outcome, rail_reference, amount::text AS amount, currency, created_at
 *   FROM sandbox_rail_operations
 *  WHERE kind = 'CAPTURE' AND created_at >= :capturedFrom! AND created_at < :capturedTo!
 * ```
 */
export const sandboxOperations = new PreparedQuery<SandboxOperationsParams,SandboxOperationsResult>(sandboxOperationsIR);


/** 'SandboxScheduleDispute' parameters type */
export interface SandboxScheduleDisputeParams {
  amount: NumberOrString;
  currency: string;
  id: string;
  notifyAt: DateOrString;
  rail: string;
  railReference: string;
  reason: string;
  reference: string;
}

/** 'SandboxScheduleDispute' return type */
export type SandboxScheduleDisputeResult = void;

/** 'SandboxScheduleDispute' query type */
export interface SandboxScheduleDisputeQuery {
  params: SandboxScheduleDisputeParams;
  result: SandboxScheduleDisputeResult;
}

const sandboxScheduleDisputeIR: any = {"usedParamSet":{"id":true,"reference":true,"rail":true,"railReference":true,"amount":true,"currency":true,"reason":true,"notifyAt":true},"params":[{"name":"id","required":true,"transform":{"type":"scalar"},"locs":[{"a":215,"b":218}]},{"name":"reference","required":true,"transform":{"type":"scalar"},"locs":[{"a":221,"b":231}]},{"name":"rail","required":true,"transform":{"type":"scalar"},"locs":[{"a":234,"b":239}]},{"name":"railReference","required":true,"transform":{"type":"scalar"},"locs":[{"a":242,"b":256}]},{"name":"amount","required":true,"transform":{"type":"scalar"},"locs":[{"a":259,"b":266}]},{"name":"currency","required":true,"transform":{"type":"scalar"},"locs":[{"a":269,"b":278}]},{"name":"reason","required":true,"transform":{"type":"scalar"},"locs":[{"a":281,"b":288}]},{"name":"notifyAt","required":true,"transform":{"type":"scalar"},"locs":[{"a":291,"b":300}]}],"statement":"-- The chargeback a \"succeed then disputed\" test account's capture will meet, once per reference.\nINSERT INTO sandbox_rail_disputes (id, reference, rail, rail_reference, amount, currency, reason, notify_at)\nVALUES (:id!, :reference!, :rail!, :railReference!, :amount!, :currency!, :reason!, :notifyAt!)\nON CONFLICT (reference) DO NOTHING"};

/**
 * Query generated from SQL:
 * ```
 * -- The chargeback a "succeed then disputed" test account's capture will meet, once per reference.
 * INSERT INTO sandbox_rail_disputes (id, reference, rail, rail_reference, amount, currency, reason, notify_at)
 * VALUES (:id!, :reference!, :rail!, :railReference!, :amount!, :currency!, :reason!, :notifyAt!)
 * ON CONFLICT (reference) DO NOTHING
 * ```
 */
export const sandboxScheduleDispute = new PreparedQuery<SandboxScheduleDisputeParams,SandboxScheduleDisputeResult>(sandboxScheduleDisputeIR);


/** 'SandboxClaimDueDisputes' parameters type */
export interface SandboxClaimDueDisputesParams {
  limit: NumberOrString;
  now: DateOrString;
  skip: stringArray;
}

/** 'SandboxClaimDueDisputes' return type */
export interface SandboxClaimDueDisputesResult {
  amount: string;
  currency: string;
  id: string;
  rail: string;
  rail_reference: string;
  reason: string;
  reference: string;
}

/** 'SandboxClaimDueDisputes' query type */
export interface SandboxClaimDueDisputesQuery {
  params: SandboxClaimDueDisputesParams;
  result: SandboxClaimDueDisputesResult;
}

const sandboxClaimDueDisputesIR: any = {"usedParamSet":{"now":true,"skip":true,"limit":true},"params":[{"name":"now","required":true,"transform":{"type":"scalar"},"locs":[{"a":307,"b":311}]},{"name":"skip","required":true,"transform":{"type":"scalar"},"locs":[{"a":328,"b":333}]},{"name":"limit","required":true,"transform":{"type":"scalar"},"locs":[{"a":375,"b":381}]}],"statement":"-- Due chargebacks for this worker, but those it left waiting (:skip); those another worker holds are skipped\n-- (sandbox_rail_disputes_due_idx).\nSELECT id, reference, rail, rail_reference, amount::text AS \"amount!\", currency, reason\n  FROM sandbox_rail_disputes\n WHERE notified_at IS NULL AND notify_at <= :now! AND id <> ALL (:skip!::uuid[])\n ORDER BY notify_at, id\n LIMIT :limit!\n   FOR UPDATE SKIP LOCKED"};

/**
 * Query generated from SQL:
 * ```
 * -- Due chargebacks for this worker, but those it left waiting (:skip); those another worker holds are skipped
 * -- (sandbox_rail_disputes_due_idx).
 * SELECT id, reference, rail, rail_reference, amount::text AS "amount!", currency, reason
 *   FROM sandbox_rail_disputes
 *  WHERE notified_at IS NULL AND notify_at <= :now! AND id <> ALL (:skip!::uuid[])
 *  ORDER BY notify_at, id
 *  LIMIT :limit!
 *    FOR UPDATE SKIP LOCKED
 * ```
 */
export const sandboxClaimDueDisputes = new PreparedQuery<SandboxClaimDueDisputesParams,SandboxClaimDueDisputesResult>(sandboxClaimDueDisputesIR);


/** 'SandboxClaimDisputeOf' parameters type */
export interface SandboxClaimDisputeOfParams {
  reference: string;
}

/** 'SandboxClaimDisputeOf' return type */
export interface SandboxClaimDisputeOfResult {
  amount: string;
  currency: string;
  id: string;
  notify_at: Date;
  rail: string;
  rail_reference: string;
  reason: string;
  reference: string;
}

/** 'SandboxClaimDisputeOf' query type */
export interface SandboxClaimDisputeOfQuery {
  params: SandboxClaimDisputeOfParams;
  result: SandboxClaimDisputeOfResult;
}

const sandboxClaimDisputeOfIR: any = {"usedParamSet":{"reference":true},"params":[{"name":"reference","required":true,"transform":{"type":"scalar"},"locs":[{"a":233,"b":243}]}],"statement":"-- The chargeback still to come for one reference (the test clock brings it forward).\nSELECT id, reference, rail, rail_reference, amount::text AS \"amount!\", currency, reason, notify_at\n  FROM sandbox_rail_disputes\n WHERE reference = :reference! AND notified_at IS NULL\n   FOR UPDATE"};

/**
 * Query generated from SQL:
 * ```
 * -- The chargeback still to come for one reference (the test clock brings it forward).
 * SELECT id, reference, rail, rail_reference, amount::text AS "amount!", currency, reason, notify_at
 *   FROM sandbox_rail_disputes
 *  WHERE reference = :reference! AND notified_at IS NULL
 *    FOR UPDATE
 * ```
 */
export const sandboxClaimDisputeOf = new PreparedQuery<SandboxClaimDisputeOfParams,SandboxClaimDisputeOfResult>(sandboxClaimDisputeOfIR);


/** 'SandboxShiftDispute' parameters type */
export interface SandboxShiftDisputeParams {
  id: string;
  seconds: number;
}

/** 'SandboxShiftDispute' return type */
export type SandboxShiftDisputeResult = void;

/** 'SandboxShiftDispute' query type */
export interface SandboxShiftDisputeQuery {
  params: SandboxShiftDisputeParams;
  result: SandboxShiftDisputeResult;
}

const sandboxShiftDisputeIR: any = {"usedParamSet":{"seconds":true,"id":true},"params":[{"name":"seconds","required":true,"transform":{"type":"scalar"},"locs":[{"a":79,"b":87}]},{"name":"id","required":true,"transform":{"type":"scalar"},"locs":[{"a":107,"b":110}]}],"statement":"UPDATE sandbox_rail_disputes SET notify_at = notify_at - make_interval(secs => :seconds!::int)\n WHERE id = :id! AND notified_at IS NULL"};

/**
 * Query generated from SQL:
 * ```
 * UPDATE sandbox_rail_disputes SET notify_at = notify_at - make_interval(secs => :seconds!::int)
 *  WHERE id = :id! AND notified_at IS NULL
 * ```
 */
export const sandboxShiftDispute = new PreparedQuery<SandboxShiftDisputeParams,SandboxShiftDisputeResult>(sandboxShiftDisputeIR);


/** 'SandboxMarkDisputeNotified' parameters type */
export interface SandboxMarkDisputeNotifiedParams {
  id: string;
  notifiedAt: DateOrString;
  outcome: string;
}

/** 'SandboxMarkDisputeNotified' return type */
export type SandboxMarkDisputeNotifiedResult = void;

/** 'SandboxMarkDisputeNotified' query type */
export interface SandboxMarkDisputeNotifiedQuery {
  params: SandboxMarkDisputeNotifiedParams;
  result: SandboxMarkDisputeNotifiedResult;
}

const sandboxMarkDisputeNotifiedIR: any = {"usedParamSet":{"notifiedAt":true,"outcome":true,"id":true},"params":[{"name":"notifiedAt","required":true,"transform":{"type":"scalar"},"locs":[{"a":47,"b":58}]},{"name":"outcome","required":true,"transform":{"type":"scalar"},"locs":[{"a":71,"b":79}]},{"name":"id","required":true,"transform":{"type":"scalar"},"locs":[{"a":93,"b":96}]}],"statement":"UPDATE sandbox_rail_disputes SET notified_at = :notifiedAt!, outcome = :outcome!\n WHERE id = :id! AND notified_at IS NULL"};

/**
 * Query generated from SQL:
 * ```
 * UPDATE sandbox_rail_disputes SET notified_at = :notifiedAt!, outcome = :outcome!
 *  WHERE id = :id! AND notified_at IS NULL
 * ```
 */
export const sandboxMarkDisputeNotified = new PreparedQuery<SandboxMarkDisputeNotifiedParams,SandboxMarkDisputeNotifiedResult>(sandboxMarkDisputeNotifiedIR);


