/** Types generated for queries found in "src/modules/merchants/onboarding/sql/audit-log.sql" */
import { PreparedQuery } from '../../../../platform/database/sql-query';

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

export type NumberOrString = number | string;

/** 'AuditLogPage' parameters type */
export interface AuditLogPageParams {
  before?: string | null | void;
  limit: NumberOrString;
  merchantId: string;
}

/** 'AuditLogPage' return type */
export interface AuditLogPageResult {
  action: string;
  actor_api_key_id: string | null;
  actor_email: string | null;
  actor_role: string;
  actor_type: string;
  actor_user_id: string | null;
  details: Json;
  id: string;
  ip: string | null;
  merchant_id: string;
  occurred_at: Date;
  request_id: string | null;
  target_id: string;
  target_type: string;
  user_agent: string | null;
}

/** 'AuditLogPage' query type */
export interface AuditLogPageQuery {
  params: AuditLogPageParams;
  result: AuditLogPageResult;
}

const auditLogPageIR: any = {"usedParamSet":{"merchantId":true,"before":true,"limit":true},"params":[{"name":"merchantId","required":true,"transform":{"type":"scalar"},"locs":[{"a":494,"b":505}]},{"name":"before","required":false,"transform":{"type":"scalar"},"locs":[{"a":527,"b":533}]},{"name":"limit","required":true,"transform":{"type":"scalar"},"locs":[{"a":609,"b":615}]}],"statement":"-- A page of a merchant's audit log, newest first: ids are UUIDv7, so id order is time order.\n-- One shape per filter, each walking one index (merchant_id, [action | actor_role,] id); a null\n-- cursor starts from the newest entry.\nSELECT e.id, e.merchant_id, e.occurred_at, e.action, e.actor_type, e.actor_role, e.actor_user_id,\n       e.actor_api_key_id, e.actor_email, e.target_type, e.target_id, e.ip, e.user_agent, e.request_id, e.details\n  FROM merchant_audit_log e\n WHERE e.merchant_id = :merchantId! AND e.id < coalesce(:before::uuid, 'ffffffff-ffff-ffff-ffff-ffffffffffff')\n ORDER BY e.id DESC\n LIMIT :limit!"};

/**
 * Query generated from SQL:
 * ```
 * -- A page of a merchant's audit log, newest first: ids are UUIDv7, so id order is time order.
 * -- One shape per filter, each walking one index (merchant_id, [action | actor_role,] id); a null
 * -- cursor starts from the newest entry.
 * SELECT e.id, e.merchant_id, e.occurred_at, e.action, e.actor_type, e.actor_role, e.actor_user_id,
 *        e.actor_api_key_id, e.actor_email, e.target_type, e.target_id, e.ip, e.user_agent, e.request_id, e.details
 *   FROM merchant_audit_log e
 *  WHERE e.merchant_id = :merchantId! AND e.id < coalesce(:before::uuid, 'ffffffff-ffff-ffff-ffff-ffffffffffff')
 *  ORDER BY e.id DESC
 *  LIMIT :limit!
 * ```
 */
export const auditLogPage = new PreparedQuery<AuditLogPageParams,AuditLogPageResult>(auditLogPageIR);


/** 'AuditLogPageByAction' parameters type */
export interface AuditLogPageByActionParams {
  action: string;
  before?: string | null | void;
  limit: NumberOrString;
  merchantId: string;
}

/** 'AuditLogPageByAction' return type */
export interface AuditLogPageByActionResult {
  action: string;
  actor_api_key_id: string | null;
  actor_email: string | null;
  actor_role: string;
  actor_type: string;
  actor_user_id: string | null;
  details: Json;
  id: string;
  ip: string | null;
  merchant_id: string;
  occurred_at: Date;
  request_id: string | null;
  target_id: string;
  target_type: string;
  user_agent: string | null;
}

/** 'AuditLogPageByAction' query type */
export interface AuditLogPageByActionQuery {
  params: AuditLogPageByActionParams;
  result: AuditLogPageByActionResult;
}

