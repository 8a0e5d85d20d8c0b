/** Types generated for queries found in "src/modules/billers/catalogue/sql/billers.sql" */
import { PreparedQuery } from '../../../../platform/database/sql-query';

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

export type stringArray = (string)[];

/** 'ForPaymentById' parameters type */
export interface ForPaymentByIdParams {
  id: string;
}

/** 'ForPaymentById' return type */
export interface ForPaymentByIdResult {
  accepted_rails: stringArray;
  account_reference_label: string;
  account_reference_pattern: string;
  active: boolean;
  agent_commission_bps: number;
  agent_commission_flat: string;
  aliases: stringArray;
  amount_rule: string;
  available: boolean;
  category_id: string;
  connector_base_url: string | null;
  connector_secret_ref: string | null;
  connector_timeout_ms: number;
  country: string;
  created_at: Date;
  currency: string;
  fee_flat: string;
  fee_percent_bps: number;
  id: string;
  logo_url: string | null;
  max_amount: string;
  min_amount: string;
  name: string;
  popularity: number;
  rails: Json;
  search_name: string;
  search_text: string;
  slug: string;
  updated_at: Date;
  validates_directly: boolean;
  visible: boolean;
}

/** 'ForPaymentById' query type */
export interface ForPaymentByIdQuery {
  params: ForPaymentByIdParams;
  result: ForPaymentByIdResult;
}

const forPaymentByIdIR: any = {"usedParamSet":{"id":true},"params":[{"name":"id","required":true,"transform":{"type":"scalar"},"locs":[{"a":1191,"b":1194}]}],"statement":"-- What a payment needs of its biller (BillerRepository.findForPayment): every column, whether\n-- customers see it (biller and category active) and its active accepted rails, by code.\nSELECT b.id, b.slug, b.name, b.aliases, b.category_id, b.logo_url, b.country, b.currency, b.accepted_rails,\n       b.fee_flat, b.fee_percent_bps, b.agent_commission_flat, b.agent_commission_bps, b.min_amount, b.max_amount,\n       b.account_reference_label, b.account_reference_pattern, b.amount_rule, b.validates_directly,\n       b.connector_base_url, b.connector_secret_ref, b.connector_timeout_ms, b.active, b.available, b.popularity,\n       b.search_name, b.search_text, b.created_at, b.updated_at,\n       b.active AND c.active AS \"visible!\",\n       (SELECT coalesce(json_agg(json_build_object('id', r.id, 'code', r.code, 'name', r.name, 'active', r.active,\n                 'feeFlat', r.fee_flat, 'feePercentBps', r.fee_percent_bps, 'minAmount', r.min_amount,\n                 'maxAmount', r.max_amount) ORDER BY r.code), '[]')\n          FROM payment_rails r WHERE r.code = ANY (b.accepted_rails) AND r.active) AS \"rails!\"\n  FROM billers b JOIN biller_categories c ON c.id = b.category_id\n WHERE b.id = :id!"};

/**
 * Query generated from SQL:
 * ```
 * -- What a payment needs of its biller (BillerRepository.findForPayment): every column, whether
 * -- customers see it (biller and category active) and its active accepted rails, by code.
 * SELECT b.id, b.slug, b.name, b.aliases, b.category_id, b.logo_url, b.country, b.currency, b.accepted_rails,
 *        b.fee_flat, b.fee_percent_bps, b.agent_commission_flat, b.agent_commission_bps, b.min_amount, b.max_amount,
 *        b.account_reference_label, b.account_reference_pattern, b.amount_rule, b.validates_directly,
 *        b.connector_base_url, b.connector_secret_ref, b.connector_timeout_ms, b.active, b.available, b.popularity,
 *        b.search_name, b.search_text, b.created_at, b.updated_at,
 *        b.active AND c.active AS "visible!",
 *        (SELECT coalesce(json_agg(json_build_object('id', r.id, 'code', r.code, 'name', r.name, 'active', r.active,
 *                  'feeFlat', r.fee_flat, 'feePercentBps', r.fee_percent_bps, 'minAmount', r.min_amount,
 *                  'maxAmount', r.max_amount) ORDER BY r.code), '[]')
 *           FROM payment_rails r WHERE r.code = ANY (b.accepted_rails) AND r.active) AS "rails!"
 *   FROM billers b JOIN biller_categories c ON c.id = b.category_id
 *  WHERE b.id = :id!
 * ```
 */
