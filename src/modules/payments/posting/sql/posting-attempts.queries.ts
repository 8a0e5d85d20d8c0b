/** Types generated for queries found in "src/modules/payments/posting/sql/posting-attempts.sql" */
import { PreparedQuery } from '../../../../platform/database/sql-query';

export type NumberOrString = number | string;

export type stringArray = (string)[];

/** 'OpenPostingCycle' parameters type */
export interface OpenPostingCycleParams {
  id: string;
  outcomeUnknown: boolean;
  paymentId: string;
  requestedBy?: string | null | void;
}

/** 'OpenPostingCycle' return type */
export interface OpenPostingCycleResult {
  id: string;
}

/** 'OpenPostingCycle' query type */
export interface OpenPostingCycleQuery {
  params: OpenPostingCycleParams;
  result: OpenPostingCycleResult;
}

const openPostingCycleIR: any = {"usedParamSet":{"id":true,"paymentId":true,"outcomeUnknown":true,"requestedBy":true},"params":[{"name":"id","required":true,"transform":{"type":"scalar"},"locs":[{"a":189,"b":192}]},{"name":"paymentId","required":true,"transform":{"type":"scalar"},"locs":[{"a":195,"b":205},{"a":322,"b":332}]},{"name":"outcomeUnknown","required":true,"transform":{"type":"scalar"},"locs":[{"a":248,"b":263}]},{"name":"requestedBy","required":false,"transform":{"type":"scalar"},"locs":[{"a":266,"b":277}]}],"statement":"-- Opens a cycle unless the payment has an open one (PostingAttemptRepository.openCycle).\nINSERT INTO posting_attempts (id, payment_id, cycle, status, outcome_unknown, requested_by)\nSELECT :id!, :paymentId!, coalesce(max(cycle), 0) + 1, 'PENDING', :outcomeUnknown!, :requestedBy\n  FROM posting_attempts WHERE payment_id = :paymentId!\nON CONFLICT DO NOTHING\nRETURNING id"};

/**
 * Query generated from SQL:
 * ```
 * -- Opens a cycle unless the payment has an open one (PostingAttemptRepository.openCycle).
 * INSERT INTO posting_attempts (id, payment_id, cycle, status, outcome_unknown, requested_by)
 * SELECT :id!, :paymentId!, coalesce(max(cycle), 0) + 1, 'PENDING', :outcomeUnknown!, :requestedBy
 *   FROM posting_attempts WHERE payment_id = :paymentId!
 * ON CONFLICT DO NOTHING
 * RETURNING id
 * ```
 */
export const openPostingCycle = new PreparedQuery<OpenPostingCycleParams,OpenPostingCycleResult>(openPostingCycleIR);


/** 'FindPostingAttempt' parameters type */
export interface FindPostingAttemptParams {
  id: string;
}

/** 'FindPostingAttempt' return type */
export interface FindPostingAttemptResult {
  biller_reference: string | null;
  completed_at: Date | null;
  created_at: Date;
  cycle: number;
  id: string;
  last_error: string | null;
  last_outcome: string | null;
  lease_until: Date | null;
  next_attempt_at: Date;
  outcome_unknown: boolean;
  payment_id: string;
  requested_by: string | null;
  status: string;
  tries: number;
  updated_at: Date;
}

/** 'FindPostingAttempt' query type */
export interface FindPostingAttemptQuery {
  params: FindPostingAttemptParams;
  result: FindPostingAttemptResult;
}

const findPostingAttemptIR: any = {"usedParamSet":{"id":true},"params":[{"name":"id","required":true,"transform":{"type":"scalar"},"locs":[{"a":230,"b":233}]}],"statement":"SELECT id, payment_id, cycle, status, tries, next_attempt_at, lease_until, outcome_unknown, last_outcome, last_error,\n       biller_reference, requested_by, created_at, updated_at, completed_at\n  FROM posting_attempts\n WHERE id = :id!"};

