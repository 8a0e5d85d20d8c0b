/** Types generated for queries found in "src/modules/billers/saved-accounts/sql/saved-accounts.sql" */
import { PreparedQuery } from '../../../../platform/database/sql-query';

export type NumberOrString = number | string;

export type stringArray = (string)[];

/** 'SavedAccountsOwnedBy' parameters type */
export interface SavedAccountsOwnedByParams {
  customerUserId: string;
  limit: NumberOrString;
}

/** 'SavedAccountsOwnedBy' return type */
export interface SavedAccountsOwnedByResult {
  account_reference: string;
  account_reference_label: string;
  biller_active: boolean;
  biller_available: boolean;
  biller_id: string;
  biller_logo_url: string | null;
  biller_name: string;
  biller_slug: string;
  category_slug: string;
  created_at: Date;
  id: string;
  nickname: string | null;
  updated_at: Date;
}

/** 'SavedAccountsOwnedBy' query type */
export interface SavedAccountsOwnedByQuery {
  params: SavedAccountsOwnedByParams;
  result: SavedAccountsOwnedByResult;
}

const savedAccountsOwnedByIR: any = {"usedParamSet":{"customerUserId":true,"limit":true},"params":[{"name":"customerUserId","required":true,"transform":{"type":"scalar"},"locs":[{"a":540,"b":555}]},{"name":"limit","required":true,"transform":{"type":"scalar"},"locs":[{"a":603,"b":609}]}],"statement":"-- A customer's saved accounts, newest first, with what the app shows of each biller.\nSELECT s.id, s.biller_id, b.slug AS biller_slug, b.name AS biller_name, b.logo_url AS biller_logo_url,\n       b.active AND c.active AS \"biller_active!\", b.available AS biller_available, c.slug AS category_slug,\n       b.account_reference_label, s.account_reference, s.nickname, s.created_at, s.updated_at\n  FROM saved_biller_accounts s\n  JOIN billers b ON b.id = s.biller_id\n  JOIN biller_categories c ON c.id = b.category_id\n WHERE s.customer_user_id = :customerUserId!\n ORDER BY s.created_at DESC, s.id DESC\n LIMIT :limit!"};

/**
 * Query generated from SQL:
 * ```
 * -- A customer's saved accounts, newest first, with what the app shows of each biller.
 * SELECT s.id, s.biller_id, b.slug AS biller_slug, b.name AS biller_name, b.logo_url AS biller_logo_url,
 *        b.active AND c.active AS "biller_active!", b.available AS biller_available, c.slug AS category_slug,
 *        b.account_reference_label, s.account_reference, s.nickname, s.created_at, s.updated_at
 *   FROM saved_biller_accounts s
 *   JOIN billers b ON b.id = s.biller_id
 *   JOIN biller_categories c ON c.id = b.category_id
 *  WHERE s.customer_user_id = :customerUserId!
 *  ORDER BY s.created_at DESC, s.id DESC
 *  LIMIT :limit!
 * ```
 */
export const savedAccountsOwnedBy = new PreparedQuery<SavedAccountsOwnedByParams,SavedAccountsOwnedByResult>(savedAccountsOwnedByIR);


/** 'LockCustomerSavedAccounts' parameters type */
export interface LockCustomerSavedAccountsParams {
  customerUserId: string;
}

/** 'LockCustomerSavedAccounts' return type */
export interface LockCustomerSavedAccountsResult {
  locked: string;
}

/** 'LockCustomerSavedAccounts' query type */
export interface LockCustomerSavedAccountsQuery {
  params: LockCustomerSavedAccountsParams;
  result: LockCustomerSavedAccountsResult;
}

const lockCustomerSavedAccountsIR: any = {"usedParamSet":{"customerUserId":true},"params":[{"name":"customerUserId","required":true,"transform":{"type":"scalar"},"locs":[{"a":180,"b":195}]}],"statement":"-- Serialises the saves of one customer until the transaction ends (SavedAccountRepository.lockCustomer).\nSELECT pg_advisory_xact_lock(hashtextextended('saved-biller-accounts:' || :customerUserId!::text, 0))::text AS \"locked!\""};

/**
 * Query generated from SQL:
 * ```
 * -- Serialises the saves of one customer until the transaction ends (SavedAccountRepository.lockCustomer).
 * SELECT pg_advisory_xact_lock(hashtextextended('saved-biller-accounts:' || :customerUserId!::text, 0))::text AS "locked!"
 * ```
 */
export const lockCustomerSavedAccounts = new PreparedQuery<LockCustomerSavedAccountsParams,LockCustomerSavedAccountsResult>(lockCustomerSavedAccountsIR);


/** 'SavedAccountHolders' parameters type */
export interface SavedAccountHoldersParams {
  accountReferences: stringArray;
  billerId: string;
}

/** 'SavedAccountHolders' return type */
export interface SavedAccountHoldersResult {
  account_reference: string;
  customer_user_id: string;
}

/** 'SavedAccountHolders' query type */
export interface SavedAccountHoldersQuery {
  params: SavedAccountHoldersParams;
  result: SavedAccountHoldersResult;
}

const savedAccountHoldersIR: any = {"usedParamSet":{"billerId":true,"accountReferences":true},"params":[{"name":"billerId","required":true,"transform":{"type":"scalar"},"locs":[{"a":193,"b":202}]},{"name":"accountReferences","required":true,"transform":{"type":"scalar"},"locs":[{"a":235,"b":253}]}],"statement":"-- Who saved which of these references of one biller (any number of customers per reference).\nSELECT s.account_reference, s.customer_user_id\n  FROM saved_biller_accounts s\n WHERE s.biller_id = :billerId! AND s.account_reference = ANY (:accountReferences!::text[])"};

/**
 * Query generated from SQL:
 * ```
 * -- Who saved which of these references of one biller (any number of customers per reference).
 * SELECT s.account_reference, s.customer_user_id
 *   FROM saved_biller_accounts s
 *  WHERE s.biller_id = :billerId! AND s.account_reference = ANY (:accountReferences!::text[])
 * ```
 */
export const savedAccountHolders = new PreparedQuery<SavedAccountHoldersParams,SavedAccountHoldersResult>(savedAccountHoldersIR);


