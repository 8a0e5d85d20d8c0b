/** Types generated for queries found in "src/modules/billers/catalogue/sql/biller-search.sql" */
import { PreparedQuery } from '../../../../platform/database/sql-query';

export type NumberOrString = number | string;

export type stringArray = (string)[];

/** 'DirectoryByPopularity' parameters type */
export interface DirectoryByPopularityParams {
  limit: NumberOrString;
  offset: NumberOrString;
}

/** 'DirectoryByPopularity' return type */
export interface DirectoryByPopularityResult {
  items: string;
  total_items: string | null;
}

/** 'DirectoryByPopularity' query type */
export interface DirectoryByPopularityQuery {
  params: DirectoryByPopularityParams;
  result: DirectoryByPopularityResult;
}

const directoryByPopularityIR: any = {"usedParamSet":{"limit":true,"offset":true},"params":[{"name":"limit","required":true,"transform":{"type":"scalar"},"locs":[{"a":548,"b":554}]},{"name":"offset","required":true,"transform":{"type":"scalar"},"locs":[{"a":563,"b":570}]}],"statement":"-- The customer directory's page (BillerSummaryDto items as one JSON array): by popularity.\nWITH page AS MATERIALIZED (\n  SELECT b.id, b.popularity, b.search_name,\n         (SELECT count(*) FROM billers b\n           WHERE b.active\n             AND b.category_id = ANY ((SELECT array_agg(id) FROM biller_categories WHERE active)::uuid[])) AS total_items\n    FROM billers b\n   WHERE b.active\n     AND b.category_id = ANY ((SELECT array_agg(id) FROM biller_categories WHERE active)::uuid[])\n   ORDER BY b.popularity DESC, b.search_name, b.id\n   LIMIT :limit! OFFSET :offset!)\nSELECT coalesce(json_agg(item ORDER BY page.popularity DESC, page.search_name, page.id), '[]')::text AS \"items!\",\n       max(page.total_items) AS total_items\n  FROM page JOIN billers b ON b.id = page.id JOIN biller_categories c ON c.id = b.category_id,\n       LATERAL (SELECT b.id, b.slug, b.name, c.slug AS \"categorySlug\", c.name AS \"categoryName\",\n                b.logo_url AS \"logoUrl\", b.country, b.currency,\n                b.account_reference_label AS \"accountReferenceLabel\", b.amount_rule AS \"amountRule\",\n                b.available) AS item"};

/**
 * Query generated from SQL:
 * ```
 * -- The customer directory's page (BillerSummaryDto items as one JSON array): by popularity.
 * WITH page AS MATERIALIZED (
 *   SELECT b.id, b.popularity, b.search_name,
 *          (SELECT count(*) FROM billers b
 *            WHERE b.active
 *              AND b.category_id = ANY ((SELECT array_agg(id) FROM biller_categories WHERE active)::uuid[])) AS total_items
 *     FROM billers b
 *    WHERE b.active
 *      AND b.category_id = ANY ((SELECT array_agg(id) FROM biller_categories WHERE active)::uuid[])
 *    ORDER BY b.popularity DESC, b.search_name, b.id
 *    LIMIT :limit! OFFSET :offset!)
 * SELECT coalesce(json_agg(item ORDER BY page.popularity DESC, page.search_name, page.id), '[]')::text AS "items!",
 *        max(page.total_items) AS total_items
 *   FROM page JOIN billers b ON b.id = page.id JOIN biller_categories c ON c.id = b.category_id,
 *        LATERAL (SELECT b.id, b.slug, b.name, c.slug AS "categorySlug", c.name AS "categoryName",
 *                 b.logo_url AS "logoUrl", b.country, b.currency,
 *                 b.account_reference_label AS "accountReferenceLabel", b.amount_rule AS "amountRule",
 *                 b.available) AS item
 * ```
 */
export const directoryByPopularity = new PreparedQuery<DirectoryByPopularityParams,DirectoryByPopularityResult>(directoryByPopularityIR);


/** 'DirectoryByPopularityInCategory' parameters type */
export interface DirectoryByPopularityInCategoryParams {
  categorySlug: string;
  limit: NumberOrString;
  offset: NumberOrString;
}

/** 'DirectoryByPopularityInCategory' return type */
export interface DirectoryByPopularityInCategoryResult {
  items: string;
  total_items: string | null;
}

/** 'DirectoryByPopularityInCategory' query type */
export interface DirectoryByPopularityInCategoryQuery {
  params: DirectoryByPopularityInCategoryParams;
  result: DirectoryByPopularityInCategoryResult;
}

const directoryByPopularityInCategoryIR: any = {"usedParamSet":{"categorySlug":true,"limit":true,"offset":true},"params":[{"name":"categorySlug","required":true,"transform":{"type":"scalar"},"locs":[{"a":355,"b":368},{"a":532,"b":545}]},{"name":"limit","required":true,"transform":{"type":"scalar"},"locs":[{"a":617,"b":623}]},{"name":"offset","required":true,"transform":{"type":"scalar"},"locs":[{"a":632,"b":639}]}],"statement":"-- The customer directory's page (BillerSummaryDto items as one JSON array): in one category, by popularity.\nWITH page AS MATERIALIZED (\n  SELECT b.id, b.popularity, b.search_name,\n         (SELECT count(*) FROM billers b\n           WHERE b.active\n             AND b.category_id = ANY ((SELECT array_agg(id) FROM biller_categories WHERE active AND slug = :categorySlug!)::uuid[])) AS total_items\n    FROM billers b\n   WHERE b.active\n     AND b.category_id = ANY ((SELECT array_agg(id) FROM biller_categories WHERE active AND slug = :categorySlug!)::uuid[])\n   ORDER BY b.popularity DESC, b.search_name, b.id\n   LIMIT :limit! OFFSET :offset!)\nSELECT coalesce(json_agg(item ORDER BY page.popularity DESC, page.search_name, page.id), '[]')::text AS \"items!\",\n       max(page.total_items) AS total_items\n  FROM page JOIN billers b ON b.id = page.id JOIN biller_categories c ON c.id = b.category_id,\n       LATERAL (SELECT b.id, b.slug, b.name, c.slug AS \"categorySlug\", c.name AS \"categoryName\",\n                b.logo_url AS \"logoUrl\", b.country, b.currency,\n                b.account_reference_label AS \"accountReferenceLabel\", b.amount_rule AS \"amountRule\",\n                b.available) AS item"};

/**
 * Query generated from SQL:
 * ```
 * -- The customer directory's page (BillerSummaryDto items as one JSON array): in one category, by popularity.
 * WITH page AS MATERIALIZED (
 *   SELECT b.id, b.popularity, b.search_name,
 *          (SELECT count(*) FROM billers b
 *            WHERE b.active
 *              AND b.category_id = ANY ((SELECT array_agg(id) FROM biller_categories WHERE active AND slug = :categorySlug!)::uuid[])) AS total_items
 *     FROM billers b
 *    WHERE b.active
 *      AND b.category_id = ANY ((SELECT array_agg(id) FROM biller_categories WHERE active AND slug = :categorySlug!)::uuid[])
 *    ORDER BY b.popularity DESC, b.search_name, b.id
 *    LIMIT :limit! OFFSET :offset!)
 * SELECT coalesce(json_agg(item ORDER BY page.popularity DESC, page.search_name, page.id), '[]')::text AS "items!",
 *        max(page.total_items) AS total_items
 *   FROM page JOIN billers b ON b.id = page.id JOIN biller_categories c ON c.id = b.category_id,
 *        LATERAL (SELECT b.id, b.slug, b.name, c.slug AS "categorySlug", c.name AS "categoryName",
 *                 b.logo_url AS "logoUrl", b.country, b.currency,
 *                 b.account_reference_label AS "accountReferenceLabel", b.amount_rule AS "amountRule",
 *                 b.available) AS item
 * ```
 */
export const directoryByPopularityInCategory = new PreparedQuery<DirectoryByPopularityInCategoryParams,DirectoryByPopularityInCategoryResult>(directoryByPopularityInCategoryIR);


/** 'DirectoryByName' parameters type */
export interface DirectoryByNameParams {
  limit: NumberOrString;
  offset: NumberOrString;
}

/** 'DirectoryByName' return type */
export interface DirectoryByNameResult {
  items: string;
  total_items: string | null;
}

/** 'DirectoryByName' query type */
export interface DirectoryByNameQuery {
  params: DirectoryByNameParams;
  result: DirectoryByNameResult;
}

const directoryByNameIR: any = {"usedParamSet":{"limit":true,"offset":true},"params":[{"name":"limit","required":true,"transform":{"type":"scalar"},"locs":[{"a":523,"b":529}]},{"name":"offset","required":true,"transform":{"type":"scalar"},"locs":[{"a":538,"b":545}]}],"statement":"-- The customer directory's page (BillerSummaryDto items as one JSON array): by name.\nWITH page AS MATERIALIZED (\n  SELECT b.id, b.popularity, b.search_name,\n         (SELECT count(*) FROM billers b\n           WHERE b.active\n             AND b.category_id = ANY ((SELECT array_agg(id) FROM biller_categories WHERE active)::uuid[])) AS total_items\n    FROM billers b\n   WHERE b.active\n     AND b.category_id = ANY ((SELECT array_agg(id) FROM biller_categories WHERE active)::uuid[])\n   ORDER BY b.search_name, b.id\n   LIMIT :limit! OFFSET :offset!)\nSELECT coalesce(json_agg(item ORDER BY page.search_name, page.id), '[]')::text AS \"items!\",\n       max(page.total_items) AS total_items\n  FROM page JOIN billers b ON b.id = page.id JOIN biller_categories c ON c.id = b.category_id,\n       LATERAL (SELECT b.id, b.slug, b.name, c.slug AS \"categorySlug\", c.name AS \"categoryName\",\n                b.logo_url AS \"logoUrl\", b.country, b.currency,\n                b.account_reference_label AS \"accountReferenceLabel\", b.amount_rule AS \"amountRule\",\n                b.available) AS item"};

