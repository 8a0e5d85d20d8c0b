/** Types generated for queries found in "src/modules/identity/sql/users.sql" */
import { PreparedQuery } from '../../../platform/database/sql-query';

export type DateOrString = Date | string;

export type NumberOrString = number | string;

/** 'FindUserById' parameters type */
export interface FindUserByIdParams {
  id: string;
}

/** 'FindUserById' return type */
export interface FindUserByIdResult {
  created_at: Date;
  deactivated_at: Date | null;
  display_name: string | null;
  email: string | null;
  email_verified: boolean;
  failed_pin_attempts: number;
  id: string;
  kyc_tier: string;
  language: string;
  locked_until: Date | null;
  phone: string;
  phone_verified_at: Date;
  pin_hash: string | null;
  pin_set_at: Date | null;
  role: string;
  status: string;
  updated_at: Date;
}

/** 'FindUserById' query type */
export interface FindUserByIdQuery {
  params: FindUserByIdParams;
  result: FindUserByIdResult;
}

const findUserByIdIR: any = {"usedParamSet":{"id":true},"params":[{"name":"id","required":true,"transform":{"type":"scalar"},"locs":[{"a":236,"b":239}]}],"statement":"SELECT id, phone, role, status, kyc_tier, pin_hash, pin_set_at, failed_pin_attempts, locked_until,\n       display_name, email, email_verified, language, phone_verified_at, created_at, deactivated_at, updated_at\n  FROM users\n WHERE id = :id!"};

/**
 * Query generated from SQL:
 * ```
 * SELECT id, phone, role, status, kyc_tier, pin_hash, pin_set_at, failed_pin_attempts, locked_until,
 *        display_name, email, email_verified, language, phone_verified_at, created_at, deactivated_at, updated_at
 *   FROM users
 *  WHERE id = :id!
 * ```
 */
export const findUserById = new PreparedQuery<FindUserByIdParams,FindUserByIdResult>(findUserByIdIR);


/** 'OneTripLockKycTier' parameters type */
export interface OneTripLockKycTierParams {
  userId: string;
}

/** 'OneTripLockKycTier' return type */
export interface OneTripLockKycTierResult {
  kyc_tier: string;
}

/** 'OneTripLockKycTier' query type */
export interface OneTripLockKycTierQuery {
  params: OneTripLockKycTierParams;
  result: OneTripLockKycTierResult;
}

const oneTripLockKycTierIR: any = {"usedParamSet":{"userId":true},"params":[{"name":"userId","required":true,"transform":{"type":"scalar"},"locs":[{"a":293,"b":300}]}],"statement":"-- The customer's tier, their row locked until the transaction ends (CustomerLimitsService.lockLimitsOf):\n-- the lock a customer's payments queue on. FOR NO KEY UPDATE: rows that refer to the customer\n-- (their payments' KEY SHARE) are not held up by it.\nSELECT kyc_tier FROM users WHERE id = :userId! FOR NO KEY UPDATE"};

/**
 * Query generated from SQL:
 * ```
 * -- The customer's tier, their row locked until the transaction ends (CustomerLimitsService.lockLimitsOf):
 * -- the lock a customer's payments queue on. FOR NO KEY UPDATE: rows that refer to the customer
 * -- (their payments' KEY SHARE) are not held up by it.
 * SELECT kyc_tier FROM users WHERE id = :userId! FOR NO KEY UPDATE
 * ```
 */
export const oneTripLockKycTier = new PreparedQuery<OneTripLockKycTierParams,OneTripLockKycTierResult>(oneTripLockKycTierIR);


/** 'CountPinAttempt' parameters type */
export interface CountPinAttemptParams {
  lockUntil: DateOrString;
  maxAttempts: number;
  now: DateOrString;
  phone: string;
}

/** 'CountPinAttempt' return type */
export interface CountPinAttemptResult {
  id: string;
  locked_until: Date | null;
  pin_hash: string;
  status: string;
}

/** 'CountPinAttempt' query type */
export interface CountPinAttemptQuery {
  params: CountPinAttemptParams;
  result: CountPinAttemptResult;
}

