/** Types generated for queries found in "src/modules/identity/sql/customer-standing.sql" */
import { PreparedQuery } from '../../../platform/database/sql-query';

export type stringArray = (string)[];

/** 'RegisteredWithin' parameters type */
export interface RegisteredWithinParams {
  days: number;
  userId: string;
}

/** 'RegisteredWithin' return type */
export interface RegisteredWithinResult {
  recent: boolean;
}

/** 'RegisteredWithin' query type */
export interface RegisteredWithinQuery {
  params: RegisteredWithinParams;
  result: RegisteredWithinResult;
}

const registeredWithinIR: any = {"usedParamSet":{"days":true,"userId":true},"params":[{"name":"days","required":true,"transform":{"type":"scalar"},"locs":[{"a":140,"b":145}]},{"name":"userId","required":true,"transform":{"type":"scalar"},"locs":[{"a":183,"b":190}]}],"statement":"-- Whether the user registered less than the days ago, back from the transaction's start.\nSELECT created_at > now() - make_interval(days => :days!) AS \"recent!\" FROM users WHERE id = :userId!"};

/**
 * Query generated from SQL:
 * ```
 * -- Whether the user registered less than the days ago, back from the transaction's start.
 * SELECT created_at > now() - make_interval(days => :days!) AS "recent!" FROM users WHERE id = :userId!
 * ```
 */
export const registeredWithin = new PreparedQuery<RegisteredWithinParams,RegisteredWithinResult>(registeredWithinIR);


/** 'StandingById' parameters type */
export interface StandingByIdParams {
  ids: stringArray;
}

/** 'StandingById' return type */
export interface StandingByIdResult {
  id: string;
  kyc_tier: string;
  phone: string;
}

/** 'StandingById' query type */
export interface StandingByIdQuery {
  params: StandingByIdParams;
  result: StandingByIdResult;
}

const standingByIdIR: any = {"usedParamSet":{"ids":true},"params":[{"name":"ids","required":true,"transform":{"type":"scalar"},"locs":[{"a":142,"b":146}]}],"statement":"-- Any user, whatever their role or status: a reviewer sees who a past payment was for.\nSELECT id, phone, kyc_tier FROM users WHERE id = ANY (:ids!::uuid[])"};

/**
 * Query generated from SQL:
 * ```
 * -- Any user, whatever their role or status: a reviewer sees who a past payment was for.
 * SELECT id, phone, kyc_tier FROM users WHERE id = ANY (:ids!::uuid[])
 * ```
 */
export const standingById = new PreparedQuery<StandingByIdParams,StandingByIdResult>(standingByIdIR);


