/** Types generated for queries found in "src/modules/merchants/identity/sql/identity.sql" */
import { PreparedQuery } from '../../../../platform/database/sql-query';

export type DateOrString = Date | string;

/** 'ActiveMerchantSession' parameters type */
export interface ActiveMerchantSessionParams {
  now: DateOrString;
  sessionId: string;
}

/** 'ActiveMerchantSession' return type */
export interface ActiveMerchantSessionResult {
  email: string;
  membership_id: string;
  merchant_id: string;
  role: string;
  user_id: string;
}

/** 'ActiveMerchantSession' query type */
export interface ActiveMerchantSessionQuery {
  params: ActiveMerchantSessionParams;
  result: ActiveMerchantSessionResult;
}

const activeMerchantSessionIR: any = {"usedParamSet":{"sessionId":true,"now":true},"params":[{"name":"sessionId","required":true,"transform":{"type":"scalar"},"locs":[{"a":283,"b":293}]},{"name":"now","required":true,"transform":{"type":"scalar"},"locs":[{"a":339,"b":343}]}],"statement":"-- Run on every merchant request: one indexed join.\nSELECT s.user_id, u.email, s.merchant_id, s.membership_id, m.role\n  FROM merchant_sessions s\n  JOIN merchant_memberships m ON m.id = s.membership_id AND m.status = 'ACTIVE'\n  JOIN merchant_users u ON u.id = s.user_id\n WHERE s.id = :sessionId! AND s.revoked_at IS NULL AND s.expires_at > :now!"};

/**
 * Query generated from SQL:
 * ```
 * -- Run on every merchant request: one indexed join.
 * SELECT s.user_id, u.email, s.merchant_id, s.membership_id, m.role
 *   FROM merchant_sessions s
 *   JOIN merchant_memberships m ON m.id = s.membership_id AND m.status = 'ACTIVE'
 *   JOIN merchant_users u ON u.id = s.user_id
 *  WHERE s.id = :sessionId! AND s.revoked_at IS NULL AND s.expires_at > :now!
 * ```
 */
export const activeMerchantSession = new PreparedQuery<ActiveMerchantSessionParams,ActiveMerchantSessionResult>(activeMerchantSessionIR);


/** 'TeamMembers' parameters type */
export interface TeamMembersParams {
  membershipId?: string | null | void;
  merchantId: string;
}

/** 'TeamMembers' return type */
export interface TeamMembersResult {
  created_at: Date;
  email: string;
  id: string;
  name: string;
  role: string;
  user_id: string;
}

/** 'TeamMembers' query type */
export interface TeamMembersQuery {
  params: TeamMembersParams;
  result: TeamMembersResult;
}

const teamMembersIR: any = {"usedParamSet":{"merchantId":true,"membershipId":true},"params":[{"name":"merchantId","required":true,"transform":{"type":"scalar"},"locs":[{"a":277,"b":288}]},{"name":"membershipId","required":false,"transform":{"type":"scalar"},"locs":[{"a":322,"b":334},{"a":360,"b":372}]}],"statement":"-- The merchant's active members (or the one membership asked for), the OWNER first, then by the\n-- date they joined.\nSELECT m.id, m.user_id, u.email, u.name, m.role, m.created_at\n  FROM merchant_memberships m\n  JOIN merchant_users u ON u.id = m.user_id\n WHERE m.merchant_id = :merchantId! AND m.status = 'ACTIVE'\n   AND (:membershipId::uuid IS NULL OR m.id = :membershipId)\n ORDER BY (m.role = 'OWNER') DESC, m.created_at, m.id"};

/**
 * Query generated from SQL:
 * ```
 * -- The merchant's active members (or the one membership asked for), the OWNER first, then by the
 * -- date they joined.
 * SELECT m.id, m.user_id, u.email, u.name, m.role, m.created_at
 *   FROM merchant_memberships m
 *   JOIN merchant_users u ON u.id = m.user_id
 *  WHERE m.merchant_id = :merchantId! AND m.status = 'ACTIVE'
 *    AND (:membershipId::uuid IS NULL OR m.id = :membershipId)
 *  ORDER BY (m.role = 'OWNER') DESC, m.created_at, m.id
 * ```
 */
export const teamMembers = new PreparedQuery<TeamMembersParams,TeamMembersResult>(teamMembersIR);


/** 'ActiveMemberWithEmail' parameters type */
export interface ActiveMemberWithEmailParams {
  email: string;
  merchantId: string;
}

/** 'ActiveMemberWithEmail' return type */
export interface ActiveMemberWithEmailResult {
  id: string;
}

/** 'ActiveMemberWithEmail' query type */
export interface ActiveMemberWithEmailQuery {
  params: ActiveMemberWithEmailParams;
  result: ActiveMemberWithEmailResult;
}

const activeMemberWithEmailIR: any = {"usedParamSet":{"merchantId":true,"email":true},"params":[{"name":"merchantId","required":true,"transform":{"type":"scalar"},"locs":[{"a":109,"b":120}]},{"name":"email","required":true,"transform":{"type":"scalar"},"locs":[{"a":160,"b":166}]}],"statement":"SELECT m.id\n  FROM merchant_memberships m\n  JOIN merchant_users u ON u.id = m.user_id\n WHERE m.merchant_id = :merchantId! AND m.status = 'ACTIVE' AND u.email = :email!\n LIMIT 1"};

/**
 * Query generated from SQL:
 * ```
 * SELECT m.id
 *   FROM merchant_memberships m
 *   JOIN merchant_users u ON u.id = m.user_id
 *  WHERE m.merchant_id = :merchantId! AND m.status = 'ACTIVE' AND u.email = :email!
 *  LIMIT 1
 * ```
 */
export const activeMemberWithEmail = new PreparedQuery<ActiveMemberWithEmailParams,ActiveMemberWithEmailResult>(activeMemberWithEmailIR);


