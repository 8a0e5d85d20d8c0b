/** Types generated for queries found in "src/modules/reconciliation/sql/runs.sql" */
import { PreparedQuery } from '../../../platform/database/sql-query';

export type DateOrString = Date | string;

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

export type NumberOrString = number | string;

export type stringArray = (string)[];

/** 'Breaks' parameters type */
export interface BreaksParams {
  from: DateOrString;
  limit?: NumberOrString | null | void;
  now: DateOrString;
  offset: NumberOrString;
  railOperations: Json;
  stuckAfterMs: number;
  to: DateOrString;
  type?: string | null | void;
  unconfirmedAfterMs: number;
}

/** 'Breaks' return type */
export interface BreaksResult {
  account_reference: string | null;
  actual_amount: string | null;
  biller_reference: string | null;
  currency: string | null;
  detail: string;
  expected_amount: string | null;
  journal_entry_ids: stringArray;
  occurred_at: Date;
  payment_id: string | null;
  payment_status: string | null;
  posting_attempt_id: string | null;
  rail_reference: string | null;
  source: string;
  total_items: string;
  type: string;
}

/** 'Breaks' query type */
export interface BreaksQuery {
  params: BreaksParams;
  result: BreaksResult;
}

const breaksIR: any = {"usedParamSet":{"railOperations":true,"from":true,"to":true,"now":true,"unconfirmedAfterMs":true,"stuckAfterMs":true,"type":true,"limit":true,"offset":true},"params":[{"name":"railOperations","required":true,"transform":{"type":"scalar"},"locs":[{"a":1679,"b":1694}]},{"name":"from","required":true,"transform":{"type":"scalar"},"locs":[{"a":2136,"b":2141},{"a":8265,"b":8270}]},{"name":"to","required":true,"transform":{"type":"scalar"},"locs":[{"a":2162,"b":2165},{"a":8291,"b":8294}]},{"name":"now","required":true,"transform":{"type":"scalar"},"locs":[{"a":6367,"b":6371},{"a":9744,"b":9748}]},{"name":"unconfirmedAfterMs","required":true,"transform":{"type":"scalar"},"locs":[{"a":6410,"b":6429}]},{"name":"stuckAfterMs","required":true,"transform":{"type":"scalar"},"locs":[{"a":9787,"b":9800}]},{"name":"type","required":false,"transform":{"type":"scalar"},"locs":[{"a":10948,"b":10952},{"a":10980,"b":10984}]},{"name":"limit","required":false,"transform":{"type":"scalar"},"locs":[{"a":11095,"b":11100}]},{"name":"offset","required":true,"transform":{"type":"scalar"},"locs":[{"a":11117,"b":11124}]}],"statement":"-- Every break of a window (README \"Breaks\"), in a stable order, one page of them, with the count\n-- of every break matching. The JSON pages and the CSV export (a cursor over this text, no limit)\n-- run this one statement, so they can never disagree. It reads the tables of several contexts on\n-- purpose (README \"Read model\") and writes nothing.\n--\n-- from (inclusive) and to (exclusive) bound the payments' creation, now is the run's time,\n-- stuckAfterMs and unconfirmedAfterMs are RECONCILIATION_STUCK_AFTER_MS and\n-- RECONCILIATION_UNCONFIRMED_AFTER_MS, type keeps one break type (null keeps all), limit and\n-- offset page the breaks (a null limit is every row), and railOperations holds the rail's\n-- operations as a JSON array (RailConnector.operations). The rail's records come through its\n-- port, never from a rail adapter's table.\n--\n-- Every lookup per payment is by key (posting_attempts (payment_id, cycle), journal_entries\n-- (reference_type, reference_id), journal_lines (entry_id)) or a hash of the rail's operations\n-- (one per kind and reference), and the window itself comes from payments_created_at_idx, so a\n-- day costs the same however long history is. The per-payment lookups are correlated (LATERAL\n-- with LIMIT 1, scalar subqueries), so they stay index probes whatever the planner estimates,\n-- the bound coming from the statement's shape and not from a plan choice.\n-- Timestamps in a detail are ISO 8601 in UTC to the second (to_json writes that form, whatever\n-- the DateStyle).\nWITH rail_operations AS MATERIALIZED (\n  SELECT r.kind, r.reference, r.rail, r.outcome, r.rail_reference, r.amount, r.currency, r.created_at\n    FROM jsonb_to_recordset(:railOperations!::jsonb) AS r(kind text, reference text, rail text, outcome text, rail_reference text,\n                                           amount bigint, currency text, created_at timestamptz)\n), window_payments AS (\n  SELECT p.id, p.status, p.amount, p.fee, p.currency, p.account_reference, p.rail_reference,\n         p.biller_reference, p.journal_entry_id, p.held_for_review, p.created_at, p.updated_at\n    FROM payments p\n   WHERE p.created_at >= :from! AND p.created_at < :to!\n), facts AS (\n  SELECT wp.id, wp.status, wp.amount, wp.fee, wp.currency, wp.account_reference, wp.rail_reference,\n         wp.biller_reference, wp.journal_entry_id, wp.held_for_review, wp.created_at, wp.updated_at,\n         wp.amount + wp.fee AS charged,\n         att.id AS attempt_id, att.status AS attempt_status, att.last_outcome AS attempt_outcome,\n         att.created_at AS attempt_created_at,\n         cap.outcome AS capture_outcome, cap.amount AS capture_amount, cap.rail_reference AS capture_rail_reference,\n         wp.id::text IN (\n           SELECT CASE WHEN r.kind = 'REFUND' THEN substr(r.reference, length('refund:') + 1) ELSE r.reference END\n             FROM rail_operations r\n            WHERE (r.kind = 'REFUND' AND r.reference LIKE 'refund:%') OR r.kind = 'CANCEL'\n         ) AS rail_reversed,\n         ce.id AS capture_entry_id,\n         (SELECT coalesce(sum(l.amount), 0)\n            FROM journal_lines l JOIN ledger_accounts a ON a.id = l.account_id\n           WHERE l.entry_id = ce.id AND l.amount > 0 AND a.type <> 'EXPENSE') AS ledger_amount,\n         (SELECT array_agg(e.id::text ORDER BY e.created_at, e.id)\n            FROM journal_entries e WHERE e.reference_type = 'payment' AND e.reference_id = wp.id) AS entry_ids,\n         (SELECT coalesce(sum(l.amount), 0)\n            FROM journal_entries e JOIN journal_lines l ON l.entry_id = e.id\n           WHERE e.reference_type = 'payment' AND e.reference_id = wp.id) AS ledger_net\n    FROM window_payments wp\n    LEFT JOIN LATERAL (\n      SELECT a.id, a.status, a.last_outcome, a.created_at\n        FROM posting_attempts a WHERE a.payment_id = wp.id ORDER BY a.cycle DESC LIMIT 1\n    ) att ON true\n    -- LATERAL ... LIMIT 1 (each is a key lookup, at most one row) keeps these per-payment probes,\n    -- where plain joins had the planner hash whole tables when history was small.\n    -- The rail's operations come from its connector, one per (kind, reference), joined by a hash.\n    LEFT JOIN rail_operations cap ON cap.kind = 'CAPTURE' AND cap.reference = wp.id::text\n    LEFT JOIN LATERAL (\n      SELECT e.id FROM journal_entries e\n       WHERE e.id = wp.journal_entry_id AND e.reference_type = 'payment' AND e.reference_id = wp.id LIMIT 1\n    ) ce ON true\n), breaks AS (\n  SELECT 'MISSING_POSTING' AS type, 'POSTING' AS source, f.id AS payment_id, f.status AS payment_status,\n         NULL::uuid AS posting_attempt_id, f.entry_ids, coalesce(f.rail_reference, f.capture_rail_reference) AS rail_reference,\n         f.biller_reference, f.account_reference, f.charged AS expected_amount, NULL::bigint AS actual_amount,\n         f.currency, f.created_at AS occurred_at,\n         'Funds captured and the payment is ' || f.status || ', but no posting attempt exists' AS detail\n    FROM facts f\n   WHERE f.status IN ('PENDING', 'PROCESSING') AND f.attempt_id IS NULL AND NOT f.held_for_review\n  UNION ALL\n  -- Not a break. Compliance holds the payment, so no posting is expected until a review releases\n  -- it (and opens its first cycle). Listed so every captured but unposted payment is accounted for.\n  SELECT 'HELD_FOR_REVIEW', 'COMPLIANCE', f.id, f.status, f.attempt_id, f.entry_ids,\n         coalesce(f.rail_reference, f.capture_rail_reference), f.biller_reference, f.account_reference,\n         f.charged, NULL::bigint, f.currency, f.created_at,\n         'Funds captured and held for AML review: not posted until a compliance reviewer clears it'\n    FROM facts f\n   WHERE f.status IN ('PENDING', 'PROCESSING') AND f.held_for_review\n  UNION ALL\n  SELECT 'POSTED_NOT_CONFIRMED', 'POSTING', f.id, f.status, f.attempt_id, f.entry_ids,\n         coalesce(f.rail_reference, f.capture_rail_reference), f.biller_reference, f.account_reference,\n         f.charged, NULL::bigint, f.currency, f.created_at,\n         'The biller accepted the posting (attempt ' || f.attempt_status || ', ' || f.attempt_outcome\n           || ') and has not confirmed it since ' || (to_json(date_trunc('second', f.attempt_created_at AT TIME ZONE 'UTC')) #>> '{}') || 'Z'\n    FROM facts f\n   WHERE f.status = 'PROCESSING' AND f.attempt_status IN ('PENDING', 'RETRYING')\n     AND f.attempt_outcome = 'AWAITING_CONFIRMATION'\n     AND f.attempt_created_at < :now!::timestamptz - make_interval(secs => :unconfirmedAfterMs!::double precision / 1000)\n  UNION ALL\n  SELECT 'AMOUNT_MISMATCH', 'LEDGER', f.id, f.status, f.attempt_id, f.entry_ids,\n         coalesce(f.rail_reference, f.capture_rail_reference), f.biller_reference, f.account_reference,\n         f.charged, f.ledger_amount, f.currency, f.created_at,\n         'The capture entry ' || f.capture_entry_id || ' moves ' || f.ledger_amount || ', not amount + fee ' || f.charged\n    FROM facts f\n   WHERE f.capture_entry_id IS NOT NULL AND f.ledger_amount <> f.charged\n  UNION ALL\n  SELECT 'AMOUNT_MISMATCH', 'RAIL', f.id, f.status, f.attempt_id, f.entry_ids,\n         coalesce(f.capture_rail_reference, f.rail_reference), f.biller_reference, f.account_reference,\n         f.charged, f.capture_amount, f.currency, f.created_at,\n         'The rail captured ' || f.capture_amount || ', not amount + fee ' || f.charged\n    FROM facts f\n   WHERE f.capture_outcome = 'CAPTURED' AND f.capture_amount IS NOT NULL AND f.capture_amount <> f.charged\n  UNION ALL\n  SELECT 'ORPHAN_CAPTURE', 'RAIL', f.id, f.status, f.attempt_id, f.entry_ids,\n         f.capture_rail_reference, f.biller_reference, f.account_reference,\n         0::bigint, f.capture_amount, f.currency, f.created_at,\n         'The payment FAILED without a recorded capture, but the rail captured it and nothing reversed it'\n    FROM facts f\n   WHERE f.status = 'FAILED' AND f.capture_entry_id IS NULL AND f.capture_outcome = 'CAPTURED' AND NOT f.rail_reversed\n  UNION ALL\n  SELECT 'ORPHAN_CAPTURE', 'RAIL', NULL::uuid, NULL, NULL::uuid, NULL::text[],\n         o.rail_reference, NULL, NULL, NULL::bigint, o.amount, o.currency, o.created_at,\n         'The rail captured reference ' || o.reference || ' on ' || o.rail || ', which is no payment of ours'\n    FROM rail_operations o\n   WHERE o.kind = 'CAPTURE' AND o.outcome = 'CAPTURED' AND o.created_at >= :from! AND o.created_at < :to!\n     AND NOT EXISTS (\n       SELECT 1 FROM payments p\n        WHERE p.id = CASE WHEN o.reference ~ '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$' THEN o.reference::uuid END\n     )\n  UNION ALL\n  SELECT 'LEDGER_IMBALANCE', 'LEDGER', f.id, f.status, f.attempt_id, f.entry_ids,\n         coalesce(f.rail_reference, f.capture_rail_reference), f.biller_reference, f.account_reference,\n         0::bigint, f.ledger_net, f.currency, f.created_at,\n         'The payment''s journal entries sum to ' || f.ledger_net || ', not zero'\n    FROM facts f\n   WHERE f.ledger_net <> 0\n  UNION ALL\n  SELECT 'LEDGER_IMBALANCE', 'LEDGER', f.id, f.status, f.attempt_id, f.entry_ids,\n         coalesce(f.rail_reference, f.capture_rail_reference), f.biller_reference, f.account_reference,\n         f.charged, NULL::bigint, f.currency, f.created_at,\n         'The payment SUCCEEDED but has no capture entry in the ledger'\n    FROM facts f\n   WHERE f.status = 'SUCCEEDED' AND f.capture_entry_id IS NULL\n  UNION ALL\n  SELECT 'STUCK_PROCESSING', 'PAYMENT', f.id, f.status, f.attempt_id, f.entry_ids,\n         coalesce(f.rail_reference, f.capture_rail_reference), f.biller_reference, f.account_reference,\n         f.charged, NULL::bigint, f.currency, f.created_at,\n         'PROCESSING since ' || (to_json(date_trunc('second', f.updated_at AT TIME ZONE 'UTC')) #>> '{}') || 'Z'\n    FROM facts f\n   WHERE f.status = 'PROCESSING' AND f.updated_at < :now!::timestamptz - make_interval(secs => :stuckAfterMs!::double precision / 1000)\n  UNION ALL\n  SELECT 'BILLER_DISAGREES', 'BILLER', f.id, f.status, f.attempt_id, f.entry_ids,\n         coalesce(f.rail_reference, f.capture_rail_reference), coalesce(c.biller_reference, f.biller_reference),\n         f.account_reference, c.expected_amount, c.biller_amount, f.currency, f.created_at,\n         coalesce(c.detail, 'The biller''s record disagrees')\n    FROM facts f\n    CROSS JOIN LATERAL (\n      SELECT bc.biller_reference, bc.expected_amount, bc.biller_amount, bc.detail\n        FROM reconciliation_biller_checks bc\n       WHERE bc.payment_id = f.id AND bc.outcome IN ('MISSING', 'AMOUNT_DIFFERS') LIMIT 1\n    ) c\n   WHERE f.status = 'SUCCEEDED'\n)\nSELECT b.type AS \"type!\", b.source AS \"source!\", b.payment_id, b.payment_status, b.posting_attempt_id,\n       coalesce(b.entry_ids, ARRAY[]::text[]) AS \"journal_entry_ids!\", b.rail_reference, b.biller_reference,\n       b.account_reference, b.expected_amount::text AS expected_amount, b.actual_amount::text AS actual_amount,\n       b.currency, b.occurred_at AS \"occurred_at!\", b.detail AS \"detail!\", count(*) OVER () AS \"total_items!\"\n  FROM breaks b\n WHERE (:type::text IS NULL OR b.type = :type::text)\n ORDER BY b.occurred_at, b.type, b.payment_id NULLS LAST, b.source, b.rail_reference, b.detail\n LIMIT :limit::bigint OFFSET :offset!::bigint"};

