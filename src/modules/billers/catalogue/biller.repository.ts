import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { jsonObject, oneOf } from '../../../platform/database/column-values';
import { toMinorUnits } from '../../../platform/database/minor-units.transformer';
import { sqlStatements } from '../../../platform/database/sql-query';
import { executorOn, one, run, StatementExecutor } from '../../../platform/database/statement-executor';
import { searchWords } from '../directory/biller-search-text';
import { AMOUNT_RULES, AmountRule, Biller } from './biller.entity';
import type { PaymentRail } from './payment-rail.entity';
import * as billerSearch from './sql/biller-search.queries';
import * as billers from './sql/billers.queries';

const SEARCH = sqlStatements('billers', billerSearch);
const SQL = sqlStatements('billers', billers);

export type BillerSort = 'popular' | 'name';

/** A page of the customer directory: active billers of active categories. */
export interface BillerDirectorySearch {
  /** Already normalised (normalizeSearchText); empty means no text filter. */
  text: string;
  categorySlug?: string;
  sort: BillerSort;
  offset: number;
  limit: number;
}

/** A page of the admin list, by name: every biller, or only the active (or inactive) ones. */
export interface AdminBillerSearch {
  /** Already normalised (normalizeSearchText); empty means no text filter. */
  text: string;
  categorySlug?: string;
  active?: boolean;
  offset: number;
  limit: number;
}

/** What a payment needs of its biller, read in one query. */
export interface BillerForPayment {
  biller: Biller;
  /** Whether customers see it: the biller and its category are active. */
  visible: boolean;
  /** Its accepted rails that are active, by code. */
  rails: Pick<
    PaymentRail,
    'id' | 'code' | 'name' | 'active' | 'feeFlat' | 'feePercentBps' | 'minAmount' | 'maxAmount'
  >[];
}

/** A biller row as lists show it, with its category. */
export interface BillerListRow {
  id: string;
  slug: string;
  name: string;
  categoryId: string;
  categorySlug: string;
  categoryName: string;
  logoUrl: string | null;
  country: string;
  currency: string;
  amountRule: AmountRule;
  accountReferenceLabel: string;
  available: boolean;
  active: boolean;
  popularity: number;
}

/** Words of a query beyond this many are ignored (a 100-character query has at most 50). */
const MAX_QUERY_WORDS = 8;

/**
 * Named queries on `billers`. Every method runs on the manager it is given.
 *
 * Searches (sql/biller-search.sql) are one prepared statement per shape: with or without text,
 * with or without a category, and by sort (the directory) or by `active` filter (the admin
 * list), each with a fixed text and so a stable plan. With text, every query word must match a
 * word of the biller's name or aliases: as a prefix ("ike" finds Ikeja), or, for a word that
 * starts no known word, through the known words most similar to it or containing it
 * (biller_search_query, pg_trgm over the vocabulary). The full-text query is built once per
 * statement (a materialised CTE) and served by the GIN index on `search_vector` through a
 * nested loop parameterised by it; matches whose name (not only an alias) matches rank first,
 * then the sort. The page's other columns are read for its rows only, after the window count.
 * Without text there is nothing to rank: the page comes in index order and the total from a
 * count of the same rows. A page past the last one carries no total: a count statement of the
 * same shape gives it.
 */
@Injectable()
export class BillerRepository {
  /**
   * One page of the admin list and the total number of matches, in one statement, as rows
   * (sorted by name).
   */
  async search(manager: EntityManager, search: AdminBillerSearch): Promise<{ rows: BillerListRow[]; total: number }> {
    const executor = executorOn(manager);
    const words = searchWords(search.text, MAX_QUERY_WORDS);
    const rows = await adminPage(executor, search, words);
    if (rows.length > 0) return { rows: rows.map(toListRow), total: Number(rows[0].total_items) };
    return { rows: [], total: search.offset === 0 ? 0 : await adminCount(executor, search, words) };
  }

  /**
   * One page of the customer directory with each row already in the directory's JSON shape
   * (BillerSummaryDto, same fields in the same order), and the total: PostgreSQL renders the
   * page's items as one JSON array, which the directory sends as it is. The customer directory
   * is the API's busiest read; this spares it a row-by-row decode, two mappings and a re-encode
   * per request.
   */
  async searchSummariesJson(
    manager: EntityManager,
    search: BillerDirectorySearch,
  ): Promise<{ itemsJson: string; total: number }> {
    const executor = executorOn(manager);
    const words = searchWords(search.text, MAX_QUERY_WORDS);
    const row = await directoryPage(executor, search, words);
    if (row !== null && row.total_items !== null) return { itemsJson: row.items, total: Number(row.total_items) };
    return { itemsJson: '[]', total: search.offset === 0 ? 0 : await directoryCount(executor, search, words) };
  }

