/** Types generated for queries found in "src/modules/ledger/sql/journal.sql" */
import { PreparedQuery } from '../../../platform/database/sql-query';

export type DateOrString = Date | string;

export type NumberOrString = number | string;

export type NumberOrStringArray = (NumberOrString)[];

export type stringArray = (string)[];

/** 'Entry' parameters type */
export interface EntryParams {
  entryId: string;
}

/** 'Entry' return type */
export interface EntryResult {
  currency: string;
  id: string;
  reference_id: string;
  reference_type: string;
}

/** 'Entry' query type */
export interface EntryQuery {
  params: EntryParams;
  result: EntryResult;
}

const entryIR: any = {"usedParamSet":{"entryId":true},"params":[{"name":"entryId","required":true,"transform":{"type":"scalar"},"locs":[{"a":82,"b":90}]}],"statement":"SELECT id, reference_type, reference_id, currency FROM journal_entries WHERE id = :entryId!"};

/**
 * Query generated from SQL:
 * ```
 * SELECT id, reference_type, reference_id, currency FROM journal_entries WHERE id = :entryId!
 * ```
 */
export const entry = new PreparedQuery<EntryParams,EntryResult>(entryIR);


/** 'EntryLines' parameters type */
export interface EntryLinesParams {
  entryId: string;
}

/** 'EntryLines' return type */
export interface EntryLinesResult {
  account_id: string;
  amount: string;
}

/** 'EntryLines' query type */
export interface EntryLinesQuery {
  params: EntryLinesParams;
  result: EntryLinesResult;
}

const entryLinesIR: any = {"usedParamSet":{"entryId":true},"params":[{"name":"entryId","required":true,"transform":{"type":"scalar"},"locs":[{"a":62,"b":70}]}],"statement":"SELECT account_id, amount FROM journal_lines WHERE entry_id = :entryId! ORDER BY id"};

/**
 * Query generated from SQL:
 * ```
 * SELECT account_id, amount FROM journal_lines WHERE entry_id = :entryId! ORDER BY id
 * ```
 */
export const entryLines = new PreparedQuery<EntryLinesParams,EntryLinesResult>(entryLinesIR);


/** 'InsertEntry' parameters type */
export interface InsertEntryParams {
  currency: string;
  id: string;
  kind: string;
  memo?: string | null | void;
  referenceId: string;
  referenceType: string;
  reversesEntryId: string;
}

/** 'InsertEntry' return type */
export type InsertEntryResult = void;

/** 'InsertEntry' query type */
export interface InsertEntryQuery {
  params: InsertEntryParams;
  result: InsertEntryResult;
}

const insertEntryIR: any = {"usedParamSet":{"id":true,"kind":true,"referenceType":true,"referenceId":true,"currency":true,"reversesEntryId":true,"memo":true},"params":[{"name":"id","required":true,"transform":{"type":"scalar"},"locs":[{"a":112,"b":115}]},{"name":"kind","required":true,"transform":{"type":"scalar"},"locs":[{"a":118,"b":123}]},{"name":"referenceType","required":true,"transform":{"type":"scalar"},"locs":[{"a":126,"b":140}]},{"name":"referenceId","required":true,"transform":{"type":"scalar"},"locs":[{"a":143,"b":155}]},{"name":"currency","required":true,"transform":{"type":"scalar"},"locs":[{"a":158,"b":167}]},{"name":"reversesEntryId","required":true,"transform":{"type":"scalar"},"locs":[{"a":170,"b":186}]},{"name":"memo","required":false,"transform":{"type":"scalar"},"locs":[{"a":189,"b":193}]}],"statement":"INSERT INTO journal_entries (id, kind, reference_type, reference_id, currency, reverses_entry_id, memo)\nVALUES (:id!, :kind!, :referenceType!, :referenceId!, :currency!, :reversesEntryId!, :memo)"};

/**
 * Query generated from SQL:
 * ```
 * INSERT INTO journal_entries (id, kind, reference_type, reference_id, currency, reverses_entry_id, memo)
 * VALUES (:id!, :kind!, :referenceType!, :referenceId!, :currency!, :reversesEntryId!, :memo)
 * ```
 */
export const insertEntry = new PreparedQuery<InsertEntryParams,InsertEntryResult>(insertEntryIR);


/** 'Balance' parameters type */
export interface BalanceParams {
  code: string;
}

/** 'Balance' return type */
export interface BalanceResult {
  balance: string;
}

/** 'Balance' query type */
export interface BalanceQuery {
  params: BalanceParams;
  result: BalanceResult;
}