/**
 * Query generated from SQL:
 * ```
 * -- Every break of a window (README "Breaks"), in a stable order, one page of them, with the count
 * -- of every break matching. The JSON pages and the CSV export (a cursor over this text, no limit)
 * -- run this one statement, so they can never disagree. It reads the tables of several contexts on
 * -- purpose (README "Read model") and writes nothing.
 * --
 * -- from (inclusive) and to (exclusive) bound the payments' creation, now is the run's time,
 * -- stuckAfterMs and unconfirmedAfterMs are RECONCILIATION_STUCK_AFTER_MS and
 * -- RECONCILIATION_UNCONFIRMED_AFTER_MS, type keeps one break type (null keeps all), limit and
 * -- offset page the breaks (a null limit is every row), and railOperations holds the rail's
 * -- operations as a JSON array (RailConnector.operations). The rail's records come through its
 * -- port, never from a rail adapter's table.
 * --
 * -- Every lookup per payment is by key (posting_attempts (payment_id, cycle), journal_entries
 * -- (reference_type, reference_id), journal_lines (entry_id)) or a hash of the rail's operations
 * -- (one per kind and reference), and the window itself comes from payments_created_at_idx, so a
 * -- day costs the same however long history is. The per-payment lookups are correlated (LATERAL
 * -- with LIMIT 1, scalar subqueries), so they stay index probes whatever the planner estimates,
 * -- the bound coming from the statement's shape and not from a plan choice.
 * -- Timestamps in a detail are ISO 8601 in UTC to the second (to_json writes that form, whatever
 * -- the DateStyle).
 * WITH rail_operations AS MATERIALIZED (
 *   SELECT r.kind, r.reference, r.rail, r.outcome, r.rail_reference, r.amount, r.currency, r.created_at
 *     FROM jsonb_to_recordset(:railOperations!::jsonb) AS r(kind text, reference text, rail text, outcome text, rail_reference text,
 *                                            amount bigint, currency text, created_at timestamptz)
 * ), window_payments AS (
 *   SELECT p.id, p.status, p.amount, p.fee, p.currency, p.account_reference, p.rail_reference,
 *          p.biller_reference, p.journal_entry_id, p.held_for_review, p.created_at, p.updated_at
 *     FROM payments p
 *    WHERE p.created_at >= :from! AND p.created_at < :to!
 * ), facts AS (
 *   SELECT wp.id, wp.status, wp.amount, wp.fee, wp.currency, wp.account_reference, wp.rail_reference,
 *          wp.biller_reference, wp.journal_entry_id, wp.held_for_review, wp.created_at, wp.updated_at,
 *          wp.amount + wp.fee AS charged,
 *          att.id AS attempt_id, att.status AS attempt_status, att.last_outcome AS attempt_outcome,
 *          att.created_at AS attempt_created_at,
 *          cap.outcome AS capture_outcome, cap.amount AS capture_amount, cap.rail_reference AS capture_rail_reference,
 *          wp.id::text IN (
 *            SELECT CASE WHEN r.kind = 'REFUND' THEN substr(r.reference, length('refund:') + 1) ELSE r.reference END
 *              FROM rail_operations r
 *             WHERE (r.kind = 'REFUND' AND r.reference LIKE 'refund:%') OR r.kind = 'CANCEL'
 *          ) AS rail_reversed,
 *          ce.id AS capture_entry_id,
 *          (SELECT coalesce(sum(l.amount), 0)
 *             FROM journal_lines l JOIN ledger_accounts a ON a.id = l.account_id
 *            WHERE l.entry_id = ce.id AND l.amount > 0 AND a.type <> 'EXPENSE') AS ledger_amount,
 *          (SELECT array_agg(e.id::text ORDER BY e.created_at, e.id)
 *             FROM journal_entries e WHERE e.reference_type = 'payment' AND e.reference_id = wp.id) AS entry_ids,
 *          (SELECT coalesce(sum(l.amount), 0)
 *             FROM journal_entries e JOIN journal_lines l ON l.entry_id = e.id
 *            WHERE e.reference_type = 'payment' AND e.reference_id = wp.id) AS ledger_net
 *     FROM window_payments wp
 *     LEFT JOIN LATERAL (
 *       SELECT a.id, a.status, a.last_outcome, a.created_at
 *         FROM posting_attempts a WHERE a.payment_id = wp.id ORDER BY a.cycle DESC LIMIT 1
 *     ) att ON true
 *     -- LATERAL ... LIMIT 1 (each is a key lookup, at most one row) keeps these per-payment probes,
 *     -- where plain joins had the planner hash whole tables when history was small.
 *     -- The rail's operations come from its connector, one per (kind, reference), joined by a hash.
 *     LEFT JOIN rail_operations cap ON cap.kind = 'CAPTURE' AND cap.reference = wp.id::text
 *     LEFT JOIN LATERAL (
 *       SELECT e.id FROM journal_entries e
 *        WHERE e.id = wp.journal_entry_id AND e.reference_type = 'payment' AND e.reference_id = wp.id LIMIT 1
 *     ) ce ON true
 * ), breaks AS (
 *   SELECT 'MISSING_POSTING' AS type, 'POSTING' AS source, f.id AS payment_id, f.status AS payment_status,
 *          NULL::uuid AS posting_attempt_id, f.entry_ids, coalesce(f.rail_reference, f.capture_rail_reference) AS rail_reference,
 *          f.biller_reference, f.account_reference, f.charged AS expected_amount, NULL::bigint AS actual_amount,
 *          f.currency, f.created_at AS occurred_at,
 *          'Funds captured and the payment is ' || f.status || ', but no posting attempt exists' AS detail
 *     FROM facts f
 *    WHERE f.status IN ('PENDING', 'PROCESSING') AND f.attempt_id IS NULL AND NOT f.held_for_review
 *   UNION ALL
 *   -- Not a break. Compliance holds the payment, so no posting is expected until a review releases
 *   -- it (and opens its first cycle). Listed so every captured but unposted payment is accounted for.
 *   SELECT 'HELD_FOR_REVIEW', 'COMPLIANCE', f.id, f.status, f.attempt_id, f.entry_ids,
 *          coalesce(f.rail_reference, f.capture_rail_reference), f.biller_reference, f.account_reference,
 *          f.charged, NULL::bigint, f.currency, f.created_at,
 *          'Funds captured and held for AML review: not posted until a compliance reviewer clears it'
 *     FROM facts f
 *    WHERE f.status IN ('PENDING', 'PROCESSING') AND f.held_for_review
 *   UNION ALL
 *   SELECT 'POSTED_NOT_CONFIRMED', 'POSTING', f.id, f.status, f.attempt_id, f.entry_ids,
 *          coalesce(f.rail_reference, f.capture_rail_reference), f.biller_reference, f.account_reference,
 *          f.charged, NULL::bigint, f.currency, f.created_at,
 *          'The biller accepted the posting (attempt ' || f.attempt_status || ', ' || f.attempt_outcome
 *            || ') and has not confirmed it since ' || (to_json(date_trunc('second', f.attempt_created_at AT TIME ZONE 'UTC')) #>> '{}') || 'Z'
 *     FROM facts f
 *    WHERE f.status = 'PROCESSING' AND f.attempt_status IN ('PENDING', 'RETRYING')
 *      AND f.attempt_outcome = 'AWAITING_CONFIRMATION'
 *      AND f.attempt_created_at < :now!::timestamptz - make_interval(secs => :unconfirmedAfterMs!::double precision / 1000)
 *   UNION ALL
 *   SELECT 'AMOUNT_MISMATCH', 'LEDGER', f.id, f.status, f.attempt_id, f.entry_ids,
 *          coalesce(f.rail_reference, f.capture_rail_reference), f.biller_reference, f.account_reference,
 *          f.charged, f.ledger_amount, f.currency, f.created_at,
 *          'The capture entry ' || f.capture_entry_id || ' moves ' || f.ledger_amount || ', not amount + fee ' || f.charged
 *     FROM facts f
 *    WHERE f.capture_entry_id IS NOT NULL AND f.ledger_amount <> f.charged
 *   UNION ALL
 *   SELECT 'AMOUNT_MISMATCH', 'RAIL', f.id, f.status, f.attempt_id, f.entry_ids,
 *          coalesce(f.capture_rail_reference, f.rail_reference), f.biller_reference, f.account_reference,
 *          f.charged, f.capture_amount, f.currency, f.created_at,
 *          'The rail captured ' || f.capture_amount || ', not amount + fee ' || f.charged
 *     FROM facts f
 *    WHERE f.capture_outcome = 'CAPTURED' AND f.capture_amount IS NOT NULL AND f.capture_amount <> f.charged
 *   UNION ALL
 *   SELECT 'ORPHAN_CAPTURE', 'RAIL', f.id, f.status, f.attempt_id, f.entry_ids,
 *          f.capture_rail_reference, f.biller_reference, f.account_reference,
 *          0::bigint, f.capture_amount, f.currency, f.created_at,
 *          'The payment FAILED without a recorded capture, but the rail captured it and nothing reversed it'
 *     FROM facts f
 *    WHERE f.status = 'FAILED' AND f.capture_entry_id IS NULL AND f.capture_outcome = 'CAPTURED' AND NOT f.rail_reversed
 *   UNION ALL
 *   SELECT 'ORPHAN_CAPTURE', 'RAIL', NULL::uuid, NULL, NULL::uuid, NULL::text[],
 *          o.rail_reference, NULL, NULL, NULL::bigint, o.amount, o.currency, o.created_at,
 *          'The rail captured reference ' || o.reference || ' on ' || o.rail || ', which is no payment of ours'
 *     FROM rail_operations o
 *    WHERE o.kind = 'CAPTURE' AND o.outcome = 'CAPTURED' AND o.created_at >= :from! AND o.created_at < :to!
 *      AND NOT EXISTS (
 *        SELECT 1 FROM payments p
 *         WHERE p.id = CASE WHEN o.reference ~ '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$' THEN o.reference::uuid END
 *      )
 *   UNION ALL
 *   SELECT 'LEDGER_IMBALANCE', 'LEDGER', f.id, f.status, f.attempt_id, f.entry_ids,
 *          coalesce(f.rail_reference, f.capture_rail_reference), f.biller_reference, f.account_reference,
 *          0::bigint, f.ledger_net, f.currency, f.created_at,
 *          'The payment''s journal entries sum to ' || f.ledger_net || ', not zero'
 *     FROM facts f
 *    WHERE f.ledger_net <> 0
 *   UNION ALL
 *   SELECT 'LEDGER_IMBALANCE', 'LEDGER', f.id, f.status, f.attempt_id, f.entry_ids,
 *          coalesce(f.rail_reference, f.capture_rail_reference), f.biller_reference, f.account_reference,
 *          f.charged, NULL::bigint, f.currency, f.created_at,
 *          'The payment SUCCEEDED but has no capture entry in the ledger'
 *     FROM facts f
 *    WHERE f.status = 'SUCCEEDED' AND f.capture_entry_id IS NULL
 *   UNION ALL
 *   SELECT 'STUCK_PROCESSING', 'PAYMENT', f.id, f.status, f.attempt_id, f.entry_ids,
 *          coalesce(f.rail_reference, f.capture_rail_reference), f.biller_reference, f.account_reference,
 *          f.charged, NULL::bigint, f.currency, f.created_at,
 *          'PROCESSING since ' || (to_json(date_trunc('second', f.updated_at AT TIME ZONE 'UTC')) #>> '{}') || 'Z'
 *     FROM facts f
 *    WHERE f.status = 'PROCESSING' AND f.updated_at < :now!::timestamptz - make_interval(secs => :stuckAfterMs!::double precision / 1000)
 *   UNION ALL
 *   SELECT 'BILLER_DISAGREES', 'BILLER', f.id, f.status, f.attempt_id, f.entry_ids,
 *          coalesce(f.rail_reference, f.capture_rail_reference), coalesce(c.biller_reference, f.biller_reference),
 *          f.account_reference, c.expected_amount, c.biller_amount, f.currency, f.created_at,
 *          coalesce(c.detail, 'The biller''s record disagrees')
 *     FROM facts f
 *     CROSS JOIN LATERAL (
 *       SELECT bc.biller_reference, bc.expected_amount, bc.biller_amount, bc.detail
 *         FROM reconciliation_biller_checks bc
 *        WHERE bc.payment_id = f.id AND bc.outcome IN ('MISSING', 'AMOUNT_DIFFERS') LIMIT 1
 *     ) c
 *    WHERE f.status = 'SUCCEEDED'
 * )
 * SELECT b.type AS "type!", b.source AS "source!", b.payment_id, b.payment_status, b.posting_attempt_id,
 *        coalesce(b.entry_ids, ARRAY[]::text[]) AS "journal_entry_ids!", b.rail_reference, b.biller_reference,
 *        b.account_reference, b.expected_amount::text AS expected_amount, b.actual_amount::text AS actual_amount,
 *        b.currency, b.occurred_at AS "occurred_at!", b.detail AS "detail!", count(*) OVER () AS "total_items!"
 *   FROM breaks b
 *  WHERE (:type::text IS NULL OR b.type = :type::text)
 *  ORDER BY b.occurred_at, b.type, b.payment_id NULLS LAST, b.source, b.rail_reference, b.detail
 *  LIMIT :limit::bigint OFFSET :offset!::bigint
 * ```
 */
