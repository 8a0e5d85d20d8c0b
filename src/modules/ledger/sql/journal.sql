/* @name Entry */
SELECT id, reference_type, reference_id, currency FROM journal_entries WHERE id = :entryId!;

/* @name EntryLines */
SELECT account_id, amount FROM journal_lines WHERE entry_id = :entryId! ORDER BY id;

/* @name InsertEntry */
INSERT INTO journal_entries (id, kind, reference_type, reference_id, currency, reverses_entry_id, memo)
VALUES (:id!, :kind!, :referenceType!, :referenceId!, :currency!, :reversesEntryId!, :memo);

/* @name Balance */
SELECT coalesce(sum(l.amount), 0)::text AS "balance!"
  FROM ledger_accounts a LEFT JOIN journal_lines l ON l.account_id = a.id
 WHERE a.code = :code!;

/* @name MovementSince */
SELECT coalesce(sum(l.amount), 0)::text AS "movement!"
  FROM ledger_accounts a
  JOIN journal_lines l ON l.account_id = a.id
  JOIN journal_entries e ON e.id = l.entry_id
 WHERE a.code = :code! AND e.created_at >= :since!;

/* @name PostEntry */
-- The entry and its lines in one statement: one round trip inside the caller's transaction.
WITH entry AS (
  INSERT INTO journal_entries (id, kind, reference_type, reference_id, currency, reverses_entry_id, memo)
  VALUES (:id!, :kind!, :referenceType!, :referenceId!, :currency!, :reversesEntryId, :memo) RETURNING id
)
INSERT INTO journal_lines (entry_id, account_id, amount, currency)
SELECT entry.id, line.account_id, line.amount, :currency!
  FROM entry, unnest(:accountIds!::uuid[], :amounts!::bigint[]) AS line(account_id, amount);

/* @name InsertLines */
INSERT INTO journal_lines (entry_id, account_id, amount, currency)
SELECT :entryId!, account_id, amount, :currency!
  FROM unnest(:accountIds!::uuid[], :amounts!::bigint[]) AS line(account_id, amount);

/* @name OpenAccount */
INSERT INTO ledger_accounts (id, code, type, currency) VALUES (:id!, :code!, :type!, :currency!)
    ON CONFLICT (code) DO NOTHING;

/* @name Account */
SELECT id, type, currency FROM ledger_accounts WHERE code = :code!;