/**
 * Query generated from SQL:
 * ```
 * SELECT id, payment_id, cycle, status, tries, next_attempt_at, lease_until, outcome_unknown, last_outcome, last_error,
 *        biller_reference, requested_by, created_at, updated_at, completed_at
 *   FROM posting_attempts
 *  WHERE id = :id!
 * ```
 */
export const findPostingAttempt = new PreparedQuery<FindPostingAttemptParams,FindPostingAttemptResult>(findPostingAttemptIR);


/** 'LockPostingAttempt' parameters type */
export interface LockPostingAttemptParams {
  id: string;
}

/** 'LockPostingAttempt' return type */
export interface LockPostingAttemptResult {
  biller_reference: string | null;
  completed_at: Date | null;
  created_at: Date;
  cycle: number;
  id: string;
  last_error: string | null;
  last_outcome: string | null;
  lease_until: Date | null;
  next_attempt_at: Date;
  outcome_unknown: boolean;
  payment_id: string;
  requested_by: string | null;
  status: string;
  tries: number;
  updated_at: Date;
}

/** 'LockPostingAttempt' query type */
export interface LockPostingAttemptQuery {
  params: LockPostingAttemptParams;
  result: LockPostingAttemptResult;
}

const lockPostingAttemptIR: any = {"usedParamSet":{"id":true},"params":[{"name":"id","required":true,"transform":{"type":"scalar"},"locs":[{"a":230,"b":233}]}],"statement":"SELECT id, payment_id, cycle, status, tries, next_attempt_at, lease_until, outcome_unknown, last_outcome, last_error,\n       biller_reference, requested_by, created_at, updated_at, completed_at\n  FROM posting_attempts\n WHERE id = :id!\n   FOR UPDATE"};

/**
 * Query generated from SQL:
 * ```
 * SELECT id, payment_id, cycle, status, tries, next_attempt_at, lease_until, outcome_unknown, last_outcome, last_error,
 *        biller_reference, requested_by, created_at, updated_at, completed_at
 *   FROM posting_attempts
 *  WHERE id = :id!
 *    FOR UPDATE
 * ```
 */
export const lockPostingAttempt = new PreparedQuery<LockPostingAttemptParams,LockPostingAttemptResult>(lockPostingAttemptIR);


/** 'FindOpenPostingAttempt' parameters type */
export interface FindOpenPostingAttemptParams {
  open: stringArray;
  paymentId: string;
}

/** 'FindOpenPostingAttempt' return type */
export interface FindOpenPostingAttemptResult {
  biller_reference: string | null;
  completed_at: Date | null;
  created_at: Date;
  cycle: number;
  id: string;
  last_error: string | null;
  last_outcome: string | null;
  lease_until: Date | null;
  next_attempt_at: Date;
  outcome_unknown: boolean;
  payment_id: string;
  requested_by: string | null;
  status: string;
  tries: number;
  updated_at: Date;
}

/** 'FindOpenPostingAttempt' query type */
export interface FindOpenPostingAttemptQuery {
  params: FindOpenPostingAttemptParams;
  result: FindOpenPostingAttemptResult;
}

const findOpenPostingAttemptIR: any = {"usedParamSet":{"paymentId":true,"open":true},"params":[{"name":"paymentId","required":true,"transform":{"type":"scalar"},"locs":[{"a":238,"b":248}]},{"name":"open","required":true,"transform":{"type":"scalar"},"locs":[{"a":268,"b":273}]}],"statement":"SELECT id, payment_id, cycle, status, tries, next_attempt_at, lease_until, outcome_unknown, last_outcome, last_error,\n       biller_reference, requested_by, created_at, updated_at, completed_at\n  FROM posting_attempts\n WHERE payment_id = :paymentId! AND status = ANY (:open!::text[])"};

