/** Types generated for queries found in "src/modules/payments/rails/sql/rail-reversals.sql" */
import { PreparedQuery } from '../../../../platform/database/sql-query';

export type NumberOrString = number | string;

/** 'RequestRailReversal' parameters type */
export interface RequestRailReversalParams {
  action: string;
  amount: NumberOrString;
  currency: string;
  id: string;
  paymentId: string;
  pickupGraceMs: number;
}

/** 'RequestRailReversal' return type */
export type RequestRailReversalResult = void;

/** 'RequestRailReversal' query type */
export interface RequestRailReversalQuery {
  params: RequestRailReversalParams;
  result: RequestRailReversalResult;
}

const requestRailReversalIR: any = {"usedParamSet":{"id":true,"paymentId":true,"action":true,"amount":true,"currency":true,"pickupGraceMs":true},"params":[{"name":"id","required":true,"transform":{"type":"scalar"},"locs":[{"a":200,"b":203}]},{"name":"paymentId","required":true,"transform":{"type":"scalar"},"locs":[{"a":206,"b":216}]},{"name":"action","required":true,"transform":{"type":"scalar"},"locs":[{"a":219,"b":226}]},{"name":"amount","required":true,"transform":{"type":"scalar"},"locs":[{"a":229,"b":236}]},{"name":"currency","required":true,"transform":{"type":"scalar"},"locs":[{"a":239,"b":248}]},{"name":"pickupGraceMs","required":true,"transform":{"type":"scalar"},"locs":[{"a":289,"b":303}]}],"statement":"-- RailReversalRepository.request: due pickupGraceMs from now, at most one per payment without a refund.\nINSERT INTO rail_reversals (id, payment_id, action, amount, currency, next_attempt_at)\nVALUES (:id!, :paymentId!, :action!, :amount!, :currency!,\n        now() + make_interval(secs => :pickupGraceMs!::double precision / 1000))\nON CONFLICT (payment_id) WHERE refund_id IS NULL DO NOTHING"};

/**
 * Query generated from SQL:
 * ```
 * -- RailReversalRepository.request: due pickupGraceMs from now, at most one per payment without a refund.
 * INSERT INTO rail_reversals (id, payment_id, action, amount, currency, next_attempt_at)
 * VALUES (:id!, :paymentId!, :action!, :amount!, :currency!,
 *         now() + make_interval(secs => :pickupGraceMs!::double precision / 1000))
 * ON CONFLICT (payment_id) WHERE refund_id IS NULL DO NOTHING
 * ```
 */
export const requestRailReversal = new PreparedQuery<RequestRailReversalParams,RequestRailReversalResult>(requestRailReversalIR);


/** 'RequestRefundReversal' parameters type */
export interface RequestRefundReversalParams {
  amount: NumberOrString;
  currency: string;
  id: string;
  paymentId: string;
  pickupGraceMs: number;
  refundId: string;
}

/** 'RequestRefundReversal' return type */
export interface RequestRefundReversalResult {
  id: string;
}

/** 'RequestRefundReversal' query type */
export interface RequestRefundReversalQuery {
  params: RequestRefundReversalParams;
  result: RequestRefundReversalResult;
}

const requestRefundReversalIR: any = {"usedParamSet":{"id":true,"paymentId":true,"refundId":true,"amount":true,"currency":true,"pickupGraceMs":true},"params":[{"name":"id","required":true,"transform":{"type":"scalar"},"locs":[{"a":237,"b":240}]},{"name":"paymentId","required":true,"transform":{"type":"scalar"},"locs":[{"a":243,"b":253}]},{"name":"refundId","required":true,"transform":{"type":"scalar"},"locs":[{"a":266,"b":275},{"a":528,"b":537}]},{"name":"amount","required":true,"transform":{"type":"scalar"},"locs":[{"a":278,"b":285}]},{"name":"currency","required":true,"transform":{"type":"scalar"},"locs":[{"a":288,"b":297}]},{"name":"pickupGraceMs","required":true,"transform":{"type":"scalar"},"locs":[{"a":340,"b":354}]}],"statement":"-- RailReversalRepository.requestRefund: one refund of a payment, one row per refund; answers the row's id.\nWITH inserted AS (\n  INSERT INTO rail_reversals (id, payment_id, action, refund_id, amount, currency, next_attempt_at)\n  VALUES (:id!, :paymentId!, 'REFUND', :refundId!, :amount!, :currency!,\n          now() + make_interval(secs => :pickupGraceMs!::double precision / 1000))\n  ON CONFLICT (refund_id) DO NOTHING\n  RETURNING id\n)\nSELECT id AS \"id!\" FROM inserted\nUNION ALL\nSELECT id FROM rail_reversals WHERE refund_id = :refundId!"};