export const breaks = new PreparedQuery<BreaksParams,BreaksResult>(breaksIR);


/** 'WindowTotals' parameters type */
export interface WindowTotalsParams {
  from: DateOrString;
  to: DateOrString;
}

/** 'WindowTotals' return type */
export interface WindowTotalsResult {
  amount: string;
  count: number;
  currency: string;
  fee: string;
  status: string;
}

/** 'WindowTotals' query type */
export interface WindowTotalsQuery {
  params: WindowTotalsParams;
  result: WindowTotalsResult;
}

const windowTotalsIR: any = {"usedParamSet":{"from":true,"to":true},"params":[{"name":"from","required":true,"transform":{"type":"scalar"},"locs":[{"a":222,"b":227}]},{"name":"to","required":true,"transform":{"type":"scalar"},"locs":[{"a":246,"b":249}]}],"statement":"-- Count, amount and fees of the window's payments, per status and currency.\nSELECT status, currency, count(*)::int AS \"count!\", sum(amount)::text AS \"amount!\", sum(fee)::text AS \"fee!\"\n  FROM payments WHERE created_at >= :from! AND created_at < :to!\n GROUP BY status, currency ORDER BY currency, status"};

/**
 * Query generated from SQL:
 * ```
 * -- Count, amount and fees of the window's payments, per status and currency.
 * SELECT status, currency, count(*)::int AS "count!", sum(amount)::text AS "amount!", sum(fee)::text AS "fee!"
 *   FROM payments WHERE created_at >= :from! AND created_at < :to!
 *  GROUP BY status, currency ORDER BY currency, status
 * ```
 */