const auditLogPageByActionIR: any = {"usedParamSet":{"merchantId":true,"before":true,"action":true,"limit":true},"params":[{"name":"merchantId","required":true,"transform":{"type":"scalar"},"locs":[{"a":263,"b":274}]},{"name":"before","required":false,"transform":{"type":"scalar"},"locs":[{"a":296,"b":302}]},{"name":"action","required":true,"transform":{"type":"scalar"},"locs":[{"a":369,"b":376}]},{"name":"limit","required":true,"transform":{"type":"scalar"},"locs":[{"a":405,"b":411}]}],"statement":"SELECT e.id, e.merchant_id, e.occurred_at, e.action, e.actor_type, e.actor_role, e.actor_user_id,\n       e.actor_api_key_id, e.actor_email, e.target_type, e.target_id, e.ip, e.user_agent, e.request_id, e.details\n  FROM merchant_audit_log e\n WHERE e.merchant_id = :merchantId! AND e.id < coalesce(:before::uuid, 'ffffffff-ffff-ffff-ffff-ffffffffffff')\n   AND e.action = :action!\n ORDER BY e.id DESC\n LIMIT :limit!"};

/**
 * Query generated from SQL:
 * ```
 * SELECT e.id, e.merchant_id, e.occurred_at, e.action, e.actor_type, e.actor_role, e.actor_user_id,
 *        e.actor_api_key_id, e.actor_email, e.target_type, e.target_id, e.ip, e.user_agent, e.request_id, e.details
 *   FROM merchant_audit_log e
 *  WHERE e.merchant_id = :merchantId! AND e.id < coalesce(:before::uuid, 'ffffffff-ffff-ffff-ffff-ffffffffffff')
 *    AND e.action = :action!
 *  ORDER BY e.id DESC
 *  LIMIT :limit!
 * ```
 */
export const auditLogPageByAction = new PreparedQuery<AuditLogPageByActionParams,AuditLogPageByActionResult>(auditLogPageByActionIR);


/** 'AuditLogPageByActor' parameters type */
export interface AuditLogPageByActorParams {
  actor: string;
  before?: string | null | void;
  limit: NumberOrString;
  merchantId: string;
}

/** 'AuditLogPageByActor' return type */
export interface AuditLogPageByActorResult {
  action: string;
  actor_api_key_id: string | null;
  actor_email: string | null;
  actor_role: string;
  actor_type: string;
  actor_user_id: string | null;
  details: Json;
  id: string;
  ip: string | null;
  merchant_id: string;
  occurred_at: Date;
  request_id: string | null;
  target_id: string;
  target_type: string;
  user_agent: string | null;
}

/** 'AuditLogPageByActor' query type */
export interface AuditLogPageByActorQuery {
  params: AuditLogPageByActorParams;
  result: AuditLogPageByActorResult;
}

const auditLogPageByActorIR: any = {"usedParamSet":{"merchantId":true,"before":true,"actor":true,"limit":true},"params":[{"name":"merchantId","required":true,"transform":{"type":"scalar"},"locs":[{"a":263,"b":274}]},{"name":"before","required":false,"transform":{"type":"scalar"},"locs":[{"a":296,"b":302}]},{"name":"actor","required":true,"transform":{"type":"scalar"},"locs":[{"a":373,"b":379}]},{"name":"limit","required":true,"transform":{"type":"scalar"},"locs":[{"a":408,"b":414}]}],"statement":"SELECT e.id, e.merchant_id, e.occurred_at, e.action, e.actor_type, e.actor_role, e.actor_user_id,\n       e.actor_api_key_id, e.actor_email, e.target_type, e.target_id, e.ip, e.user_agent, e.request_id, e.details\n  FROM merchant_audit_log e\n WHERE e.merchant_id = :merchantId! AND e.id < coalesce(:before::uuid, 'ffffffff-ffff-ffff-ffff-ffffffffffff')\n   AND e.actor_role = :actor!\n ORDER BY e.id DESC\n LIMIT :limit!"};

