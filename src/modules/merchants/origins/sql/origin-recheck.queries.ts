/** Types generated for queries found in "src/modules/merchants/origins/sql/origin-recheck.sql" */
import { PreparedQuery } from '../../../../platform/database/sql-query';

export type DateOrString = Date | string;

export type NumberOrString = number | string;

/** 'ClaimDueOrigins' parameters type */
export interface ClaimDueOriginsParams {
  batch: NumberOrString;
  checkedBefore: DateOrString;
  claimUntil: DateOrString;
  failingCheckedBefore: DateOrString;
  now: DateOrString;
}

/** 'ClaimDueOrigins' return type */
export interface ClaimDueOriginsResult {
  challenge_token: string;
  id: string;
  merchant_id: string;
  origin: string;
}

/** 'ClaimDueOrigins' query type */
export interface ClaimDueOriginsQuery {
  params: ClaimDueOriginsParams;
  result: ClaimDueOriginsResult;
}

const claimDueOriginsIR: any = {"usedParamSet":{"claimUntil":true,"checkedBefore":true,"failingCheckedBefore":true,"now":true,"batch":true},"params":[{"name":"claimUntil","required":true,"transform":{"type":"scalar"},"locs":[{"a":485,"b":496}]},{"name":"checkedBefore","required":true,"transform":{"type":"scalar"},"locs":[{"a":641,"b":655}]},{"name":"failingCheckedBefore","required":true,"transform":{"type":"scalar"},"locs":[{"a":710,"b":731}]},{"name":"now","required":true,"transform":{"type":"scalar"},"locs":[{"a":804,"b":808}]},{"name":"batch","required":true,"transform":{"type":"scalar"},"locs":[{"a":856,"b":862}]}],"statement":"-- Leases up to :batch verified https origins due for their re-check: last checked at or before :checkedBefore\n-- (a week ago), or at or before :failingCheckedBefore (a day ago) while a run of failures is on, and not under\n-- another worker's lease. SKIP LOCKED and the lease together keep two workers off one origin: the lease\n-- (until :claimUntil) outlives this statement's transaction, the check itself runs outside any.\nUPDATE merchant_origins AS o\n   SET recheck_claimed_until = :claimUntil!\n  FROM (\n    SELECT id\n      FROM merchant_origins\n     WHERE status = 'VERIFIED'\n       AND NOT test_mode_only\n       AND (last_checked_at <= :checkedBefore! OR (failing_since IS NOT NULL AND last_checked_at <= :failingCheckedBefore!))\n       AND (recheck_claimed_until IS NULL OR recheck_claimed_until < :now!)\n     ORDER BY last_checked_at, id\n     LIMIT :batch!\n       FOR UPDATE SKIP LOCKED\n  ) AS due\n WHERE o.id = due.id\nRETURNING o.id, o.merchant_id, o.origin, o.challenge_token"};

/**
 * Query generated from SQL:
 * ```
 * -- Leases up to :batch verified https origins due for their re-check: last checked at or before :checkedBefore
 * -- (a week ago), or at or before :failingCheckedBefore (a day ago) while a run of failures is on, and not under
 * -- another worker's lease. SKIP LOCKED and the lease together keep two workers off one origin: the lease
 * -- (until :claimUntil) outlives this statement's transaction, the check itself runs outside any.
 * UPDATE merchant_origins AS o
 *    SET recheck_claimed_until = :claimUntil!
 *   FROM (
 *     SELECT id
 *       FROM merchant_origins
 *      WHERE status = 'VERIFIED'
 *        AND NOT test_mode_only
 *        AND (last_checked_at <= :checkedBefore! OR (failing_since IS NOT NULL AND last_checked_at <= :failingCheckedBefore!))
 *        AND (recheck_claimed_until IS NULL OR recheck_claimed_until < :now!)
 *      ORDER BY last_checked_at, id
 *      LIMIT :batch!
 *        FOR UPDATE SKIP LOCKED
 *   ) AS due
 *  WHERE o.id = due.id
 * RETURNING o.id, o.merchant_id, o.origin, o.challenge_token
 * ```
 */
export const claimDueOrigins = new PreparedQuery<ClaimDueOriginsParams,ClaimDueOriginsResult>(claimDueOriginsIR);


