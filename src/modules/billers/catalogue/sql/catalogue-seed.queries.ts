/** Types generated for queries found in "src/modules/billers/catalogue/sql/catalogue-seed.sql" */
import { PreparedQuery } from '../../../../platform/database/sql-query';

export type NumberOrString = number | string;

export type stringArray = (string)[];

/** 'InsertDemoCategory' parameters type */
export interface InsertDemoCategoryParams {
  icon: string;
  id: string;
  name: string;
  slug: string;
  sortOrder: number;
}

/** 'InsertDemoCategory' return type */
export interface InsertDemoCategoryResult {
  id: string;
}

/** 'InsertDemoCategory' query type */
export interface InsertDemoCategoryQuery {
  params: InsertDemoCategoryParams;
  result: InsertDemoCategoryResult;
}

const insertDemoCategoryIR: any = {"usedParamSet":{"id":true,"slug":true,"name":true,"icon":true,"sortOrder":true},"params":[{"name":"id","required":true,"transform":{"type":"scalar"},"locs":[{"a":171,"b":174}]},{"name":"slug","required":true,"transform":{"type":"scalar"},"locs":[{"a":177,"b":182}]},{"name":"name","required":true,"transform":{"type":"scalar"},"locs":[{"a":185,"b":190}]},{"name":"icon","required":true,"transform":{"type":"scalar"},"locs":[{"a":193,"b":198}]},{"name":"sortOrder","required":true,"transform":{"type":"scalar"},"locs":[{"a":201,"b":211}]}],"statement":"-- A demo category unless its slug is taken (BillerCatalogueSeeder). A row when inserted.\nINSERT INTO biller_categories (id, slug, name, icon, sort_order, active)\nVALUES (:id!, :slug!, :name!, :icon!, :sortOrder!, true)\n    ON CONFLICT (slug) DO NOTHING\nRETURNING id"};

/**
 * Query generated from SQL:
 * ```
 * -- A demo category unless its slug is taken (BillerCatalogueSeeder). A row when inserted.
 * INSERT INTO biller_categories (id, slug, name, icon, sort_order, active)
 * VALUES (:id!, :slug!, :name!, :icon!, :sortOrder!, true)
 *     ON CONFLICT (slug) DO NOTHING
 * RETURNING id
 * ```
 */
export const insertDemoCategory = new PreparedQuery<InsertDemoCategoryParams,InsertDemoCategoryResult>(insertDemoCategoryIR);


/** 'InsertDemoRail' parameters type */
export interface InsertDemoRailParams {
  code: string;
  feeFlat: NumberOrString;
  feePercentBps: number;
  id: string;
  maxAmount: NumberOrString;
  minAmount: NumberOrString;
  name: string;
}

/** 'InsertDemoRail' return type */
export interface InsertDemoRailResult {
  id: string;
}

/** 'InsertDemoRail' query type */
export interface InsertDemoRailQuery {
  params: InsertDemoRailParams;
  result: InsertDemoRailResult;
}

const insertDemoRailIR: any = {"usedParamSet":{"id":true,"code":true,"name":true,"feeFlat":true,"feePercentBps":true,"minAmount":true,"maxAmount":true},"params":[{"name":"id","required":true,"transform":{"type":"scalar"},"locs":[{"a":180,"b":183}]},{"name":"code","required":true,"transform":{"type":"scalar"},"locs":[{"a":186,"b":191}]},{"name":"name","required":true,"transform":{"type":"scalar"},"locs":[{"a":194,"b":199}]},{"name":"feeFlat","required":true,"transform":{"type":"scalar"},"locs":[{"a":208,"b":216}]},{"name":"feePercentBps","required":true,"transform":{"type":"scalar"},"locs":[{"a":219,"b":233}]},{"name":"minAmount","required":true,"transform":{"type":"scalar"},"locs":[{"a":236,"b":246}]},{"name":"maxAmount","required":true,"transform":{"type":"scalar"},"locs":[{"a":249,"b":259}]}],"statement":"-- A demo payment rail unless its code is taken. A row when inserted.\nINSERT INTO payment_rails (id, code, name, active, fee_flat, fee_percent_bps, min_amount, max_amount)\nVALUES (:id!, :code!, :name!, true, :feeFlat!, :feePercentBps!, :minAmount!, :maxAmount!)\n    ON CONFLICT (code) DO NOTHING\nRETURNING id"};

