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