  /**
   * Brings the typo vocabulary in line with the billers: drops words no biller's search text
   * has any more (after renames; the trigger only ever adds words) and adds any that a write
   * racing an earlier sync left out.
   */
  async syncSearchTerms(manager: EntityManager): Promise<{ added: number; dropped: number }> {
    const executor = executorOn(manager);
    const [{ dropped }] = await run(executor, SQL.dropUnusedSearchTerms, undefined);
    const added = await run(executor, SQL.addMissingSearchTerms, undefined);
    return { added: added.length, dropped };
  }

  /**
   * The biller with its visibility (biller and category active) and its active accepted rails,
   * in one prepared statement: the payments context reads it on every payment.
   */
  async findForPayment(manager: EntityManager, key: string, byId: boolean): Promise<BillerForPayment | null> {
    const executor = executorOn(manager);
    const row = byId
      ? await one(executor, SQL.forPaymentById, { id: key })
      : await one(executor, SQL.forPaymentBySlug, { slug: key });
    if (!row) return null;
    return { biller: toBiller(row), visible: row.visible, rails: railsOf(row.rails) };
  }

  findById(manager: EntityManager, id: string): Promise<Biller | null> {
    return manager.findOneBy(Biller, { id });
  }

  findBySlug(manager: EntityManager, slug: string): Promise<Biller | null> {
    return manager.findOneBy(Biller, { slug });
  }

  /** Reads and row-locks the biller until the transaction ends. */
  lockById(manager: EntityManager, id: string): Promise<Biller | null> {
    return manager.findOne(Biller, { where: { id }, lock: { mode: 'pessimistic_write' } });
  }

  async insert(manager: EntityManager, biller: Biller): Promise<void> {
    await manager.insert(Biller, biller);
  }

  async update(manager: EntityManager, biller: Biller): Promise<void> {
    const { id, ...changes } = biller;
    await manager.update(Biller, { id }, changes);
  }
}

/** The directory's page in the statement of its shape; one row, whose total is null when the page is empty. */
async function directoryPage(
  executor: StatementExecutor,
  { categorySlug, sort, limit, offset }: BillerDirectorySearch,
  words: string[],
): Promise<billerSearch.DirectoryByNameResult | null> {
  const popular = sort === 'popular';
  if (words.length === 0) {
    if (categorySlug === undefined) {
      return one(executor, popular ? SEARCH.directoryByPopularity : SEARCH.directoryByName, { limit, offset });
    }
    return one(executor, popular ? SEARCH.directoryByPopularityInCategory : SEARCH.directoryByNameInCategory, {
      categorySlug,
      limit,
      offset,
    });
  }
  if (categorySlug === undefined) {
    return one(executor, popular ? SEARCH.directoryMatchesByPopularity : SEARCH.directoryMatchesByName, {
      words,
      limit,
      offset,
    });
  }
  return one(
    executor,
    popular ? SEARCH.directoryMatchesByPopularityInCategory : SEARCH.directoryMatchesByNameInCategory,
    { words, categorySlug, limit, offset },
  );
}

/** Every match of the directory's search (for a page past the last one). */
async function directoryCount(
  executor: StatementExecutor,
  { categorySlug }: BillerDirectorySearch,
  words: string[],
): Promise<number> {
  let rows: { total: string }[];
  if (words.length === 0) {
    rows =
      categorySlug === undefined
        ? await run(executor, SEARCH.directoryCount, undefined)
        : await run(executor, SEARCH.directoryCountInCategory, { categorySlug });
  } else {
    rows =
      categorySlug === undefined
        ? await run(executor, SEARCH.directoryMatchCount, { words })
        : await run(executor, SEARCH.directoryMatchCountInCategory, { words, categorySlug });
  }
  return Number(rows[0].total);
}

/** The admin list's page in the statement of its shape. */
function adminPage(
  executor: StatementExecutor,
  { categorySlug, active, limit, offset }: AdminBillerSearch,
  words: string[],
): Promise<billerSearch.AdminBillersResult[]> {
  if (words.length === 0) {
    if (active === undefined) {
      return categorySlug === undefined
        ? run(executor, SEARCH.adminBillers, { limit, offset })
        : run(executor, SEARCH.adminBillersInCategory, { categorySlug, limit, offset });
    }
    return categorySlug === undefined
      ? run(executor, SEARCH.adminBillersByActive, { active, limit, offset })
      : run(executor, SEARCH.adminBillersByActiveInCategory, { active, categorySlug, limit, offset });
  }
  if (active === undefined) {
    return categorySlug === undefined
      ? run(executor, SEARCH.adminBillerMatches, { words, limit, offset })
      : run(executor, SEARCH.adminBillerMatchesInCategory, { words, categorySlug, limit, offset });
  }
  return categorySlug === undefined
    ? run(executor, SEARCH.adminBillerMatchesByActive, { words, active, limit, offset })
    : run(executor, SEARCH.adminBillerMatchesByActiveInCategory, { words, active, categorySlug, limit, offset });
}

