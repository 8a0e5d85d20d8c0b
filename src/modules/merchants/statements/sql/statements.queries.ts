/** Types generated for queries found in "src/modules/merchants/statements/sql/statements.sql" */
import { PreparedQuery } from '../../../../platform/database/sql-query';

export type DateOrString = Date | string;

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

export type NumberOrString = number | string;

/** 'StatementMerchantsWithActivity' parameters type */
export interface StatementMerchantsWithActivityParams {
  from: DateOrString;
  to: DateOrString;
}

/** 'StatementMerchantsWithActivity' return type */
export interface StatementMerchantsWithActivityResult {
  livemode: boolean;
  merchant_id: string;
}

/** 'StatementMerchantsWithActivity' query type */
export interface StatementMerchantsWithActivityQuery {
  params: StatementMerchantsWithActivityParams;
  result: StatementMerchantsWithActivityResult;
}

const statementMerchantsWithActivityIR: any = {"usedParamSet":{"from":true,"to":true},"params":[{"name":"from","required":true,"transform":{"type":"scalar"},"locs":[{"a":589,"b":594}]},{"name":"to","required":true,"transform":{"type":"scalar"},"locs":[{"a":615,"b":618}]}],"statement":"-- Each merchant and mode whose ledger accounts have a journal line in [:from, :to): the statement job's fan-out.\n-- From the merchant accounts (codes `merchant:{id}:{live|test}:...`) to their lines (journal_lines_account_idx).\nSELECT DISTINCT split_part(a.code, ':', 2)::uuid AS \"merchant_id!\", split_part(a.code, ':', 3) = 'live' AS \"livemode!\"\n  FROM ledger_accounts a\n WHERE a.code LIKE 'merchant:%'\n   AND EXISTS (SELECT 1\n                 FROM journal_lines l\n                 JOIN journal_entries e ON e.id = l.entry_id\n                WHERE l.account_id = a.id AND e.created_at >= :from! AND e.created_at < :to!)\n ORDER BY 1, 2"};

/**
 * Query generated from SQL:
 * ```
 * -- Each merchant and mode whose ledger accounts have a journal line in [:from, :to): the statement job's fan-out.
 * -- From the merchant accounts (codes `merchant:{id}:{live|test}:...`) to their lines (journal_lines_account_idx).
 * SELECT DISTINCT split_part(a.code, ':', 2)::uuid AS "merchant_id!", split_part(a.code, ':', 3) = 'live' AS "livemode!"
 *   FROM ledger_accounts a
 *  WHERE a.code LIKE 'merchant:%'
 *    AND EXISTS (SELECT 1
 *                  FROM journal_lines l
 *                  JOIN journal_entries e ON e.id = l.entry_id
 *                 WHERE l.account_id = a.id AND e.created_at >= :from! AND e.created_at < :to!)
 *  ORDER BY 1, 2
 * ```
 */
export const statementMerchantsWithActivity = new PreparedQuery<StatementMerchantsWithActivityParams,StatementMerchantsWithActivityResult>(statementMerchantsWithActivityIR);


/** 'StatementFigures' parameters type */
export interface StatementFiguresParams {
  from: DateOrString;
  prefix: string;
  to: DateOrString;
}

/** 'StatementFigures' return type */
export interface StatementFiguresResult {
  captured_net: string;
  closing: string;
  currency: string;
  gross: string;
  opening: string;
  refunds: string;
  reserve_held: string;
  reserve_released: string;
  window_entries: number;
}

/** 'StatementFigures' query type */
export interface StatementFiguresQuery {
  params: StatementFiguresParams;
  result: StatementFiguresResult;
}

