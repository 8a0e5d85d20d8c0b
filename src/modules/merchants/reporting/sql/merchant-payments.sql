/* @name MerchantPaymentsPage */
-- A page of the checkout payments of one merchant in one mode, newest first: ids are UUIDv7, so
-- `id < cursor ORDER BY id DESC` is time order on payments_merchant_idx (merchant_id, livemode,
-- id DESC), stable while payments are added (they sort before the first page). Each filter is
-- null when not asked for:
--   from / to      created_at within [from, to] (both inclusive);
--   status         'PAID': status SUCCEEDED (refunded in part or not); 'REFUNDED': refunded_amount > 0;
--   rail           the rail, exactly;
--   minAmount / maxAmount   the amount within them (minor units, inclusive).
-- `q` has statements of its own (...ByQuery), which start from the sessions it names.
-- `refunded_at` is the time of the payment's latest SUCCEEDED merchant refund (null when none has
-- settled): looked up only for a payment with `refunded_amount > 0`, one probe of
-- merchant_refunds_succeeded_idx (payment_id, refunded_at DESC) WHERE status = 'SUCCEEDED'
-- (the export of every payment joins them all at once instead: MerchantPaymentsExport).
SELECT p.id, p.checkout_session_id, s.payment_link_id, s.merchant_reference, p.amount, p.merchant_fee,
       p.refunded_amount, p.currency, p.status, p.rail, p.funding_account_masked, s.customer_email,
       p.created_at, p.completed_at, p.livemode,
       CASE WHEN p.refunded_amount > 0
            THEN (SELECT max(r.refunded_at) FROM merchant_refunds r
                   WHERE r.payment_id = p.id AND r.status = 'SUCCEEDED') END AS refunded_at
  FROM payments p
  JOIN merchant_checkout_sessions s ON s.id = p.checkout_session_id
 WHERE p.merchant_id = :merchantId! AND p.livemode = :livemode!
   AND p.id < coalesce(:before::uuid, 'ffffffff-ffff-ffff-ffff-ffffffffffff')
   AND (:from::timestamptz IS NULL OR p.created_at >= :from::timestamptz)
   AND (:to::timestamptz IS NULL OR p.created_at <= :to::timestamptz)
   AND (:status::text IS NULL
        OR (:status::text = 'PAID' AND p.status = 'SUCCEEDED')
        OR (:status::text = 'REFUNDED' AND p.refunded_amount > 0))
   AND (:rail::text IS NULL OR p.rail = :rail::text)
   AND (:minAmount::bigint IS NULL OR p.amount >= :minAmount::bigint)
   AND (:maxAmount::bigint IS NULL OR p.amount <= :maxAmount::bigint)
 ORDER BY p.id DESC
 LIMIT :limit!;