/**
 * Query generated from SQL:
 * ```
 * SELECT e.id, e.merchant_id, e.occurred_at, e.action, e.actor_type, e.actor_role, e.actor_user_id,
 *        e.actor_api_key_id, e.actor_email, e.target_type, e.target_id, e.ip, e.user_agent, e.request_id, e.details
 *   FROM merchant_audit_log e
 *  WHERE e.merchant_id = :merchantId! AND e.id < coalesce(:before::uuid, 'ffffffff-ffff-ffff-ffff-ffffffffffff')
 *    AND e.actor_role = :actor!
 *  ORDER BY e.id DESC
 *  LIMIT :limit!
 * ```
 */
export const auditLogPageByActor = new PreparedQuery<AuditLogPageByActorParams,AuditLogPageByActorResult>(auditLogPageByActorIR);


/** 'AuditLogPageByActionAndActor' parameters type */
export interface AuditLogPageByActionAndActorParams {
  action: string;
  actor: string;
  before?: string | null | void;
  limit: NumberOrString;
  merchantId: string;
}

/** 'AuditLogPageByActionAndActor' return type */
export interface AuditLogPageByActionAndActorResult {
  action: string;
  actor_api_key_id: string | null;
  actor_email: string | null;
  actor_role: string;
  actor_type: string;
  actor_user_id: string | null;
  details: Json;
  id: string;
  ip: string | null;
  merchant_id: string;
  occurred_at: Date;
  request_id: string | null;
  target_id: string;
  target_type: string;
  user_agent: string | null;
}

/** 'AuditLogPageByActionAndActor' query type */
export interface AuditLogPageByActionAndActorQuery {
  params: AuditLogPageByActionAndActorParams;
  result: AuditLogPageByActionAndActorResult;
}

const auditLogPageByActionAndActorIR: any = {"usedParamSet":{"merchantId":true,"before":true,"action":true,"actor":true,"limit":true},"params":[{"name":"merchantId","required":true,"transform":{"type":"scalar"},"locs":[{"a":263,"b":274}]},{"name":"before","required":false,"transform":{"type":"scalar"},"locs":[{"a":296,"b":302}]},{"name":"action","required":true,"transform":{"type":"scalar"},"locs":[{"a":369,"b":376}]},{"name":"actor","required":true,"transform":{"type":"scalar"},"locs":[{"a":397,"b":403}]},{"name":"limit","required":true,"transform":{"type":"scalar"},"locs":[{"a":432,"b":438}]}],"statement":"SELECT e.id, e.merchant_id, e.occurred_at, e.action, e.actor_type, e.actor_role, e.actor_user_id,\n       e.actor_api_key_id, e.actor_email, e.target_type, e.target_id, e.ip, e.user_agent, e.request_id, e.details\n  FROM merchant_audit_log e\n WHERE e.merchant_id = :merchantId! AND e.id < coalesce(:before::uuid, 'ffffffff-ffff-ffff-ffff-ffffffffffff')\n   AND e.action = :action! AND e.actor_role = :actor!\n ORDER BY e.id DESC\n LIMIT :limit!"};

/**
 * Query generated from SQL:
 * ```
 * SELECT e.id, e.merchant_id, e.occurred_at, e.action, e.actor_type, e.actor_role, e.actor_user_id,
 *        e.actor_api_key_id, e.actor_email, e.target_type, e.target_id, e.ip, e.user_agent, e.request_id, e.details
 *   FROM merchant_audit_log e
 *  WHERE e.merchant_id = :merchantId! AND e.id < coalesce(:before::uuid, 'ffffffff-ffff-ffff-ffff-ffffffffffff')
 *    AND e.action = :action! AND e.actor_role = :actor!
 *  ORDER BY e.id DESC
 *  LIMIT :limit!
 * ```
 */
export const auditLogPageByActionAndActor = new PreparedQuery<AuditLogPageByActionAndActorParams,AuditLogPageByActionAndActorResult>(auditLogPageByActionAndActorIR);