/**
 * Query generated from SQL:
 * ```
 * SELECT id, payment_id, cycle, status, tries, next_attempt_at, lease_until, outcome_unknown, last_outcome, last_error,
 *        biller_reference, requested_by, created_at, updated_at, completed_at
 *   FROM posting_attempts
 *  WHERE payment_id = :paymentId! AND status = ANY (:open!::text[])
 * ```
 */
export const findOpenPostingAttempt = new PreparedQuery<FindOpenPostingAttemptParams,FindOpenPostingAttemptResult>(findOpenPostingAttemptIR);


/** 'ClaimFirstPostingCycle' parameters type */
export interface ClaimFirstPostingCycleParams {
  firstCycleId: string;
  leaseMs: number;
  paymentId: string;
}

/** 'ClaimFirstPostingCycle' return type */
export interface ClaimFirstPostingCycleResult {
  biller_reference: string | null;
  completed_at: Date | null;
  created_at: Date;
  cycle: number;
  id: string;
  last_error: string | null;
  last_outcome: string | null;
  lease_until: Date | null;
  next_attempt_at: Date;
  outcome_unknown: boolean;
  payment_id: string;
  requested_by: string | null;
  status: string;
  tries: number;
  updated_at: Date;
  was_unknown: boolean;
}

/** 'ClaimFirstPostingCycle' query type */
export interface ClaimFirstPostingCycleQuery {
  params: ClaimFirstPostingCycleParams;
  result: ClaimFirstPostingCycleResult;
}

const claimFirstPostingCycleIR: any = {"usedParamSet":{"leaseMs":true,"paymentId":true,"firstCycleId":true},"params":[{"name":"leaseMs","required":true,"transform":{"type":"scalar"},"locs":[{"a":286,"b":294},{"a":1166,"b":1174}]},{"name":"paymentId","required":true,"transform":{"type":"scalar"},"locs":[{"a":506,"b":516},{"a":1085,"b":1095},{"a":1273,"b":1283},{"a":1337,"b":1347}]},{"name":"firstCycleId","required":true,"transform":{"type":"scalar"},"locs":[{"a":1069,"b":1082}]}],"statement":"-- The first cycle normally exists already (opened with the capture): it is claimed unless\n-- another worker's sweeper holds it. A payment captured without a cycle gets it here, claimed.\nWITH claimed AS (\n  UPDATE posting_attempts a\n     SET lease_until = now() + make_interval(secs => :leaseMs!::double precision / 1000), tries = a.tries + 1,\n         outcome_unknown = true, next_attempt_at = least(a.next_attempt_at, now()), updated_at = now()\n    FROM posting_attempts previous\n   WHERE a.payment_id = :paymentId! AND previous.id = a.id\n     AND a.status IN ('PENDING', 'RETRYING')\n     AND (a.lease_until IS NULL OR a.lease_until < now())\n  RETURNING a.id, a.payment_id, a.cycle, a.status, a.tries, a.next_attempt_at, a.lease_until, a.outcome_unknown,\n            a.last_outcome, a.last_error, a.biller_reference, a.requested_by, a.created_at, a.updated_at,\n            a.completed_at, previous.outcome_unknown AS was_unknown\n), opened AS (\n  INSERT INTO posting_attempts (id, payment_id, cycle, status, outcome_unknown, requested_by, tries, lease_until)\n  SELECT :firstCycleId!, :paymentId!, 1, 'PENDING', true, NULL, 1,\n         now() + make_interval(secs => :leaseMs!::double precision / 1000)\n   WHERE NOT EXISTS (SELECT 1 FROM posting_attempts WHERE payment_id = :paymentId!)\n     AND EXISTS (SELECT 1 FROM payments WHERE id = :paymentId! AND status = 'PROCESSING')\n  ON CONFLICT DO NOTHING\n  RETURNING id, payment_id, cycle, status, tries, next_attempt_at, lease_until, outcome_unknown, last_outcome,\n            last_error, biller_reference, requested_by, created_at, updated_at, completed_at, false AS was_unknown\n)\nSELECT id AS \"id!\", payment_id AS \"payment_id!\", cycle AS \"cycle!\", status AS \"status!\", tries AS \"tries!\",\n       next_attempt_at AS \"next_attempt_at!\", lease_until, outcome_unknown AS \"outcome_unknown!\", last_outcome,\n       last_error, biller_reference, requested_by, created_at AS \"created_at!\", updated_at AS \"updated_at!\",\n       completed_at, was_unknown AS \"was_unknown!\"\n  FROM claimed\nUNION ALL\nSELECT id, payment_id, cycle, status, tries, next_attempt_at, lease_until, outcome_unknown, last_outcome, last_error,\n       biller_reference, requested_by, created_at, updated_at, completed_at, was_unknown\n  FROM opened"};