/* @name MerchantPaymentsExport */
-- Every checkout payment MerchantPaymentsPage's filters select, newest first, as the CSV export's records, for
-- `COPY (this) TO STDOUT WITH (FORMAT csv, HEADER)` (`copyCsv`, platform/database/statement-executor.ts): each
-- column is named as its header and holds its cell as the export writes it, so PostgreSQL writes the file.
-- Timestamps ISO 8601 UTC with milliseconds and `Z`; amounts bare integers (number cells, never defused); each
-- text cell of stored text through `csv_text` (defused against formulas as csvText, platform/http/csv-export.ts,
-- does it; empty as null, which COPY writes as nothing) and the payer's e-mail through `csv_masked_email`
-- (maskEmailAddress and csvText in one): SQL functions of migration 1795898000000, inlined by the planner. Ids,
-- times, `livemode`, and `status` and `currency` (their CHECKs keep them upper-case words) can neither start with
-- a trigger nor be empty: written as they are.
SELECT p.id,
       to_char(p.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdAt",
       CASE WHEN p.status IN ('SUCCEEDED', 'REFUNDED')
            THEN to_char(p.completed_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') END AS "paidAt",
       to_char(r.refunded_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "refundedAt",
       p.status,
       p.amount, p.merchant_fee AS fee, p.amount - p.merchant_fee AS net, p.refunded_amount AS "refundedAmount",
       p.currency,
       csv_text(p.rail) AS rail,
       csv_text(s.merchant_reference) AS "merchantReference",
       p.checkout_session_id AS "checkoutSessionId", s.payment_link_id AS "paymentLinkId",
       csv_text(p.funding_account_masked) AS "payerFundingAccountMasked",
       csv_masked_email(s.customer_email) AS "payerEmailMasked",
       CASE WHEN p.livemode THEN 'true' ELSE 'false' END AS livemode
  FROM payments p
  JOIN merchant_checkout_sessions s ON s.id = p.checkout_session_id
  -- The latest SUCCEEDED refund of each payment, hashed once for the whole export (a refund is made after
  -- its payment, so one before `from` refunds no payment here): a probe per row would cost as much, and
  -- its estimate would make the planner compile the statement (JIT) at every export.
  LEFT JOIN (SELECT mr.payment_id, max(mr.refunded_at) AS refunded_at
               FROM merchant_refunds mr
              WHERE mr.merchant_id = :merchantId! AND mr.livemode = :livemode! AND mr.status = 'SUCCEEDED'
                AND (:from::timestamptz IS NULL OR mr.created_at >= :from::timestamptz)
              GROUP BY mr.payment_id) r ON r.payment_id = p.id
 WHERE p.merchant_id = :merchantId! AND p.livemode = :livemode!
   AND (:from::timestamptz IS NULL OR p.created_at >= :from::timestamptz)
   AND (:to::timestamptz IS NULL OR p.created_at <= :to::timestamptz)
   AND (:status::text IS NULL
        OR (:status::text = 'PAID' AND p.status = 'SUCCEEDED')
        OR (:status::text = 'REFUNDED' AND p.refunded_amount > 0))
   AND (:rail::text IS NULL OR p.rail = :rail::text)
   AND (:minAmount::bigint IS NULL OR p.amount >= :minAmount::bigint)
   AND (:maxAmount::bigint IS NULL OR p.amount <= :maxAmount::bigint)
 ORDER BY p.id DESC;

/* @name MerchantPaymentsPageByQuery */
-- MerchantPaymentsPage with `q`: the sessions whose merchant reference is `q` exactly, or whose payer's
-- e-mail is `q` without case (merchant_checkout_sessions_reference_idx and _email_idx), then each one's
-- payments (a checkout payment's payer is its session: payments_payer_created_idx), so a search costs what
-- it finds, not the merchant's history. The LATERAL's OFFSET 0 keeps it a per-session probe: flattened, a
-- generic plan may walk every payment by id instead, to spare a sort of the few it finds.
WITH matched AS MATERIALIZED (
  SELECT m.id FROM merchant_checkout_sessions m
   WHERE m.merchant_id = :merchantId! AND m.livemode = :livemode!
     AND (m.merchant_reference = :q! OR lower(m.customer_email) = lower(:q!)))
SELECT p.id, p.checkout_session_id, s.payment_link_id, s.merchant_reference, p.amount, p.merchant_fee,
       p.refunded_amount, p.currency, p.status, p.rail, p.funding_account_masked, s.customer_email,
       p.created_at, p.completed_at, p.livemode,
       CASE WHEN p.refunded_amount > 0
            THEN (SELECT max(r.refunded_at) FROM merchant_refunds r
                   WHERE r.payment_id = p.id AND r.status = 'SUCCEEDED') END AS refunded_at
  FROM matched
 CROSS JOIN LATERAL (
       SELECT p.id, p.checkout_session_id, p.amount, p.merchant_fee, p.refunded_amount, p.currency, p.status, p.rail,
              p.funding_account_masked, p.created_at, p.completed_at, p.livemode
         FROM payments p
        WHERE p.payer_id = matched.id AND p.merchant_id = :merchantId! AND p.livemode = :livemode!
          AND p.id < coalesce(:before::uuid, 'ffffffff-ffff-ffff-ffff-ffffffffffff')
          AND (:from::timestamptz IS NULL OR p.created_at >= :from::timestamptz)
          AND (:to::timestamptz IS NULL OR p.created_at <= :to::timestamptz)
          AND (:status::text IS NULL
               OR (:status::text = 'PAID' AND p.status = 'SUCCEEDED')
               OR (:status::text = 'REFUNDED' AND p.refunded_amount > 0))
          AND (:rail::text IS NULL OR p.rail = :rail::text)
          AND (:minAmount::bigint IS NULL OR p.amount >= :minAmount::bigint)
          AND (:maxAmount::bigint IS NULL OR p.amount <= :maxAmount::bigint)
       OFFSET 0) p
  JOIN merchant_checkout_sessions s ON s.id = p.checkout_session_id
 ORDER BY p.id DESC
 LIMIT :limit!;

/* @name MerchantPaymentsExportByQuery */
-- MerchantPaymentsExport with `q` (the same columns), found as MerchantPaymentsPageByQuery finds them.
WITH matched AS MATERIALIZED (
  SELECT m.id FROM merchant_checkout_sessions m
   WHERE m.merchant_id = :merchantId! AND m.livemode = :livemode!
     AND (m.merchant_reference = :q! OR lower(m.customer_email) = lower(:q!)))
SELECT p.id,
       to_char(p.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdAt",
       CASE WHEN p.status IN ('SUCCEEDED', 'REFUNDED')
            THEN to_char(p.completed_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') END AS "paidAt",
       CASE WHEN p.refunded_amount > 0
            THEN to_char((SELECT max(r.refunded_at) FROM merchant_refunds r
                           WHERE r.payment_id = p.id AND r.status = 'SUCCEEDED') AT TIME ZONE 'UTC',
                         'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') END AS "refundedAt",
       p.status,
       p.amount, p.merchant_fee AS fee, p.amount - p.merchant_fee AS net, p.refunded_amount AS "refundedAmount",
       p.currency,
       csv_text(p.rail) AS rail,
       csv_text(s.merchant_reference) AS "merchantReference",
       p.checkout_session_id AS "checkoutSessionId", s.payment_link_id AS "paymentLinkId",
       csv_text(p.funding_account_masked) AS "payerFundingAccountMasked",
       csv_masked_email(s.customer_email) AS "payerEmailMasked",
       CASE WHEN p.livemode THEN 'true' ELSE 'false' END AS livemode
  FROM matched
 CROSS JOIN LATERAL (
       SELECT p.id, p.checkout_session_id, p.amount, p.merchant_fee, p.refunded_amount, p.currency, p.status, p.rail,
              p.funding_account_masked, p.created_at, p.completed_at, p.livemode
         FROM payments p
        WHERE p.payer_id = matched.id AND p.merchant_id = :merchantId! AND p.livemode = :livemode!
          AND (:from::timestamptz IS NULL OR p.created_at >= :from::timestamptz)
          AND (:to::timestamptz IS NULL OR p.created_at <= :to::timestamptz)
          AND (:status::text IS NULL
               OR (:status::text = 'PAID' AND p.status = 'SUCCEEDED')
               OR (:status::text = 'REFUNDED' AND p.refunded_amount > 0))
          AND (:rail::text IS NULL OR p.rail = :rail::text)
          AND (:minAmount::bigint IS NULL OR p.amount >= :minAmount::bigint)
          AND (:maxAmount::bigint IS NULL OR p.amount <= :maxAmount::bigint)
       OFFSET 0) p
  JOIN merchant_checkout_sessions s ON s.id = p.checkout_session_id
 ORDER BY p.id DESC;