const countPinAttemptIR: any = {"usedParamSet":{"maxAttempts":true,"lockUntil":true,"phone":true,"now":true},"params":[{"name":"maxAttempts","required":true,"transform":{"type":"scalar"},"locs":[{"a":343,"b":355}]},{"name":"lockUntil","required":true,"transform":{"type":"scalar"},"locs":[{"a":362,"b":372}]},{"name":"phone","required":true,"transform":{"type":"scalar"},"locs":[{"a":438,"b":444}]},{"name":"now","required":true,"transform":{"type":"scalar"},"locs":[{"a":516,"b":520}]}],"statement":"-- Counts a login attempt before the PIN is checked (UserRepository.countPinAttempt).\nWITH counted AS (\n  UPDATE users\n     SET failed_pin_attempts = CASE WHEN locked_until IS NULL THEN failed_pin_attempts + 1 ELSE 1 END,\n         locked_until = CASE\n           WHEN (CASE WHEN locked_until IS NULL THEN failed_pin_attempts + 1 ELSE 1 END) >= :maxAttempts! THEN :lockUntil!::timestamptz\n           ELSE NULL\n         END\n   WHERE phone = :phone! AND pin_hash IS NOT NULL AND (locked_until IS NULL OR locked_until <= :now!)\n   RETURNING id, pin_hash, status, locked_until\n)\nSELECT id, pin_hash AS \"pin_hash!\", status, locked_until FROM counted"};

/**
 * Query generated from SQL:
 * ```
 * -- Counts a login attempt before the PIN is checked (UserRepository.countPinAttempt).
 * WITH counted AS (
 *   UPDATE users
 *      SET failed_pin_attempts = CASE WHEN locked_until IS NULL THEN failed_pin_attempts + 1 ELSE 1 END,
 *          locked_until = CASE
 *            WHEN (CASE WHEN locked_until IS NULL THEN failed_pin_attempts + 1 ELSE 1 END) >= :maxAttempts! THEN :lockUntil!::timestamptz
 *            ELSE NULL
 *          END
 *    WHERE phone = :phone! AND pin_hash IS NOT NULL AND (locked_until IS NULL OR locked_until <= :now!)
 *    RETURNING id, pin_hash, status, locked_until
 * )
 * SELECT id, pin_hash AS "pin_hash!", status, locked_until FROM counted
 * ```
 */
export const countPinAttempt = new PreparedQuery<CountPinAttemptParams,CountPinAttemptResult>(countPinAttemptIR);


/** 'LockedUntil' parameters type */
export interface LockedUntilParams {
  now: DateOrString;
  phone: string;
}

/** 'LockedUntil' return type */
export interface LockedUntilResult {
  locked_until: Date;
}

/** 'LockedUntil' query type */
export interface LockedUntilQuery {
  params: LockedUntilParams;
  result: LockedUntilResult;
}

const lockedUntilIR: any = {"usedParamSet":{"phone":true,"now":true},"params":[{"name":"phone","required":true,"transform":{"type":"scalar"},"locs":[{"a":64,"b":70}]},{"name":"now","required":true,"transform":{"type":"scalar"},"locs":[{"a":116,"b":120}]}],"statement":"SELECT locked_until AS \"locked_until!\" FROM users WHERE phone = :phone! AND pin_hash IS NOT NULL AND locked_until > :now!"};

/**
 * Query generated from SQL:
 * ```
 * SELECT locked_until AS "locked_until!" FROM users WHERE phone = :phone! AND pin_hash IS NOT NULL AND locked_until > :now!
 * ```
 */
export const lockedUntil = new PreparedQuery<LockedUntilParams,LockedUntilResult>(lockedUntilIR);


/** 'LockAdminRoles' parameters type */
export type LockAdminRolesParams = void;

/** 'LockAdminRoles' return type */
export interface LockAdminRolesResult {
  locked: undefined;
}

/** 'LockAdminRoles' query type */
export interface LockAdminRolesQuery {
  params: LockAdminRolesParams;
  result: LockAdminRolesResult;
}