/**
 * Query generated from SQL:
 * ```
 * -- The first cycle normally exists already (opened with the capture): it is claimed unless
 * -- another worker's sweeper holds it. A payment captured without a cycle gets it here, claimed.
 * WITH claimed AS (
 *   UPDATE posting_attempts a
 *      SET lease_until = now() + make_interval(secs => :leaseMs!::double precision / 1000), tries = a.tries + 1,
 *          outcome_unknown = true, next_attempt_at = least(a.next_attempt_at, now()), updated_at = now()
 *     FROM posting_attempts previous
 *    WHERE a.payment_id = :paymentId! AND previous.id = a.id
 *      AND a.status IN ('PENDING', 'RETRYING')
 *      AND (a.lease_until IS NULL OR a.lease_until < now())
 *   RETURNING a.id, a.payment_id, a.cycle, a.status, a.tries, a.next_attempt_at, a.lease_until, a.outcome_unknown,
 *             a.last_outcome, a.last_error, a.biller_reference, a.requested_by, a.created_at, a.updated_at,
 *             a.completed_at, previous.outcome_unknown AS was_unknown
 * ), opened AS (
 *   INSERT INTO posting_attempts (id, payment_id, cycle, status, outcome_unknown, requested_by, tries, lease_until)
 *   SELECT :firstCycleId!, :paymentId!, 1, 'PENDING', true, NULL, 1,
 *          now() + make_interval(secs => :leaseMs!::double precision / 1000)
 *    WHERE NOT EXISTS (SELECT 1 FROM posting_attempts WHERE payment_id = :paymentId!)
 *      AND EXISTS (SELECT 1 FROM payments WHERE id = :paymentId! AND status = 'PROCESSING')
 *   ON CONFLICT DO NOTHING
 *   RETURNING id, payment_id, cycle, status, tries, next_attempt_at, lease_until, outcome_unknown, last_outcome,
 *             last_error, biller_reference, requested_by, created_at, updated_at, completed_at, false AS was_unknown
 * )
 * SELECT id AS "id!", payment_id AS "payment_id!", cycle AS "cycle!", status AS "status!", tries AS "tries!",
 *        next_attempt_at AS "next_attempt_at!", lease_until, outcome_unknown AS "outcome_unknown!", last_outcome,
 *        last_error, biller_reference, requested_by, created_at AS "created_at!", updated_at AS "updated_at!",
 *        completed_at, was_unknown AS "was_unknown!"
 *   FROM claimed
 * UNION ALL
 * SELECT id, payment_id, cycle, status, tries, next_attempt_at, lease_until, outcome_unknown, last_outcome, last_error,
 *        biller_reference, requested_by, created_at, updated_at, completed_at, was_unknown
 *   FROM opened
 * ```
 */
export const claimFirstPostingCycle = new PreparedQuery<ClaimFirstPostingCycleParams,ClaimFirstPostingCycleResult>(claimFirstPostingCycleIR);


/** 'ClaimPostingAttempt' parameters type */
export interface ClaimPostingAttemptParams {
  id: string;
  leaseMs: number;
}

