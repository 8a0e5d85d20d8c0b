import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { EntityRow, hydrateEntity } from '../../platform/database/prepared-entity-read';
import { defineStatement, defineStatementShapes, StatementSchema } from '../../platform/database/prepared-statement';
import { executorOn, one, run } from '../../platform/database/statement-executor';
import { searchWords } from './biller-search-text';
import { AmountRule, Biller } from './biller.entity';
import type { PaymentRail } from './payment-rail.entity';

export type BillerSort = 'popular' | 'name';

export interface BillerSearch {
  /** Already normalised (normalizeSearchText); empty means no text filter. */
  text: string;
  categorySlug?: string;
  sort: BillerSort;
  offset: number;
  limit: number;
  /** Customers see active billers of active categories; admins may ask for any. */
  visibility: 'customer' | { active?: boolean };
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

interface RawListRow {
  id: string;
  slug: string;
  name: string;
  category_id: string;
  category_slug: string;
  category_name: string;
  logo_url: string | null;
  country: string;
  currency: string;
  amount_rule: AmountRule;
  account_reference_label: string;
  available: boolean;
  active: boolean;
  popularity: number;
  total_items?: string;
}

/** Words of a query beyond this many are ignored (a 100-character query has at most 50). */
const MAX_QUERY_WORDS = 8;

/** BillerSummaryDto's fields, in its order, for `searchSummariesJson`. */
const SUMMARY_JSON_COLUMNS = `b.id, b.slug, b.name, c.slug AS "categorySlug", c.name AS "categoryName",
  b.logo_url AS "logoUrl", b.country, b.currency, b.account_reference_label AS "accountReferenceLabel",
  b.amount_rule AS "amountRule", b.available`;

const LIST_COLUMNS = `b.id, b.slug, b.name, b.category_id, c.slug AS category_slug, c.name AS category_name,
  b.logo_url, b.country, b.currency, b.amount_rule, b.account_reference_label, b.available, b.active, b.popularity`;

/**
 * Searches run as prepared statements: the shapes are few, one per word count, filter and sort.
 */
const SEARCH_ROWS = defineStatementShapes<RawListRow, unknown[]>('billers.search');
const SEARCH_SUMMARIES = defineStatementShapes<{ items: string; total_items: string | null }, unknown[]>(
  'billers.search-summaries',
);

type ForPaymentRow = EntityRow & { visible: boolean; rails: BillerForPayment['rails'] };

const FOR_PAYMENT_BY_ID = defineStatement<ForPaymentRow, [id: string]>('billers.for-payment-by-id', (schema) =>
  forPaymentText(schema, 'b.id = $1'),
);
const FOR_PAYMENT_BY_SLUG = defineStatement<ForPaymentRow, [slug: string]>('billers.for-payment-by-slug', (schema) =>
  forPaymentText(schema, 'b.slug = $1'),
);

/** Named queries on `billers`. Every method runs on the manager it is given. */
@Injectable()
export class BillerRepository {
  /**
   * One page of a search and the total number of matches, in one statement (see
   * `searchStatement`), as rows.
   */
  async search(manager: EntityManager, search: BillerSearch): Promise<{ rows: BillerListRow[]; total: number }> {
    const statement = searchStatement(search);
    const rows = await run(
      executorOn(manager),
      SEARCH_ROWS(`${statement.page}
       SELECT ${LIST_COLUMNS}, page.total_items
         FROM page JOIN billers b ON b.id = page.id JOIN biller_categories c ON c.id = b.category_id
        ORDER BY ${statement.order}`),
      statement.parameters,
    );
    if (rows.length > 0) return { rows: rows.map(toListRow), total: Number(rows[0].total_items) };
    return { rows: [], total: search.offset === 0 ? 0 : await countPastLastPage(manager, statement) };
  }

  /**
   * The same page as `search`, with each row already in the directory's JSON shape
   * (BillerSummaryDto, same fields in the same order): PostgreSQL renders the page's items as
   * one JSON array, which the directory sends as it is. The customer directory is the API's
   * busiest read; this spares it a row-by-row decode, two mappings and a re-encode per request.
   */
  async searchSummariesJson(
    manager: EntityManager,
    search: BillerSearch,
  ): Promise<{ itemsJson: string; total: number }> {
    const statement = searchStatement(search);
    const [row] = await run(
      executorOn(manager),
      SEARCH_SUMMARIES(`${statement.page}
       SELECT coalesce(json_agg(item ORDER BY ${statement.order}), '[]')::text AS items, max(page.total_items) AS total_items
         FROM page JOIN billers b ON b.id = page.id JOIN biller_categories c ON c.id = b.category_id,
              LATERAL (SELECT ${SUMMARY_JSON_COLUMNS}) AS item`),
      statement.parameters,
    );
    if (row.total_items !== null) return { itemsJson: row.items, total: Number(row.total_items) };
    return { itemsJson: '[]', total: search.offset === 0 ? 0 : await countPastLastPage(manager, statement) };
  }

  /**
   * Brings the typo vocabulary in line with the billers: drops words no biller's search text
   * has any more (after renames; the trigger only ever adds words) and adds any that a write
   * racing an earlier sync left out.
   */
  async syncSearchTerms(manager: EntityManager): Promise<{ added: number; dropped: number }> {
    const used = `SELECT DISTINCT word COLLATE "C" AS term
                    FROM billers, unnest(string_to_array(search_text, ' ')) AS word WHERE length(word) >= 3`;
    const [, dropped] = await manager.query<[unknown, number]>(
      `WITH used AS (${used})
       DELETE FROM biller_search_terms t WHERE NOT EXISTS (SELECT 1 FROM used WHERE used.term = t.term)`,
    );
    const added = await manager.query<unknown[]>(
      `INSERT INTO biller_search_terms (term) ${used} ON CONFLICT DO NOTHING RETURNING term`,
    );
    return { added: added.length, dropped };
  }

