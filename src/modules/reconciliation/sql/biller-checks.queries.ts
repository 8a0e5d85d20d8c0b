/** Types generated for queries found in "src/modules/reconciliation/sql/biller-checks.sql" */
import { PreparedQuery } from '../../../platform/database/sql-query';

export type DateOrString = Date | string;

export type NumberOrString = number | string;

/** 'NextSucceededBatch' parameters type */
export interface NextSucceededBatchParams {
  afterCreatedAt: DateOrString;
  afterId: string;
  from: DateOrString;
  limit: NumberOrString;
  to: DateOrString;
}

/** 'NextSucceededBatch' return type */
export interface NextSucceededBatchResult {
  amount: string;
  biller_id: string;
  created_at: Date;
  currency: string;
  id: string;
}

/** 'NextSucceededBatch' query type */
export interface NextSucceededBatchQuery {
  params: NextSucceededBatchParams;
  result: NextSucceededBatchResult;
}

const nextSucceededBatchIR: any = {"usedParamSet":{"from":true,"to":true,"afterCreatedAt":true,"afterId":true,"limit":true},"params":[{"name":"from","required":true,"transform":{"type":"scalar"},"locs":[{"a":302,"b":307}]},{"name":"to","required":true,"transform":{"type":"scalar"},"locs":[{"a":326,"b":329}]},{"name":"afterCreatedAt","required":true,"transform":{"type":"scalar"},"locs":[{"a":409,"b":424}]},{"name":"afterId","required":true,"transform":{"type":"scalar"},"locs":[{"a":440,"b":448}]},{"name":"limit","required":true,"transform":{"type":"scalar"},"locs":[{"a":489,"b":495}]}],"statement":"-- The window's SUCCEEDED bill payments after a key, in key order, one batch (BillerCheckService).\n-- A checkout payment pays a merchant, not a biller: there is no biller to ask.\nSELECT id, biller_id AS \"biller_id!\", amount::text AS \"amount!\", currency, created_at\n  FROM payments\n WHERE created_at >= :from! AND created_at < :to! AND status = 'SUCCEEDED' AND biller_id IS NOT NULL\n   AND (created_at, id) > (:afterCreatedAt!::timestamptz, :afterId!::uuid)\n ORDER BY created_at, id\n LIMIT :limit!"};

/**
 * Query generated from SQL:
 * ```
 * -- The window's SUCCEEDED bill payments after a key, in key order, one batch (BillerCheckService).
 * -- A checkout payment pays a merchant, not a biller: there is no biller to ask.
 * SELECT id, biller_id AS "biller_id!", amount::text AS "amount!", currency, created_at
 *   FROM payments
 *  WHERE created_at >= :from! AND created_at < :to! AND status = 'SUCCEEDED' AND biller_id IS NOT NULL
 *    AND (created_at, id) > (:afterCreatedAt!::timestamptz, :afterId!::uuid)
 *  ORDER BY created_at, id
 *  LIMIT :limit!
 * ```
 */
export const nextSucceededBatch = new PreparedQuery<NextSucceededBatchParams,NextSucceededBatchResult>(nextSucceededBatchIR);


/** 'RecordBillerCheck' parameters type */
export interface RecordBillerCheckParams {
  billerAmount?: NumberOrString | null | void;
  billerReference?: string | null | void;
  billerStatus?: string | null | void;
  currency: string;
  detail: string;
  expectedAmount: NumberOrString;
  outcome: string;
  paymentId: string;
}

/** 'RecordBillerCheck' return type */
export type RecordBillerCheckResult = void;

/** 'RecordBillerCheck' query type */
export interface RecordBillerCheckQuery {
  params: RecordBillerCheckParams;
  result: RecordBillerCheckResult;
}

const recordBillerCheckIR: any = {"usedParamSet":{"paymentId":true,"outcome":true,"billerStatus":true,"billerAmount":true,"billerReference":true,"expectedAmount":true,"currency":true,"detail":true},"params":[{"name":"paymentId","required":true,"transform":{"type":"scalar"},"locs":[{"a":241,"b":251}]},{"name":"outcome","required":true,"transform":{"type":"scalar"},"locs":[{"a":254,"b":262}]},{"name":"billerStatus","required":false,"transform":{"type":"scalar"},"locs":[{"a":265,"b":277}]},{"name":"billerAmount","required":false,"transform":{"type":"scalar"},"locs":[{"a":280,"b":292}]},{"name":"billerReference","required":false,"transform":{"type":"scalar"},"locs":[{"a":295,"b":310}]},{"name":"expectedAmount","required":true,"transform":{"type":"scalar"},"locs":[{"a":313,"b":328}]},{"name":"currency","required":true,"transform":{"type":"scalar"},"locs":[{"a":331,"b":340}]},{"name":"detail","required":true,"transform":{"type":"scalar"},"locs":[{"a":343,"b":350}]}],"statement":"-- A payment's newest answer from its biller, replacing any earlier one.\nINSERT INTO reconciliation_biller_checks\n  (payment_id, outcome, biller_status, biller_amount, biller_reference, expected_amount, currency, detail, checked_at)\nVALUES (:paymentId!, :outcome!, :billerStatus, :billerAmount, :billerReference, :expectedAmount!, :currency!, :detail!, now())\n    ON CONFLICT (payment_id) DO UPDATE SET\n       outcome = EXCLUDED.outcome, biller_status = EXCLUDED.biller_status, biller_amount = EXCLUDED.biller_amount,\n       biller_reference = EXCLUDED.biller_reference, expected_amount = EXCLUDED.expected_amount,\n       currency = EXCLUDED.currency, detail = EXCLUDED.detail, checked_at = EXCLUDED.checked_at"};

/**
 * Query generated from SQL:
 * ```
 * -- A payment's newest answer from its biller, replacing any earlier one.
 * INSERT INTO reconciliation_biller_checks
 *   (payment_id, outcome, biller_status, biller_amount, biller_reference, expected_amount, currency, detail, checked_at)
 * VALUES (:paymentId!, :outcome!, :billerStatus, :billerAmount, :billerReference, :expectedAmount!, :currency!, :detail!, now())
 *     ON CONFLICT (payment_id) DO UPDATE SET
 *        outcome = EXCLUDED.outcome, biller_status = EXCLUDED.biller_status, biller_amount = EXCLUDED.biller_amount,
 *        biller_reference = EXCLUDED.biller_reference, expected_amount = EXCLUDED.expected_amount,
 *        currency = EXCLUDED.currency, detail = EXCLUDED.detail, checked_at = EXCLUDED.checked_at
 * ```
 */
export const recordBillerCheck = new PreparedQuery<RecordBillerCheckParams,RecordBillerCheckResult>(recordBillerCheckIR);