const lockAdminRolesIR: any = {"usedParamSet":{},"params":[],"statement":"-- Serializes the changes that could remove the last active ADMIN (AdminUsersService).\nSELECT pg_advisory_xact_lock(hashtextextended('identity:admin-roles', 0)) AS \"locked!\""};

/**
 * Query generated from SQL:
 * ```
 * -- Serializes the changes that could remove the last active ADMIN (AdminUsersService).
 * SELECT pg_advisory_xact_lock(hashtextextended('identity:admin-roles', 0)) AS "locked!"
 * ```
 */
export const lockAdminRoles = new PreparedQuery<LockAdminRolesParams,LockAdminRolesResult>(lockAdminRolesIR);


/** 'CountActiveAdmins' parameters type */
export type CountActiveAdminsParams = void;

/** 'CountActiveAdmins' return type */
export interface CountActiveAdminsResult {
  admins: number;
}

/** 'CountActiveAdmins' query type */
export interface CountActiveAdminsQuery {
  params: CountActiveAdminsParams;
  result: CountActiveAdminsResult;
}

const countActiveAdminsIR: any = {"usedParamSet":{},"params":[],"statement":"SELECT count(*)::int AS \"admins!\" FROM users WHERE role = 'ADMIN' AND status = 'ACTIVE'"};

/**
 * Query generated from SQL:
 * ```
 * SELECT count(*)::int AS "admins!" FROM users WHERE role = 'ADMIN' AND status = 'ACTIVE'
 * ```
 */
export const countActiveAdmins = new PreparedQuery<CountActiveAdminsParams,CountActiveAdminsResult>(countActiveAdminsIR);


/** 'AdminUserPage' parameters type */
export interface AdminUserPageParams {
  digits: string;
  kycTier?: string | null | void;
  limit: NumberOrString;
  now: DateOrString;
  offset: NumberOrString;
  q?: string | null | void;
  role?: string | null | void;
  status?: string | null | void;
}

/** 'AdminUserPage' return type */
export interface AdminUserPageResult {
  created_at: Date;
  deactivated_at: Date | null;
  display_name: string | null;
  email: string | null;
  id: string;
  kyc_tier: string;
  last_seen_at: Date | null;
  locked_until: Date | null;
  phone: string;
  role: string;
  status: string;
  total: string;
}

/** 'AdminUserPage' query type */
export interface AdminUserPageQuery {
  params: AdminUserPageParams;
  result: AdminUserPageResult;
}

const adminUserPageIR: any = {"usedParamSet":{"role":true,"status":true,"now":true,"kycTier":true,"q":true,"digits":true,"limit":true,"offset":true},"params":[{"name":"role","required":false,"transform":{"type":"scalar"},"locs":[{"a":560,"b":564},{"a":592,"b":596}]},{"name":"status","required":false,"transform":{"type":"scalar"},"locs":[{"a":607,"b":613},{"a":641,"b":647},{"a":707,"b":713},{"a":790,"b":796}]},{"name":"now","required":true,"transform":{"type":"scalar"},"locs":[{"a":771,"b":775},{"a":882,"b":886}]},{"name":"kycTier","required":false,"transform":{"type":"scalar"},"locs":[{"a":899,"b":906},{"a":938,"b":945}]},{"name":"q","required":false,"transform":{"type":"scalar"},"locs":[{"a":956,"b":957},{"a":1104,"b":1105}]},{"name":"digits","required":true,"transform":{"type":"scalar"},"locs":[{"a":985,"b":992},{"a":1024,"b":1031}]},{"name":"limit","required":true,"transform":{"type":"scalar"},"locs":[{"a":1208,"b":1214}]},{"name":"offset","required":true,"transform":{"type":"scalar"},"locs":[{"a":1223,"b":1230}]}],"statement":"-- The admin list's page: filters by role, shown status (LOCKED while a PIN lock runs at :now),\n-- KYC tier and a text searched in the phone's digits and the display name (LIKE's wildcards\n-- escaped, = being the escape character); total is the count of the whole list.\nSELECT u.id, u.phone, u.role, u.status, u.kyc_tier, u.display_name, u.email, u.locked_until, u.created_at,\n       u.deactivated_at,\n       (SELECT max(s.last_seen_at) FROM device_sessions s WHERE s.user_id = u.id) AS last_seen_at,\n       count(*) OVER () AS \"total!\"\n  FROM users u\n WHERE (:role::text IS NULL OR u.role = :role)\n   AND (:status::text IS NULL\n        OR (:status = 'DEACTIVATED' AND u.status = 'DEACTIVATED')\n        OR (:status = 'LOCKED' AND u.status = 'ACTIVE' AND u.locked_until > :now!)\n        OR (:status = 'ACTIVE' AND u.status = 'ACTIVE' AND (u.locked_until IS NULL OR u.locked_until <= :now!)))\n   AND (:kycTier::text IS NULL OR u.kyc_tier = :kycTier)\n   AND (:q::text IS NULL\n        OR (:digits! <> '' AND u.phone LIKE '%' || :digits! || '%')\n        OR u.display_name ILIKE '%' || replace(replace(replace(:q, '=', '=='), '%', '=%'), '_', '=_') || '%' ESCAPE '=')\n ORDER BY u.created_at DESC, u.id DESC\n LIMIT :limit! OFFSET :offset!"};