/**
 * Query generated from SQL:
 * ```
 * -- The customer directory's page (BillerSummaryDto items as one JSON array): by name.
 * WITH page AS MATERIALIZED (
 *   SELECT b.id, b.popularity, b.search_name,
 *          (SELECT count(*) FROM billers b
 *            WHERE b.active
 *              AND b.category_id = ANY ((SELECT array_agg(id) FROM biller_categories WHERE active)::uuid[])) AS total_items
 *     FROM billers b
 *    WHERE b.active
 *      AND b.category_id = ANY ((SELECT array_agg(id) FROM biller_categories WHERE active)::uuid[])
 *    ORDER BY b.search_name, b.id
 *    LIMIT :limit! OFFSET :offset!)
 * SELECT coalesce(json_agg(item ORDER BY page.search_name, page.id), '[]')::text AS "items!",
 *        max(page.total_items) AS total_items
 *   FROM page JOIN billers b ON b.id = page.id JOIN biller_categories c ON c.id = b.category_id,
 *        LATERAL (SELECT b.id, b.slug, b.name, c.slug AS "categorySlug", c.name AS "categoryName",
 *                 b.logo_url AS "logoUrl", b.country, b.currency,
 *                 b.account_reference_label AS "accountReferenceLabel", b.amount_rule AS "amountRule",
 *                 b.available) AS item
 * ```
 */
export const directoryByName = new PreparedQuery<DirectoryByNameParams,DirectoryByNameResult>(directoryByNameIR);


/** 'DirectoryByNameInCategory' parameters type */
export interface DirectoryByNameInCategoryParams {
  categorySlug: string;
  limit: NumberOrString;
  offset: NumberOrString;
}

/** 'DirectoryByNameInCategory' return type */
export interface DirectoryByNameInCategoryResult {
  items: string;
  total_items: string | null;
}

/** 'DirectoryByNameInCategory' query type */
export interface DirectoryByNameInCategoryQuery {
  params: DirectoryByNameInCategoryParams;
  result: DirectoryByNameInCategoryResult;
}

const directoryByNameInCategoryIR: any = {"usedParamSet":{"categorySlug":true,"limit":true,"offset":true},"params":[{"name":"categorySlug","required":true,"transform":{"type":"scalar"},"locs":[{"a":349,"b":362},{"a":526,"b":539}]},{"name":"limit","required":true,"transform":{"type":"scalar"},"locs":[{"a":592,"b":598}]},{"name":"offset","required":true,"transform":{"type":"scalar"},"locs":[{"a":607,"b":614}]}],"statement":"-- The customer directory's page (BillerSummaryDto items as one JSON array): in one category, by name.\nWITH page AS MATERIALIZED (\n  SELECT b.id, b.popularity, b.search_name,\n         (SELECT count(*) FROM billers b\n           WHERE b.active\n             AND b.category_id = ANY ((SELECT array_agg(id) FROM biller_categories WHERE active AND slug = :categorySlug!)::uuid[])) AS total_items\n    FROM billers b\n   WHERE b.active\n     AND b.category_id = ANY ((SELECT array_agg(id) FROM biller_categories WHERE active AND slug = :categorySlug!)::uuid[])\n   ORDER BY b.search_name, b.id\n   LIMIT :limit! OFFSET :offset!)\nSELECT coalesce(json_agg(item ORDER BY page.search_name, page.id), '[]')::text AS \"items!\",\n       max(page.total_items) AS total_items\n  FROM page JOIN billers b ON b.id = page.id JOIN biller_categories c ON c.id = b.category_id,\n       LATERAL (SELECT b.id, b.slug, b.name, c.slug AS \"categorySlug\", c.name AS \"categoryName\",\n                b.logo_url AS \"logoUrl\", b.country, b.currency,\n                b.account_reference_label AS \"accountReferenceLabel\", b.amount_rule AS \"amountRule\",\n                b.available) AS item"};

/**
 * Query generated from SQL:
 * ```
 * -- The customer directory's page (BillerSummaryDto items as one JSON array): in one category, by name.
 * WITH page AS MATERIALIZED (
 *   SELECT b.id, b.popularity, b.search_name,
 *          (SELECT count(*) FROM billers b
 *            WHERE b.active
 *              AND b.category_id = ANY ((SELECT array_agg(id) FROM biller_categories WHERE active AND slug = :categorySlug!)::uuid[])) AS total_items
 *     FROM billers b
 *    WHERE b.active
 *      AND b.category_id = ANY ((SELECT array_agg(id) FROM biller_categories WHERE active AND slug = :categorySlug!)::uuid[])
 *    ORDER BY b.search_name, b.id
 *    LIMIT :limit! OFFSET :offset!)
 * SELECT coalesce(json_agg(item ORDER BY page.search_name, page.id), '[]')::text AS "items!",
 *        max(page.total_items) AS total_items
 *   FROM page JOIN billers b ON b.id = page.id JOIN biller_categories c ON c.id = b.category_id,
 *        LATERAL (SELECT b.id, b.slug, b.name, c.slug AS "categorySlug", c.name AS "categoryName",
 *                 b.logo_url AS "logoUrl", b.country, b.currency,
 *                 b.account_reference_label AS "accountReferenceLabel", b.amount_rule AS "amountRule",
 *                 b.available) AS item
 * ```
 */
export const directoryByNameInCategory = new PreparedQuery<DirectoryByNameInCategoryParams,DirectoryByNameInCategoryResult>(directoryByNameInCategoryIR);


/** 'DirectoryMatchesByPopularity' parameters type */
export interface DirectoryMatchesByPopularityParams {
  limit: NumberOrString;
  offset: NumberOrString;
  words: stringArray;
}

/** 'DirectoryMatchesByPopularity' return type */
export interface DirectoryMatchesByPopularityResult {
  items: string;
  total_items: string | null;
}

/** 'DirectoryMatchesByPopularity' query type */
export interface DirectoryMatchesByPopularityQuery {
  params: DirectoryMatchesByPopularityParams;
  result: DirectoryMatchesByPopularityResult;
}

const directoryMatchesByPopularityIR: any = {"usedParamSet":{"words":true,"limit":true,"offset":true},"params":[{"name":"words","required":true,"transform":{"type":"scalar"},"locs":[{"a":193,"b":199}]},{"name":"limit","required":true,"transform":{"type":"scalar"},"locs":[{"a":669,"b":675}]},{"name":"offset","required":true,"transform":{"type":"scalar"},"locs":[{"a":684,"b":691}]}],"statement":"-- The customer directory's page (BillerSummaryDto items as one JSON array): matching the words, name matches first, then by popularity.\nWITH search AS MATERIALIZED (SELECT biller_search_query(:words!::text[]) AS q),\npage AS MATERIALIZED (\n  SELECT b.id, b.popularity, b.search_name, count(*) OVER () AS total_items,\n         CASE WHEN ts_filter(b.search_vector, '{a}') @@ search.q THEN 1 ELSE 0 END AS relevance\n    FROM search, billers b\n   WHERE b.active\n     AND b.category_id = ANY ((SELECT array_agg(id) FROM biller_categories WHERE active)::uuid[])\n     AND b.search_vector @@ search.q\n   ORDER BY relevance DESC, b.popularity DESC, b.search_name, b.id\n   LIMIT :limit! OFFSET :offset!)\nSELECT coalesce(json_agg(item ORDER BY page.relevance DESC, page.popularity DESC, page.search_name, page.id), '[]')::text AS \"items!\",\n       max(page.total_items) AS total_items\n  FROM page JOIN billers b ON b.id = page.id JOIN biller_categories c ON c.id = b.category_id,\n       LATERAL (SELECT b.id, b.slug, b.name, c.slug AS \"categorySlug\", c.name AS \"categoryName\",\n                b.logo_url AS \"logoUrl\", b.country, b.currency,\n                b.account_reference_label AS \"accountReferenceLabel\", b.amount_rule AS \"amountRule\",\n                b.available) AS item"};

/**
 * Query generated from SQL:
 * ```
 * -- The customer directory's page (BillerSummaryDto items as one JSON array): matching the words, name matches first, then by popularity.
 * WITH search AS MATERIALIZED (SELECT biller_search_query(:words!::text[]) AS q),
 * page AS MATERIALIZED (
 *   SELECT b.id, b.popularity, b.search_name, count(*) OVER () AS total_items,
 *          CASE WHEN ts_filter(b.search_vector, '{a}') @@ search.q THEN 1 ELSE 0 END AS relevance
 *     FROM search, billers b
 *    WHERE b.active
 *      AND b.category_id = ANY ((SELECT array_agg(id) FROM biller_categories WHERE active)::uuid[])
 *      AND b.search_vector @@ search.q
 *    ORDER BY relevance DESC, b.popularity DESC, b.search_name, b.id
 *    LIMIT :limit! OFFSET :offset!)
 * SELECT coalesce(json_agg(item ORDER BY page.relevance DESC, page.popularity DESC, page.search_name, page.id), '[]')::text AS "items!",
 *        max(page.total_items) AS total_items
 *   FROM page JOIN billers b ON b.id = page.id JOIN biller_categories c ON c.id = b.category_id,
 *        LATERAL (SELECT b.id, b.slug, b.name, c.slug AS "categorySlug", c.name AS "categoryName",
 *                 b.logo_url AS "logoUrl", b.country, b.currency,
 *                 b.account_reference_label AS "accountReferenceLabel", b.amount_rule AS "amountRule",
 *                 b.available) AS item
 * ```
 */
export const directoryMatchesByPopularity = new PreparedQuery<DirectoryMatchesByPopularityParams,DirectoryMatchesByPopularityResult>(directoryMatchesByPopularityIR);


/** 'DirectoryMatchesByPopularityInCategory' parameters type */
export interface DirectoryMatchesByPopularityInCategoryParams {
  categorySlug: string;
  limit: NumberOrString;
  offset: NumberOrString;
  words: stringArray;
}

/** 'DirectoryMatchesByPopularityInCategory' return type */
export interface DirectoryMatchesByPopularityInCategoryResult {
  items: string;
  total_items: string | null;
}

/** 'DirectoryMatchesByPopularityInCategory' query type */
export interface DirectoryMatchesByPopularityInCategoryQuery {
  params: DirectoryMatchesByPopularityInCategoryParams;
  result: DirectoryMatchesByPopularityInCategoryResult;
}