export const forPaymentById = new PreparedQuery<ForPaymentByIdParams,ForPaymentByIdResult>(forPaymentByIdIR);


/** 'ForPaymentBySlug' parameters type */
export interface ForPaymentBySlugParams {
  slug: string;
}

/** 'ForPaymentBySlug' return type */
export interface ForPaymentBySlugResult {
  accepted_rails: stringArray;
  account_reference_label: string;
  account_reference_pattern: string;
  active: boolean;
  agent_commission_bps: number;
  agent_commission_flat: string;
  aliases: stringArray;
  amount_rule: string;
  available: boolean;
  category_id: string;
  connector_base_url: string | null;
  connector_secret_ref: string | null;
  connector_timeout_ms: number;
  country: string;
  created_at: Date;
  currency: string;
  fee_flat: string;
  fee_percent_bps: number;
  id: string;
  logo_url: string | null;
  max_amount: string;
  min_amount: string;
  name: string;
  popularity: number;
  rails: Json;
  search_name: string;
  search_text: string;
  slug: string;
  updated_at: Date;
  validates_directly: boolean;
  visible: boolean;
}

/** 'ForPaymentBySlug' query type */
export interface ForPaymentBySlugQuery {
  params: ForPaymentBySlugParams;
  result: ForPaymentBySlugResult;
}

const forPaymentBySlugIR: any = {"usedParamSet":{"slug":true},"params":[{"name":"slug","required":true,"transform":{"type":"scalar"},"locs":[{"a":1049,"b":1054}]}],"statement":"-- ForPaymentById by the biller's slug.\nSELECT b.id, b.slug, b.name, b.aliases, b.category_id, b.logo_url, b.country, b.currency, b.accepted_rails,\n       b.fee_flat, b.fee_percent_bps, b.agent_commission_flat, b.agent_commission_bps, b.min_amount, b.max_amount,\n       b.account_reference_label, b.account_reference_pattern, b.amount_rule, b.validates_directly,\n       b.connector_base_url, b.connector_secret_ref, b.connector_timeout_ms, b.active, b.available, b.popularity,\n       b.search_name, b.search_text, b.created_at, b.updated_at,\n       b.active AND c.active AS \"visible!\",\n       (SELECT coalesce(json_agg(json_build_object('id', r.id, 'code', r.code, 'name', r.name, 'active', r.active,\n                 'feeFlat', r.fee_flat, 'feePercentBps', r.fee_percent_bps, 'minAmount', r.min_amount,\n                 'maxAmount', r.max_amount) ORDER BY r.code), '[]')\n          FROM payment_rails r WHERE r.code = ANY (b.accepted_rails) AND r.active) AS \"rails!\"\n  FROM billers b JOIN biller_categories c ON c.id = b.category_id\n WHERE b.slug = :slug!"};

/**
 * Query generated from SQL:
 * ```
 * -- ForPaymentById by the biller's slug.
 * SELECT b.id, b.slug, b.name, b.aliases, b.category_id, b.logo_url, b.country, b.currency, b.accepted_rails,
 *        b.fee_flat, b.fee_percent_bps, b.agent_commission_flat, b.agent_commission_bps, b.min_amount, b.max_amount,
 *        b.account_reference_label, b.account_reference_pattern, b.amount_rule, b.validates_directly,
 *        b.connector_base_url, b.connector_secret_ref, b.connector_timeout_ms, b.active, b.available, b.popularity,
 *        b.search_name, b.search_text, b.created_at, b.updated_at,
 *        b.active AND c.active AS "visible!",
 *        (SELECT coalesce(json_agg(json_build_object('id', r.id, 'code', r.code, 'name', r.name, 'active', r.active,
 *                  'feeFlat', r.fee_flat, 'feePercentBps', r.fee_percent_bps, 'minAmount', r.min_amount,
 *                  'maxAmount', r.max_amount) ORDER BY r.code), '[]')
 *           FROM payment_rails r WHERE r.code = ANY (b.accepted_rails) AND r.active) AS "rails!"
 *   FROM billers b JOIN biller_categories c ON c.id = b.category_id
 *  WHERE b.slug = :slug!
 * ```
 */