export const windowTotals = new PreparedQuery<WindowTotalsParams,WindowTotalsResult>(windowTotalsIR);


/** 'WindowPaymentIds' parameters type */
export interface WindowPaymentIdsParams {
  from: DateOrString;
  to: DateOrString;
}

/** 'WindowPaymentIds' return type */
export interface WindowPaymentIdsResult {
  id: string;
}

/** 'WindowPaymentIds' query type */
export interface WindowPaymentIdsQuery {
  params: WindowPaymentIdsParams;
  result: WindowPaymentIdsResult;
}

const windowPaymentIdsIR: any = {"usedParamSet":{"from":true,"to":true},"params":[{"name":"from","required":true,"transform":{"type":"scalar"},"locs":[{"a":121,"b":126}]},{"name":"to","required":true,"transform":{"type":"scalar"},"locs":[{"a":145,"b":148}]}],"statement":"-- The ids of the window's payments, the references the rail is asked about.\nSELECT id FROM payments WHERE created_at >= :from! AND created_at < :to!"};

/**
 * Query generated from SQL:
 * ```
 * -- The ids of the window's payments, the references the rail is asked about.
 * SELECT id FROM payments WHERE created_at >= :from! AND created_at < :to!
 * ```
 */
export const windowPaymentIds = new PreparedQuery<WindowPaymentIdsParams,WindowPaymentIdsResult>(windowPaymentIdsIR);


/** 'ReadOnly' parameters type */
export type ReadOnlyParams = void;

/** 'ReadOnly' return type */
export type ReadOnlyResult = void;

/** 'ReadOnly' query type */
export interface ReadOnlyQuery {
  params: ReadOnlyParams;
  result: ReadOnlyResult;
}

const readOnlyIR: any = {"usedParamSet":{},"params":[],"statement":"-- First in a run's REPEATABLE READ transaction. A run writes nothing.\nSET TRANSACTION READ ONLY"};

/**
 * Query generated from SQL:
 * ```
 * -- First in a run's REPEATABLE READ transaction. A run writes nothing.
 * SET TRANSACTION READ ONLY
 * ```
 */
export const readOnly = new PreparedQuery<ReadOnlyParams,ReadOnlyResult>(readOnlyIR);


