/* @name Breaks */
-- Every break of a window (README "Breaks"), in a stable order, one page of them, with the count
-- of every break matching. The JSON pages and the CSV export (a cursor over this text, no limit)
-- run this one statement, so they can never disagree. It reads the tables of several contexts on
-- purpose (README "Read model") and writes nothing.
--
-- from (inclusive) and to (exclusive) bound the payments' creation, now is the run's time,
-- stuckAfterMs and unconfirmedAfterMs are RECONCILIATION_STUCK_AFTER_MS and
-- RECONCILIATION_UNCONFIRMED_AFTER_MS, type keeps one break type (null keeps all), limit and
-- offset page the breaks (a null limit is every row), and railOperations holds the rail's
-- operations as a JSON array (RailConnector.operations). The rail's records come through its
-- port, never from a rail adapter's table.
--
-- Every lookup per payment is by key (posting_attempts (payment_id, cycle), journal_entries
-- (reference_type, reference_id), journal_lines (entry_id)) or a hash of the rail's operations
-- (one per kind and reference), and the window itself comes from payments_created_at_idx, so a
-- day costs the same however long history is. The per-payment lookups are correlated (LATERAL
-- with LIMIT 1, scalar subqueries), so they stay index probes whatever the planner estimates,
-- the bound coming from the statement's shape and not from a plan choice.
-- Timestamps in a detail are ISO 8601 in UTC to the second (to_json writes that form, whatever
-- the DateStyle).
WITH rail_operations AS MATERIALIZED (
  SELECT r.kind, r.reference, r.rail, r.outcome, r.rail_reference, r.amount, r.currency, r.created_at
    FROM jsonb_to_recordset(:railOperations!::jsonb) AS r(kind text, reference text, rail text, outcome text, rail_reference text,
                                           amount bigint, currency text, created_at timestamptz)
), window_payments AS (
  SELECT p.id, p.status, p.amount, p.fee, p.currency, p.account_reference, p.rail_reference,
         p.biller_reference, p.journal_entry_id, p.held_for_review, p.created_at, p.updated_at
    FROM payments p
   WHERE p.created_at >= :from! AND p.created_at < :to!
), facts AS (
  SELECT wp.id, wp.status, wp.amount, wp.fee, wp.currency, wp.account_reference, wp.rail_reference,
         wp.biller_reference, wp.journal_entry_id, wp.held_for_review, wp.created_at, wp.updated_at,
         wp.amount + wp.fee AS charged,
         att.id AS attempt_id, att.status AS attempt_status, att.last_outcome AS attempt_outcome,
         att.created_at AS attempt_created_at,
         cap.outcome AS capture_outcome, cap.amount AS capture_amount, cap.rail_reference AS capture_rail_reference,
         wp.id::text IN (
           SELECT CASE WHEN r.kind = 'REFUND' THEN substr(r.reference, length('refund:') + 1) ELSE r.reference END
             FROM rail_operations r
            WHERE (r.kind = 'REFUND' AND r.reference LIKE 'refund:%') OR r.kind = 'CANCEL'
         ) AS rail_reversed,
         ce.id AS capture_entry_id,
         (SELECT coalesce(sum(l.amount), 0)
            FROM journal_lines l JOIN ledger_accounts a ON a.id = l.account_id
           WHERE l.entry_id = ce.id AND l.amount > 0 AND a.type <> 'EXPENSE') AS ledger_amount,
         (SELECT array_agg(e.id::text ORDER BY e.created_at, e.id)
            FROM journal_entries e WHERE e.reference_type = 'payment' AND e.reference_id = wp.id) AS entry_ids,
         (SELECT coalesce(sum(l.amount), 0)
            FROM journal_entries e JOIN journal_lines l ON l.entry_id = e.id
           WHERE e.reference_type = 'payment' AND e.reference_id = wp.id) AS ledger_net
    FROM window_payments wp
    LEFT JOIN LATERAL (
      SELECT a.id, a.status, a.last_outcome, a.created_at
        FROM posting_attempts a WHERE a.payment_id = wp.id ORDER BY a.cycle DESC LIMIT 1
    ) att ON true
    -- LATERAL ... LIMIT 1 (each is a key lookup, at most one row) keeps these per-payment probes,
    -- where plain joins had the planner hash whole tables when history was small.
    -- The rail's operations come from its connector, one per (kind, reference), joined by a hash.
    LEFT JOIN rail_operations cap ON cap.kind = 'CAPTURE' AND cap.reference = wp.id::text
    LEFT JOIN LATERAL (
      SELECT e.id FROM journal_entries e
       WHERE e.id = wp.journal_entry_id AND e.reference_type = 'payment' AND e.reference_id = wp.id LIMIT 1
    ) ce ON true
), breaks AS (
  SELECT 'MISSING_POSTING' AS type, 'POSTING' AS source, f.id AS payment_id, f.status AS payment_status,
         NULL::uuid AS posting_attempt_id, f.entry_ids, coalesce(f.rail_reference, f.capture_rail_reference) AS rail_reference,
         f.biller_reference, f.account_reference, f.charged AS expected_amount, NULL::bigint AS actual_amount,
         f.currency, f.created_at AS occurred_at,
         'Funds captured and the payment is ' || f.status || ', but no posting attempt exists' AS detail
    FROM facts f
   WHERE f.status IN ('PENDING', 'PROCESSING') AND f.attempt_id IS NULL AND NOT f.held_for_review
  UNION ALL
  -- Not a break. Compliance holds the payment, so no posting is expected until a review releases
  -- it (and opens its first cycle). Listed so every captured but unposted payment is accounted for.
  SELECT 'HELD_FOR_REVIEW', 'COMPLIANCE', f.id, f.status, f.attempt_id, f.entry_ids,
         coalesce(f.rail_reference, f.capture_rail_reference), f.biller_reference, f.account_reference,
         f.charged, NULL::bigint, f.currency, f.created_at,
         'Funds captured and held for AML review: not posted until a compliance reviewer clears it'
    FROM facts f
   WHERE f.status IN ('PENDING', 'PROCESSING') AND f.held_for_review
  UNION ALL
  SELECT 'POSTED_NOT_CONFIRMED', 'POSTING', f.id, f.status, f.attempt_id, f.entry_ids,
         coalesce(f.rail_reference, f.capture_rail_reference), f.biller_reference, f.account_reference,
         f.charged, NULL::bigint, f.currency, f.created_at,
         'The biller accepted the posting (attempt ' || f.attempt_status || ', ' || f.attempt_outcome
           || ') and has not confirmed it since ' || (to_json(date_trunc('second', f.attempt_created_at AT TIME ZONE 'UTC')) #>> '{}') || 'Z'
    FROM facts f
   WHERE f.status = 'PROCESSING' AND f.attempt_status IN ('PENDING', 'RETRYING')
     AND f.attempt_outcome = 'AWAITING_CONFIRMATION'
     AND f.attempt_created_at < :now!::timestamptz - make_interval(secs => :unconfirmedAfterMs!::double precision / 1000)
  UNION ALL
  SELECT 'AMOUNT_MISMATCH', 'LEDGER', f.id, f.status, f.attempt_id, f.entry_ids,
         coalesce(f.rail_reference, f.capture_rail_reference), f.biller_reference, f.account_reference,
         f.charged, f.ledger_amount, f.currency, f.created_at,
         'The capture entry ' || f.capture_entry_id || ' moves ' || f.ledger_amount || ', not amount + fee ' || f.charged
    FROM facts f
   WHERE f.capture_entry_id IS NOT NULL AND f.ledger_amount <> f.charged
  UNION ALL
  SELECT 'AMOUNT_MISMATCH', 'RAIL', f.id, f.status, f.attempt_id, f.entry_ids,
         coalesce(f.capture_rail_reference, f.rail_reference), f.biller_reference, f.account_reference,
         f.charged, f.capture_amount, f.currency, f.created_at,
         'The rail captured ' || f.capture_amount || ', not amount + fee ' || f.charged
    FROM facts f
   WHERE f.capture_outcome = 'CAPTURED' AND f.capture_amount IS NOT NULL AND f.capture_amount <> f.charged
  UNION ALL
  SELECT 'ORPHAN_CAPTURE', 'RAIL', f.id, f.status, f.attempt_id, f.entry_ids,
         f.capture_rail_reference, f.biller_reference, f.account_reference,
         0::bigint, f.capture_amount, f.currency, f.created_at,
         'The payment FAILED without a recorded capture, but the rail captured it and nothing reversed it'
    FROM facts f
   WHERE f.status = 'FAILED' AND f.capture_entry_id IS NULL AND f.capture_outcome = 'CAPTURED' AND NOT f.rail_reversed
  UNION ALL
  SELECT 'ORPHAN_CAPTURE', 'RAIL', NULL::uuid, NULL, NULL::uuid, NULL::text[],
         o.rail_reference, NULL, NULL, NULL::bigint, o.amount, o.currency, o.created_at,
         'The rail captured reference ' || o.reference || ' on ' || o.rail || ', which is no payment of ours'
    FROM rail_operations o
   WHERE o.kind = 'CAPTURE' AND o.outcome = 'CAPTURED' AND o.created_at >= :from! AND o.created_at < :to!
     AND NOT EXISTS (
       SELECT 1 FROM payments p
        WHERE p.id = CASE WHEN o.reference ~ '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$' THEN o.reference::uuid END
     )
  UNION ALL
  SELECT 'LEDGER_IMBALANCE', 'LEDGER', f.id, f.status, f.attempt_id, f.entry_ids,
         coalesce(f.rail_reference, f.capture_rail_reference), f.biller_reference, f.account_reference,
         0::bigint, f.ledger_net, f.currency, f.created_at,
         'The payment''s journal entries sum to ' || f.ledger_net || ', not zero'
    FROM facts f
   WHERE f.ledger_net <> 0
  UNION ALL
  SELECT 'LEDGER_IMBALANCE', 'LEDGER', f.id, f.status, f.attempt_id, f.entry_ids,
         coalesce(f.rail_reference, f.capture_rail_reference), f.biller_reference, f.account_reference,
         f.charged, NULL::bigint, f.currency, f.created_at,
         'The payment SUCCEEDED but has no capture entry in the ledger'
    FROM facts f
   WHERE f.status = 'SUCCEEDED' AND f.capture_entry_id IS NULL
  UNION ALL
  SELECT 'STUCK_PROCESSING', 'PAYMENT', f.id, f.status, f.attempt_id, f.entry_ids,
         coalesce(f.rail_reference, f.capture_rail_reference), f.biller_reference, f.account_reference,
         f.charged, NULL::bigint, f.currency, f.created_at,
         'PROCESSING since ' || (to_json(date_trunc('second', f.updated_at AT TIME ZONE 'UTC')) #>> '{}') || 'Z'
    FROM facts f
   WHERE f.status = 'PROCESSING' AND f.updated_at < :now!::timestamptz - make_interval(secs => :stuckAfterMs!::double precision / 1000)
  UNION ALL
  SELECT 'BILLER_DISAGREES', 'BILLER', f.id, f.status, f.attempt_id, f.entry_ids,
         coalesce(f.rail_reference, f.capture_rail_reference), coalesce(c.biller_reference, f.biller_reference),
         f.account_reference, c.expected_amount, c.biller_amount, f.currency, f.created_at,
         coalesce(c.detail, 'The biller''s record disagrees')
    FROM facts f
    CROSS JOIN LATERAL (
      SELECT bc.biller_reference, bc.expected_amount, bc.biller_amount, bc.detail
        FROM reconciliation_biller_checks bc
       WHERE bc.payment_id = f.id AND bc.outcome IN ('MISSING', 'AMOUNT_DIFFERS') LIMIT 1
    ) c
   WHERE f.status = 'SUCCEEDED'
)
SELECT b.type AS "type!", b.source AS "source!", b.payment_id, b.payment_status, b.posting_attempt_id,
       coalesce(b.entry_ids, ARRAY[]::text[]) AS "journal_entry_ids!", b.rail_reference, b.biller_reference,
       b.account_reference, b.expected_amount::text AS expected_amount, b.actual_amount::text AS actual_amount,
       b.currency, b.occurred_at AS "occurred_at!", b.detail AS "detail!", count(*) OVER () AS "total_items!"
  FROM breaks b
 WHERE (:type::text IS NULL OR b.type = :type::text)
 ORDER BY b.occurred_at, b.type, b.payment_id NULLS LAST, b.source, b.rail_reference, b.detail
 LIMIT :limit::bigint OFFSET :offset!::bigint;

/* @name WindowTotals */
-- Count, amount and fees of the window's payments, per status and currency.
SELECT status, currency, count(*)::int AS "count!", sum(amount)::text AS "amount!", sum(fee)::text AS "fee!"
  FROM payments WHERE created_at >= :from! AND created_at < :to!
 GROUP BY status, currency ORDER BY currency, status;

/* @name WindowPaymentIds */
-- The ids of the window's payments, the references the rail is asked about.
SELECT id FROM payments WHERE created_at >= :from! AND created_at < :to!;

/* @name ReadOnly */
-- First in a run's REPEATABLE READ transaction. A run writes nothing.
SET TRANSACTION READ ONLY;