/**
 * Query generated from SQL:
 * ```
 * -- RailReversalRepository.requestRefund: one refund of a payment, one row per refund; answers the row's id.
 * WITH inserted AS (
 *   INSERT INTO rail_reversals (id, payment_id, action, refund_id, amount, currency, next_attempt_at)
 *   VALUES (:id!, :paymentId!, 'REFUND', :refundId!, :amount!, :currency!,
 *           now() + make_interval(secs => :pickupGraceMs!::double precision / 1000))
 *   ON CONFLICT (refund_id) DO NOTHING
 *   RETURNING id
 * )
 * SELECT id AS "id!" FROM inserted
 * UNION ALL
 * SELECT id FROM rail_reversals WHERE refund_id = :refundId!
 * ```
 */
export const requestRefundReversal = new PreparedQuery<RequestRefundReversalParams,RequestRefundReversalResult>(requestRefundReversalIR);


/** 'PaymentOwnRailReversal' parameters type */
export interface PaymentOwnRailReversalParams {
  paymentId: string;
}

/** 'PaymentOwnRailReversal' return type */
export interface PaymentOwnRailReversalResult {
  id: string;
}

/** 'PaymentOwnRailReversal' query type */
export interface PaymentOwnRailReversalQuery {
  params: PaymentOwnRailReversalParams;
  result: PaymentOwnRailReversalResult;
}

const paymentOwnRailReversalIR: any = {"usedParamSet":{"paymentId":true},"params":[{"name":"paymentId","required":true,"transform":{"type":"scalar"},"locs":[{"a":164,"b":174}]}],"statement":"-- The payment's own reversal (a failed payment's refund or cancel, a dispute's refund): the one without a refund.\nSELECT id FROM rail_reversals WHERE payment_id = :paymentId! AND refund_id IS NULL"};

/**
 * Query generated from SQL:
 * ```
 * -- The payment's own reversal (a failed payment's refund or cancel, a dispute's refund): the one without a refund.
 * SELECT id FROM rail_reversals WHERE payment_id = :paymentId! AND refund_id IS NULL
 * ```
 */
export const paymentOwnRailReversal = new PreparedQuery<PaymentOwnRailReversalParams,PaymentOwnRailReversalResult>(paymentOwnRailReversalIR);


/** 'ClaimRailReversal' parameters type */
export interface ClaimRailReversalParams {
  id: string;
  leaseMs: number;
  whenDue: boolean;
}

/** 'ClaimRailReversal' return type */
export interface ClaimRailReversalResult {
  action: string;
  amount: string;
  completed_at: Date | null;
  created_at: Date;
  currency: string;
  id: string;
  last_error: string | null;
  lease_until: Date | null;
  next_attempt_at: Date;
  payment_id: string;
  rail_reference: string | null;
  refund_id: string | null;
  status: string;
  tries: number;
  updated_at: Date;
}

/** 'ClaimRailReversal' query type */
export interface ClaimRailReversalQuery {
  params: ClaimRailReversalParams;
  result: ClaimRailReversalResult;
}