const directoryMatchesByPopularityInCategoryIR: any = {"usedParamSet":{"words":true,"categorySlug":true,"limit":true,"offset":true},"params":[{"name":"words","required":true,"transform":{"type":"scalar"},"locs":[{"a":210,"b":216}]},{"name":"categorySlug","required":true,"transform":{"type":"scalar"},"locs":[{"a":574,"b":587}]},{"name":"limit","required":true,"transform":{"type":"scalar"},"locs":[{"a":712,"b":718}]},{"name":"offset","required":true,"transform":{"type":"scalar"},"locs":[{"a":727,"b":734}]}],"statement":"-- The customer directory's page (BillerSummaryDto items as one JSON array): in one category, matching the words, name matches first, then by popularity.\nWITH search AS MATERIALIZED (SELECT biller_search_query(:words!::text[]) AS q),\npage AS MATERIALIZED (\n  SELECT b.id, b.popularity, b.search_name, count(*) OVER () AS total_items,\n         CASE WHEN ts_filter(b.search_vector, '{a}') @@ search.q THEN 1 ELSE 0 END AS relevance\n    FROM search, billers b\n   WHERE b.active\n     AND b.category_id = ANY ((SELECT array_agg(id) FROM biller_categories WHERE active AND slug = :categorySlug!)::uuid[])\n     AND b.search_vector @@ search.q\n   ORDER BY relevance DESC, b.popularity DESC, b.search_name, b.id\n   LIMIT :limit! OFFSET :offset!)\nSELECT coalesce(json_agg(item ORDER BY page.relevance DESC, page.popularity DESC, page.search_name, page.id), '[]')::text AS \"items!\",\n       max(page.total_items) AS total_items\n  FROM page JOIN billers b ON b.id = page.id JOIN biller_categories c ON c.id = b.category_id,\n       LATERAL (SELECT b.id, b.slug, b.name, c.slug AS \"categorySlug\", c.name AS \"categoryName\",\n                b.logo_url AS \"logoUrl\", b.country, b.currency,\n                b.account_reference_label AS \"accountReferenceLabel\", b.amount_rule AS \"amountRule\",\n                b.available) AS item"};

/**
 * Query generated from SQL:
 * ```
 * -- The customer directory's page (BillerSummaryDto items as one JSON array): in one category, matching the words, name matches first, then by popularity.
 * WITH search AS MATERIALIZED (SELECT biller_search_query(:words!::text[]) AS q),
 * page AS MATERIALIZED (
 *   SELECT b.id, b.popularity, b.search_name, count(*) OVER () AS total_items,
 *          CASE WHEN ts_filter(b.search_vector, '{a}') @@ search.q THEN 1 ELSE 0 END AS relevance
 *     FROM search, billers b
 *    WHERE b.active
 *      AND b.category_id = ANY ((SELECT array_agg(id) FROM biller_categories WHERE active AND slug = :categorySlug!)::uuid[])
 *      AND b.search_vector @@ search.q
 *    ORDER BY relevance DESC, b.popularity DESC, b.search_name, b.id
 *    LIMIT :limit! OFFSET :offset!)
 * SELECT coalesce(json_agg(item ORDER BY page.relevance DESC, page.popularity DESC, page.search_name, page.id), '[]')::text AS "items!",
 *        max(page.total_items) AS total_items
 *   FROM page JOIN billers b ON b.id = page.id JOIN biller_categories c ON c.id = b.category_id,
 *        LATERAL (SELECT b.id, b.slug, b.name, c.slug AS "categorySlug", c.name AS "categoryName",
 *                 b.logo_url AS "logoUrl", b.country, b.currency,
 *                 b.account_reference_label AS "accountReferenceLabel", b.amount_rule AS "amountRule",
 *                 b.available) AS item
 * ```
 */
export const directoryMatchesByPopularityInCategory = new PreparedQuery<DirectoryMatchesByPopularityInCategoryParams,DirectoryMatchesByPopularityInCategoryResult>(directoryMatchesByPopularityInCategoryIR);


/** 'DirectoryMatchesByName' parameters type */
export interface DirectoryMatchesByNameParams {
  limit: NumberOrString;
  offset: NumberOrString;
  words: stringArray;
}

/** 'DirectoryMatchesByName' return type */
export interface DirectoryMatchesByNameResult {
  items: string;
  total_items: string | null;
}

/** 'DirectoryMatchesByName' query type */
export interface DirectoryMatchesByNameQuery {
  params: DirectoryMatchesByNameParams;
  result: DirectoryMatchesByNameResult;
}

const directoryMatchesByNameIR: any = {"usedParamSet":{"words":true,"limit":true,"offset":true},"params":[{"name":"words","required":true,"transform":{"type":"scalar"},"locs":[{"a":187,"b":193}]},{"name":"limit","required":true,"transform":{"type":"scalar"},"locs":[{"a":644,"b":650}]},{"name":"offset","required":true,"transform":{"type":"scalar"},"locs":[{"a":659,"b":666}]}],"statement":"-- The customer directory's page (BillerSummaryDto items as one JSON array): matching the words, name matches first, then by name.\nWITH search AS MATERIALIZED (SELECT biller_search_query(:words!::text[]) AS q),\npage AS MATERIALIZED (\n  SELECT b.id, b.popularity, b.search_name, count(*) OVER () AS total_items,\n         CASE WHEN ts_filter(b.search_vector, '{a}') @@ search.q THEN 1 ELSE 0 END AS relevance\n    FROM search, billers b\n   WHERE b.active\n     AND b.category_id = ANY ((SELECT array_agg(id) FROM biller_categories WHERE active)::uuid[])\n     AND b.search_vector @@ search.q\n   ORDER BY relevance DESC, b.search_name, b.id\n   LIMIT :limit! OFFSET :offset!)\nSELECT coalesce(json_agg(item ORDER BY page.relevance DESC, page.search_name, page.id), '[]')::text AS \"items!\",\n       max(page.total_items) AS total_items\n  FROM page JOIN billers b ON b.id = page.id JOIN biller_categories c ON c.id = b.category_id,\n       LATERAL (SELECT b.id, b.slug, b.name, c.slug AS \"categorySlug\", c.name AS \"categoryName\",\n                b.logo_url AS \"logoUrl\", b.country, b.currency,\n                b.account_reference_label AS \"accountReferenceLabel\", b.amount_rule AS \"amountRule\",\n                b.available) AS item"};

/**
 * Query generated from SQL:
 * ```
 * -- The customer directory's page (BillerSummaryDto items as one JSON array): matching the words, name matches first, then by name.
 * WITH search AS MATERIALIZED (SELECT biller_search_query(:words!::text[]) AS q),
 * page AS MATERIALIZED (
 *   SELECT b.id, b.popularity, b.search_name, count(*) OVER () AS total_items,
 *          CASE WHEN ts_filter(b.search_vector, '{a}') @@ search.q THEN 1 ELSE 0 END AS relevance
 *     FROM search, billers b
 *    WHERE b.active
 *      AND b.category_id = ANY ((SELECT array_agg(id) FROM biller_categories WHERE active)::uuid[])
 *      AND b.search_vector @@ search.q
 *    ORDER BY relevance DESC, b.search_name, b.id
 *    LIMIT :limit! OFFSET :offset!)
 * SELECT coalesce(json_agg(item ORDER BY page.relevance DESC, page.search_name, page.id), '[]')::text AS "items!",
 *        max(page.total_items) AS total_items
 *   FROM page JOIN billers b ON b.id = page.id JOIN biller_categories c ON c.id = b.category_id,
 *        LATERAL (SELECT b.id, b.slug, b.name, c.slug AS "categorySlug", c.name AS "categoryName",
 *                 b.logo_url AS "logoUrl", b.country, b.currency,
 *                 b.account_reference_label AS "accountReferenceLabel", b.amount_rule AS "amountRule",
 *                 b.available) AS item
 * ```
 */
export const directoryMatchesByName = new PreparedQuery<DirectoryMatchesByNameParams,DirectoryMatchesByNameResult>(directoryMatchesByNameIR);


/** 'DirectoryMatchesByNameInCategory' parameters type */
export interface DirectoryMatchesByNameInCategoryParams {
  categorySlug: string;
  limit: NumberOrString;
  offset: NumberOrString;
  words: stringArray;
}

/** 'DirectoryMatchesByNameInCategory' return type */
export interface DirectoryMatchesByNameInCategoryResult {
  items: string;
  total_items: string | null;
}

/** 'DirectoryMatchesByNameInCategory' query type */
export interface DirectoryMatchesByNameInCategoryQuery {
  params: DirectoryMatchesByNameInCategoryParams;
  result: DirectoryMatchesByNameInCategoryResult;
}

const directoryMatchesByNameInCategoryIR: any = {"usedParamSet":{"words":true,"categorySlug":true,"limit":true,"offset":true},"params":[{"name":"words","required":true,"transform":{"type":"scalar"},"locs":[{"a":204,"b":210}]},{"name":"categorySlug","required":true,"transform":{"type":"scalar"},"locs":[{"a":568,"b":581}]},{"name":"limit","required":true,"transform":{"type":"scalar"},"locs":[{"a":687,"b":693}]},{"name":"offset","required":true,"transform":{"type":"scalar"},"locs":[{"a":702,"b":709}]}],"statement":"-- The customer directory's page (BillerSummaryDto items as one JSON array): in one category, matching the words, name matches first, then by name.\nWITH search AS MATERIALIZED (SELECT biller_search_query(:words!::text[]) AS q),\npage AS MATERIALIZED (\n  SELECT b.id, b.popularity, b.search_name, count(*) OVER () AS total_items,\n         CASE WHEN ts_filter(b.search_vector, '{a}') @@ search.q THEN 1 ELSE 0 END AS relevance\n    FROM search, billers b\n   WHERE b.active\n     AND b.category_id = ANY ((SELECT array_agg(id) FROM biller_categories WHERE active AND slug = :categorySlug!)::uuid[])\n     AND b.search_vector @@ search.q\n   ORDER BY relevance DESC, b.search_name, b.id\n   LIMIT :limit! OFFSET :offset!)\nSELECT coalesce(json_agg(item ORDER BY page.relevance DESC, page.search_name, page.id), '[]')::text AS \"items!\",\n       max(page.total_items) AS total_items\n  FROM page JOIN billers b ON b.id = page.id JOIN biller_categories c ON c.id = b.category_id,\n       LATERAL (SELECT b.id, b.slug, b.name, c.slug AS \"categorySlug\", c.name AS \"categoryName\",\n                b.logo_url AS \"logoUrl\", b.country, b.currency,\n                b.account_reference_label AS \"accountReferenceLabel\", b.amount_rule AS \"amountRule\",\n                b.available) AS item"};