/** Every match of the admin list's search (for a page past the last one). */
async function adminCount(
  executor: StatementExecutor,
  { categorySlug, active }: AdminBillerSearch,
  words: string[],
): Promise<number> {
  let rows: { total: string }[];
  if (words.length === 0) {
    if (active === undefined) {
      rows =
        categorySlug === undefined
          ? await run(executor, SEARCH.adminBillerCount, undefined)
          : await run(executor, SEARCH.adminBillerCountInCategory, { categorySlug });
    } else {
      rows =
        categorySlug === undefined
          ? await run(executor, SEARCH.adminBillerCountByActive, { active })
          : await run(executor, SEARCH.adminBillerCountByActiveInCategory, { active, categorySlug });
    }
  } else if (active === undefined) {
    rows =
      categorySlug === undefined
        ? await run(executor, SEARCH.adminBillerMatchCount, { words })
        : await run(executor, SEARCH.adminBillerMatchCountInCategory, { words, categorySlug });
  } else {
    rows =
      categorySlug === undefined
        ? await run(executor, SEARCH.adminBillerMatchCountByActive, { words, active })
        : await run(executor, SEARCH.adminBillerMatchCountByActiveInCategory, { words, active, categorySlug });
  }
  return Number(rows[0].total);
}

function toListRow(row: billerSearch.AdminBillersResult): BillerListRow {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    categoryId: row.category_id,
    categorySlug: row.category_slug,
    categoryName: row.category_name,
    logoUrl: row.logo_url,
    country: row.country,
    currency: row.currency,
    amountRule: oneOf(AMOUNT_RULES, row.amount_rule, 'billers.amount_rule'),
    accountReferenceLabel: row.account_reference_label,
    available: row.available,
    active: row.active,
    popularity: row.popularity,
  } satisfies BillerListRow;
}

function toBiller(row: billers.ForPaymentByIdResult): Biller {
  return Object.assign(new Biller(), {
    id: row.id,
    slug: row.slug,
    name: row.name,
    aliases: row.aliases,
    categoryId: row.category_id,
    logoUrl: row.logo_url,
    country: row.country,
    currency: row.currency,
    acceptedRails: row.accepted_rails,
    feeFlat: toMinorUnits(row.fee_flat),
    feePercentBps: row.fee_percent_bps,
    agentCommissionFlat: toMinorUnits(row.agent_commission_flat),
    agentCommissionBps: row.agent_commission_bps,
    minAmount: toMinorUnits(row.min_amount),
    maxAmount: toMinorUnits(row.max_amount),
    accountReferenceLabel: row.account_reference_label,
    accountReferencePattern: row.account_reference_pattern,
    amountRule: oneOf(AMOUNT_RULES, row.amount_rule, 'billers.amount_rule'),
    validatesDirectly: row.validates_directly,
    connectorBaseUrl: row.connector_base_url,
    connectorSecretRef: row.connector_secret_ref,
    connectorTimeoutMs: row.connector_timeout_ms,
    active: row.active,
    available: row.available,
    popularity: row.popularity,
    searchName: row.search_name,
    searchText: row.search_text,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  } satisfies Biller);
}

/** The accepted active rails of `ForPaymentById`, checked as they are read. */
function railsOf(value: billers.Json): BillerForPayment['rails'] {
  if (!Array.isArray(value)) throw new Error('billers for payment, rails: expected a JSON array');
  return value.map((item) => {
    const { id, code, name, active, feeFlat, feePercentBps, minAmount, maxAmount } = jsonObject(
      item,
      'billers for payment, rail',
    );
    if (
      typeof id === 'string' &&
      typeof code === 'string' &&
      typeof name === 'string' &&
      typeof active === 'boolean' &&
      typeof feeFlat === 'number' &&
      typeof feePercentBps === 'number' &&
      typeof minAmount === 'number' &&
      typeof maxAmount === 'number'
    ) {
      return {
        id,
        code,
        name,
        active,
        feeFlat: toMinorUnits(feeFlat),
        feePercentBps,
        minAmount: toMinorUnits(minAmount),
        maxAmount: toMinorUnits(maxAmount),
      };
    }
    throw new Error('billers for payment, rail: a field is missing or of the wrong type');
  });
}