const statementFiguresIR: any = {"usedParamSet":{"prefix":true,"from":true,"to":true},"params":[{"name":"prefix","required":true,"transform":{"type":"scalar"},"locs":[{"a":547,"b":554}]},{"name":"from","required":true,"transform":{"type":"scalar"},"locs":[{"a":651,"b":656}]},{"name":"to","required":true,"transform":{"type":"scalar"},"locs":[{"a":832,"b":835}]}],"statement":"-- One merchant and mode's figures per currency for [:from, :to), from the lines of its balance accounts\n-- (`:prefix` is `merchant:{id}:{live|test}:`). Amounts are as the merchant sees them (a credit to the merchant\n-- positive). The balance is pending + available; the reserve is held apart. `gross` is what the payers paid for\n-- the captures of the window: the debit side of each capture entry that credits the merchant.\nWITH accounts AS (\n  SELECT id, split_part(code, ':', 4) AS balance, currency\n    FROM ledger_accounts\n   WHERE code LIKE :prefix! || '%'\n), lines AS (\n  SELECT a.currency, a.balance, e.id AS entry_id, e.kind, e.created_at >= :from! AS in_window, -l.amount AS credit\n    FROM accounts a\n    JOIN journal_lines l ON l.account_id = a.id\n    JOIN journal_entries e ON e.id = l.entry_id\n   WHERE e.created_at < :to!\n), captures AS (\n  SELECT DISTINCT currency, entry_id FROM lines WHERE in_window AND kind = 'MERCHANT_PAYMENT_CAPTURE'\n), gross AS (\n  SELECT c.currency, coalesce(sum(l.amount) FILTER (WHERE l.amount > 0), 0) AS amount\n    FROM captures c JOIN journal_lines l ON l.entry_id = c.entry_id\n   GROUP BY c.currency\n)\nSELECT f.currency AS \"currency!\",\n       f.window_entries::int AS \"window_entries!\",\n       f.opening::text AS \"opening!\",\n       f.closing::text AS \"closing!\",\n       f.captured_net::text AS \"captured_net!\",\n       f.reserve_held::text AS \"reserve_held!\",\n       f.refunds::text AS \"refunds!\",\n       f.reserve_released::text AS \"reserve_released!\",\n       coalesce(g.amount, 0)::text AS \"gross!\"\n  FROM (SELECT currency,\n               count(DISTINCT entry_id) FILTER (WHERE in_window) AS window_entries,\n               coalesce(sum(credit) FILTER (WHERE NOT in_window AND balance <> 'reserve'), 0) AS opening,\n               coalesce(sum(credit) FILTER (WHERE balance <> 'reserve'), 0) AS closing,\n               coalesce(sum(credit) FILTER (WHERE in_window AND kind = 'MERCHANT_PAYMENT_CAPTURE' AND balance <> 'reserve'), 0)\n                 AS captured_net,\n               coalesce(sum(credit) FILTER (WHERE in_window AND kind = 'MERCHANT_PAYMENT_CAPTURE' AND balance = 'reserve'), 0)\n                 AS reserve_held,\n               coalesce(-sum(credit) FILTER (WHERE in_window AND kind = 'MERCHANT_PAYMENT_REFUND'), 0) AS refunds,\n               coalesce(-sum(credit) FILTER (WHERE in_window AND kind = 'MERCHANT_RESERVE_RELEASE' AND balance = 'reserve'), 0)\n                 AS reserve_released\n          FROM lines\n         GROUP BY currency) f\n  LEFT JOIN gross g ON g.currency = f.currency\n ORDER BY f.currency"};