/**
 * Query generated from SQL:
 * ```
 * -- The customer directory's page (BillerSummaryDto items as one JSON array): in one category, matching the words, name matches first, then by name.
 * WITH search AS MATERIALIZED (SELECT biller_search_query(:words!::text[]) AS q),
 * page AS MATERIALIZED (
 *   SELECT b.id, b.popularity, b.search_name, count(*) OVER () AS total_items,
 *          CASE WHEN ts_filter(b.search_vector, '{a}') @@ search.q THEN 1 ELSE 0 END AS relevance
 *     FROM search, billers b
 *    WHERE b.active
 *      AND b.category_id = ANY ((SELECT array_agg(id) FROM biller_categories WHERE active AND slug = :categorySlug!)::uuid[])
 *      AND b.search_vector @@ search.q
 *    ORDER BY relevance DESC, b.search_name, b.id
 *    LIMIT :limit! OFFSET :offset!)
 * SELECT coalesce(json_agg(item ORDER BY page.relevance DESC, page.search_name, page.id), '[]')::text AS "items!",
 *        max(page.total_items) AS total_items
 *   FROM page JOIN billers b ON b.id = page.id JOIN biller_categories c ON c.id = b.category_id,
 *        LATERAL (SELECT b.id, b.slug, b.name, c.slug AS "categorySlug", c.name AS "categoryName",
 *                 b.logo_url AS "logoUrl", b.country, b.currency,
 *                 b.account_reference_label AS "accountReferenceLabel", b.amount_rule AS "amountRule",
 *                 b.available) AS item
 * ```
 */
export const directoryMatchesByNameInCategory = new PreparedQuery<DirectoryMatchesByNameInCategoryParams,DirectoryMatchesByNameInCategoryResult>(directoryMatchesByNameInCategoryIR);


/** 'DirectoryCount' parameters type */
export type DirectoryCountParams = void;

/** 'DirectoryCount' return type */
export interface DirectoryCountResult {
  total: string;
}

/** 'DirectoryCount' query type */
export interface DirectoryCountQuery {
  params: DirectoryCountParams;
  result: DirectoryCountResult;
}

const directoryCountIR: any = {"usedParamSet":{},"params":[],"statement":"-- The directory's total past its last page (no row carries it).\nSELECT count(*) AS \"total!\"\n  FROM billers b\n WHERE b.active\n   AND b.category_id = ANY ((SELECT array_agg(id) FROM biller_categories WHERE active)::uuid[])"};

/**
 * Query generated from SQL:
 * ```
 * -- The directory's total past its last page (no row carries it).
 * SELECT count(*) AS "total!"
 *   FROM billers b
 *  WHERE b.active
 *    AND b.category_id = ANY ((SELECT array_agg(id) FROM biller_categories WHERE active)::uuid[])
 * ```
 */
export const directoryCount = new PreparedQuery<DirectoryCountParams,DirectoryCountResult>(directoryCountIR);


/** 'DirectoryCountInCategory' parameters type */
export interface DirectoryCountInCategoryParams {
  categorySlug: string;
}

/** 'DirectoryCountInCategory' return type */
export interface DirectoryCountInCategoryResult {
  total: string;
}

/** 'DirectoryCountInCategory' query type */
export interface DirectoryCountInCategoryQuery {
  params: DirectoryCountInCategoryParams;
  result: DirectoryCountInCategoryResult;
}

const directoryCountInCategoryIR: any = {"usedParamSet":{"categorySlug":true},"params":[{"name":"categorySlug","required":true,"transform":{"type":"scalar"},"locs":[{"a":240,"b":253}]}],"statement":"-- The directory's total past its last page (no row carries it), in one category.\nSELECT count(*) AS \"total!\"\n  FROM billers b\n WHERE b.active\n   AND b.category_id = ANY ((SELECT array_agg(id) FROM biller_categories WHERE active AND slug = :categorySlug!)::uuid[])"};

/**
 * Query generated from SQL:
 * ```
 * -- The directory's total past its last page (no row carries it), in one category.
 * SELECT count(*) AS "total!"
 *   FROM billers b
 *  WHERE b.active
 *    AND b.category_id = ANY ((SELECT array_agg(id) FROM biller_categories WHERE active AND slug = :categorySlug!)::uuid[])
 * ```
 */
export const directoryCountInCategory = new PreparedQuery<DirectoryCountInCategoryParams,DirectoryCountInCategoryResult>(directoryCountInCategoryIR);


/** 'DirectoryMatchCount' parameters type */
export interface DirectoryMatchCountParams {
  words: stringArray;
}

/** 'DirectoryMatchCount' return type */
export interface DirectoryMatchCountResult {
  total: string;
}

/** 'DirectoryMatchCount' query type */
export interface DirectoryMatchCountQuery {
  params: DirectoryMatchCountParams;
  result: DirectoryMatchCountResult;
}

const directoryMatchCountIR: any = {"usedParamSet":{"words":true},"params":[{"name":"words","required":true,"transform":{"type":"scalar"},"locs":[{"a":137,"b":143}]}],"statement":"-- The directory's total past its last page (no row carries it), of the matches.\nWITH search AS MATERIALIZED (SELECT biller_search_query(:words!::text[]) AS q)\nSELECT count(*) AS \"total!\"\n  FROM search, billers b\n WHERE b.active\n   AND b.category_id = ANY ((SELECT array_agg(id) FROM biller_categories WHERE active)::uuid[])\n   AND b.search_vector @@ search.q"};

/**
 * Query generated from SQL:
 * ```
 * -- The directory's total past its last page (no row carries it), of the matches.
 * WITH search AS MATERIALIZED (SELECT biller_search_query(:words!::text[]) AS q)
 * SELECT count(*) AS "total!"
 *   FROM search, billers b
 *  WHERE b.active
 *    AND b.category_id = ANY ((SELECT array_agg(id) FROM biller_categories WHERE active)::uuid[])
 *    AND b.search_vector @@ search.q
 * ```
 */
export const directoryMatchCount = new PreparedQuery<DirectoryMatchCountParams,DirectoryMatchCountResult>(directoryMatchCountIR);


/** 'DirectoryMatchCountInCategory' parameters type */
export interface DirectoryMatchCountInCategoryParams {
  categorySlug: string;
  words: stringArray;
}

/** 'DirectoryMatchCountInCategory' return type */
export interface DirectoryMatchCountInCategoryResult {
  total: string;
}

/** 'DirectoryMatchCountInCategory' query type */
export interface DirectoryMatchCountInCategoryQuery {
  params: DirectoryMatchCountInCategoryParams;
  result: DirectoryMatchCountInCategoryResult;
}

const directoryMatchCountInCategoryIR: any = {"usedParamSet":{"words":true,"categorySlug":true},"params":[{"name":"words","required":true,"transform":{"type":"scalar"},"locs":[{"a":154,"b":160}]},{"name":"categorySlug","required":true,"transform":{"type":"scalar"},"locs":[{"a":343,"b":356}]}],"statement":"-- The directory's total past its last page (no row carries it), in one category, of the matches.\nWITH search AS MATERIALIZED (SELECT biller_search_query(:words!::text[]) AS q)\nSELECT count(*) AS \"total!\"\n  FROM search, billers b\n WHERE b.active\n   AND b.category_id = ANY ((SELECT array_agg(id) FROM biller_categories WHERE active AND slug = :categorySlug!)::uuid[])\n   AND b.search_vector @@ search.q"};

/**
 * Query generated from SQL:
 * ```
 * -- The directory's total past its last page (no row carries it), in one category, of the matches.
 * WITH search AS MATERIALIZED (SELECT biller_search_query(:words!::text[]) AS q)
 * SELECT count(*) AS "total!"
 *   FROM search, billers b
 *  WHERE b.active
 *    AND b.category_id = ANY ((SELECT array_agg(id) FROM biller_categories WHERE active AND slug = :categorySlug!)::uuid[])
 *    AND b.search_vector @@ search.q
 * ```
 */
export const directoryMatchCountInCategory = new PreparedQuery<DirectoryMatchCountInCategoryParams,DirectoryMatchCountInCategoryResult>(directoryMatchCountInCategoryIR);


/** 'AdminBillers' parameters type */
export interface AdminBillersParams {
  limit: NumberOrString;
  offset: NumberOrString;
}

/** 'AdminBillers' return type */
export interface AdminBillersResult {
  account_reference_label: string;
  active: boolean;
  amount_rule: string;
  available: boolean;
  category_id: string;
  category_name: string;
  category_slug: string;
  country: string;
  currency: string;
  id: string;
  logo_url: string | null;
  name: string;
  popularity: number;
  slug: string;
  total_items: string;
}

/** 'AdminBillers' query type */
export interface AdminBillersQuery {
  params: AdminBillersParams;
  result: AdminBillersResult;
}

const adminBillersIR: any = {"usedParamSet":{"limit":true,"offset":true},"params":[{"name":"limit","required":true,"transform":{"type":"scalar"},"locs":[{"a":238,"b":244}]},{"name":"offset","required":true,"transform":{"type":"scalar"},"locs":[{"a":253,"b":260}]}],"statement":"-- The admin list's page: every biller, by name.\nWITH page AS MATERIALIZED (\n  SELECT b.id, b.popularity, b.search_name,\n         (SELECT count(*) FROM billers b) AS total_items\n    FROM billers b\n   ORDER BY b.search_name, b.id\n   LIMIT :limit! OFFSET :offset!)\nSELECT b.id, b.slug, b.name, b.category_id, c.slug AS category_slug, c.name AS category_name, b.logo_url,\n       b.country, b.currency, b.amount_rule, b.account_reference_label, b.available, b.active, b.popularity,\n       page.total_items AS \"total_items!\"\n  FROM page JOIN billers b ON b.id = page.id JOIN biller_categories c ON c.id = b.category_id\n ORDER BY page.search_name, page.id"};

