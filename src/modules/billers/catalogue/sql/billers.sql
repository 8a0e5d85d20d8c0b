/* @name ForPaymentById */
-- What a payment needs of its biller (BillerRepository.findForPayment): every column, whether
-- customers see it (biller and category active) and its active accepted rails, by code.
SELECT b.id, b.slug, b.name, b.aliases, b.category_id, b.logo_url, b.country, b.currency, b.accepted_rails,
       b.fee_flat, b.fee_percent_bps, b.agent_commission_flat, b.agent_commission_bps, b.min_amount, b.max_amount,
       b.account_reference_label, b.account_reference_pattern, b.amount_rule, b.validates_directly,
       b.connector_base_url, b.connector_secret_ref, b.connector_timeout_ms, b.active, b.available, b.popularity,
       b.search_name, b.search_text, b.created_at, b.updated_at,
       b.active AND c.active AS "visible!",
       (SELECT coalesce(json_agg(json_build_object('id', r.id, 'code', r.code, 'name', r.name, 'active', r.active,
                 'feeFlat', r.fee_flat, 'feePercentBps', r.fee_percent_bps, 'minAmount', r.min_amount,
                 'maxAmount', r.max_amount) ORDER BY r.code), '[]')
          FROM payment_rails r WHERE r.code = ANY (b.accepted_rails) AND r.active) AS "rails!"
  FROM billers b JOIN biller_categories c ON c.id = b.category_id
 WHERE b.id = :id!;

/* @name ForPaymentBySlug */
-- ForPaymentById by the biller's slug.
SELECT b.id, b.slug, b.name, b.aliases, b.category_id, b.logo_url, b.country, b.currency, b.accepted_rails,
       b.fee_flat, b.fee_percent_bps, b.agent_commission_flat, b.agent_commission_bps, b.min_amount, b.max_amount,
       b.account_reference_label, b.account_reference_pattern, b.amount_rule, b.validates_directly,
       b.connector_base_url, b.connector_secret_ref, b.connector_timeout_ms, b.active, b.available, b.popularity,
       b.search_name, b.search_text, b.created_at, b.updated_at,
       b.active AND c.active AS "visible!",
       (SELECT coalesce(json_agg(json_build_object('id', r.id, 'code', r.code, 'name', r.name, 'active', r.active,
                 'feeFlat', r.fee_flat, 'feePercentBps', r.fee_percent_bps, 'minAmount', r.min_amount,
                 'maxAmount', r.max_amount) ORDER BY r.code), '[]')
          FROM payment_rails r WHERE r.code = ANY (b.accepted_rails) AND r.active) AS "rails!"
  FROM billers b JOIN biller_categories c ON c.id = b.category_id
 WHERE b.slug = :slug!;

/* @name DropUnusedSearchTerms */
-- Drops the words of the typo vocabulary that no biller's search text has any more (after
-- renames: the trigger only ever adds words), and answers how many.
WITH used AS (
  SELECT DISTINCT word COLLATE "C" AS term
    FROM billers, unnest(string_to_array(search_text, ' ')) AS word WHERE length(word) >= 3
), dropped AS (
  DELETE FROM biller_search_terms t WHERE NOT EXISTS (SELECT 1 FROM used WHERE used.term = t.term) RETURNING t.term
)
SELECT count(*)::int AS "dropped!" FROM dropped;

/* @name AddMissingSearchTerms */
-- Adds the words a write racing an earlier sync left out of the vocabulary, one row per word added.
INSERT INTO biller_search_terms (term)
SELECT DISTINCT word COLLATE "C" AS term
  FROM billers, unnest(string_to_array(search_text, ' ')) AS word WHERE length(word) >= 3
    ON CONFLICT DO NOTHING
RETURNING term;
