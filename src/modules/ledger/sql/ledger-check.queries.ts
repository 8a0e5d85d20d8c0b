/** Types generated for queries found in "src/modules/ledger/sql/ledger-check.sql" */
import { PreparedQuery } from '../../../platform/database/sql-query';

/** 'LedgerCounts' parameters type */
export type LedgerCountsParams = void;

/** 'LedgerCounts' return type */
export interface LedgerCountsResult {
  entries: number;
  lines: number;
}

/** 'LedgerCounts' query type */
export interface LedgerCountsQuery {
  params: LedgerCountsParams;
  result: LedgerCountsResult;
}

const ledgerCountsIR: any = {"usedParamSet":{},"params":[],"statement":"SELECT (SELECT count(*) FROM journal_entries)::int AS \"entries!\", (SELECT count(*) FROM journal_lines)::int AS \"lines!\""};

/**
 * Query generated from SQL:
 * ```
 * SELECT (SELECT count(*) FROM journal_entries)::int AS "entries!", (SELECT count(*) FROM journal_lines)::int AS "lines!"
 * ```
 */
export const ledgerCounts = new PreparedQuery<LedgerCountsParams,LedgerCountsResult>(ledgerCountsIR);


/** 'UnbalancedEntries' parameters type */
export type UnbalancedEntriesParams = void;

/** 'UnbalancedEntries' return type */
export interface UnbalancedEntriesResult {
  entry_id: string;
  lines: number;
  sum: string;
}

/** 'UnbalancedEntries' query type */
export interface UnbalancedEntriesQuery {
  params: UnbalancedEntriesParams;
  result: UnbalancedEntriesResult;
}

const unbalancedEntriesIR: any = {"usedParamSet":{},"params":[],"statement":"-- Entries whose lines do not sum to zero, or that have fewer than two lines.\nSELECT e.id AS entry_id, coalesce(sum(l.amount), 0)::text AS \"sum!\", count(l.id)::int AS \"lines!\"\n  FROM journal_entries e LEFT JOIN journal_lines l ON l.entry_id = e.id\n GROUP BY e.id\nHAVING coalesce(sum(l.amount), 0) <> 0 OR count(l.id) < 2\n LIMIT 1000"};

/**
 * Query generated from SQL:
 * ```
 * -- Entries whose lines do not sum to zero, or that have fewer than two lines.
 * SELECT e.id AS entry_id, coalesce(sum(l.amount), 0)::text AS "sum!", count(l.id)::int AS "lines!"
 *   FROM journal_entries e LEFT JOIN journal_lines l ON l.entry_id = e.id
 *  GROUP BY e.id
 * HAVING coalesce(sum(l.amount), 0) <> 0 OR count(l.id) < 2
 *  LIMIT 1000
 * ```
 */
export const unbalancedEntries = new PreparedQuery<UnbalancedEntriesParams,UnbalancedEntriesResult>(unbalancedEntriesIR);


/** 'CurrencyMismatches' parameters type */
export type CurrencyMismatchesParams = void;

/** 'CurrencyMismatches' return type */
export interface CurrencyMismatchesResult {
  entry_id: string;
  line_id: string;
}

/** 'CurrencyMismatches' query type */
export interface CurrencyMismatchesQuery {
  params: CurrencyMismatchesParams;
  result: CurrencyMismatchesResult;
}

const currencyMismatchesIR: any = {"usedParamSet":{},"params":[],"statement":"SELECT l.id::text AS \"line_id!\", l.entry_id\n  FROM journal_lines l\n  JOIN ledger_accounts a ON a.id = l.account_id\n  JOIN journal_entries e ON e.id = l.entry_id\n WHERE l.currency <> a.currency OR l.currency <> e.currency\n LIMIT 1000"};

/**
 * Query generated from SQL:
 * ```
 * SELECT l.id::text AS "line_id!", l.entry_id
 *   FROM journal_lines l
 *   JOIN ledger_accounts a ON a.id = l.account_id
 *   JOIN journal_entries e ON e.id = l.entry_id
 *  WHERE l.currency <> a.currency OR l.currency <> e.currency
 *  LIMIT 1000
 * ```
 */
export const currencyMismatches = new PreparedQuery<CurrencyMismatchesParams,CurrencyMismatchesResult>(currencyMismatchesIR);


/** 'TrialBalance' parameters type */
export type TrialBalanceParams = void;

/** 'TrialBalance' return type */
export interface TrialBalanceResult {
  currency: string;
  sum: string;
}

/** 'TrialBalance' query type */
export interface TrialBalanceQuery {
  params: TrialBalanceParams;
  result: TrialBalanceResult;
}

const trialBalanceIR: any = {"usedParamSet":{},"params":[],"statement":"SELECT currency, sum(amount)::text AS \"sum!\" FROM journal_lines GROUP BY currency ORDER BY currency"};

/**
 * Query generated from SQL:
 * ```
 * SELECT currency, sum(amount)::text AS "sum!" FROM journal_lines GROUP BY currency ORDER BY currency
 * ```
 */
export const trialBalance = new PreparedQuery<TrialBalanceParams,TrialBalanceResult>(trialBalanceIR);


/** 'AccountBalances' parameters type */
export type AccountBalancesParams = void;

/** 'AccountBalances' return type */
export interface AccountBalancesResult {
  balance: string;
  code: string;
  currency: string;
  type: string;
}

/** 'AccountBalances' query type */
export interface AccountBalancesQuery {
  params: AccountBalancesParams;
  result: AccountBalancesResult;
}

const accountBalancesIR: any = {"usedParamSet":{},"params":[],"statement":"SELECT a.code, a.type, a.currency, coalesce(sum(l.amount), 0)::text AS \"balance!\"\n  FROM ledger_accounts a LEFT JOIN journal_lines l ON l.account_id = a.id\n GROUP BY a.id ORDER BY a.code"};

/**
 * Query generated from SQL:
 * ```
 * SELECT a.code, a.type, a.currency, coalesce(sum(l.amount), 0)::text AS "balance!"
 *   FROM ledger_accounts a LEFT JOIN journal_lines l ON l.account_id = a.id
 *  GROUP BY a.id ORDER BY a.code
 * ```
 */
export const accountBalances = new PreparedQuery<AccountBalancesParams,AccountBalancesResult>(accountBalancesIR);