/**
 * Query generated from SQL:
 * ```
 * -- The admin list's page: every biller, by name.
 * WITH page AS MATERIALIZED (
 *   SELECT b.id, b.popularity, b.search_name,
 *          (SELECT count(*) FROM billers b) AS total_items
 *     FROM billers b
 *    ORDER BY b.search_name, b.id
 *    LIMIT :limit! OFFSET :offset!)
 * SELECT b.id, b.slug, b.name, b.category_id, c.slug AS category_slug, c.name AS category_name, b.logo_url,
 *        b.country, b.currency, b.amount_rule, b.account_reference_label, b.available, b.active, b.popularity,
 *        page.total_items AS "total_items!"
 *   FROM page JOIN billers b ON b.id = page.id JOIN biller_categories c ON c.id = b.category_id
 *  ORDER BY page.search_name, page.id
 * ```
 */
export const adminBillers = new PreparedQuery<AdminBillersParams,AdminBillersResult>(adminBillersIR);


/** 'AdminBillersInCategory' parameters type */
export interface AdminBillersInCategoryParams {
  categorySlug: string;
  limit: NumberOrString;
  offset: NumberOrString;
}

/** 'AdminBillersInCategory' return type */
export interface AdminBillersInCategoryResult {
  account_reference_label: string;
  active: boolean;
  amount_rule: string;
  available: boolean;
  category_id: string;
  category_name: string;
  category_slug: string;
  country: string;
  currency: string;
  id: string;
  logo_url: string | null;
  name: string;
  popularity: number;
  slug: string;
  total_items: string;
}

/** 'AdminBillersInCategory' query type */
export interface AdminBillersInCategoryQuery {
  params: AdminBillersInCategoryParams;
  result: AdminBillersInCategoryResult;
}

const adminBillersInCategoryIR: any = {"usedParamSet":{"categorySlug":true,"limit":true,"offset":true},"params":[{"name":"categorySlug","required":true,"transform":{"type":"scalar"},"locs":[{"a":275,"b":288},{"a":423,"b":436}]},{"name":"limit","required":true,"transform":{"type":"scalar"},"locs":[{"a":489,"b":495}]},{"name":"offset","required":true,"transform":{"type":"scalar"},"locs":[{"a":504,"b":511}]}],"statement":"-- The admin list's page: every biller, in one category, by name.\nWITH page AS MATERIALIZED (\n  SELECT b.id, b.popularity, b.search_name,\n         (SELECT count(*) FROM billers b\n           WHERE b.category_id = ANY ((SELECT array_agg(id) FROM biller_categories WHERE slug = :categorySlug!)::uuid[])) AS total_items\n    FROM billers b\n   WHERE b.category_id = ANY ((SELECT array_agg(id) FROM biller_categories WHERE slug = :categorySlug!)::uuid[])\n   ORDER BY b.search_name, b.id\n   LIMIT :limit! OFFSET :offset!)\nSELECT b.id, b.slug, b.name, b.category_id, c.slug AS category_slug, c.name AS category_name, b.logo_url,\n       b.country, b.currency, b.amount_rule, b.account_reference_label, b.available, b.active, b.popularity,\n       page.total_items AS \"total_items!\"\n  FROM page JOIN billers b ON b.id = page.id JOIN biller_categories c ON c.id = b.category_id\n ORDER BY page.search_name, page.id"};

/**
 * Query generated from SQL:
 * ```
 * -- The admin list's page: every biller, in one category, by name.
 * WITH page AS MATERIALIZED (
 *   SELECT b.id, b.popularity, b.search_name,
 *          (SELECT count(*) FROM billers b
 *            WHERE b.category_id = ANY ((SELECT array_agg(id) FROM biller_categories WHERE slug = :categorySlug!)::uuid[])) AS total_items
 *     FROM billers b
 *    WHERE b.category_id = ANY ((SELECT array_agg(id) FROM biller_categories WHERE slug = :categorySlug!)::uuid[])
 *    ORDER BY b.search_name, b.id
 *    LIMIT :limit! OFFSET :offset!)
 * SELECT b.id, b.slug, b.name, b.category_id, c.slug AS category_slug, c.name AS category_name, b.logo_url,
 *        b.country, b.currency, b.amount_rule, b.account_reference_label, b.available, b.active, b.popularity,
 *        page.total_items AS "total_items!"
 *   FROM page JOIN billers b ON b.id = page.id JOIN biller_categories c ON c.id = b.category_id
 *  ORDER BY page.search_name, page.id
 * ```
 */
export const adminBillersInCategory = new PreparedQuery<AdminBillersInCategoryParams,AdminBillersInCategoryResult>(adminBillersInCategoryIR);


/** 'AdminBillersByActive' parameters type */
export interface AdminBillersByActiveParams {
  active: boolean;
  limit: NumberOrString;
  offset: NumberOrString;
}

/** 'AdminBillersByActive' return type */
export interface AdminBillersByActiveResult {
  account_reference_label: string;
  active: boolean;
  amount_rule: string;
  available: boolean;
  category_id: string;
  category_name: string;
  category_slug: string;
  country: string;
  currency: string;
  id: string;
  logo_url: string | null;
  name: string;
  popularity: number;
  slug: string;
  total_items: string;
}

/** 'AdminBillersByActive' query type */
export interface AdminBillersByActiveQuery {
  params: AdminBillersByActiveParams;
  result: AdminBillersByActiveResult;
}

const adminBillersByActiveIR: any = {"usedParamSet":{"active":true,"limit":true,"offset":true},"params":[{"name":"active","required":true,"transform":{"type":"scalar"},"locs":[{"a":208,"b":215},{"a":272,"b":279}]},{"name":"limit","required":true,"transform":{"type":"scalar"},"locs":[{"a":322,"b":328}]},{"name":"offset","required":true,"transform":{"type":"scalar"},"locs":[{"a":337,"b":344}]}],"statement":"-- The admin list's page: billers active or not as asked, by name.\nWITH page AS MATERIALIZED (\n  SELECT b.id, b.popularity, b.search_name,\n         (SELECT count(*) FROM billers b\n           WHERE b.active = :active!) AS total_items\n    FROM billers b\n   WHERE b.active = :active!\n   ORDER BY b.search_name, b.id\n   LIMIT :limit! OFFSET :offset!)\nSELECT b.id, b.slug, b.name, b.category_id, c.slug AS category_slug, c.name AS category_name, b.logo_url,\n       b.country, b.currency, b.amount_rule, b.account_reference_label, b.available, b.active, b.popularity,\n       page.total_items AS \"total_items!\"\n  FROM page JOIN billers b ON b.id = page.id JOIN biller_categories c ON c.id = b.category_id\n ORDER BY page.search_name, page.id"};

/**
 * Query generated from SQL:
 * ```
 * -- The admin list's page: billers active or not as asked, by name.
 * WITH page AS MATERIALIZED (
 *   SELECT b.id, b.popularity, b.search_name,
 *          (SELECT count(*) FROM billers b
 *            WHERE b.active = :active!) AS total_items
 *     FROM billers b
 *    WHERE b.active = :active!
 *    ORDER BY b.search_name, b.id
 *    LIMIT :limit! OFFSET :offset!)
 * SELECT b.id, b.slug, b.name, b.category_id, c.slug AS category_slug, c.name AS category_name, b.logo_url,
 *        b.country, b.currency, b.amount_rule, b.account_reference_label, b.available, b.active, b.popularity,
 *        page.total_items AS "total_items!"
 *   FROM page JOIN billers b ON b.id = page.id JOIN biller_categories c ON c.id = b.category_id
 *  ORDER BY page.search_name, page.id
 * ```
 */
export const adminBillersByActive = new PreparedQuery<AdminBillersByActiveParams,AdminBillersByActiveResult>(adminBillersByActiveIR);


/** 'AdminBillersByActiveInCategory' parameters type */
export interface AdminBillersByActiveInCategoryParams {
  active: boolean;
  categorySlug: string;
  limit: NumberOrString;
  offset: NumberOrString;
}

/** 'AdminBillersByActiveInCategory' return type */
export interface AdminBillersByActiveInCategoryResult {
  account_reference_label: string;
  active: boolean;
  amount_rule: string;
  available: boolean;
  category_id: string;
  category_name: string;
  category_slug: string;
  country: string;
  currency: string;
  id: string;
  logo_url: string | null;
  name: string;
  popularity: number;
  slug: string;
  total_items: string;
}

/** 'AdminBillersByActiveInCategory' query type */
export interface AdminBillersByActiveInCategoryQuery {
  params: AdminBillersByActiveInCategoryParams;
  result: AdminBillersByActiveInCategoryResult;
}

const adminBillersByActiveInCategoryIR: any = {"usedParamSet":{"active":true,"categorySlug":true,"limit":true,"offset":true},"params":[{"name":"active","required":true,"transform":{"type":"scalar"},"locs":[{"a":225,"b":232},{"a":410,"b":417}]},{"name":"categorySlug","required":true,"transform":{"type":"scalar"},"locs":[{"a":330,"b":343},{"a":507,"b":520}]},{"name":"limit","required":true,"transform":{"type":"scalar"},"locs":[{"a":573,"b":579}]},{"name":"offset","required":true,"transform":{"type":"scalar"},"locs":[{"a":588,"b":595}]}],"statement":"-- The admin list's page: billers active or not as asked, in one category, by name.\nWITH page AS MATERIALIZED (\n  SELECT b.id, b.popularity, b.search_name,\n         (SELECT count(*) FROM billers b\n           WHERE b.active = :active!\n             AND b.category_id = ANY ((SELECT array_agg(id) FROM biller_categories WHERE slug = :categorySlug!)::uuid[])) AS total_items\n    FROM billers b\n   WHERE b.active = :active!\n     AND b.category_id = ANY ((SELECT array_agg(id) FROM biller_categories WHERE slug = :categorySlug!)::uuid[])\n   ORDER BY b.search_name, b.id\n   LIMIT :limit! OFFSET :offset!)\nSELECT b.id, b.slug, b.name, b.category_id, c.slug AS category_slug, c.name AS category_name, b.logo_url,\n       b.country, b.currency, b.amount_rule, b.account_reference_label, b.available, b.active, b.popularity,\n       page.total_items AS \"total_items!\"\n  FROM page JOIN billers b ON b.id = page.id JOIN biller_categories c ON c.id = b.category_id\n ORDER BY page.search_name, page.id"};