/**
 * Query generated from SQL:
 * ```
 * -- A demo payment rail unless its code is taken. A row when inserted.
 * INSERT INTO payment_rails (id, code, name, active, fee_flat, fee_percent_bps, min_amount, max_amount)
 * VALUES (:id!, :code!, :name!, true, :feeFlat!, :feePercentBps!, :minAmount!, :maxAmount!)
 *     ON CONFLICT (code) DO NOTHING
 * RETURNING id
 * ```
 */
export const insertDemoRail = new PreparedQuery<InsertDemoRailParams,InsertDemoRailResult>(insertDemoRailIR);


/** 'CategoryIdsBySlug' parameters type */
export interface CategoryIdsBySlugParams {
  slugs: stringArray;
}

/** 'CategoryIdsBySlug' return type */
export interface CategoryIdsBySlugResult {
  id: string;
  slug: string;
}

/** 'CategoryIdsBySlug' query type */
export interface CategoryIdsBySlugQuery {
  params: CategoryIdsBySlugParams;
  result: CategoryIdsBySlugResult;
}

const categoryIdsBySlugIR: any = {"usedParamSet":{"slugs":true},"params":[{"name":"slugs","required":true,"transform":{"type":"scalar"},"locs":[{"a":57,"b":63}]}],"statement":"SELECT id, slug FROM biller_categories WHERE slug = ANY (:slugs!::text[])"};

/**
 * Query generated from SQL:
 * ```
 * SELECT id, slug FROM biller_categories WHERE slug = ANY (:slugs!::text[])
 * ```
 */
export const categoryIdsBySlug = new PreparedQuery<CategoryIdsBySlugParams,CategoryIdsBySlugResult>(categoryIdsBySlugIR);


/** 'InsertDemoBiller' parameters type */
export interface InsertDemoBillerParams {
  acceptedRails: stringArray;
  accountReferenceLabel: string;
  accountReferencePattern: string;
  aliases: stringArray;
  amountRule: string;
  categoryId: string;
  connectorBaseUrl: string;
  connectorSecretRef: string;
  feeFlat: NumberOrString;
  feePercentBps: number;
  id: string;
  logoUrl: string;
  maxAmount: NumberOrString;
  minAmount: NumberOrString;
  name: string;
  popularity: number;
  searchName: string;
  searchText: string;
  slug: string;
  validatesDirectly: boolean;
}

/** 'InsertDemoBiller' return type */
export interface InsertDemoBillerResult {
  id: string;
}

/** 'InsertDemoBiller' query type */
export interface InsertDemoBillerQuery {
  params: InsertDemoBillerParams;
  result: InsertDemoBillerResult;
}