  /**
   * The biller with its visibility (biller and category active) and its active accepted rails,
   * in one prepared statement: the payments context reads it on every payment.
   */
  async findForPayment(manager: EntityManager, key: string, byId: boolean): Promise<BillerForPayment | null> {
    const row = await one(executorOn(manager), byId ? FOR_PAYMENT_BY_ID : FOR_PAYMENT_BY_SLUG, [key]);
    if (!row) return null;
    return { biller: hydrateEntity(manager, Biller, row), visible: row.visible, rails: row.rails };
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

/** The biller (every column), its visibility and its active accepted rails. */
function forPaymentText(schema: StatementSchema, match: string): string {
  return `SELECT ${schema.columns(Biller, 'b')}, b.active AND c.active AS visible,
       (SELECT coalesce(json_agg(json_build_object('id', r.id, 'code', r.code, 'name', r.name, 'active', r.active,
                 'feeFlat', r.fee_flat, 'feePercentBps', r.fee_percent_bps, 'minAmount', r.min_amount,
                 'maxAmount', r.max_amount) ORDER BY r.code), '[]')
          FROM payment_rails r WHERE r.code = ANY (b.accepted_rails) AND r.active) AS rails
  FROM billers b JOIN biller_categories c ON c.id = b.category_id
 WHERE ${match}`;
}

function toListRow(row: RawListRow): BillerListRow {
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
    amountRule: row.amount_rule,
    accountReferenceLabel: row.account_reference_label,
    available: row.available,
    active: row.active,
    popularity: row.popularity,
  };
}

/** A search's `page` CTE (ids, sort keys and total of one page), its ORDER BY over `page`, and its parameters. */
interface SearchStatement {
  page: string;
  order: string;
  parameters: unknown[];
  /** The statement that counts every match, for a page past the last one (no row carries the total). */
  count: string;
  countParameters: unknown[];
}

/**
 * With text, every query word must match a word of the biller's name or aliases: as a prefix
 * ("ike" finds Ikeja), or, for a word that starts no known word, through the known words most
 * similar to it or containing it (biller_search_query, pg_trgm over the vocabulary). The
 * full-text query is built once per statement and served by the GIN index on `search_vector`;
 * matches whose name (not only an alias) matches rank first, then the requested sort. The
 * page's other columns are read for its rows only, after the window count.
 *
 * Without text there is nothing to rank: the page comes in index order and the total from a
 * count of the same rows.
 */
function searchStatement(search: BillerSearch): SearchStatement {
  const parameters: unknown[] = [];
  const parameter = (value: unknown) => {
    parameters.push(value);
    return `$${parameters.length}`;
  };
  const conditions: string[] = [];
  const categories: string[] = [];
  if (search.visibility === 'customer') {
    conditions.push('b.active');
    categories.push('active');
  } else if (search.visibility.active !== undefined) {
    conditions.push(`b.active = ${parameter(search.visibility.active)}`);
  }
  if (search.categorySlug !== undefined) categories.push(`slug = ${parameter(search.categorySlug)}`);
  if (categories.length > 0) {
    conditions.push(
      `b.category_id = ANY ((SELECT array_agg(id) FROM biller_categories WHERE ${categories.join(' AND ')})::uuid[])`,
    );
  }
  const words = searchWords(search.text, MAX_QUERY_WORDS);
  // The full-text query is built once (a CTE); the GIN index serves `@@` through a nested
  // loop parameterised by it.
  const query =
    words.length > 0 ? `WITH search AS MATERIALIZED (SELECT biller_search_query(${parameter(words)}) AS q) ` : '';
  if (query) conditions.push('b.search_vector @@ search.q');
  const where = conditions.length > 0 ? `WHERE ${conditions.join(' AND ')}` : '';
  const from = query ? 'FROM search, billers b' : 'FROM billers b';
  const countParameters = [...parameters];
  const sort = search.sort === 'popular' ? ['popularity DESC', 'search_name', 'id'] : ['search_name', 'id'];
  const limit = `LIMIT ${parameter(search.limit)} OFFSET ${parameter(search.offset)}`;

  // With text, billers whose name (weight A lexemes) matches rank first.
  const matches = query
    ? `SELECT b.id, b.popularity, b.search_name, count(*) OVER () AS total_items,
              CASE WHEN ts_filter(b.search_vector, '{a}') @@ search.q THEN 1 ELSE 0 END AS relevance
         ${from} ${where}
        ORDER BY relevance DESC, ${sort.map((key) => `b.${key}`).join(', ')} ${limit}`
    : `SELECT b.id, b.popularity, b.search_name, (SELECT count(*) ${from} ${where}) AS total_items, 0 AS relevance
         ${from} ${where}
        ORDER BY ${sort.map((key) => `b.${key}`).join(', ')} ${limit}`;
  return {
    page: `${query ? `${query}, ` : 'WITH '}page AS MATERIALIZED (${matches})`,
    order: ['page.relevance DESC', ...sort.map((key) => `page.${key}`)].join(', '),
    parameters,
    count: `${query}SELECT count(*) AS count ${from} ${where}`,
    countParameters,
  };
}

async function countPastLastPage(manager: EntityManager, statement: SearchStatement): Promise<number> {
  const [{ count }] = await manager.query<{ count: string }[]>(statement.count, statement.countParameters);
  return Number(count);
}
