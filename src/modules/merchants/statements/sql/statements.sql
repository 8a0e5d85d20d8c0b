/* @name StatementMerchantsWithActivity */
-- Each merchant and mode whose ledger accounts have a journal line in [:from, :to): the statement job's fan-out.
-- From the merchant accounts (codes `merchant:{id}:{live|test}:...`) to their lines (journal_lines_account_idx).
SELECT DISTINCT split_part(a.code, ':', 2)::uuid AS "merchant_id!", split_part(a.code, ':', 3) = 'live' AS "livemode!"
  FROM ledger_accounts a
 WHERE a.code LIKE 'merchant:%'
   AND EXISTS (SELECT 1
                 FROM journal_lines l
                 JOIN journal_entries e ON e.id = l.entry_id
                WHERE l.account_id = a.id AND e.created_at >= :from! AND e.created_at < :to!)
 ORDER BY 1, 2;

/* @name StatementFigures */
-- One merchant and mode's figures per currency for [:from, :to), from the lines of its balance accounts
-- (`:prefix` is `merchant:{id}:{live|test}:`). Amounts are as the merchant sees them (a credit to the merchant
-- positive). The balance is pending + available; the reserve is held apart. `gross` is what the payers paid for
-- the captures of the window: the debit side of each capture entry that credits the merchant.
WITH accounts AS (
  SELECT id, split_part(code, ':', 4) AS balance, currency
    FROM ledger_accounts
   WHERE code LIKE :prefix! || '%'
), lines AS (
  SELECT a.currency, a.balance, e.id AS entry_id, e.kind, e.created_at >= :from! AS in_window, -l.amount AS credit
    FROM accounts a
    JOIN journal_lines l ON l.account_id = a.id
    JOIN journal_entries e ON e.id = l.entry_id
   WHERE e.created_at < :to!
), captures AS (
  SELECT DISTINCT currency, entry_id FROM lines WHERE in_window AND kind = 'MERCHANT_PAYMENT_CAPTURE'
), gross AS (
  SELECT c.currency, coalesce(sum(l.amount) FILTER (WHERE l.amount > 0), 0) AS amount
    FROM captures c JOIN journal_lines l ON l.entry_id = c.entry_id
   GROUP BY c.currency
)
SELECT f.currency AS "currency!",
       f.window_entries::int AS "window_entries!",
       f.opening::text AS "opening!",
       f.closing::text AS "closing!",
       f.captured_net::text AS "captured_net!",
       f.reserve_held::text AS "reserve_held!",
       f.refunds::text AS "refunds!",
       f.reserve_released::text AS "reserve_released!",
       coalesce(g.amount, 0)::text AS "gross!"
  FROM (SELECT currency,
               count(DISTINCT entry_id) FILTER (WHERE in_window) AS window_entries,
               coalesce(sum(credit) FILTER (WHERE NOT in_window AND balance <> 'reserve'), 0) AS opening,
               coalesce(sum(credit) FILTER (WHERE balance <> 'reserve'), 0) AS closing,
               coalesce(sum(credit) FILTER (WHERE in_window AND kind = 'MERCHANT_PAYMENT_CAPTURE' AND balance <> 'reserve'), 0)
                 AS captured_net,
               coalesce(sum(credit) FILTER (WHERE in_window AND kind = 'MERCHANT_PAYMENT_CAPTURE' AND balance = 'reserve'), 0)
                 AS reserve_held,
               coalesce(-sum(credit) FILTER (WHERE in_window AND kind = 'MERCHANT_PAYMENT_REFUND'), 0) AS refunds,
               coalesce(-sum(credit) FILTER (WHERE in_window AND kind = 'MERCHANT_RESERVE_RELEASE' AND balance = 'reserve'), 0)
                 AS reserve_released
          FROM lines
         GROUP BY currency) f
  LEFT JOIN gross g ON g.currency = f.currency
 ORDER BY f.currency;

/* @name InsertPendingStatement */
-- The month's row, once: a second worker's insert waits for the first's transaction, then does nothing.
INSERT INTO merchant_statements (id, merchant_id, livemode, period, currency, period_start, period_end, status)
VALUES (:id!, :merchantId!, :livemode!, :period!, :currency!, :periodStart!, :periodEnd!, 'PENDING')
    ON CONFLICT (merchant_id, livemode, period, currency) DO NOTHING;

/* @name LockStatementOfPeriod */
SELECT id, status
  FROM merchant_statements
 WHERE merchant_id = :merchantId! AND livemode = :livemode! AND period = :period! AND currency = :currency!
   FOR UPDATE;

/* @name CompleteStatement */
UPDATE merchant_statements
   SET status = :status!, opening_balance = :openingBalance!, gross_volume = :grossVolume!, fees = :fees!,
       refunds = :refunds!, reserve_held = :reserveHeld!, reserve_released = :reserveReleased!, payouts = :payouts!,
       closing_balance = :closingBalance!, failure_reason = :failureReason, files = :files!::jsonb,
       generated_at = :generatedAt!
 WHERE id = :id! AND status = 'PENDING';

/* @name StatementPage */
-- One page of a merchant's statements in one mode, the newest month first (merchant_statements_list_idx).
SELECT id, period, currency, period_start, period_end, status, opening_balance, gross_volume, fees, refunds,
       reserve_held, reserve_released, payouts, closing_balance, failure_reason, files, generated_at, livemode,
       count(*) OVER ()::int AS "total!"
  FROM merchant_statements
 WHERE merchant_id = :merchantId! AND livemode = :livemode!
 ORDER BY period DESC, currency, id
 LIMIT :limit! OFFSET :offset!;

/* @name StatementCount */
SELECT count(*)::int AS "total!" FROM merchant_statements WHERE merchant_id = :merchantId! AND livemode = :livemode!;

/* @name StatementOfMerchant */
-- A statement by id, only within its merchant and mode: another's reads as absent.
SELECT id, period, currency, period_start, period_end, status, opening_balance, gross_volume, fees, refunds,
       reserve_held, reserve_released, payouts, closing_balance, failure_reason, files, generated_at, livemode
  FROM merchant_statements
 WHERE id = :id! AND merchant_id = :merchantId! AND livemode = :livemode!;

/* @name StatementsOfPeriod */
SELECT id, period, currency, period_start, period_end, status, opening_balance, gross_volume, fees, refunds,
       reserve_held, reserve_released, payouts, closing_balance, failure_reason, files, generated_at, livemode
  FROM merchant_statements
 WHERE merchant_id = :merchantId! AND livemode = :livemode! AND period = :period!
 ORDER BY currency;

/* @name StatementMerchantName */
SELECT name, kyb_status FROM merchants WHERE id = :merchantId!;
