/** Types generated for queries found in "src/modules/identity/sql/directories.sql" */
import { PreparedQuery } from '../../../platform/database/sql-query';

export type stringArray = (string)[];

/** 'VerifiedCustomersByPhone' parameters type */
export interface VerifiedCustomersByPhoneParams {
  phones: stringArray;
}

/** 'VerifiedCustomersByPhone' return type */
export interface VerifiedCustomersByPhoneResult {
  id: string;
  phone: string;
}

/** 'VerifiedCustomersByPhone' query type */
export interface VerifiedCustomersByPhoneQuery {
  params: VerifiedCustomersByPhoneParams;
  result: VerifiedCustomersByPhoneResult;
}

const verifiedCustomersByPhoneIR: any = {"usedParamSet":{"phones":true},"params":[{"name":"phones","required":true,"transform":{"type":"scalar"},"locs":[{"a":148,"b":155}]}],"statement":"-- CustomerDirectory: verified customers only (a customer with a verified phone, active).\nSELECT u.id, u.phone\n  FROM users u\n WHERE u.phone = ANY (:phones!::text[])\n   AND u.role = 'CUSTOMER' AND u.status = 'ACTIVE' AND u.phone_verified_at IS NOT NULL"};

/**
 * Query generated from SQL:
 * ```
 * -- CustomerDirectory: verified customers only (a customer with a verified phone, active).
 * SELECT u.id, u.phone
 *   FROM users u
 *  WHERE u.phone = ANY (:phones!::text[])
 *    AND u.role = 'CUSTOMER' AND u.status = 'ACTIVE' AND u.phone_verified_at IS NOT NULL
 * ```
 */
export const verifiedCustomersByPhone = new PreparedQuery<VerifiedCustomersByPhoneParams,VerifiedCustomersByPhoneResult>(verifiedCustomersByPhoneIR);


/** 'VerifiedCustomersById' parameters type */
export interface VerifiedCustomersByIdParams {
  ids: stringArray;
}

/** 'VerifiedCustomersById' return type */
export interface VerifiedCustomersByIdResult {
  id: string;
  kyc_submission_id: string;
  name: string | null;
  national_id_number_encrypted: string;
  phone: string;
}

/** 'VerifiedCustomersById' query type */
export interface VerifiedCustomersByIdQuery {
  params: VerifiedCustomersByIdParams;
  result: VerifiedCustomersByIdResult;
}

const verifiedCustomersByIdIR: any = {"usedParamSet":{"ids":true},"params":[{"name":"ids","required":true,"transform":{"type":"scalar"},"locs":[{"a":359,"b":363}]}],"statement":"SELECT u.id, u.phone, coalesce(k.legal_name, u.display_name) AS name, k.id AS kyc_submission_id,\n       k.national_id_number_encrypted\n  FROM users u\n  LEFT JOIN LATERAL (SELECT id, legal_name, national_id_number_encrypted FROM kyc_submissions\n                      WHERE user_id = u.id ORDER BY created_at DESC, id DESC LIMIT 1) k ON true\n WHERE u.id = ANY (:ids!::uuid[])\n   AND u.role = 'CUSTOMER' AND u.status = 'ACTIVE' AND u.phone_verified_at IS NOT NULL"};

/**
 * Query generated from SQL:
 * ```
 * SELECT u.id, u.phone, coalesce(k.legal_name, u.display_name) AS name, k.id AS kyc_submission_id,
 *        k.national_id_number_encrypted
 *   FROM users u
 *   LEFT JOIN LATERAL (SELECT id, legal_name, national_id_number_encrypted FROM kyc_submissions
 *                       WHERE user_id = u.id ORDER BY created_at DESC, id DESC LIMIT 1) k ON true
 *  WHERE u.id = ANY (:ids!::uuid[])
 *    AND u.role = 'CUSTOMER' AND u.status = 'ACTIVE' AND u.phone_verified_at IS NOT NULL
 * ```
 */
export const verifiedCustomersById = new PreparedQuery<VerifiedCustomersByIdParams,VerifiedCustomersByIdResult>(verifiedCustomersByIdIR);


/** 'ActiveStaffById' parameters type */
export interface ActiveStaffByIdParams {
  ids: stringArray;
}

/** 'ActiveStaffById' return type */
export interface ActiveStaffByIdResult {
  display_name: string | null;
  id: string;
  role: string;
}

/** 'ActiveStaffById' query type */
export interface ActiveStaffByIdQuery {
  params: ActiveStaffByIdParams;
  result: ActiveStaffByIdResult;
}

const activeStaffByIdIR: any = {"usedParamSet":{"ids":true},"params":[{"name":"ids","required":true,"transform":{"type":"scalar"},"locs":[{"a":68,"b":72}]}],"statement":"SELECT u.id, u.role, u.display_name FROM users u\n WHERE u.id = ANY (:ids!::uuid[]) AND u.role <> 'CUSTOMER' AND u.status = 'ACTIVE'"};

/**
 * Query generated from SQL:
 * ```
 * SELECT u.id, u.role, u.display_name FROM users u
 *  WHERE u.id = ANY (:ids!::uuid[]) AND u.role <> 'CUSTOMER' AND u.status = 'ACTIVE'
 * ```
 */
export const activeStaffById = new PreparedQuery<ActiveStaffByIdParams,ActiveStaffByIdResult>(activeStaffByIdIR);


/** 'ActiveStaffByPhone' parameters type */
export interface ActiveStaffByPhoneParams {
  phone: string;
}

/** 'ActiveStaffByPhone' return type */
export interface ActiveStaffByPhoneResult {
  display_name: string | null;
  id: string;
  role: string;
}

/** 'ActiveStaffByPhone' query type */
export interface ActiveStaffByPhoneQuery {
  params: ActiveStaffByPhoneParams;
  result: ActiveStaffByPhoneResult;
}

const activeStaffByPhoneIR: any = {"usedParamSet":{"phone":true},"params":[{"name":"phone","required":true,"transform":{"type":"scalar"},"locs":[{"a":66,"b":72}]}],"statement":"SELECT u.id, u.role, u.display_name FROM users u\n WHERE u.phone = :phone! AND u.role <> 'CUSTOMER' AND u.status = 'ACTIVE'"};

/**
 * Query generated from SQL:
 * ```
 * SELECT u.id, u.role, u.display_name FROM users u
 *  WHERE u.phone = :phone! AND u.role <> 'CUSTOMER' AND u.status = 'ACTIVE'
 * ```
 */
export const activeStaffByPhone = new PreparedQuery<ActiveStaffByPhoneParams,ActiveStaffByPhoneResult>(activeStaffByPhoneIR);