/** 'ClaimPostingAttempt' return type */
export interface ClaimPostingAttemptResult {
  biller_reference: string | null;
  completed_at: Date | null;
  created_at: Date;
  cycle: number;
  id: string;
  last_error: string | null;
  last_outcome: string | null;
  lease_until: Date | null;
  next_attempt_at: Date;
  outcome_unknown: boolean;
  payment_id: string;
  requested_by: string | null;
  status: string;
  tries: number;
  updated_at: Date;
  was_unknown: boolean;
}

/** 'ClaimPostingAttempt' query type */
export interface ClaimPostingAttemptQuery {
  params: ClaimPostingAttemptParams;
  result: ClaimPostingAttemptResult;
}

const claimPostingAttemptIR: any = {"usedParamSet":{"leaseMs":true,"id":true},"params":[{"name":"leaseMs","required":true,"transform":{"type":"scalar"},"locs":[{"a":99,"b":107}]},{"name":"id","required":true,"transform":{"type":"scalar"},"locs":[{"a":260,"b":263}]}],"statement":"WITH claimed AS (\n  UPDATE posting_attempts a\n     SET lease_until = now() + make_interval(secs => :leaseMs!::double precision / 1000),\n         tries = a.tries + 1, outcome_unknown = true, updated_at = now()\n    FROM posting_attempts previous\n   WHERE a.id = :id! AND previous.id = a.id\n     AND a.status IN ('PENDING', 'RETRYING') AND a.next_attempt_at <= now()\n     AND (a.lease_until IS NULL OR a.lease_until < now())\n  RETURNING a.id, a.payment_id, a.cycle, a.status, a.tries, a.next_attempt_at, a.lease_until, a.outcome_unknown,\n            a.last_outcome, a.last_error, a.biller_reference, a.requested_by, a.created_at, a.updated_at,\n            a.completed_at, previous.outcome_unknown AS was_unknown\n)\nSELECT id, payment_id, cycle, status, tries, next_attempt_at, lease_until, outcome_unknown, last_outcome, last_error,\n       biller_reference, requested_by, created_at, updated_at, completed_at, was_unknown\n  FROM claimed"};

/**
 * Query generated from SQL:
 * ```
 * WITH claimed AS (
 *   UPDATE posting_attempts a
 *      SET lease_until = now() + make_interval(secs => :leaseMs!::double precision / 1000),
 *          tries = a.tries + 1, outcome_unknown = true, updated_at = now()
 *     FROM posting_attempts previous
 *    WHERE a.id = :id! AND previous.id = a.id
 *      AND a.status IN ('PENDING', 'RETRYING') AND a.next_attempt_at <= now()
 *      AND (a.lease_until IS NULL OR a.lease_until < now())
 *   RETURNING a.id, a.payment_id, a.cycle, a.status, a.tries, a.next_attempt_at, a.lease_until, a.outcome_unknown,
 *             a.last_outcome, a.last_error, a.biller_reference, a.requested_by, a.created_at, a.updated_at,
 *             a.completed_at, previous.outcome_unknown AS was_unknown
 * )
 * SELECT id, payment_id, cycle, status, tries, next_attempt_at, lease_until, outcome_unknown, last_outcome, last_error,
 *        biller_reference, requested_by, created_at, updated_at, completed_at, was_unknown
 *   FROM claimed
 * ```
 */
export const claimPostingAttempt = new PreparedQuery<ClaimPostingAttemptParams,ClaimPostingAttemptResult>(claimPostingAttemptIR);


/** 'DuePostingAttempts' parameters type */
export interface DuePostingAttemptsParams {
  limit: NumberOrString;
}

/** 'DuePostingAttempts' return type */
export interface DuePostingAttemptsResult {
  id: string;
}

/** 'DuePostingAttempts' query type */
export interface DuePostingAttemptsQuery {
  params: DuePostingAttemptsParams;
  result: DuePostingAttemptsResult;
}