/**
 * Query generated from SQL:
 * ```
 * -- The admin list's page: billers active or not as asked, in one category, by name.
 * WITH page AS MATERIALIZED (
 *   SELECT b.id, b.popularity, b.search_name,
 *          (SELECT count(*) FROM billers b
 *            WHERE b.active = :active!
 *              AND b.category_id = ANY ((SELECT array_agg(id) FROM biller_categories WHERE slug = :categorySlug!)::uuid[])) AS total_items
 *     FROM billers b
 *    WHERE b.active = :active!
 *      AND b.category_id = ANY ((SELECT array_agg(id) FROM biller_categories WHERE slug = :categorySlug!)::uuid[])
 *    ORDER BY b.search_name, b.id
 *    LIMIT :limit! OFFSET :offset!)
 * SELECT b.id, b.slug, b.name, b.category_id, c.slug AS category_slug, c.name AS category_name, b.logo_url,
 *        b.country, b.currency, b.amount_rule, b.account_reference_label, b.available, b.active, b.popularity,
 *        page.total_items AS "total_items!"
 *   FROM page JOIN billers b ON b.id = page.id JOIN biller_categories c ON c.id = b.category_id
 *  ORDER BY page.search_name, page.id
 * ```
 */
export const adminBillersByActiveInCategory = new PreparedQuery<AdminBillersByActiveInCategoryParams,AdminBillersByActiveInCategoryResult>(adminBillersByActiveInCategoryIR);


/** 'AdminBillerMatches' parameters type */
export interface AdminBillerMatchesParams {
  limit: NumberOrString;
  offset: NumberOrString;
  words: stringArray;
}

/** 'AdminBillerMatches' return type */
export interface AdminBillerMatchesResult {
  account_reference_label: string;
  active: boolean;
  amount_rule: string;
  available: boolean;
  category_id: string;
  category_name: string;
  category_slug: string;
  country: string;
  currency: string;
  id: string;
  logo_url: string | null;
  name: string;
  popularity: number;
  slug: string;
  total_items: string;
}

/** 'AdminBillerMatches' query type */
export interface AdminBillerMatchesQuery {
  params: AdminBillerMatchesParams;
  result: AdminBillerMatchesResult;
}

const adminBillerMatchesIR: any = {"usedParamSet":{"words":true,"limit":true,"offset":true},"params":[{"name":"words","required":true,"transform":{"type":"scalar"},"locs":[{"a":150,"b":156}]},{"name":"limit","required":true,"transform":{"type":"scalar"},"locs":[{"a":491,"b":497}]},{"name":"offset","required":true,"transform":{"type":"scalar"},"locs":[{"a":506,"b":513}]}],"statement":"-- The admin list's page: every biller, matching the words, name matches first, then by name.\nWITH search AS MATERIALIZED (SELECT biller_search_query(:words!::text[]) AS q),\npage AS MATERIALIZED (\n  SELECT b.id, b.popularity, b.search_name, count(*) OVER () AS total_items,\n         CASE WHEN ts_filter(b.search_vector, '{a}') @@ search.q THEN 1 ELSE 0 END AS relevance\n    FROM search, billers b\n   WHERE b.search_vector @@ search.q\n   ORDER BY relevance DESC, b.search_name, b.id\n   LIMIT :limit! OFFSET :offset!)\nSELECT b.id, b.slug, b.name, b.category_id, c.slug AS category_slug, c.name AS category_name, b.logo_url,\n       b.country, b.currency, b.amount_rule, b.account_reference_label, b.available, b.active, b.popularity,\n       page.total_items AS \"total_items!\"\n  FROM page JOIN billers b ON b.id = page.id JOIN biller_categories c ON c.id = b.category_id\n ORDER BY page.relevance DESC, page.search_name, page.id"};

/**
 * Query generated from SQL:
 * ```
 * -- The admin list's page: every biller, matching the words, name matches first, then by name.
 * WITH search AS MATERIALIZED (SELECT biller_search_query(:words!::text[]) AS q),
 * page AS MATERIALIZED (
 *   SELECT b.id, b.popularity, b.search_name, count(*) OVER () AS total_items,
 *          CASE WHEN ts_filter(b.search_vector, '{a}') @@ search.q THEN 1 ELSE 0 END AS relevance
 *     FROM search, billers b
 *    WHERE b.search_vector @@ search.q
 *    ORDER BY relevance DESC, b.search_name, b.id
 *    LIMIT :limit! OFFSET :offset!)
 * SELECT b.id, b.slug, b.name, b.category_id, c.slug AS category_slug, c.name AS category_name, b.logo_url,
 *        b.country, b.currency, b.amount_rule, b.account_reference_label, b.available, b.active, b.popularity,
 *        page.total_items AS "total_items!"
 *   FROM page JOIN billers b ON b.id = page.id JOIN biller_categories c ON c.id = b.category_id
 *  ORDER BY page.relevance DESC, page.search_name, page.id
 * ```
 */
export const adminBillerMatches = new PreparedQuery<AdminBillerMatchesParams,AdminBillerMatchesResult>(adminBillerMatchesIR);


/** 'AdminBillerMatchesInCategory' parameters type */
export interface AdminBillerMatchesInCategoryParams {
  categorySlug: string;
  limit: NumberOrString;
  offset: NumberOrString;
  words: stringArray;
}

/** 'AdminBillerMatchesInCategory' return type */
export interface AdminBillerMatchesInCategoryResult {
  account_reference_label: string;
  active: boolean;
  amount_rule: string;
  available: boolean;
  category_id: string;
  category_name: string;
  category_slug: string;
  country: string;
  currency: string;
  id: string;
  logo_url: string | null;
  name: string;
  popularity: number;
  slug: string;
  total_items: string;
}

/** 'AdminBillerMatchesInCategory' query type */
export interface AdminBillerMatchesInCategoryQuery {
  params: AdminBillerMatchesInCategoryParams;
  result: AdminBillerMatchesInCategoryResult;
}

const adminBillerMatchesInCategoryIR: any = {"usedParamSet":{"words":true,"categorySlug":true,"limit":true,"offset":true},"params":[{"name":"words","required":true,"transform":{"type":"scalar"},"locs":[{"a":167,"b":173}]},{"name":"categorySlug","required":true,"transform":{"type":"scalar"},"locs":[{"a":502,"b":515}]},{"name":"limit","required":true,"transform":{"type":"scalar"},"locs":[{"a":621,"b":627}]},{"name":"offset","required":true,"transform":{"type":"scalar"},"locs":[{"a":636,"b":643}]}],"statement":"-- The admin list's page: every biller, in one category, matching the words, name matches first, then by name.\nWITH search AS MATERIALIZED (SELECT biller_search_query(:words!::text[]) AS q),\npage AS MATERIALIZED (\n  SELECT b.id, b.popularity, b.search_name, count(*) OVER () AS total_items,\n         CASE WHEN ts_filter(b.search_vector, '{a}') @@ search.q THEN 1 ELSE 0 END AS relevance\n    FROM search, billers b\n   WHERE b.category_id = ANY ((SELECT array_agg(id) FROM biller_categories WHERE slug = :categorySlug!)::uuid[])\n     AND b.search_vector @@ search.q\n   ORDER BY relevance DESC, b.search_name, b.id\n   LIMIT :limit! OFFSET :offset!)\nSELECT b.id, b.slug, b.name, b.category_id, c.slug AS category_slug, c.name AS category_name, b.logo_url,\n       b.country, b.currency, b.amount_rule, b.account_reference_label, b.available, b.active, b.popularity,\n       page.total_items AS \"total_items!\"\n  FROM page JOIN billers b ON b.id = page.id JOIN biller_categories c ON c.id = b.category_id\n ORDER BY page.relevance DESC, page.search_name, page.id"};

/**
 * Query generated from SQL:
 * ```
 * -- The admin list's page: every biller, in one category, matching the words, name matches first, then by name.
 * WITH search AS MATERIALIZED (SELECT biller_search_query(:words!::text[]) AS q),
 * page AS MATERIALIZED (
 *   SELECT b.id, b.popularity, b.search_name, count(*) OVER () AS total_items,
 *          CASE WHEN ts_filter(b.search_vector, '{a}') @@ search.q THEN 1 ELSE 0 END AS relevance
 *     FROM search, billers b
 *    WHERE b.category_id = ANY ((SELECT array_agg(id) FROM biller_categories WHERE slug = :categorySlug!)::uuid[])
 *      AND b.search_vector @@ search.q
 *    ORDER BY relevance DESC, b.search_name, b.id
 *    LIMIT :limit! OFFSET :offset!)
 * SELECT b.id, b.slug, b.name, b.category_id, c.slug AS category_slug, c.name AS category_name, b.logo_url,
 *        b.country, b.currency, b.amount_rule, b.account_reference_label, b.available, b.active, b.popularity,
 *        page.total_items AS "total_items!"
 *   FROM page JOIN billers b ON b.id = page.id JOIN biller_categories c ON c.id = b.category_id
 *  ORDER BY page.relevance DESC, page.search_name, page.id
 * ```
 */
export const adminBillerMatchesInCategory = new PreparedQuery<AdminBillerMatchesInCategoryParams,AdminBillerMatchesInCategoryResult>(adminBillerMatchesInCategoryIR);


/** 'AdminBillerMatchesByActive' parameters type */
export interface AdminBillerMatchesByActiveParams {
  active: boolean;
  limit: NumberOrString;
  offset: NumberOrString;
  words: stringArray;
}

/** 'AdminBillerMatchesByActive' return type */
export interface AdminBillerMatchesByActiveResult {
  account_reference_label: string;
  active: boolean;
  amount_rule: string;
  available: boolean;
  category_id: string;
  category_name: string;
  category_slug: string;
  country: string;
  currency: string;
  id: string;
  logo_url: string | null;
  name: string;
  popularity: number;
  slug: string;
  total_items: string;
}

/** 'AdminBillerMatchesByActive' query type */
export interface AdminBillerMatchesByActiveQuery {
  params: AdminBillerMatchesByActiveParams;
  result: AdminBillerMatchesByActiveResult;
}