const claimRailReversalIR: any = {"usedParamSet":{"leaseMs":true,"id":true,"whenDue":true},"params":[{"name":"leaseMs","required":true,"transform":{"type":"scalar"},"locs":[{"a":95,"b":103}]},{"name":"id","required":true,"transform":{"type":"scalar"},"locs":[{"a":193,"b":196}]},{"name":"whenDue","required":true,"transform":{"type":"scalar"},"locs":[{"a":235,"b":243}]}],"statement":"WITH claimed AS (\n  UPDATE rail_reversals\n     SET lease_until = now() + make_interval(secs => :leaseMs!::double precision / 1000), tries = tries + 1,\n         updated_at = now()\n   WHERE id = :id! AND status = 'PENDING'\n     AND (NOT :whenDue!::boolean OR next_attempt_at <= now())\n     AND (lease_until IS NULL OR lease_until < now())\n  RETURNING id, payment_id, action, refund_id, amount, currency, status, tries, next_attempt_at, lease_until,\n            last_error, rail_reference, created_at, updated_at, completed_at\n)\nSELECT id, payment_id, action, refund_id, amount, currency, status, tries, next_attempt_at, lease_until, last_error,\n       rail_reference, created_at, updated_at, completed_at\n  FROM claimed"};

/**
 * Query generated from SQL:
 * ```
 * WITH claimed AS (
 *   UPDATE rail_reversals
 *      SET lease_until = now() + make_interval(secs => :leaseMs!::double precision / 1000), tries = tries + 1,
 *          updated_at = now()
 *    WHERE id = :id! AND status = 'PENDING'
 *      AND (NOT :whenDue!::boolean OR next_attempt_at <= now())
 *      AND (lease_until IS NULL OR lease_until < now())
 *   RETURNING id, payment_id, action, refund_id, amount, currency, status, tries, next_attempt_at, lease_until,
 *             last_error, rail_reference, created_at, updated_at, completed_at
 * )
 * SELECT id, payment_id, action, refund_id, amount, currency, status, tries, next_attempt_at, lease_until, last_error,
 *        rail_reference, created_at, updated_at, completed_at
 *   FROM claimed
 * ```
 */
export const claimRailReversal = new PreparedQuery<ClaimRailReversalParams,ClaimRailReversalResult>(claimRailReversalIR);


/** 'DueRailReversals' parameters type */
export interface DueRailReversalsParams {
  limit: NumberOrString;
}

/** 'DueRailReversals' return type */
export interface DueRailReversalsResult {
  id: string;
}

/** 'DueRailReversals' query type */
export interface DueRailReversalsQuery {
  params: DueRailReversalsParams;
  result: DueRailReversalsResult;
}

const dueRailReversalsIR: any = {"usedParamSet":{"limit":true},"params":[{"name":"limit","required":true,"transform":{"type":"scalar"},"locs":[{"a":169,"b":175}]}],"statement":"SELECT id FROM rail_reversals\n WHERE status = 'PENDING' AND next_attempt_at <= now()\n   AND (lease_until IS NULL OR lease_until < now())\n ORDER BY next_attempt_at LIMIT :limit!"};

/**
 * Query generated from SQL:
 * ```
 * SELECT id FROM rail_reversals
 *  WHERE status = 'PENDING' AND next_attempt_at <= now()
 *    AND (lease_until IS NULL OR lease_until < now())
 *  ORDER BY next_attempt_at LIMIT :limit!
 * ```
 */
export const dueRailReversals = new PreparedQuery<DueRailReversalsParams,DueRailReversalsResult>(dueRailReversalsIR);


/** 'CompleteRailReversal' parameters type */
export interface CompleteRailReversalParams {
  id: string;
  railReference: string;
}

/** 'CompleteRailReversal' return type */
export interface CompleteRailReversalResult {
  id: string;
}

/** 'CompleteRailReversal' query type */
export interface CompleteRailReversalQuery {
  params: CompleteRailReversalParams;
  result: CompleteRailReversalResult;
}

const completeRailReversalIR: any = {"usedParamSet":{"railReference":true,"id":true},"params":[{"name":"railReference","required":true,"transform":{"type":"scalar"},"locs":[{"a":87,"b":101}]},{"name":"id","required":true,"transform":{"type":"scalar"},"locs":[{"a":207,"b":210}]}],"statement":"WITH done AS (\n  UPDATE rail_reversals\n     SET status = 'COMPLETED', rail_reference = :railReference!, lease_until = NULL, last_error = NULL,\n         completed_at = now(), updated_at = now()\n   WHERE id = :id! AND status = 'PENDING'\n   RETURNING id\n)\nSELECT id FROM done"};