/**
 * Query generated from SQL:
 * ```
 * -- One merchant and mode's figures per currency for [:from, :to), from the lines of its balance accounts
 * -- (`:prefix` is `merchant:{id}:{live|test}:`). Amounts are as the merchant sees them (a credit to the merchant
 * -- positive). The balance is pending + available; the reserve is held apart. `gross` is what the payers paid for
 * -- the captures of the window: the debit side of each capture entry that credits the merchant.
 * WITH accounts AS (
 *   SELECT id, split_part(code, ':', 4) AS balance, currency
 *     FROM ledger_accounts
 *    WHERE code LIKE :prefix! || '%'
 * ), lines AS (
 *   SELECT a.currency, a.balance, e.id AS entry_id, e.kind, e.created_at >= :from! AS in_window, -l.amount AS credit
 *     FROM accounts a
 *     JOIN journal_lines l ON l.account_id = a.id
 *     JOIN journal_entries e ON e.id = l.entry_id
 *    WHERE e.created_at < :to!
 * ), captures AS (
 *   SELECT DISTINCT currency, entry_id FROM lines WHERE in_window AND kind = 'MERCHANT_PAYMENT_CAPTURE'
 * ), gross AS (
 *   SELECT c.currency, coalesce(sum(l.amount) FILTER (WHERE l.amount > 0), 0) AS amount
 *     FROM captures c JOIN journal_lines l ON l.entry_id = c.entry_id
 *    GROUP BY c.currency
 * )
 * SELECT f.currency AS "currency!",
 *        f.window_entries::int AS "window_entries!",
 *        f.opening::text AS "opening!",
 *        f.closing::text AS "closing!",
 *        f.captured_net::text AS "captured_net!",
 *        f.reserve_held::text AS "reserve_held!",
 *        f.refunds::text AS "refunds!",
 *        f.reserve_released::text AS "reserve_released!",
 *        coalesce(g.amount, 0)::text AS "gross!"
 *   FROM (SELECT currency,
 *                count(DISTINCT entry_id) FILTER (WHERE in_window) AS window_entries,
 *                coalesce(sum(credit) FILTER (WHERE NOT in_window AND balance <> 'reserve'), 0) AS opening,
 *                coalesce(sum(credit) FILTER (WHERE balance <> 'reserve'), 0) AS closing,
 *                coalesce(sum(credit) FILTER (WHERE in_window AND kind = 'MERCHANT_PAYMENT_CAPTURE' AND balance <> 'reserve'), 0)
 *                  AS captured_net,
 *                coalesce(sum(credit) FILTER (WHERE in_window AND kind = 'MERCHANT_PAYMENT_CAPTURE' AND balance = 'reserve'), 0)
 *                  AS reserve_held,
 *                coalesce(-sum(credit) FILTER (WHERE in_window AND kind = 'MERCHANT_PAYMENT_REFUND'), 0) AS refunds,
 *                coalesce(-sum(credit) FILTER (WHERE in_window AND kind = 'MERCHANT_RESERVE_RELEASE' AND balance = 'reserve'), 0)
 *                  AS reserve_released
 *           FROM lines
 *          GROUP BY currency) f
 *   LEFT JOIN gross g ON g.currency = f.currency
 *  ORDER BY f.currency
 * ```
 */
export const statementFigures = new PreparedQuery<StatementFiguresParams,StatementFiguresResult>(statementFiguresIR);


/** 'InsertPendingStatement' parameters type */
export interface InsertPendingStatementParams {
  currency: string;
  id: string;
  livemode: boolean;
  merchantId: string;
  period: string;
  periodEnd: DateOrString;
  periodStart: DateOrString;
}

/** 'InsertPendingStatement' return type */
export type InsertPendingStatementResult = void;

/** 'InsertPendingStatement' query type */
export interface InsertPendingStatementQuery {
  params: InsertPendingStatementParams;
  result: InsertPendingStatementResult;
}

const insertPendingStatementIR: any = {"usedParamSet":{"id":true,"merchantId":true,"livemode":true,"period":true,"currency":true,"periodStart":true,"periodEnd":true},"params":[{"name":"id","required":true,"transform":{"type":"scalar"},"locs":[{"a":225,"b":228}]},{"name":"merchantId","required":true,"transform":{"type":"scalar"},"locs":[{"a":231,"b":242}]},{"name":"livemode","required":true,"transform":{"type":"scalar"},"locs":[{"a":245,"b":254}]},{"name":"period","required":true,"transform":{"type":"scalar"},"locs":[{"a":257,"b":264}]},{"name":"currency","required":true,"transform":{"type":"scalar"},"locs":[{"a":267,"b":276}]},{"name":"periodStart","required":true,"transform":{"type":"scalar"},"locs":[{"a":279,"b":291}]},{"name":"periodEnd","required":true,"transform":{"type":"scalar"},"locs":[{"a":294,"b":304}]}],"statement":"-- The month's row, once: a second worker's insert waits for the first's transaction, then does nothing.\nINSERT INTO merchant_statements (id, merchant_id, livemode, period, currency, period_start, period_end, status)\nVALUES (:id!, :merchantId!, :livemode!, :period!, :currency!, :periodStart!, :periodEnd!, 'PENDING')\n    ON CONFLICT (merchant_id, livemode, period, currency) DO NOTHING"};