const adminBillerMatchesByActiveIR: any = {"usedParamSet":{"words":true,"active":true,"limit":true,"offset":true},"params":[{"name":"words","required":true,"transform":{"type":"scalar"},"locs":[{"a":168,"b":174}]},{"name":"active","required":true,"transform":{"type":"scalar"},"locs":[{"a":435,"b":442}]},{"name":"limit","required":true,"transform":{"type":"scalar"},"locs":[{"a":538,"b":544}]},{"name":"offset","required":true,"transform":{"type":"scalar"},"locs":[{"a":553,"b":560}]}],"statement":"-- The admin list's page: billers active or not as asked, matching the words, name matches first, then by name.\nWITH search AS MATERIALIZED (SELECT biller_search_query(:words!::text[]) AS q),\npage AS MATERIALIZED (\n  SELECT b.id, b.popularity, b.search_name, count(*) OVER () AS total_items,\n         CASE WHEN ts_filter(b.search_vector, '{a}') @@ search.q THEN 1 ELSE 0 END AS relevance\n    FROM search, billers b\n   WHERE b.active = :active!\n     AND b.search_vector @@ search.q\n   ORDER BY relevance DESC, b.search_name, b.id\n   LIMIT :limit! OFFSET :offset!)\nSELECT b.id, b.slug, b.name, b.category_id, c.slug AS category_slug, c.name AS category_name, b.logo_url,\n       b.country, b.currency, b.amount_rule, b.account_reference_label, b.available, b.active, b.popularity,\n       page.total_items AS \"total_items!\"\n  FROM page JOIN billers b ON b.id = page.id JOIN biller_categories c ON c.id = b.category_id\n ORDER BY page.relevance DESC, page.search_name, page.id"};

/**
 * Query generated from SQL:
 * ```
 * -- The admin list's page: billers active or not as asked, matching the words, name matches first, then by name.
 * WITH search AS MATERIALIZED (SELECT biller_search_query(:words!::text[]) AS q),
 * page AS MATERIALIZED (
 *   SELECT b.id, b.popularity, b.search_name, count(*) OVER () AS total_items,
 *          CASE WHEN ts_filter(b.search_vector, '{a}') @@ search.q THEN 1 ELSE 0 END AS relevance
 *     FROM search, billers b
 *    WHERE b.active = :active!
 *      AND b.search_vector @@ search.q
 *    ORDER BY relevance DESC, b.search_name, b.id
 *    LIMIT :limit! OFFSET :offset!)
 * SELECT b.id, b.slug, b.name, b.category_id, c.slug AS category_slug, c.name AS category_name, b.logo_url,
 *        b.country, b.currency, b.amount_rule, b.account_reference_label, b.available, b.active, b.popularity,
 *        page.total_items AS "total_items!"
 *   FROM page JOIN billers b ON b.id = page.id JOIN biller_categories c ON c.id = b.category_id
 *  ORDER BY page.relevance DESC, page.search_name, page.id
 * ```
 */
export const adminBillerMatchesByActive = new PreparedQuery<AdminBillerMatchesByActiveParams,AdminBillerMatchesByActiveResult>(adminBillerMatchesByActiveIR);


/** 'AdminBillerMatchesByActiveInCategory' parameters type */
export interface AdminBillerMatchesByActiveInCategoryParams {
  active: boolean;
  categorySlug: string;
  limit: NumberOrString;
  offset: NumberOrString;
  words: stringArray;
}

/** 'AdminBillerMatchesByActiveInCategory' return type */
export interface AdminBillerMatchesByActiveInCategoryResult {
  account_reference_label: string;
  active: boolean;
  amount_rule: string;
  available: boolean;
  category_id: string;
  category_name: string;
  category_slug: string;
  country: string;
  currency: string;
  id: string;
  logo_url: string | null;
  name: string;
  popularity: number;
  slug: string;
  total_items: string;
}

/** 'AdminBillerMatchesByActiveInCategory' query type */
export interface AdminBillerMatchesByActiveInCategoryQuery {
  params: AdminBillerMatchesByActiveInCategoryParams;
  result: AdminBillerMatchesByActiveInCategoryResult;
}

const adminBillerMatchesByActiveInCategoryIR: any = {"usedParamSet":{"words":true,"active":true,"categorySlug":true,"limit":true,"offset":true},"params":[{"name":"words","required":true,"transform":{"type":"scalar"},"locs":[{"a":185,"b":191}]},{"name":"active","required":true,"transform":{"type":"scalar"},"locs":[{"a":452,"b":459}]},{"name":"categorySlug","required":true,"transform":{"type":"scalar"},"locs":[{"a":549,"b":562}]},{"name":"limit","required":true,"transform":{"type":"scalar"},"locs":[{"a":668,"b":674}]},{"name":"offset","required":true,"transform":{"type":"scalar"},"locs":[{"a":683,"b":690}]}],"statement":"-- The admin list's page: billers active or not as asked, in one category, matching the words, name matches first, then by name.\nWITH search AS MATERIALIZED (SELECT biller_search_query(:words!::text[]) AS q),\npage AS MATERIALIZED (\n  SELECT b.id, b.popularity, b.search_name, count(*) OVER () AS total_items,\n         CASE WHEN ts_filter(b.search_vector, '{a}') @@ search.q THEN 1 ELSE 0 END AS relevance\n    FROM search, billers b\n   WHERE b.active = :active!\n     AND b.category_id = ANY ((SELECT array_agg(id) FROM biller_categories WHERE slug = :categorySlug!)::uuid[])\n     AND b.search_vector @@ search.q\n   ORDER BY relevance DESC, b.search_name, b.id\n   LIMIT :limit! OFFSET :offset!)\nSELECT b.id, b.slug, b.name, b.category_id, c.slug AS category_slug, c.name AS category_name, b.logo_url,\n       b.country, b.currency, b.amount_rule, b.account_reference_label, b.available, b.active, b.popularity,\n       page.total_items AS \"total_items!\"\n  FROM page JOIN billers b ON b.id = page.id JOIN biller_categories c ON c.id = b.category_id\n ORDER BY page.relevance DESC, page.search_name, page.id"};

/**
 * Query generated from SQL:
 * ```
 * -- The admin list's page: billers active or not as asked, in one category, matching the words, name matches first, then by name.
 * WITH search AS MATERIALIZED (SELECT biller_search_query(:words!::text[]) AS q),
 * page AS MATERIALIZED (
 *   SELECT b.id, b.popularity, b.search_name, count(*) OVER () AS total_items,
 *          CASE WHEN ts_filter(b.search_vector, '{a}') @@ search.q THEN 1 ELSE 0 END AS relevance
 *     FROM search, billers b
 *    WHERE b.active = :active!
 *      AND b.category_id = ANY ((SELECT array_agg(id) FROM biller_categories WHERE slug = :categorySlug!)::uuid[])
 *      AND b.search_vector @@ search.q
 *    ORDER BY relevance DESC, b.search_name, b.id
 *    LIMIT :limit! OFFSET :offset!)
 * SELECT b.id, b.slug, b.name, b.category_id, c.slug AS category_slug, c.name AS category_name, b.logo_url,
 *        b.country, b.currency, b.amount_rule, b.account_reference_label, b.available, b.active, b.popularity,
 *        page.total_items AS "total_items!"
 *   FROM page JOIN billers b ON b.id = page.id JOIN biller_categories c ON c.id = b.category_id
 *  ORDER BY page.relevance DESC, page.search_name, page.id
 * ```
 */
export const adminBillerMatchesByActiveInCategory = new PreparedQuery<AdminBillerMatchesByActiveInCategoryParams,AdminBillerMatchesByActiveInCategoryResult>(adminBillerMatchesByActiveInCategoryIR);


/** 'AdminBillerCount' parameters type */
export type AdminBillerCountParams = void;

/** 'AdminBillerCount' return type */
export interface AdminBillerCountResult {
  total: string;
}

/** 'AdminBillerCount' query type */
export interface AdminBillerCountQuery {
  params: AdminBillerCountParams;
  result: AdminBillerCountResult;
}

const adminBillerCountIR: any = {"usedParamSet":{},"params":[],"statement":"-- The admin list's total past its last page.\nSELECT count(*) AS \"total!\"\n  FROM billers b"};

/**
 * Query generated from SQL:
 * ```
 * -- The admin list's total past its last page.
 * SELECT count(*) AS "total!"
 *   FROM billers b
 * ```
 */
export const adminBillerCount = new PreparedQuery<AdminBillerCountParams,AdminBillerCountResult>(adminBillerCountIR);


/** 'AdminBillerCountInCategory' parameters type */
export interface AdminBillerCountInCategoryParams {
  categorySlug: string;
}

/** 'AdminBillerCountInCategory' return type */
export interface AdminBillerCountInCategoryResult {
  total: string;
}

/** 'AdminBillerCountInCategory' query type */
export interface AdminBillerCountInCategoryQuery {
  params: AdminBillerCountInCategoryParams;
  result: AdminBillerCountInCategoryResult;
}

const adminBillerCountInCategoryIR: any = {"usedParamSet":{"categorySlug":true},"params":[{"name":"categorySlug","required":true,"transform":{"type":"scalar"},"locs":[{"a":194,"b":207}]}],"statement":"-- The admin list's total past its last page, in one category.\nSELECT count(*) AS \"total!\"\n  FROM billers b\n WHERE b.category_id = ANY ((SELECT array_agg(id) FROM biller_categories WHERE slug = :categorySlug!)::uuid[])"};

/**
 * Query generated from SQL:
 * ```
 * -- The admin list's total past its last page, in one category.
 * SELECT count(*) AS "total!"
 *   FROM billers b
 *  WHERE b.category_id = ANY ((SELECT array_agg(id) FROM biller_categories WHERE slug = :categorySlug!)::uuid[])
 * ```
 */
export const adminBillerCountInCategory = new PreparedQuery<AdminBillerCountInCategoryParams,AdminBillerCountInCategoryResult>(adminBillerCountInCategoryIR);


/** 'AdminBillerCountByActive' parameters type */
export interface AdminBillerCountByActiveParams {
  active: boolean;
}

/** 'AdminBillerCountByActive' return type */
export interface AdminBillerCountByActiveResult {
  total: string;
}

/** 'AdminBillerCountByActive' query type */
export interface AdminBillerCountByActiveQuery {
  params: AdminBillerCountByActiveParams;
  result: AdminBillerCountByActiveResult;
}