const balanceIR: any = {"usedParamSet":{"code":true},"params":[{"name":"code","required":true,"transform":{"type":"scalar"},"locs":[{"a":144,"b":149}]}],"statement":"SELECT coalesce(sum(l.amount), 0)::text AS \"balance!\"\n  FROM ledger_accounts a LEFT JOIN journal_lines l ON l.account_id = a.id\n WHERE a.code = :code!"};

/**
 * Query generated from SQL:
 * ```
 * SELECT coalesce(sum(l.amount), 0)::text AS "balance!"
 *   FROM ledger_accounts a LEFT JOIN journal_lines l ON l.account_id = a.id
 *  WHERE a.code = :code!
 * ```
 */
export const balance = new PreparedQuery<BalanceParams,BalanceResult>(balanceIR);


/** 'MovementSince' parameters type */
export interface MovementSinceParams {
  code: string;
  since: DateOrString;
}

/** 'MovementSince' return type */
export interface MovementSinceResult {
  movement: string;
}

/** 'MovementSince' query type */
export interface MovementSinceQuery {
  params: MovementSinceParams;
  result: MovementSinceResult;
}

const movementSinceIR: any = {"usedParamSet":{"code":true,"since":true},"params":[{"name":"code","required":true,"transform":{"type":"scalar"},"locs":[{"a":188,"b":193}]},{"name":"since","required":true,"transform":{"type":"scalar"},"locs":[{"a":215,"b":221}]}],"statement":"SELECT coalesce(sum(l.amount), 0)::text AS \"movement!\"\n  FROM ledger_accounts a\n  JOIN journal_lines l ON l.account_id = a.id\n  JOIN journal_entries e ON e.id = l.entry_id\n WHERE a.code = :code! AND e.created_at >= :since!"};

/**
 * Query generated from SQL:
 * ```
 * SELECT coalesce(sum(l.amount), 0)::text AS "movement!"
 *   FROM ledger_accounts a
 *   JOIN journal_lines l ON l.account_id = a.id
 *   JOIN journal_entries e ON e.id = l.entry_id
 *  WHERE a.code = :code! AND e.created_at >= :since!
 * ```
 */
export const movementSince = new PreparedQuery<MovementSinceParams,MovementSinceResult>(movementSinceIR);


/** 'PostEntry' parameters type */
export interface PostEntryParams {
  accountIds: stringArray;
  amounts: NumberOrStringArray;
  currency: string;
  id: string;
  kind: string;
  memo?: string | null | void;
  referenceId: string;
  referenceType: string;
  reversesEntryId?: string | null | void;
}

/** 'PostEntry' return type */
export type PostEntryResult = void;

/** 'PostEntry' query type */
export interface PostEntryQuery {
  params: PostEntryParams;
  result: PostEntryResult;
}

const postEntryIR: any = {"usedParamSet":{"id":true,"kind":true,"referenceType":true,"referenceId":true,"currency":true,"reversesEntryId":true,"memo":true,"accountIds":true,"amounts":true},"params":[{"name":"id","required":true,"transform":{"type":"scalar"},"locs":[{"a":225,"b":228}]},{"name":"kind","required":true,"transform":{"type":"scalar"},"locs":[{"a":231,"b":236}]},{"name":"referenceType","required":true,"transform":{"type":"scalar"},"locs":[{"a":239,"b":253}]},{"name":"referenceId","required":true,"transform":{"type":"scalar"},"locs":[{"a":256,"b":268}]},{"name":"currency","required":true,"transform":{"type":"scalar"},"locs":[{"a":271,"b":280},{"a":437,"b":446}]},{"name":"reversesEntryId","required":false,"transform":{"type":"scalar"},"locs":[{"a":283,"b":298}]},{"name":"memo","required":false,"transform":{"type":"scalar"},"locs":[{"a":301,"b":305}]},{"name":"accountIds","required":true,"transform":{"type":"scalar"},"locs":[{"a":469,"b":480}]},{"name":"amounts","required":true,"transform":{"type":"scalar"},"locs":[{"a":491,"b":499}]}],"statement":"-- The entry and its lines in one statement: one round trip inside the caller's transaction.\nWITH entry AS (\n  INSERT INTO journal_entries (id, kind, reference_type, reference_id, currency, reverses_entry_id, memo)\n  VALUES (:id!, :kind!, :referenceType!, :referenceId!, :currency!, :reversesEntryId, :memo) RETURNING id\n)\nINSERT INTO journal_lines (entry_id, account_id, amount, currency)\nSELECT entry.id, line.account_id, line.amount, :currency!\n  FROM entry, unnest(:accountIds!::uuid[], :amounts!::bigint[]) AS line(account_id, amount)"};

