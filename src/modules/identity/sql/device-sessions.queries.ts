/** Types generated for queries found in "src/modules/identity/sql/device-sessions.sql" */
import { PreparedQuery } from '../../../platform/database/sql-query';

export type DateOrString = Date | string;

/** 'ActiveSessionIds' parameters type */
export interface ActiveSessionIdsParams {
  userId: string;
}

/** 'ActiveSessionIds' return type */
export interface ActiveSessionIdsResult {
  id: string;
}

/** 'ActiveSessionIds' query type */
export interface ActiveSessionIdsQuery {
  params: ActiveSessionIdsParams;
  result: ActiveSessionIdsResult;
}

const activeSessionIdsIR: any = {"usedParamSet":{"userId":true},"params":[{"name":"userId","required":true,"transform":{"type":"scalar"},"locs":[{"a":47,"b":54}]}],"statement":"SELECT id FROM device_sessions WHERE user_id = :userId! AND revoked_at IS NULL"};

/**
 * Query generated from SQL:
 * ```
 * SELECT id FROM device_sessions WHERE user_id = :userId! AND revoked_at IS NULL
 * ```
 */
export const activeSessionIds = new PreparedQuery<ActiveSessionIdsParams,ActiveSessionIdsResult>(activeSessionIdsIR);


/** 'TouchActiveSession' parameters type */
export interface TouchActiveSessionParams {
  id: string;
  now: DateOrString;
}

/** 'TouchActiveSession' return type */
export interface TouchActiveSessionResult {
  role: string;
  user_id: string;
}

/** 'TouchActiveSession' query type */
export interface TouchActiveSessionQuery {
  params: TouchActiveSessionParams;
  result: TouchActiveSessionResult;
}

const touchActiveSessionIR: any = {"usedParamSet":{"now":true,"id":true},"params":[{"name":"now","required":true,"transform":{"type":"scalar"},"locs":[{"a":179,"b":183},{"a":268,"b":272}]},{"name":"id","required":true,"transform":{"type":"scalar"},"locs":[{"a":219,"b":222}]}],"statement":"-- The bearer guard's check in one round trip: the session and its user active, seen now.\nWITH touched AS (\n  UPDATE device_sessions s SET last_seen_at = GREATEST(s.last_seen_at, :now!)\n    FROM users u\n   WHERE s.id = :id! AND s.revoked_at IS NULL AND s.expires_at > :now!\n     AND u.id = s.user_id AND u.status = 'ACTIVE'\n   RETURNING s.user_id, u.role\n)\nSELECT user_id, role FROM touched"};

/**
 * Query generated from SQL:
 * ```
 * -- The bearer guard's check in one round trip: the session and its user active, seen now.
 * WITH touched AS (
 *   UPDATE device_sessions s SET last_seen_at = GREATEST(s.last_seen_at, :now!)
 *     FROM users u
 *    WHERE s.id = :id! AND s.revoked_at IS NULL AND s.expires_at > :now!
 *      AND u.id = s.user_id AND u.status = 'ACTIVE'
 *    RETURNING s.user_id, u.role
 * )
 * SELECT user_id, role FROM touched
 * ```
 */
export const touchActiveSession = new PreparedQuery<TouchActiveSessionParams,TouchActiveSessionResult>(touchActiveSessionIR);


/** 'RevokeSessions' parameters type */
export interface RevokeSessionsParams {
  now: DateOrString;
  reason: string;
  userId: string;
}

/** 'RevokeSessions' return type */
export interface RevokeSessionsResult {
  id: string;
}

/** 'RevokeSessions' query type */
export interface RevokeSessionsQuery {
  params: RevokeSessionsParams;
  result: RevokeSessionsResult;
}

const revokeSessionsIR: any = {"usedParamSet":{"now":true,"reason":true,"userId":true},"params":[{"name":"now","required":true,"transform":{"type":"scalar"},"locs":[{"a":60,"b":64}]},{"name":"reason","required":true,"transform":{"type":"scalar"},"locs":[{"a":84,"b":91}]},{"name":"userId","required":true,"transform":{"type":"scalar"},"locs":[{"a":112,"b":119}]}],"statement":"WITH revoked AS (\n  UPDATE device_sessions SET revoked_at = :now!, revoked_reason = :reason!\n   WHERE user_id = :userId! AND revoked_at IS NULL\n   RETURNING id\n)\nSELECT id FROM revoked"};

/**
 * Query generated from SQL:
 * ```
 * WITH revoked AS (
 *   UPDATE device_sessions SET revoked_at = :now!, revoked_reason = :reason!
 *    WHERE user_id = :userId! AND revoked_at IS NULL
 *    RETURNING id
 * )
 * SELECT id FROM revoked
 * ```
 */
export const revokeSessions = new PreparedQuery<RevokeSessionsParams,RevokeSessionsResult>(revokeSessionsIR);


/** 'RevokeSessionsBut' parameters type */
export interface RevokeSessionsButParams {
  keepSessionId: string;
  now: DateOrString;
  reason: string;
  userId: string;
}

/** 'RevokeSessionsBut' return type */
export interface RevokeSessionsButResult {
  id: string;
}

/** 'RevokeSessionsBut' query type */
export interface RevokeSessionsButQuery {
  params: RevokeSessionsButParams;
  result: RevokeSessionsButResult;
}

const revokeSessionsButIR: any = {"usedParamSet":{"now":true,"reason":true,"userId":true,"keepSessionId":true},"params":[{"name":"now","required":true,"transform":{"type":"scalar"},"locs":[{"a":60,"b":64}]},{"name":"reason","required":true,"transform":{"type":"scalar"},"locs":[{"a":84,"b":91}]},{"name":"userId","required":true,"transform":{"type":"scalar"},"locs":[{"a":112,"b":119}]},{"name":"keepSessionId","required":true,"transform":{"type":"scalar"},"locs":[{"a":131,"b":145}]}],"statement":"WITH revoked AS (\n  UPDATE device_sessions SET revoked_at = :now!, revoked_reason = :reason!\n   WHERE user_id = :userId! AND id <> :keepSessionId! AND revoked_at IS NULL\n   RETURNING id\n)\nSELECT id FROM revoked"};

/**
 * Query generated from SQL:
 * ```
 * WITH revoked AS (
 *   UPDATE device_sessions SET revoked_at = :now!, revoked_reason = :reason!
 *    WHERE user_id = :userId! AND id <> :keepSessionId! AND revoked_at IS NULL
 *    RETURNING id
 * )
 * SELECT id FROM revoked
 * ```
 */
export const revokeSessionsBut = new PreparedQuery<RevokeSessionsButParams,RevokeSessionsButResult>(revokeSessionsButIR);