/**
 * Query generated from SQL:
 * ```
 * -- The month's row, once: a second worker's insert waits for the first's transaction, then does nothing.
 * INSERT INTO merchant_statements (id, merchant_id, livemode, period, currency, period_start, period_end, status)
 * VALUES (:id!, :merchantId!, :livemode!, :period!, :currency!, :periodStart!, :periodEnd!, 'PENDING')
 *     ON CONFLICT (merchant_id, livemode, period, currency) DO NOTHING
 * ```
 */
export const insertPendingStatement = new PreparedQuery<InsertPendingStatementParams,InsertPendingStatementResult>(insertPendingStatementIR);


/** 'LockStatementOfPeriod' parameters type */
export interface LockStatementOfPeriodParams {
  currency: string;
  livemode: boolean;
  merchantId: string;
  period: string;
}

/** 'LockStatementOfPeriod' return type */
export interface LockStatementOfPeriodResult {
  id: string;
  status: string;
}

/** 'LockStatementOfPeriod' query type */
export interface LockStatementOfPeriodQuery {
  params: LockStatementOfPeriodParams;
  result: LockStatementOfPeriodResult;
}

const lockStatementOfPeriodIR: any = {"usedParamSet":{"merchantId":true,"livemode":true,"period":true,"currency":true},"params":[{"name":"merchantId","required":true,"transform":{"type":"scalar"},"locs":[{"a":66,"b":77}]},{"name":"livemode","required":true,"transform":{"type":"scalar"},"locs":[{"a":94,"b":103}]},{"name":"period","required":true,"transform":{"type":"scalar"},"locs":[{"a":118,"b":125}]},{"name":"currency","required":true,"transform":{"type":"scalar"},"locs":[{"a":142,"b":151}]}],"statement":"SELECT id, status\n  FROM merchant_statements\n WHERE merchant_id = :merchantId! AND livemode = :livemode! AND period = :period! AND currency = :currency!\n   FOR UPDATE"};

/**
 * Query generated from SQL:
 * ```
 * SELECT id, status
 *   FROM merchant_statements
 *  WHERE merchant_id = :merchantId! AND livemode = :livemode! AND period = :period! AND currency = :currency!
 *    FOR UPDATE
 * ```
 */
export const lockStatementOfPeriod = new PreparedQuery<LockStatementOfPeriodParams,LockStatementOfPeriodResult>(lockStatementOfPeriodIR);


/** 'CompleteStatement' parameters type */
export interface CompleteStatementParams {
  closingBalance: NumberOrString;
  failureReason?: string | null | void;
  fees: NumberOrString;
  files: Json;
  generatedAt: DateOrString;
  grossVolume: NumberOrString;
  id: string;
  openingBalance: NumberOrString;
  payouts: NumberOrString;
  refunds: NumberOrString;
  reserveHeld: NumberOrString;
  reserveReleased: NumberOrString;
  status: string;
}

/** 'CompleteStatement' return type */
export type CompleteStatementResult = void;

/** 'CompleteStatement' query type */
export interface CompleteStatementQuery {
  params: CompleteStatementParams;
  result: CompleteStatementResult;
}