/**
 * Query generated from SQL:
 * ```
 * -- The entry and its lines in one statement: one round trip inside the caller's transaction.
 * WITH entry AS (
 *   INSERT INTO journal_entries (id, kind, reference_type, reference_id, currency, reverses_entry_id, memo)
 *   VALUES (:id!, :kind!, :referenceType!, :referenceId!, :currency!, :reversesEntryId, :memo) RETURNING id
 * )
 * INSERT INTO journal_lines (entry_id, account_id, amount, currency)
 * SELECT entry.id, line.account_id, line.amount, :currency!
 *   FROM entry, unnest(:accountIds!::uuid[], :amounts!::bigint[]) AS line(account_id, amount)
 * ```
 */
export const postEntry = new PreparedQuery<PostEntryParams,PostEntryResult>(postEntryIR);


/** 'InsertLines' parameters type */
export interface InsertLinesParams {
  accountIds: stringArray;
  amounts: NumberOrStringArray;
  currency: string;
  entryId: string;
}

/** 'InsertLines' return type */
export type InsertLinesResult = void;

/** 'InsertLines' query type */
export interface InsertLinesQuery {
  params: InsertLinesParams;
  result: InsertLinesResult;
}

const insertLinesIR: any = {"usedParamSet":{"entryId":true,"currency":true,"accountIds":true,"amounts":true},"params":[{"name":"entryId","required":true,"transform":{"type":"scalar"},"locs":[{"a":74,"b":82}]},{"name":"currency","required":true,"transform":{"type":"scalar"},"locs":[{"a":105,"b":114}]},{"name":"accountIds","required":true,"transform":{"type":"scalar"},"locs":[{"a":130,"b":141}]},{"name":"amounts","required":true,"transform":{"type":"scalar"},"locs":[{"a":152,"b":160}]}],"statement":"INSERT INTO journal_lines (entry_id, account_id, amount, currency)\nSELECT :entryId!, account_id, amount, :currency!\n  FROM unnest(:accountIds!::uuid[], :amounts!::bigint[]) AS line(account_id, amount)"};

/**
 * Query generated from SQL:
 * ```
 * INSERT INTO journal_lines (entry_id, account_id, amount, currency)
 * SELECT :entryId!, account_id, amount, :currency!
 *   FROM unnest(:accountIds!::uuid[], :amounts!::bigint[]) AS line(account_id, amount)
 * ```
 */
export const insertLines = new PreparedQuery<InsertLinesParams,InsertLinesResult>(insertLinesIR);


/** 'OpenAccount' parameters type */
export interface OpenAccountParams {
  code: string;
  currency: string;
  id: string;
  type: string;
}

/** 'OpenAccount' return type */
export type OpenAccountResult = void;

/** 'OpenAccount' query type */
export interface OpenAccountQuery {
  params: OpenAccountParams;
  result: OpenAccountResult;
}

const openAccountIR: any = {"usedParamSet":{"id":true,"code":true,"type":true,"currency":true},"params":[{"name":"id","required":true,"transform":{"type":"scalar"},"locs":[{"a":63,"b":66}]},{"name":"code","required":true,"transform":{"type":"scalar"},"locs":[{"a":69,"b":74}]},{"name":"type","required":true,"transform":{"type":"scalar"},"locs":[{"a":77,"b":82}]},{"name":"currency","required":true,"transform":{"type":"scalar"},"locs":[{"a":85,"b":94}]}],"statement":"INSERT INTO ledger_accounts (id, code, type, currency) VALUES (:id!, :code!, :type!, :currency!)\n    ON CONFLICT (code) DO NOTHING"};

/**
 * Query generated from SQL:
 * ```
 * INSERT INTO ledger_accounts (id, code, type, currency) VALUES (:id!, :code!, :type!, :currency!)
 *     ON CONFLICT (code) DO NOTHING
 * ```
 */
export const openAccount = new PreparedQuery<OpenAccountParams,OpenAccountResult>(openAccountIR);


/** 'Account' parameters type */
export interface AccountParams {
  code: string;
}

/** 'Account' return type */
export interface AccountResult {
  currency: string;
  id: string;
  type: string;
}

/** 'Account' query type */
export interface AccountQuery {
  params: AccountParams;
  result: AccountResult;
}

const accountIR: any = {"usedParamSet":{"code":true},"params":[{"name":"code","required":true,"transform":{"type":"scalar"},"locs":[{"a":60,"b":65}]}],"statement":"SELECT id, type, currency FROM ledger_accounts WHERE code = :code!"};

/**
 * Query generated from SQL:
 * ```
 * SELECT id, type, currency FROM ledger_accounts WHERE code = :code!
 * ```
 */
export const account = new PreparedQuery<AccountParams,AccountResult>(accountIR);


