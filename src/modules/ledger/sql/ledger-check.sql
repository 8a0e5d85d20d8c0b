/* @name LedgerCounts */
SELECT (SELECT count(*) FROM journal_entries)::int AS "entries!", (SELECT count(*) FROM journal_lines)::int AS "lines!";

/* @name UnbalancedEntries */
-- Entries whose lines do not sum to zero, or that have fewer than two lines.
SELECT e.id AS entry_id, coalesce(sum(l.amount), 0)::text AS "sum!", count(l.id)::int AS "lines!"
  FROM journal_entries e LEFT JOIN journal_lines l ON l.entry_id = e.id
 GROUP BY e.id
HAVING coalesce(sum(l.amount), 0) <> 0 OR count(l.id) < 2
 LIMIT 1000;

/* @name CurrencyMismatches */
SELECT l.id::text AS "line_id!", l.entry_id
  FROM journal_lines l
  JOIN ledger_accounts a ON a.id = l.account_id
  JOIN journal_entries e ON e.id = l.entry_id
 WHERE l.currency <> a.currency OR l.currency <> e.currency
 LIMIT 1000;

/* @name TrialBalance */
SELECT currency, sum(amount)::text AS "sum!" FROM journal_lines GROUP BY currency ORDER BY currency;

/* @name AccountBalances */
SELECT a.code, a.type, a.currency, coalesce(sum(l.amount), 0)::text AS "balance!"
  FROM ledger_accounts a LEFT JOIN journal_lines l ON l.account_id = a.id
 GROUP BY a.id ORDER BY a.code;