const completeStatementIR: any = {"usedParamSet":{"status":true,"openingBalance":true,"grossVolume":true,"fees":true,"refunds":true,"reserveHeld":true,"reserveReleased":true,"payouts":true,"closingBalance":true,"failureReason":true,"files":true,"generatedAt":true,"id":true},"params":[{"name":"status","required":true,"transform":{"type":"scalar"},"locs":[{"a":43,"b":50}]},{"name":"openingBalance","required":true,"transform":{"type":"scalar"},"locs":[{"a":71,"b":86}]},{"name":"grossVolume","required":true,"transform":{"type":"scalar"},"locs":[{"a":104,"b":116}]},{"name":"fees","required":true,"transform":{"type":"scalar"},"locs":[{"a":126,"b":131}]},{"name":"refunds","required":true,"transform":{"type":"scalar"},"locs":[{"a":151,"b":159}]},{"name":"reserveHeld","required":true,"transform":{"type":"scalar"},"locs":[{"a":177,"b":189}]},{"name":"reserveReleased","required":true,"transform":{"type":"scalar"},"locs":[{"a":211,"b":227}]},{"name":"payouts","required":true,"transform":{"type":"scalar"},"locs":[{"a":240,"b":248}]},{"name":"closingBalance","required":true,"transform":{"type":"scalar"},"locs":[{"a":276,"b":291}]},{"name":"failureReason","required":false,"transform":{"type":"scalar"},"locs":[{"a":311,"b":324}]},{"name":"files","required":true,"transform":{"type":"scalar"},"locs":[{"a":335,"b":341}]},{"name":"generatedAt","required":true,"transform":{"type":"scalar"},"locs":[{"a":373,"b":385}]},{"name":"id","required":true,"transform":{"type":"scalar"},"locs":[{"a":399,"b":402}]}],"statement":"UPDATE merchant_statements\n   SET status = :status!, opening_balance = :openingBalance!, gross_volume = :grossVolume!, fees = :fees!,\n       refunds = :refunds!, reserve_held = :reserveHeld!, reserve_released = :reserveReleased!, payouts = :payouts!,\n       closing_balance = :closingBalance!, failure_reason = :failureReason, files = :files!::jsonb,\n       generated_at = :generatedAt!\n WHERE id = :id! AND status = 'PENDING'"};

/**
 * Query generated from SQL:
 * ```
 * UPDATE merchant_statements
 *    SET status = :status!, opening_balance = :openingBalance!, gross_volume = :grossVolume!, fees = :fees!,
 *        refunds = :refunds!, reserve_held = :reserveHeld!, reserve_released = :reserveReleased!, payouts = :payouts!,
 *        closing_balance = :closingBalance!, failure_reason = :failureReason, files = :files!::jsonb,
 *        generated_at = :generatedAt!
 *  WHERE id = :id! AND status = 'PENDING'
 * ```
 */
export const completeStatement = new PreparedQuery<CompleteStatementParams,CompleteStatementResult>(completeStatementIR);


/** 'StatementPage' parameters type */
export interface StatementPageParams {
  limit: NumberOrString;
  livemode: boolean;
  merchantId: string;
  offset: NumberOrString;
}

/** 'StatementPage' return type */
export interface StatementPageResult {
  closing_balance: string | null;
  currency: string;
  failure_reason: string | null;
  fees: string | null;
  files: Json;
  generated_at: Date | null;
  gross_volume: string | null;
  id: string;
  livemode: boolean;
  opening_balance: string | null;
  payouts: string | null;
  period: string;
  period_end: Date;
  period_start: Date;
  refunds: string | null;
  reserve_held: string | null;
  reserve_released: string | null;
  status: string;
  total: number;
}

/** 'StatementPage' query type */
export interface StatementPageQuery {
  params: StatementPageParams;
  result: StatementPageResult;
}

const statementPageIR: any = {"usedParamSet":{"merchantId":true,"livemode":true,"limit":true,"offset":true},"params":[{"name":"merchantId","required":true,"transform":{"type":"scalar"},"locs":[{"a":417,"b":428}]},{"name":"livemode","required":true,"transform":{"type":"scalar"},"locs":[{"a":445,"b":454}]},{"name":"limit","required":true,"transform":{"type":"scalar"},"locs":[{"a":499,"b":505}]},{"name":"offset","required":true,"transform":{"type":"scalar"},"locs":[{"a":514,"b":521}]}],"statement":"-- One page of a merchant's statements in one mode, the newest month first (merchant_statements_list_idx).\nSELECT id, period, currency, period_start, period_end, status, opening_balance, gross_volume, fees, refunds,\n       reserve_held, reserve_released, payouts, closing_balance, failure_reason, files, generated_at, livemode,\n       count(*) OVER ()::int AS \"total!\"\n  FROM merchant_statements\n WHERE merchant_id = :merchantId! AND livemode = :livemode!\n ORDER BY period DESC, currency, id\n LIMIT :limit! OFFSET :offset!"};