export const forPaymentBySlug = new PreparedQuery<ForPaymentBySlugParams,ForPaymentBySlugResult>(forPaymentBySlugIR);


/** 'DropUnusedSearchTerms' parameters type */
export type DropUnusedSearchTermsParams = void;

/** 'DropUnusedSearchTerms' return type */
export interface DropUnusedSearchTermsResult {
  dropped: number;
}

/** 'DropUnusedSearchTerms' query type */
export interface DropUnusedSearchTermsQuery {
  params: DropUnusedSearchTermsParams;
  result: DropUnusedSearchTermsResult;
}

const dropUnusedSearchTermsIR: any = {"usedParamSet":{},"params":[],"statement":"-- Drops the words of the typo vocabulary that no biller's search text has any more (after\n-- renames: the trigger only ever adds words), and answers how many.\nWITH used AS (\n  SELECT DISTINCT word COLLATE \"C\" AS term\n    FROM billers, unnest(string_to_array(search_text, ' ')) AS word WHERE length(word) >= 3\n), dropped AS (\n  DELETE FROM biller_search_terms t WHERE NOT EXISTS (SELECT 1 FROM used WHERE used.term = t.term) RETURNING t.term\n)\nSELECT count(*)::int AS \"dropped!\" FROM dropped"};

/**
 * Query generated from SQL:
 * ```
 * -- Drops the words of the typo vocabulary that no biller's search text has any more (after
 * -- renames: the trigger only ever adds words), and answers how many.
 * WITH used AS (
 *   SELECT DISTINCT word COLLATE "C" AS term
 *     FROM billers, unnest(string_to_array(search_text, ' ')) AS word WHERE length(word) >= 3
 * ), dropped AS (
 *   DELETE FROM biller_search_terms t WHERE NOT EXISTS (SELECT 1 FROM used WHERE used.term = t.term) RETURNING t.term
 * )
 * SELECT count(*)::int AS "dropped!" FROM dropped
 * ```
 */
export const dropUnusedSearchTerms = new PreparedQuery<DropUnusedSearchTermsParams,DropUnusedSearchTermsResult>(dropUnusedSearchTermsIR);


/** 'AddMissingSearchTerms' parameters type */
export type AddMissingSearchTermsParams = void;

/** 'AddMissingSearchTerms' return type */
export interface AddMissingSearchTermsResult {
  term: string;
}

/** 'AddMissingSearchTerms' query type */
export interface AddMissingSearchTermsQuery {
  params: AddMissingSearchTermsParams;
  result: AddMissingSearchTermsResult;
}

const addMissingSearchTermsIR: any = {"usedParamSet":{},"params":[],"statement":"-- Adds the words a write racing an earlier sync left out of the vocabulary, one row per word added.\nINSERT INTO biller_search_terms (term)\nSELECT DISTINCT word COLLATE \"C\" AS term\n  FROM billers, unnest(string_to_array(search_text, ' ')) AS word WHERE length(word) >= 3\n    ON CONFLICT DO NOTHING\nRETURNING term"};

/**
 * Query generated from SQL:
 * ```
 * -- Adds the words a write racing an earlier sync left out of the vocabulary, one row per word added.
 * INSERT INTO biller_search_terms (term)
 * SELECT DISTINCT word COLLATE "C" AS term
 *   FROM billers, unnest(string_to_array(search_text, ' ')) AS word WHERE length(word) >= 3
 *     ON CONFLICT DO NOTHING
 * RETURNING term
 * ```
 */
export const addMissingSearchTerms = new PreparedQuery<AddMissingSearchTermsParams,AddMissingSearchTermsResult>(addMissingSearchTermsIR);