/**
 * Query generated from SQL:
 * ```
 * -- The admin list's page: filters by role, shown status (LOCKED while a PIN lock runs at :now),
 * -- KYC tier and a text searched in the phone's digits and the display name (LIKE's wildcards
 * -- escaped, = being the escape character); total is the count of the whole list.
 * SELECT u.id, u.phone, u.role, u.status, u.kyc_tier, u.display_name, u.email, u.locked_until, u.created_at,
 *        u.deactivated_at,
 *        (SELECT max(s.last_seen_at) FROM device_sessions s WHERE s.user_id = u.id) AS last_seen_at,
 *        count(*) OVER () AS "total!"
 *   FROM users u
 *  WHERE (:role::text IS NULL OR u.role = :role)
 *    AND (:status::text IS NULL
 *         OR (:status = 'DEACTIVATED' AND u.status = 'DEACTIVATED')
 *         OR (:status = 'LOCKED' AND u.status = 'ACTIVE' AND u.locked_until > :now!)
 *         OR (:status = 'ACTIVE' AND u.status = 'ACTIVE' AND (u.locked_until IS NULL OR u.locked_until <= :now!)))
 *    AND (:kycTier::text IS NULL OR u.kyc_tier = :kycTier)
 *    AND (:q::text IS NULL
 *         OR (:digits! <> '' AND u.phone LIKE '%' || :digits! || '%')
 *         OR u.display_name ILIKE '%' || replace(replace(replace(:q, '=', '=='), '%', '=%'), '_', '=_') || '%' ESCAPE '=')
 *  ORDER BY u.created_at DESC, u.id DESC
 *  LIMIT :limit! OFFSET :offset!
 * ```
 */
export const adminUserPage = new PreparedQuery<AdminUserPageParams,AdminUserPageResult>(adminUserPageIR);


/** 'AdminUserCount' parameters type */
export interface AdminUserCountParams {
  digits: string;
  kycTier?: string | null | void;
  now: DateOrString;
  q?: string | null | void;
  role?: string | null | void;
  status?: string | null | void;
}

/** 'AdminUserCount' return type */
export interface AdminUserCountResult {
  total: string;
}

/** 'AdminUserCount' query type */
export interface AdminUserCountQuery {
  params: AdminUserCountParams;
  result: AdminUserCountResult;
}