const insertDemoBillerIR: any = {"usedParamSet":{"id":true,"slug":true,"name":true,"aliases":true,"categoryId":true,"logoUrl":true,"acceptedRails":true,"feeFlat":true,"feePercentBps":true,"minAmount":true,"maxAmount":true,"accountReferenceLabel":true,"accountReferencePattern":true,"amountRule":true,"validatesDirectly":true,"connectorBaseUrl":true,"connectorSecretRef":true,"popularity":true,"searchName":true,"searchText":true},"params":[{"name":"id","required":true,"transform":{"type":"scalar"},"locs":[{"a":555,"b":558}]},{"name":"slug","required":true,"transform":{"type":"scalar"},"locs":[{"a":561,"b":566}]},{"name":"name","required":true,"transform":{"type":"scalar"},"locs":[{"a":569,"b":574}]},{"name":"aliases","required":true,"transform":{"type":"scalar"},"locs":[{"a":577,"b":585}]},{"name":"categoryId","required":true,"transform":{"type":"scalar"},"locs":[{"a":588,"b":599}]},{"name":"logoUrl","required":true,"transform":{"type":"scalar"},"locs":[{"a":602,"b":610}]},{"name":"acceptedRails","required":true,"transform":{"type":"scalar"},"locs":[{"a":626,"b":640}]},{"name":"feeFlat","required":true,"transform":{"type":"scalar"},"locs":[{"a":643,"b":651}]},{"name":"feePercentBps","required":true,"transform":{"type":"scalar"},"locs":[{"a":662,"b":676}]},{"name":"minAmount","required":true,"transform":{"type":"scalar"},"locs":[{"a":679,"b":689}]},{"name":"maxAmount","required":true,"transform":{"type":"scalar"},"locs":[{"a":692,"b":702}]},{"name":"accountReferenceLabel","required":true,"transform":{"type":"scalar"},"locs":[{"a":705,"b":727}]},{"name":"accountReferencePattern","required":true,"transform":{"type":"scalar"},"locs":[{"a":730,"b":754}]},{"name":"amountRule","required":true,"transform":{"type":"scalar"},"locs":[{"a":765,"b":776}]},{"name":"validatesDirectly","required":true,"transform":{"type":"scalar"},"locs":[{"a":779,"b":797}]},{"name":"connectorBaseUrl","required":true,"transform":{"type":"scalar"},"locs":[{"a":800,"b":817}]},{"name":"connectorSecretRef","required":true,"transform":{"type":"scalar"},"locs":[{"a":820,"b":839}]},{"name":"popularity","required":true,"transform":{"type":"scalar"},"locs":[{"a":868,"b":879}]},{"name":"searchName","required":true,"transform":{"type":"scalar"},"locs":[{"a":882,"b":893}]},{"name":"searchText","required":true,"transform":{"type":"scalar"},"locs":[{"a":896,"b":907}]}],"statement":"-- A demo biller (Nigerian, NGN, active and available) unless its slug is taken. A row when inserted.\nINSERT INTO billers (id, slug, name, aliases, category_id, logo_url, country, currency, accepted_rails,\n                     fee_flat, fee_percent_bps, min_amount, max_amount, account_reference_label,\n                     account_reference_pattern, amount_rule, validates_directly, connector_base_url,\n                     connector_secret_ref, connector_timeout_ms, active, available, popularity, search_name,\n                     search_text)\nVALUES (:id!, :slug!, :name!, :aliases!, :categoryId!, :logoUrl!, 'NG', 'NGN', :acceptedRails!, :feeFlat!,\n        :feePercentBps!, :minAmount!, :maxAmount!, :accountReferenceLabel!, :accountReferencePattern!,\n        :amountRule!, :validatesDirectly!, :connectorBaseUrl!, :connectorSecretRef!, 5000, true, true,\n        :popularity!, :searchName!, :searchText!)\n    ON CONFLICT (slug) DO NOTHING\nRETURNING id"};

/**
 * Query generated from SQL:
 * ```
 * -- A demo biller (Nigerian, NGN, active and available) unless its slug is taken. A row when inserted.
 * INSERT INTO billers (id, slug, name, aliases, category_id, logo_url, country, currency, accepted_rails,
 *                      fee_flat, fee_percent_bps, min_amount, max_amount, account_reference_label,
 *                      account_reference_pattern, amount_rule, validates_directly, connector_base_url,
 *                      connector_secret_ref, connector_timeout_ms, active, available, popularity, search_name,
 *                      search_text)
 * VALUES (:id!, :slug!, :name!, :aliases!, :categoryId!, :logoUrl!, 'NG', 'NGN', :acceptedRails!, :feeFlat!,
 *         :feePercentBps!, :minAmount!, :maxAmount!, :accountReferenceLabel!, :accountReferencePattern!,
 *         :amountRule!, :validatesDirectly!, :connectorBaseUrl!, :connectorSecretRef!, 5000, true, true,
 *         :popularity!, :searchName!, :searchText!)
 *     ON CONFLICT (slug) DO NOTHING
 * RETURNING id
 * ```
 */
export const insertDemoBiller = new PreparedQuery<InsertDemoBillerParams,InsertDemoBillerResult>(insertDemoBillerIR);


/** 'SeedDemoPopularity' parameters type */
export interface SeedDemoPopularityParams {
  billerId: string;
  days: number;
  total: number;
}

/** 'SeedDemoPopularity' return type */
export type SeedDemoPopularityResult = void;

/** 'SeedDemoPopularity' query type */
export interface SeedDemoPopularityQuery {
  params: SeedDemoPopularityParams;
  result: SeedDemoPopularityResult;
}