/**
 * Query generated from SQL:
 * ```
 * -- One page of a merchant's statements in one mode, the newest month first (merchant_statements_list_idx).
 * SELECT id, period, currency, period_start, period_end, status, opening_balance, gross_volume, fees, refunds,
 *        reserve_held, reserve_released, payouts, closing_balance, failure_reason, files, generated_at, livemode,
 *        count(*) OVER ()::int AS "total!"
 *   FROM merchant_statements
 *  WHERE merchant_id = :merchantId! AND livemode = :livemode!
 *  ORDER BY period DESC, currency, id
 *  LIMIT :limit! OFFSET :offset!
 * ```
 */
export const statementPage = new PreparedQuery<StatementPageParams,StatementPageResult>(statementPageIR);


/** 'StatementCount' parameters type */
export interface StatementCountParams {
  livemode: boolean;
  merchantId: string;
}

/** 'StatementCount' return type */
export interface StatementCountResult {
  total: number;
}

/** 'StatementCount' query type */
export interface StatementCountQuery {
  params: StatementCountParams;
  result: StatementCountResult;
}

const statementCountIR: any = {"usedParamSet":{"merchantId":true,"livemode":true},"params":[{"name":"merchantId","required":true,"transform":{"type":"scalar"},"locs":[{"a":78,"b":89}]},{"name":"livemode","required":true,"transform":{"type":"scalar"},"locs":[{"a":106,"b":115}]}],"statement":"SELECT count(*)::int AS \"total!\" FROM merchant_statements WHERE merchant_id = :merchantId! AND livemode = :livemode!"};

/**
 * Query generated from SQL:
 * ```
 * SELECT count(*)::int AS "total!" FROM merchant_statements WHERE merchant_id = :merchantId! AND livemode = :livemode!
 * ```
 */
export const statementCount = new PreparedQuery<StatementCountParams,StatementCountResult>(statementCountIR);


/** 'StatementOfMerchant' parameters type */
export interface StatementOfMerchantParams {
  id: string;
  livemode: boolean;
  merchantId: string;
}

/** 'StatementOfMerchant' return type */
export interface StatementOfMerchantResult {
  closing_balance: string | null;
  currency: string;
  failure_reason: string | null;
  fees: string | null;
  files: Json;
  generated_at: Date | null;
  gross_volume: string | null;
  id: string;
  livemode: boolean;
  opening_balance: string | null;
  payouts: string | null;
  period: string;
  period_end: Date;
  period_start: Date;
  refunds: string | null;
  reserve_held: string | null;
  reserve_released: string | null;
  status: string;
}

/** 'StatementOfMerchant' query type */
export interface StatementOfMerchantQuery {
  params: StatementOfMerchantParams;
  result: StatementOfMerchantResult;
}

const statementOfMerchantIR: any = {"usedParamSet":{"id":true,"merchantId":true,"livemode":true},"params":[{"name":"id","required":true,"transform":{"type":"scalar"},"locs":[{"a":343,"b":346}]},{"name":"merchantId","required":true,"transform":{"type":"scalar"},"locs":[{"a":366,"b":377}]},{"name":"livemode","required":true,"transform":{"type":"scalar"},"locs":[{"a":394,"b":403}]}],"statement":"-- A statement by id, only within its merchant and mode: another's reads as absent.\nSELECT id, period, currency, period_start, period_end, status, opening_balance, gross_volume, fees, refunds,\n       reserve_held, reserve_released, payouts, closing_balance, failure_reason, files, generated_at, livemode\n  FROM merchant_statements\n WHERE id = :id! AND merchant_id = :merchantId! AND livemode = :livemode!"};