const duePostingAttemptsIR: any = {"usedParamSet":{"limit":true},"params":[{"name":"limit","required":true,"transform":{"type":"scalar"},"locs":[{"a":186,"b":192}]}],"statement":"SELECT id FROM posting_attempts\n WHERE status IN ('PENDING', 'RETRYING') AND next_attempt_at <= now()\n   AND (lease_until IS NULL OR lease_until < now())\n ORDER BY next_attempt_at LIMIT :limit!"};

/**
 * Query generated from SQL:
 * ```
 * SELECT id FROM posting_attempts
 *  WHERE status IN ('PENDING', 'RETRYING') AND next_attempt_at <= now()
 *    AND (lease_until IS NULL OR lease_until < now())
 *  ORDER BY next_attempt_at LIMIT :limit!
 * ```
 */
export const duePostingAttempts = new PreparedQuery<DuePostingAttemptsParams,DuePostingAttemptsResult>(duePostingAttemptsIR);


/** 'ReschedulePostingAttempt' parameters type */
export interface ReschedulePostingAttemptParams {
  delayMs: number;
  error?: string | null | void;
  giveBackTry: boolean;
  id: string;
  outcome: string;
  status: string;
  unknown: boolean;
}

/** 'ReschedulePostingAttempt' return type */
export type ReschedulePostingAttemptResult = void;

/** 'ReschedulePostingAttempt' query type */
export interface ReschedulePostingAttemptQuery {
  params: ReschedulePostingAttemptParams;
  result: ReschedulePostingAttemptResult;
}

const reschedulePostingAttemptIR: any = {"usedParamSet":{"status":true,"delayMs":true,"outcome":true,"error":true,"unknown":true,"giveBackTry":true,"id":true},"params":[{"name":"status","required":true,"transform":{"type":"scalar"},"locs":[{"a":40,"b":47}]},{"name":"delayMs","required":true,"transform":{"type":"scalar"},"locs":[{"a":98,"b":106}]},{"name":"outcome","required":true,"transform":{"type":"scalar"},"locs":[{"a":157,"b":165}]},{"name":"error","required":false,"transform":{"type":"scalar"},"locs":[{"a":181,"b":186}]},{"name":"unknown","required":true,"transform":{"type":"scalar"},"locs":[{"a":207,"b":215}]},{"name":"giveBackTry","required":true,"transform":{"type":"scalar"},"locs":[{"a":263,"b":275}]},{"name":"id","required":true,"transform":{"type":"scalar"},"locs":[{"a":361,"b":364}]}],"statement":"UPDATE posting_attempts\n   SET status = :status!, next_attempt_at = now() + make_interval(secs => :delayMs!::double precision / 1000),\n       last_outcome = :outcome!, last_error = :error, outcome_unknown = :unknown!, lease_until = NULL,\n       tries = CASE WHEN :giveBackTry!::boolean THEN greatest(tries - 1, 0) ELSE tries END, updated_at = now()\n WHERE id = :id!"};

/**
 * Query generated from SQL:
 * ```
 * UPDATE posting_attempts
 *    SET status = :status!, next_attempt_at = now() + make_interval(secs => :delayMs!::double precision / 1000),
 *        last_outcome = :outcome!, last_error = :error, outcome_unknown = :unknown!, lease_until = NULL,
 *        tries = CASE WHEN :giveBackTry!::boolean THEN greatest(tries - 1, 0) ELSE tries END, updated_at = now()
 *  WHERE id = :id!
 * ```
 */
export const reschedulePostingAttempt = new PreparedQuery<ReschedulePostingAttemptParams,ReschedulePostingAttemptResult>(reschedulePostingAttemptIR);


/** 'MakePostingAttemptDue' parameters type */
export interface MakePostingAttemptDueParams {
  paymentId: string;
}

/** 'MakePostingAttemptDue' return type */
export type MakePostingAttemptDueResult = void;

/** 'MakePostingAttemptDue' query type */
export interface MakePostingAttemptDueQuery {
  params: MakePostingAttemptDueParams;
  result: MakePostingAttemptDueResult;
}