/**
 * Query generated from SQL:
 * ```
 * WITH done AS (
 *   UPDATE rail_reversals
 *      SET status = 'COMPLETED', rail_reference = :railReference!, lease_until = NULL, last_error = NULL,
 *          completed_at = now(), updated_at = now()
 *    WHERE id = :id! AND status = 'PENDING'
 *    RETURNING id
 * )
 * SELECT id FROM done
 * ```
 */
export const completeRailReversal = new PreparedQuery<CompleteRailReversalParams,CompleteRailReversalResult>(completeRailReversalIR);


/** 'FailRailReversal' parameters type */
export interface FailRailReversalParams {
  error: string;
  id: string;
}

/** 'FailRailReversal' return type */
export interface FailRailReversalResult {
  id: string;
}

/** 'FailRailReversal' query type */
export interface FailRailReversalQuery {
  params: FailRailReversalParams;
  result: FailRailReversalResult;
}

const failRailReversalIR: any = {"usedParamSet":{"error":true,"id":true},"params":[{"name":"error","required":true,"transform":{"type":"scalar"},"locs":[{"a":178,"b":184}]},{"name":"id","required":true,"transform":{"type":"scalar"},"locs":[{"a":262,"b":265}]}],"statement":"-- The rail refused a refund for good: answers nothing when the reversal was no longer PENDING.\nWITH failed AS (\n  UPDATE rail_reversals\n     SET status = 'FAILED', last_error = :error!, lease_until = NULL, completed_at = now(), updated_at = now()\n   WHERE id = :id! AND status = 'PENDING'\n   RETURNING id\n)\nSELECT id FROM failed"};

/**
 * Query generated from SQL:
 * ```
 * -- The rail refused a refund for good: answers nothing when the reversal was no longer PENDING.
 * WITH failed AS (
 *   UPDATE rail_reversals
 *      SET status = 'FAILED', last_error = :error!, lease_until = NULL, completed_at = now(), updated_at = now()
 *    WHERE id = :id! AND status = 'PENDING'
 *    RETURNING id
 * )
 * SELECT id FROM failed
 * ```
 */
export const failRailReversal = new PreparedQuery<FailRailReversalParams,FailRailReversalResult>(failRailReversalIR);


/** 'RescheduleRailReversal' parameters type */
export interface RescheduleRailReversalParams {
  delayMs: number;
  error: string;
  giveBackTry: boolean;
  id: string;
}

/** 'RescheduleRailReversal' return type */
export type RescheduleRailReversalResult = void;

/** 'RescheduleRailReversal' query type */
export interface RescheduleRailReversalQuery {
  params: RescheduleRailReversalParams;
  result: RescheduleRailReversalResult;
}

const rescheduleRailReversalIR: any = {"usedParamSet":{"delayMs":true,"error":true,"giveBackTry":true,"id":true},"params":[{"name":"delayMs","required":true,"transform":{"type":"scalar"},"locs":[{"a":77,"b":85}]},{"name":"error","required":true,"transform":{"type":"scalar"},"locs":[{"a":127,"b":133}]},{"name":"giveBackTry","required":true,"transform":{"type":"scalar"},"locs":[{"a":181,"b":193}]},{"name":"id","required":true,"transform":{"type":"scalar"},"locs":[{"a":286,"b":289}]}],"statement":"UPDATE rail_reversals\n   SET next_attempt_at = now() + make_interval(secs => :delayMs!::double precision / 1000), last_error = :error!,\n       lease_until = NULL, tries = CASE WHEN :giveBackTry!::boolean THEN greatest(tries - 1, 0) ELSE tries END,\n       updated_at = now()\n WHERE id = :id! AND status = 'PENDING'"};

/**
 * Query generated from SQL:
 * ```
 * UPDATE rail_reversals
 *    SET next_attempt_at = now() + make_interval(secs => :delayMs!::double precision / 1000), last_error = :error!,
 *        lease_until = NULL, tries = CASE WHEN :giveBackTry!::boolean THEN greatest(tries - 1, 0) ELSE tries END,
 *        updated_at = now()
 *  WHERE id = :id! AND status = 'PENDING'
 * ```
 */
export const rescheduleRailReversal = new PreparedQuery<RescheduleRailReversalParams,RescheduleRailReversalResult>(rescheduleRailReversalIR);


