/** Types generated for queries found in "src/modules/identity/sql/funnel.sql" */
import { PreparedQuery } from '../../../platform/database/sql-query';

export type DateOrString = Date | string;

export type stringArray = (string)[];

/** 'FunnelCohort' parameters type */
export interface FunnelCohortParams {
  from: DateOrString;
  to: DateOrString;
}

/** 'FunnelCohort' return type */
export interface FunnelCohortResult {
  kyc_tier1_ids: stringArray;
  pin_set: number;
  unverified: number;
  verified: number;
}

/** 'FunnelCohort' query type */
export interface FunnelCohortQuery {
  params: FunnelCohortParams;
  result: FunnelCohortResult;
}

const funnelCohortIR: any = {"usedParamSet":{"from":true,"to":true},"params":[{"name":"from","required":true,"transform":{"type":"scalar"},"locs":[{"a":377,"b":382},{"a":655,"b":660}]},{"name":"to","required":true,"transform":{"type":"scalar"},"locs":[{"a":403,"b":406},{"a":681,"b":684}]}],"statement":"-- The identity steps of the registration cohort created in [from, to) (FunnelReadModel.cohort).\n-- The cohort is read through users_created_at_idx and the pending registrations through\n-- otp_challenges_created_at_idx (migration 1795840000000), so the cost follows the window.\nWITH cohort AS (\n  SELECT u.id, u.pin_set_at, u.kyc_tier\n    FROM users u\n   WHERE u.created_at >= :from! AND u.created_at < :to! AND u.role = 'CUSTOMER'\n)\nSELECT (SELECT count(*) FROM cohort)::int AS \"verified!\",\n       (SELECT count(*) FROM cohort WHERE pin_set_at IS NOT NULL)::int AS \"pin_set!\",\n       (SELECT count(*) FROM otp_challenges o\n         WHERE o.created_at >= :from! AND o.created_at < :to!\n           AND NOT EXISTS (SELECT 1 FROM users u WHERE u.phone = o.phone))::int AS \"unverified!\",\n       coalesce((SELECT array_agg(id::text) FROM cohort WHERE pin_set_at IS NOT NULL AND kyc_tier = 'TIER_1'),\n                '{}'::text[]) AS \"kyc_tier1_ids!\""};

/**
 * Query generated from SQL:
 * ```
 * -- The identity steps of the registration cohort created in [from, to) (FunnelReadModel.cohort).
 * -- The cohort is read through users_created_at_idx and the pending registrations through
 * -- otp_challenges_created_at_idx (migration 1795840000000), so the cost follows the window.
 * WITH cohort AS (
 *   SELECT u.id, u.pin_set_at, u.kyc_tier
 *     FROM users u
 *    WHERE u.created_at >= :from! AND u.created_at < :to! AND u.role = 'CUSTOMER'
 * )
 * SELECT (SELECT count(*) FROM cohort)::int AS "verified!",
 *        (SELECT count(*) FROM cohort WHERE pin_set_at IS NOT NULL)::int AS "pin_set!",
 *        (SELECT count(*) FROM otp_challenges o
 *          WHERE o.created_at >= :from! AND o.created_at < :to!
 *            AND NOT EXISTS (SELECT 1 FROM users u WHERE u.phone = o.phone))::int AS "unverified!",
 *        coalesce((SELECT array_agg(id::text) FROM cohort WHERE pin_set_at IS NOT NULL AND kyc_tier = 'TIER_1'),
 *                 '{}'::text[]) AS "kyc_tier1_ids!"
 * ```
 */
export const funnelCohort = new PreparedQuery<FunnelCohortParams,FunnelCohortResult>(funnelCohortIR);