const makePostingAttemptDueIR: any = {"usedParamSet":{"paymentId":true},"params":[{"name":"paymentId","required":true,"transform":{"type":"scalar"},"locs":[{"a":92,"b":102}]}],"statement":"UPDATE posting_attempts SET next_attempt_at = now(), updated_at = now()\n WHERE payment_id = :paymentId! AND status IN ('PENDING', 'RETRYING') AND next_attempt_at > now()\n   AND (lease_until IS NULL OR lease_until < now())"};

/**
 * Query generated from SQL:
 * ```
 * UPDATE posting_attempts SET next_attempt_at = now(), updated_at = now()
 *  WHERE payment_id = :paymentId! AND status IN ('PENDING', 'RETRYING') AND next_attempt_at > now()
 *    AND (lease_until IS NULL OR lease_until < now())
 * ```
 */
export const makePostingAttemptDue = new PreparedQuery<MakePostingAttemptDueParams,MakePostingAttemptDueResult>(makePostingAttemptDueIR);


/** 'ClosePostingAttempt' parameters type */
export interface ClosePostingAttemptParams {
  billerReference?: string | null | void;
  error?: string | null | void;
  id: string;
  outcome: string;
  status: string;
}

/** 'ClosePostingAttempt' return type */
export type ClosePostingAttemptResult = void;

/** 'ClosePostingAttempt' query type */
export interface ClosePostingAttemptQuery {
  params: ClosePostingAttemptParams;
  result: ClosePostingAttemptResult;
}

const closePostingAttemptIR: any = {"usedParamSet":{"status":true,"outcome":true,"error":true,"billerReference":true,"id":true},"params":[{"name":"status","required":true,"transform":{"type":"scalar"},"locs":[{"a":40,"b":47}]},{"name":"outcome","required":true,"transform":{"type":"scalar"},"locs":[{"a":65,"b":73}]},{"name":"error","required":false,"transform":{"type":"scalar"},"locs":[{"a":89,"b":94}]},{"name":"billerReference","required":false,"transform":{"type":"scalar"},"locs":[{"a":132,"b":147}]},{"name":"id","required":true,"transform":{"type":"scalar"},"locs":[{"a":274,"b":277}]}],"statement":"UPDATE posting_attempts\n   SET status = :status!, last_outcome = :outcome!, last_error = :error,\n       biller_reference = coalesce(:billerReference, biller_reference),\n       outcome_unknown = false, lease_until = NULL, completed_at = now(), updated_at = now()\n WHERE id = :id!"};

/**
 * Query generated from SQL:
 * ```
 * UPDATE posting_attempts
 *    SET status = :status!, last_outcome = :outcome!, last_error = :error,
 *        biller_reference = coalesce(:billerReference, biller_reference),
 *        outcome_unknown = false, lease_until = NULL, completed_at = now(), updated_at = now()
 *  WHERE id = :id!
 * ```
 */
export const closePostingAttempt = new PreparedQuery<ClosePostingAttemptParams,ClosePostingAttemptResult>(closePostingAttemptIR);


/** 'PostingAttemptPage' parameters type */
export interface PostingAttemptPageParams {
  limit: NumberOrString;
  offset: NumberOrString;
  status?: string | null | void;
}

/** 'PostingAttemptPage' return type */
export interface PostingAttemptPageResult {
  biller_reference: string | null;
  completed_at: Date | null;
  created_at: Date;
  cycle: number;
  id: string | null;
  last_error: string | null;
  last_outcome: string | null;
  latest_cycle: number | null;
  lease_until: Date | null;
  next_attempt_at: Date;
  outcome_unknown: boolean;
  payment_id: string;
  payment_status: string | null;
  requested_by: string | null;
  status: string;
  total_items: number;
  tries: number;
  updated_at: Date;
}

/** 'PostingAttemptPage' query type */
export interface PostingAttemptPageQuery {
  params: PostingAttemptPageParams;
  result: PostingAttemptPageResult;
}

