/** Types generated for queries found in "src/modules/merchants/api-keys/sql/api-keys.sql" */
import { PreparedQuery } from '../../../../platform/database/sql-query';

export type DateOrString = Date | string;

export type DateOrStringArray = (DateOrString)[];

export type stringArray = (string)[];

/** 'ActiveKeysByPrefix' parameters type */
export interface ActiveKeysByPrefixParams {
  prefix: string;
}

/** 'ActiveKeysByPrefix' return type */
export interface ActiveKeysByPrefixResult {
  id: string;
  livemode: boolean;
  merchant_id: string;
  secret_hash: string;
}

/** 'ActiveKeysByPrefix' query type */
export interface ActiveKeysByPrefixQuery {
  params: ActiveKeysByPrefixParams;
  result: ActiveKeysByPrefixResult;
}

const activeKeysByPrefixIR: any = {"usedParamSet":{"prefix":true},"params":[{"name":"prefix","required":true,"transform":{"type":"scalar"},"locs":[{"a":188,"b":195}]}],"statement":"-- Verification of every API-key request: almost always one row (the prefix carries 36 random bits).\nSELECT id, merchant_id, livemode, secret_hash\n  FROM merchant_api_keys\n WHERE prefix = :prefix! AND revoked_at IS NULL"};

/**
 * Query generated from SQL:
 * ```
 * -- Verification of every API-key request: almost always one row (the prefix carries 36 random bits).
 * SELECT id, merchant_id, livemode, secret_hash
 *   FROM merchant_api_keys
 *  WHERE prefix = :prefix! AND revoked_at IS NULL
 * ```
 */
export const activeKeysByPrefix = new PreparedQuery<ActiveKeysByPrefixParams,ActiveKeysByPrefixResult>(activeKeysByPrefixIR);


/** 'RecordKeyUse' parameters type */
export interface RecordKeyUseParams {
  ids: stringArray;
  times: DateOrStringArray;
}

/** 'RecordKeyUse' return type */
export type RecordKeyUseResult = void;

/** 'RecordKeyUse' query type */
export interface RecordKeyUseQuery {
  params: RecordKeyUseParams;
  result: RecordKeyUseResult;
}

const recordKeyUseIR: any = {"usedParamSet":{"ids":true,"times":true},"params":[{"name":"ids","required":true,"transform":{"type":"scalar"},"locs":[{"a":171,"b":175}]},{"name":"times","required":true,"transform":{"type":"scalar"},"locs":[{"a":186,"b":192}]}],"statement":"-- Moves each key's last_used_at forward (never back) in one statement.\nUPDATE merchant_api_keys k\n   SET last_used_at = GREATEST(k.last_used_at, u.used_at)\n  FROM unnest(:ids!::uuid[], :times!::timestamptz[]) AS u (id, used_at)\n WHERE k.id = u.id"};

/**
 * Query generated from SQL:
 * ```
 * -- Moves each key's last_used_at forward (never back) in one statement.
 * UPDATE merchant_api_keys k
 *    SET last_used_at = GREATEST(k.last_used_at, u.used_at)
 *   FROM unnest(:ids!::uuid[], :times!::timestamptz[]) AS u (id, used_at)
 *  WHERE k.id = u.id
 * ```
 */
export const recordKeyUse = new PreparedQuery<RecordKeyUseParams,RecordKeyUseResult>(recordKeyUseIR);


/** 'RevokeLiveKeys' parameters type */
export interface RevokeLiveKeysParams {
  merchantId: string;
  now: DateOrString;
}

/** 'RevokeLiveKeys' return type */
export interface RevokeLiveKeysResult {
  secret_hash: string;
}

/** 'RevokeLiveKeys' query type */
export interface RevokeLiveKeysQuery {
  params: RevokeLiveKeysParams;
  result: RevokeLiveKeysResult;
}

const revokeLiveKeysIR: any = {"usedParamSet":{"now":true,"merchantId":true},"params":[{"name":"now","required":true,"transform":{"type":"scalar"},"locs":[{"a":177,"b":181}]},{"name":"merchantId","required":true,"transform":{"type":"scalar"},"locs":[{"a":242,"b":253}]}],"statement":"-- A REJECTED merchant's live keys, revoked in the caller's transaction; their digests, for the key cache's marks after the commit.\nUPDATE merchant_api_keys\n   SET revoked_at = :now!, revoked_reason = 'MERCHANT_REJECTED'\n WHERE merchant_id = :merchantId! AND livemode AND revoked_at IS NULL\nRETURNING secret_hash"};

/**
 * Query generated from SQL:
 * ```
 * -- A REJECTED merchant's live keys, revoked in the caller's transaction; their digests, for the key cache's marks after the commit.
 * UPDATE merchant_api_keys
 *    SET revoked_at = :now!, revoked_reason = 'MERCHANT_REJECTED'
 *  WHERE merchant_id = :merchantId! AND livemode AND revoked_at IS NULL
 * RETURNING secret_hash
 * ```
 */
export const revokeLiveKeys = new PreparedQuery<RevokeLiveKeysParams,RevokeLiveKeysResult>(revokeLiveKeysIR);