const adminBillerCountByActiveIR: any = {"usedParamSet":{"active":true},"params":[{"name":"active","required":true,"transform":{"type":"scalar"},"locs":[{"a":133,"b":140}]}],"statement":"-- The admin list's total past its last page, active or not as asked.\nSELECT count(*) AS \"total!\"\n  FROM billers b\n WHERE b.active = :active!"};

/**
 * Query generated from SQL:
 * ```
 * -- The admin list's total past its last page, active or not as asked.
 * SELECT count(*) AS "total!"
 *   FROM billers b
 *  WHERE b.active = :active!
 * ```
 */
export const adminBillerCountByActive = new PreparedQuery<AdminBillerCountByActiveParams,AdminBillerCountByActiveResult>(adminBillerCountByActiveIR);


/** 'AdminBillerCountByActiveInCategory' parameters type */
export interface AdminBillerCountByActiveInCategoryParams {
  active: boolean;
  categorySlug: string;
}

/** 'AdminBillerCountByActiveInCategory' return type */
export interface AdminBillerCountByActiveInCategoryResult {
  total: string;
}

/** 'AdminBillerCountByActiveInCategory' query type */
export interface AdminBillerCountByActiveInCategoryQuery {
  params: AdminBillerCountByActiveInCategoryParams;
  result: AdminBillerCountByActiveInCategoryResult;
}

const adminBillerCountByActiveInCategoryIR: any = {"usedParamSet":{"active":true,"categorySlug":true},"params":[{"name":"active","required":true,"transform":{"type":"scalar"},"locs":[{"a":150,"b":157}]},{"name":"categorySlug","required":true,"transform":{"type":"scalar"},"locs":[{"a":245,"b":258}]}],"statement":"-- The admin list's total past its last page, active or not as asked, in one category.\nSELECT count(*) AS \"total!\"\n  FROM billers b\n WHERE b.active = :active!\n   AND b.category_id = ANY ((SELECT array_agg(id) FROM biller_categories WHERE slug = :categorySlug!)::uuid[])"};

/**
 * Query generated from SQL:
 * ```
 * -- The admin list's total past its last page, active or not as asked, in one category.
 * SELECT count(*) AS "total!"
 *   FROM billers b
 *  WHERE b.active = :active!
 *    AND b.category_id = ANY ((SELECT array_agg(id) FROM biller_categories WHERE slug = :categorySlug!)::uuid[])
 * ```
 */
export const adminBillerCountByActiveInCategory = new PreparedQuery<AdminBillerCountByActiveInCategoryParams,AdminBillerCountByActiveInCategoryResult>(adminBillerCountByActiveInCategoryIR);


/** 'AdminBillerMatchCount' parameters type */
export interface AdminBillerMatchCountParams {
  words: stringArray;
}

/** 'AdminBillerMatchCount' return type */
export interface AdminBillerMatchCountResult {
  total: string;
}

/** 'AdminBillerMatchCount' query type */
export interface AdminBillerMatchCountQuery {
  params: AdminBillerMatchCountParams;
  result: AdminBillerMatchCountResult;
}

const adminBillerMatchCountIR: any = {"usedParamSet":{"words":true},"params":[{"name":"words","required":true,"transform":{"type":"scalar"},"locs":[{"a":118,"b":124}]}],"statement":"-- The admin list's total past its last page, of the matches.\nWITH search AS MATERIALIZED (SELECT biller_search_query(:words!::text[]) AS q)\nSELECT count(*) AS \"total!\"\n  FROM search, billers b\n WHERE b.search_vector @@ search.q"};

/**
 * Query generated from SQL:
 * ```
 * -- The admin list's total past its last page, of the matches.
 * WITH search AS MATERIALIZED (SELECT biller_search_query(:words!::text[]) AS q)
 * SELECT count(*) AS "total!"
 *   FROM search, billers b
 *  WHERE b.search_vector @@ search.q
 * ```
 */
export const adminBillerMatchCount = new PreparedQuery<AdminBillerMatchCountParams,AdminBillerMatchCountResult>(adminBillerMatchCountIR);


/** 'AdminBillerMatchCountInCategory' parameters type */
export interface AdminBillerMatchCountInCategoryParams {
  categorySlug: string;
  words: stringArray;
}

/** 'AdminBillerMatchCountInCategory' return type */
export interface AdminBillerMatchCountInCategoryResult {
  total: string;
}

/** 'AdminBillerMatchCountInCategory' query type */
export interface AdminBillerMatchCountInCategoryQuery {
  params: AdminBillerMatchCountInCategoryParams;
  result: AdminBillerMatchCountInCategoryResult;
}

const adminBillerMatchCountInCategoryIR: any = {"usedParamSet":{"words":true,"categorySlug":true},"params":[{"name":"words","required":true,"transform":{"type":"scalar"},"locs":[{"a":135,"b":141}]},{"name":"categorySlug","required":true,"transform":{"type":"scalar"},"locs":[{"a":297,"b":310}]}],"statement":"-- The admin list's total past its last page, in one category, of the matches.\nWITH search AS MATERIALIZED (SELECT biller_search_query(:words!::text[]) AS q)\nSELECT count(*) AS \"total!\"\n  FROM search, billers b\n WHERE b.category_id = ANY ((SELECT array_agg(id) FROM biller_categories WHERE slug = :categorySlug!)::uuid[])\n   AND b.search_vector @@ search.q"};

/**
 * Query generated from SQL:
 * ```
 * -- The admin list's total past its last page, in one category, of the matches.
 * WITH search AS MATERIALIZED (SELECT biller_search_query(:words!::text[]) AS q)
 * SELECT count(*) AS "total!"
 *   FROM search, billers b
 *  WHERE b.category_id = ANY ((SELECT array_agg(id) FROM biller_categories WHERE slug = :categorySlug!)::uuid[])
 *    AND b.search_vector @@ search.q
 * ```
 */
export const adminBillerMatchCountInCategory = new PreparedQuery<AdminBillerMatchCountInCategoryParams,AdminBillerMatchCountInCategoryResult>(adminBillerMatchCountInCategoryIR);


/** 'AdminBillerMatchCountByActive' parameters type */
export interface AdminBillerMatchCountByActiveParams {
  active: boolean;
  words: stringArray;
}

/** 'AdminBillerMatchCountByActive' return type */
export interface AdminBillerMatchCountByActiveResult {
  total: string;
}

/** 'AdminBillerMatchCountByActive' query type */
export interface AdminBillerMatchCountByActiveQuery {
  params: AdminBillerMatchCountByActiveParams;
  result: AdminBillerMatchCountByActiveResult;
}

const adminBillerMatchCountByActiveIR: any = {"usedParamSet":{"words":true,"active":true},"params":[{"name":"words","required":true,"transform":{"type":"scalar"},"locs":[{"a":142,"b":148}]},{"name":"active","required":true,"transform":{"type":"scalar"},"locs":[{"a":236,"b":243}]}],"statement":"-- The admin list's total past its last page, active or not as asked, of the matches.\nWITH search AS MATERIALIZED (SELECT biller_search_query(:words!::text[]) AS q)\nSELECT count(*) AS \"total!\"\n  FROM search, billers b\n WHERE b.active = :active!\n   AND b.search_vector @@ search.q"};

/**
 * Query generated from SQL:
 * ```
 * -- The admin list's total past its last page, active or not as asked, of the matches.
 * WITH search AS MATERIALIZED (SELECT biller_search_query(:words!::text[]) AS q)
 * SELECT count(*) AS "total!"
 *   FROM search, billers b
 *  WHERE b.active = :active!
 *    AND b.search_vector @@ search.q
 * ```
 */
export const adminBillerMatchCountByActive = new PreparedQuery<AdminBillerMatchCountByActiveParams,AdminBillerMatchCountByActiveResult>(adminBillerMatchCountByActiveIR);


/** 'AdminBillerMatchCountByActiveInCategory' parameters type */
export interface AdminBillerMatchCountByActiveInCategoryParams {
  active: boolean;
  categorySlug: string;
  words: stringArray;
}

/** 'AdminBillerMatchCountByActiveInCategory' return type */
export interface AdminBillerMatchCountByActiveInCategoryResult {
  total: string;
}

/** 'AdminBillerMatchCountByActiveInCategory' query type */
export interface AdminBillerMatchCountByActiveInCategoryQuery {
  params: AdminBillerMatchCountByActiveInCategoryParams;
  result: AdminBillerMatchCountByActiveInCategoryResult;
}

const adminBillerMatchCountByActiveInCategoryIR: any = {"usedParamSet":{"words":true,"active":true,"categorySlug":true},"params":[{"name":"words","required":true,"transform":{"type":"scalar"},"locs":[{"a":159,"b":165}]},{"name":"active","required":true,"transform":{"type":"scalar"},"locs":[{"a":253,"b":260}]},{"name":"categorySlug","required":true,"transform":{"type":"scalar"},"locs":[{"a":348,"b":361}]}],"statement":"-- The admin list's total past its last page, active or not as asked, in one category, of the matches.\nWITH search AS MATERIALIZED (SELECT biller_search_query(:words!::text[]) AS q)\nSELECT count(*) AS \"total!\"\n  FROM search, billers b\n WHERE b.active = :active!\n   AND b.category_id = ANY ((SELECT array_agg(id) FROM biller_categories WHERE slug = :categorySlug!)::uuid[])\n   AND b.search_vector @@ search.q"};

/**
 * Query generated from SQL:
 * ```
 * -- The admin list's total past its last page, active or not as asked, in one category, of the matches.
 * WITH search AS MATERIALIZED (SELECT biller_search_query(:words!::text[]) AS q)
 * SELECT count(*) AS "total!"
 *   FROM search, billers b
 *  WHERE b.active = :active!
 *    AND b.category_id = ANY ((SELECT array_agg(id) FROM biller_categories WHERE slug = :categorySlug!)::uuid[])
 *    AND b.search_vector @@ search.q
 * ```
 */
export const adminBillerMatchCountByActiveInCategory = new PreparedQuery<AdminBillerMatchCountByActiveInCategoryParams,AdminBillerMatchCountByActiveInCategoryResult>(adminBillerMatchCountByActiveInCategoryIR);