const postingAttemptPageIR: any = {"usedParamSet":{"status":true,"limit":true,"offset":true},"params":[{"name":"status","required":false,"transform":{"type":"scalar"},"locs":[{"a":718,"b":724},{"a":752,"b":758},{"a":1257,"b":1263},{"a":1293,"b":1299}]},{"name":"limit","required":true,"transform":{"type":"scalar"},"locs":[{"a":1355,"b":1361}]},{"name":"offset","required":true,"transform":{"type":"scalar"},"locs":[{"a":1370,"b":1377}]}],"statement":"-- The admin list's page, newest first, with the facts the retry rule needs joined to each row.\n-- The total comes from its own scalar subquery, so a page past the end still answers it (one\n-- row whose attempt columns are all null).\nSELECT total.items AS \"total_items!\", listed.id AS \"id?\", listed.payment_id, listed.cycle, listed.status,\n       listed.tries, listed.next_attempt_at, listed.lease_until, listed.outcome_unknown, listed.last_outcome,\n       listed.last_error, listed.biller_reference, listed.requested_by, listed.created_at, listed.updated_at,\n       listed.completed_at, listed.payment_status AS \"payment_status?\", listed.latest_cycle\n  FROM (SELECT count(*)::int AS items FROM posting_attempts WHERE :status::text IS NULL OR status = :status) total\n  LEFT JOIN LATERAL (\n    SELECT a.id, a.payment_id, a.cycle, a.status, a.tries, a.next_attempt_at, a.lease_until, a.outcome_unknown,\n           a.last_outcome, a.last_error, a.biller_reference, a.requested_by, a.created_at, a.updated_at,\n           a.completed_at, p.status AS payment_status,\n           (SELECT max(cycle) FROM posting_attempts c WHERE c.payment_id = a.payment_id) AS latest_cycle\n      FROM posting_attempts a\n      LEFT JOIN payments p ON p.id = a.payment_id\n     WHERE :status::text IS NULL OR a.status = :status\n     ORDER BY a.created_at DESC, a.id DESC\n     LIMIT :limit! OFFSET :offset!\n  ) listed ON true"};

/**
 * Query generated from SQL:
 * ```
 * -- The admin list's page, newest first, with the facts the retry rule needs joined to each row.
 * -- The total comes from its own scalar subquery, so a page past the end still answers it (one
 * -- row whose attempt columns are all null).
 * SELECT total.items AS "total_items!", listed.id AS "id?", listed.payment_id, listed.cycle, listed.status,
 *        listed.tries, listed.next_attempt_at, listed.lease_until, listed.outcome_unknown, listed.last_outcome,
 *        listed.last_error, listed.biller_reference, listed.requested_by, listed.created_at, listed.updated_at,
 *        listed.completed_at, listed.payment_status AS "payment_status?", listed.latest_cycle
 *   FROM (SELECT count(*)::int AS items FROM posting_attempts WHERE :status::text IS NULL OR status = :status) total
 *   LEFT JOIN LATERAL (
 *     SELECT a.id, a.payment_id, a.cycle, a.status, a.tries, a.next_attempt_at, a.lease_until, a.outcome_unknown,
 *            a.last_outcome, a.last_error, a.biller_reference, a.requested_by, a.created_at, a.updated_at,
 *            a.completed_at, p.status AS payment_status,
 *            (SELECT max(cycle) FROM posting_attempts c WHERE c.payment_id = a.payment_id) AS latest_cycle
 *       FROM posting_attempts a
 *       LEFT JOIN payments p ON p.id = a.payment_id
 *      WHERE :status::text IS NULL OR a.status = :status
 *      ORDER BY a.created_at DESC, a.id DESC
 *      LIMIT :limit! OFFSET :offset!
 *   ) listed ON true
 * ```
 */
export const postingAttemptPage = new PreparedQuery<PostingAttemptPageParams,PostingAttemptPageResult>(postingAttemptPageIR);