const adminUserCountIR: any = {"usedParamSet":{"role":true,"status":true,"now":true,"kycTier":true,"q":true,"digits":true},"params":[{"name":"role","required":false,"transform":{"type":"scalar"},"locs":[{"a":140,"b":144},{"a":172,"b":176}]},{"name":"status","required":false,"transform":{"type":"scalar"},"locs":[{"a":187,"b":193},{"a":221,"b":227},{"a":287,"b":293},{"a":370,"b":376}]},{"name":"now","required":true,"transform":{"type":"scalar"},"locs":[{"a":351,"b":355},{"a":462,"b":466}]},{"name":"kycTier","required":false,"transform":{"type":"scalar"},"locs":[{"a":479,"b":486},{"a":518,"b":525}]},{"name":"q","required":false,"transform":{"type":"scalar"},"locs":[{"a":536,"b":537},{"a":684,"b":685}]},{"name":"digits","required":true,"transform":{"type":"scalar"},"locs":[{"a":565,"b":572},{"a":604,"b":611}]}],"statement":"-- The admin list's total when its page is past the end (same filters as AdminUserPage).\nSELECT count(*) AS \"total!\"\n  FROM users u\n WHERE (:role::text IS NULL OR u.role = :role)\n   AND (:status::text IS NULL\n        OR (:status = 'DEACTIVATED' AND u.status = 'DEACTIVATED')\n        OR (:status = 'LOCKED' AND u.status = 'ACTIVE' AND u.locked_until > :now!)\n        OR (:status = 'ACTIVE' AND u.status = 'ACTIVE' AND (u.locked_until IS NULL OR u.locked_until <= :now!)))\n   AND (:kycTier::text IS NULL OR u.kyc_tier = :kycTier)\n   AND (:q::text IS NULL\n        OR (:digits! <> '' AND u.phone LIKE '%' || :digits! || '%')\n        OR u.display_name ILIKE '%' || replace(replace(replace(:q, '=', '=='), '%', '=%'), '_', '=_') || '%' ESCAPE '=')"};

/**
 * Query generated from SQL:
 * ```
 * -- The admin list's total when its page is past the end (same filters as AdminUserPage).
 * SELECT count(*) AS "total!"
 *   FROM users u
 *  WHERE (:role::text IS NULL OR u.role = :role)
 *    AND (:status::text IS NULL
 *         OR (:status = 'DEACTIVATED' AND u.status = 'DEACTIVATED')
 *         OR (:status = 'LOCKED' AND u.status = 'ACTIVE' AND u.locked_until > :now!)
 *         OR (:status = 'ACTIVE' AND u.status = 'ACTIVE' AND (u.locked_until IS NULL OR u.locked_until <= :now!)))
 *    AND (:kycTier::text IS NULL OR u.kyc_tier = :kycTier)
 *    AND (:q::text IS NULL
 *         OR (:digits! <> '' AND u.phone LIKE '%' || :digits! || '%')
 *         OR u.display_name ILIKE '%' || replace(replace(replace(:q, '=', '=='), '%', '=%'), '_', '=_') || '%' ESCAPE '=')
 * ```
 */
export const adminUserCount = new PreparedQuery<AdminUserCountParams,AdminUserCountResult>(adminUserCountIR);


/** 'AgentIdByPhone' parameters type */
export interface AgentIdByPhoneParams {
  phone: string;
}

/** 'AgentIdByPhone' return type */
export interface AgentIdByPhoneResult {
  id: string;
}

/** 'AgentIdByPhone' query type */
export interface AgentIdByPhoneQuery {
  params: AgentIdByPhoneParams;
  result: AgentIdByPhoneResult;
}

const agentIdByPhoneIR: any = {"usedParamSet":{"phone":true},"params":[{"name":"phone","required":true,"transform":{"type":"scalar"},"locs":[{"a":126,"b":132}]}],"statement":"-- An AGENT's id by phone, for the seed's demo float (agentIdByPhone, identity.seeder.ts).\nSELECT id FROM users WHERE phone = :phone! AND role = 'AGENT'"};

/**
 * Query generated from SQL:
 * ```
 * -- An AGENT's id by phone, for the seed's demo float (agentIdByPhone, identity.seeder.ts).
 * SELECT id FROM users WHERE phone = :phone! AND role = 'AGENT'
 * ```
 */
export const agentIdByPhone = new PreparedQuery<AgentIdByPhoneParams,AgentIdByPhoneResult>(agentIdByPhoneIR);