/**
 * Query generated from SQL:
 * ```
 * -- A statement by id, only within its merchant and mode: another's reads as absent.
 * SELECT id, period, currency, period_start, period_end, status, opening_balance, gross_volume, fees, refunds,
 *        reserve_held, reserve_released, payouts, closing_balance, failure_reason, files, generated_at, livemode
 *   FROM merchant_statements
 *  WHERE id = :id! AND merchant_id = :merchantId! AND livemode = :livemode!
 * ```
 */
export const statementOfMerchant = new PreparedQuery<StatementOfMerchantParams,StatementOfMerchantResult>(statementOfMerchantIR);


/** 'StatementsOfPeriod' parameters type */
export interface StatementsOfPeriodParams {
  livemode: boolean;
  merchantId: string;
  period: string;
}

/** 'StatementsOfPeriod' return type */
export interface StatementsOfPeriodResult {
  closing_balance: string | null;
  currency: string;
  failure_reason: string | null;
  fees: string | null;
  files: Json;
  generated_at: Date | null;
  gross_volume: string | null;
  id: string;
  livemode: boolean;
  opening_balance: string | null;
  payouts: string | null;
  period: string;
  period_end: Date;
  period_start: Date;
  refunds: string | null;
  reserve_held: string | null;
  reserve_released: string | null;
  status: string;
}

/** 'StatementsOfPeriod' query type */
export interface StatementsOfPeriodQuery {
  params: StatementsOfPeriodParams;
  result: StatementsOfPeriodResult;
}

const statementsOfPeriodIR: any = {"usedParamSet":{"merchantId":true,"livemode":true,"period":true},"params":[{"name":"merchantId","required":true,"transform":{"type":"scalar"},"locs":[{"a":268,"b":279}]},{"name":"livemode","required":true,"transform":{"type":"scalar"},"locs":[{"a":296,"b":305}]},{"name":"period","required":true,"transform":{"type":"scalar"},"locs":[{"a":320,"b":327}]}],"statement":"SELECT id, period, currency, period_start, period_end, status, opening_balance, gross_volume, fees, refunds,\n       reserve_held, reserve_released, payouts, closing_balance, failure_reason, files, generated_at, livemode\n  FROM merchant_statements\n WHERE merchant_id = :merchantId! AND livemode = :livemode! AND period = :period!\n ORDER BY currency"};

/**
 * Query generated from SQL:
 * ```
 * SELECT id, period, currency, period_start, period_end, status, opening_balance, gross_volume, fees, refunds,
 *        reserve_held, reserve_released, payouts, closing_balance, failure_reason, files, generated_at, livemode
 *   FROM merchant_statements
 *  WHERE merchant_id = :merchantId! AND livemode = :livemode! AND period = :period!
 *  ORDER BY currency
 * ```
 */
export const statementsOfPeriod = new PreparedQuery<StatementsOfPeriodParams,StatementsOfPeriodResult>(statementsOfPeriodIR);


/** 'StatementMerchantName' parameters type */
export interface StatementMerchantNameParams {
  merchantId: string;
}

/** 'StatementMerchantName' return type */
export interface StatementMerchantNameResult {
  kyb_status: string;
  name: string;
}

/** 'StatementMerchantName' query type */
export interface StatementMerchantNameQuery {
  params: StatementMerchantNameParams;
  result: StatementMerchantNameResult;
}

const statementMerchantNameIR: any = {"usedParamSet":{"merchantId":true},"params":[{"name":"merchantId","required":true,"transform":{"type":"scalar"},"locs":[{"a":50,"b":61}]}],"statement":"SELECT name, kyb_status FROM merchants WHERE id = :merchantId!"};

/**
 * Query generated from SQL:
 * ```
 * SELECT name, kyb_status FROM merchants WHERE id = :merchantId!
 * ```
 */
export const statementMerchantName = new PreparedQuery<StatementMerchantNameParams,StatementMerchantNameResult>(statementMerchantNameIR);