const seedDemoPopularityIR: any = {"usedParamSet":{"billerId":true,"total":true,"days":true},"params":[{"name":"billerId","required":true,"transform":{"type":"scalar"},"locs":[{"a":174,"b":183}]},{"name":"total","required":true,"transform":{"type":"scalar"},"locs":[{"a":231,"b":237},{"a":282,"b":288}]},{"name":"days","required":true,"transform":{"type":"scalar"},"locs":[{"a":250,"b":255},{"a":301,"b":306},{"a":361,"b":366}]}],"statement":"-- Spreads a total of successful payments evenly over the given number of days ending today (UTC).\nINSERT INTO biller_popularity (biller_id, day, successful_payments)\nSELECT :billerId!, (now() AT TIME ZONE 'UTC')::date - d,\n       :total!::integer / :days!::integer + CASE WHEN d < :total!::integer % :days!::integer THEN 1 ELSE 0 END\n  FROM generate_series(0, :days!::integer - 1) AS d"};

/**
 * Query generated from SQL:
 * ```
 * -- Spreads a total of successful payments evenly over the given number of days ending today (UTC).
 * INSERT INTO biller_popularity (biller_id, day, successful_payments)
 * SELECT :billerId!, (now() AT TIME ZONE 'UTC')::date - d,
 *        :total!::integer / :days!::integer + CASE WHEN d < :total!::integer % :days!::integer THEN 1 ELSE 0 END
 *   FROM generate_series(0, :days!::integer - 1) AS d
 * ```
 */
export const seedDemoPopularity = new PreparedQuery<SeedDemoPopularityParams,SeedDemoPopularityResult>(seedDemoPopularityIR);


/** 'CompleteDemoConnectors' parameters type */
export interface CompleteDemoConnectorsParams {
  secretRef: string;
  simulatorUrl: string;
  slugs: stringArray;
}

/** 'CompleteDemoConnectors' return type */
export interface CompleteDemoConnectorsResult {
  completed: number;
}

/** 'CompleteDemoConnectors' query type */
export interface CompleteDemoConnectorsQuery {
  params: CompleteDemoConnectorsParams;
  result: CompleteDemoConnectorsResult;
}

const completeDemoConnectorsIR: any = {"usedParamSet":{"simulatorUrl":true,"secretRef":true,"slugs":true},"params":[{"name":"simulatorUrl","required":true,"transform":{"type":"scalar"},"locs":[{"a":208,"b":221}]},{"name":"secretRef","required":true,"transform":{"type":"scalar"},"locs":[{"a":321,"b":331}]},{"name":"slugs","required":true,"transform":{"type":"scalar"},"locs":[{"a":392,"b":398}]}],"statement":"-- Gives the demo billers (by slug) missing a connector the simulator's, and answers how many it completed.\nWITH completed AS (\n  UPDATE billers b\n     SET connector_base_url = COALESCE(b.connector_base_url, :simulatorUrl!::text || '/billers/' || b.slug),\n         connector_secret_ref = COALESCE(b.connector_secret_ref, :secretRef!::text),\n         updated_at = now()\n   WHERE b.slug = ANY (:slugs!::text[]) AND (b.connector_base_url IS NULL OR b.connector_secret_ref IS NULL)\n  RETURNING b.id\n)\nSELECT count(*)::int AS \"completed!\" FROM completed"};

/**
 * Query generated from SQL:
 * ```
 * -- Gives the demo billers (by slug) missing a connector the simulator's, and answers how many it completed.
 * WITH completed AS (
 *   UPDATE billers b
 *      SET connector_base_url = COALESCE(b.connector_base_url, :simulatorUrl!::text || '/billers/' || b.slug),
 *          connector_secret_ref = COALESCE(b.connector_secret_ref, :secretRef!::text),
 *          updated_at = now()
 *    WHERE b.slug = ANY (:slugs!::text[]) AND (b.connector_base_url IS NULL OR b.connector_secret_ref IS NULL)
 *   RETURNING b.id
 * )
 * SELECT count(*)::int AS "completed!" FROM completed
 * ```
 */
export const completeDemoConnectors = new PreparedQuery<CompleteDemoConnectorsParams,CompleteDemoConnectorsResult>(completeDemoConnectorsIR);


