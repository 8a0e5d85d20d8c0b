/** Types generated for queries found in "src/modules/merchants/reporting/sql/merchant-payments.sql" */
import { PreparedQuery } from '../../../../platform/database/sql-query';

export type DateOrString = Date | string;

export type NumberOrString = number | string;

/** 'MerchantPaymentsPage' parameters type */
export interface MerchantPaymentsPageParams {
  before?: string | null | void;
  from?: DateOrString | null | void;
  limit: NumberOrString;
  livemode: boolean;
  maxAmount?: NumberOrString | null | void;
  merchantId: string;
  minAmount?: NumberOrString | null | void;
  rail?: string | null | void;
  status?: string | null | void;
  to?: DateOrString | null | void;
}

/** 'MerchantPaymentsPage' return type */
export interface MerchantPaymentsPageResult {
  amount: string;
  checkout_session_id: string | null;
  completed_at: Date | null;
  created_at: Date;
  currency: string;
  customer_email: string | null;
  funding_account_masked: string;
  id: string;
  livemode: boolean | null;
  merchant_fee: string | null;
  merchant_reference: string;
  payment_link_id: string | null;
  rail: string;
  refunded_amount: string;
  refunded_at: Date | null;
  status: string;
}

/** 'MerchantPaymentsPage' query type */
export interface MerchantPaymentsPageQuery {
  params: MerchantPaymentsPageParams;
  result: MerchantPaymentsPageResult;
}

const merchantPaymentsPageIR: any = {"usedParamSet":{"merchantId":true,"livemode":true,"before":true,"from":true,"to":true,"status":true,"rail":true,"minAmount":true,"maxAmount":true,"limit":true},"params":[{"name":"merchantId","required":true,"transform":{"type":"scalar"},"locs":[{"a":1616,"b":1627}]},{"name":"livemode","required":true,"transform":{"type":"scalar"},"locs":[{"a":1646,"b":1655}]},{"name":"before","required":false,"transform":{"type":"scalar"},"locs":[{"a":1680,"b":1686}]},{"name":"from","required":false,"transform":{"type":"scalar"},"locs":[{"a":1743,"b":1747},{"a":1789,"b":1793}]},{"name":"to","required":false,"transform":{"type":"scalar"},"locs":[{"a":1817,"b":1819},{"a":1861,"b":1863}]},{"name":"status","required":false,"transform":{"type":"scalar"},"locs":[{"a":1887,"b":1893},{"a":1921,"b":1927},{"a":1984,"b":1990}]},{"name":"rail","required":false,"transform":{"type":"scalar"},"locs":[{"a":2047,"b":2051},{"a":2079,"b":2083}]},{"name":"minAmount","required":false,"transform":{"type":"scalar"},"locs":[{"a":2100,"b":2109},{"a":2142,"b":2151}]},{"name":"maxAmount","required":false,"transform":{"type":"scalar"},"locs":[{"a":2170,"b":2179},{"a":2212,"b":2221}]},{"name":"limit","required":true,"transform":{"type":"scalar"},"locs":[{"a":2259,"b":2265}]}],"statement":"-- A page of the checkout payments of one merchant in one mode, newest first: ids are UUIDv7, so\n-- `id < cursor ORDER BY id DESC` is time order on payments_merchant_idx (merchant_id, livemode,\n-- id DESC), stable while payments are added (they sort before the first page). Each filter is\n-- null when not asked for:\n--   from / to      created_at within [from, to] (both inclusive);\n--   status         'PAID': status SUCCEEDED (refunded in part or not); 'REFUNDED': refunded_amount > 0;\n--   rail           the rail, exactly;\n--   minAmount / maxAmount   the amount within them (minor units, inclusive).\n-- `q` has statements of its own (...ByQuery), which start from the sessions it names.\n-- `refunded_at` is the time of the payment's latest SUCCEEDED merchant refund (null when none has\n-- settled): looked up only for a payment with `refunded_amount > 0`, one probe of\n-- merchant_refunds_succeeded_idx (payment_id, refunded_at DESC) WHERE status = 'SUCCEEDED'\n-- (the export of every payment joins them all at once instead: MerchantPaymentsExport).\nSELECT p.id, p.checkout_session_id, s.payment_link_id, s.merchant_reference, p.amount, p.merchant_fee,\n       p.refunded_amount, p.currency, p.status, p.rail, p.funding_account_masked, s.customer_email,\n       p.created_at, p.completed_at, p.livemode,\n       CASE WHEN p.refunded_amount > 0\n            THEN (SELECT max(r.refunded_at) FROM merchant_refunds r\n                   WHERE r.payment_id = p.id AND r.status = 'SUCCEEDED') END AS refunded_at\n  FROM payments p\n  JOIN merchant_checkout_sessions s ON s.id = p.checkout_session_id\n WHERE p.merchant_id = :merchantId! AND p.livemode = :livemode!\n   AND p.id < coalesce(:before::uuid, 'ffffffff-ffff-ffff-ffff-ffffffffffff')\n   AND (:from::timestamptz IS NULL OR p.created_at >= :from::timestamptz)\n   AND (:to::timestamptz IS NULL OR p.created_at <= :to::timestamptz)\n   AND (:status::text IS NULL\n        OR (:status::text = 'PAID' AND p.status = 'SUCCEEDED')\n        OR (:status::text = 'REFUNDED' AND p.refunded_amount > 0))\n   AND (:rail::text IS NULL OR p.rail = :rail::text)\n   AND (:minAmount::bigint IS NULL OR p.amount >= :minAmount::bigint)\n   AND (:maxAmount::bigint IS NULL OR p.amount <= :maxAmount::bigint)\n ORDER BY p.id DESC\n LIMIT :limit!"};

/**
 * Query generated from SQL:
 * ```
 * -- A page of the checkout payments of one merchant in one mode, newest first: ids are UUIDv7, so
 * -- `id < cursor ORDER BY id DESC` is time order on payments_merchant_idx (merchant_id, livemode,
 * -- id DESC), stable while payments are added (they sort before the first page). Each filter is
 * -- null when not asked for:
 * --   from / to      created_at within [from, to] (both inclusive);
 * --   status         'PAID': status SUCCEEDED (refunded in part or not); 'REFUNDED': refunded_amount > 0;
 * --   rail           the rail, exactly;
 * --   minAmount / maxAmount   the amount within them (minor units, inclusive).
 * -- `q` has statements of its own (...ByQuery), which start from the sessions it names.
 * -- `refunded_at` is the time of the payment's latest SUCCEEDED merchant refund (null when none has
 * -- settled): looked up only for a payment with `refunded_amount > 0`, one probe of
 * -- merchant_refunds_succeeded_idx (payment_id, refunded_at DESC) WHERE status = 'SUCCEEDED'
 * -- (the export of every payment joins them all at once instead: MerchantPaymentsExport).
 * SELECT p.id, p.checkout_session_id, s.payment_link_id, s.merchant_reference, p.amount, p.merchant_fee,
 *        p.refunded_amount, p.currency, p.status, p.rail, p.funding_account_masked, s.customer_email,
 *        p.created_at, p.completed_at, p.livemode,
 *        CASE WHEN p.refunded_amount > 0
 *             THEN (SELECT max(r.refunded_at) FROM merchant_refunds r
 *                    WHERE r.payment_id = p.id AND r.status = 'SUCCEEDED') END AS refunded_at
 *   FROM payments p
 *   JOIN merchant_checkout_sessions s ON s.id = p.checkout_session_id
 *  WHERE p.merchant_id = :merchantId! AND p.livemode = :livemode!
 *    AND p.id < coalesce(:before::uuid, 'ffffffff-ffff-ffff-ffff-ffffffffffff')
 *    AND (:from::timestamptz IS NULL OR p.created_at >= :from::timestamptz)
 *    AND (:to::timestamptz IS NULL OR p.created_at <= :to::timestamptz)
 *    AND (:status::text IS NULL
 *         OR (:status::text = 'PAID' AND p.status = 'SUCCEEDED')
 *         OR (:status::text = 'REFUNDED' AND p.refunded_amount > 0))
 *    AND (:rail::text IS NULL OR p.rail = :rail::text)
 *    AND (:minAmount::bigint IS NULL OR p.amount >= :minAmount::bigint)
 *    AND (:maxAmount::bigint IS NULL OR p.amount <= :maxAmount::bigint)
 *  ORDER BY p.id DESC
 *  LIMIT :limit!
 * ```
 */
export const merchantPaymentsPage = new PreparedQuery<MerchantPaymentsPageParams,MerchantPaymentsPageResult>(merchantPaymentsPageIR);


/** 'MerchantPaymentsExport' parameters type */
export interface MerchantPaymentsExportParams {
  from?: DateOrString | null | void;
  livemode: boolean;
  maxAmount?: NumberOrString | null | void;
  merchantId: string;
  minAmount?: NumberOrString | null | void;
  rail?: string | null | void;
  status?: string | null | void;
  to?: DateOrString | null | void;
}

/** 'MerchantPaymentsExport' return type */
export interface MerchantPaymentsExportResult {
  amount: string;
  checkoutSessionId: string | null;
  createdAt: string | null;
  currency: string;
  fee: string | null;
  id: string;
  livemode: string | null;
  merchantReference: string | null;
  net: string | null;
  paidAt: string | null;
  payerEmailMasked: string | null;
  payerFundingAccountMasked: string | null;
  paymentLinkId: string | null;
  rail: string | null;
  refundedAmount: string;
  refundedAt: string | null;
  status: string;
}

/** 'MerchantPaymentsExport' query type */
export interface MerchantPaymentsExportQuery {
  params: MerchantPaymentsExportParams;
  result: MerchantPaymentsExportResult;
}

const merchantPaymentsExportIR: any = {"usedParamSet":{"merchantId":true,"livemode":true,"from":true,"to":true,"status":true,"rail":true,"minAmount":true,"maxAmount":true},"params":[{"name":"merchantId","required":true,"transform":{"type":"scalar"},"locs":[{"a":2389,"b":2400},{"a":2633,"b":2644}]},{"name":"livemode","required":true,"transform":{"type":"scalar"},"locs":[{"a":2420,"b":2429},{"a":2663,"b":2672}]},{"name":"from","required":false,"transform":{"type":"scalar"},"locs":[{"a":2480,"b":2484},{"a":2527,"b":2531},{"a":2682,"b":2686},{"a":2728,"b":2732}]},{"name":"to","required":false,"transform":{"type":"scalar"},"locs":[{"a":2756,"b":2758},{"a":2800,"b":2802}]},{"name":"status","required":false,"transform":{"type":"scalar"},"locs":[{"a":2826,"b":2832},{"a":2860,"b":2866},{"a":2923,"b":2929}]},{"name":"rail","required":false,"transform":{"type":"scalar"},"locs":[{"a":2986,"b":2990},{"a":3018,"b":3022}]},{"name":"minAmount","required":false,"transform":{"type":"scalar"},"locs":[{"a":3039,"b":3048},{"a":3081,"b":3090}]},{"name":"maxAmount","required":false,"transform":{"type":"scalar"},"locs":[{"a":3109,"b":3118},{"a":3151,"b":3160}]}],"statement":"-- Every checkout payment MerchantPaymentsPage's filters select, newest first, as the CSV export's records, for\n-- `COPY (this) TO STDOUT WITH (FORMAT csv, HEADER)` (`copyCsv`, platform/database/statement-executor.ts): each\n-- column is named as its header and holds its cell as the export writes it, so PostgreSQL writes the file.\n-- Timestamps ISO 8601 UTC with milliseconds and `Z`; amounts bare integers (number cells, never defused); each\n-- text cell of stored text through `csv_text` (defused against formulas as csvText, platform/http/csv-export.ts,\n-- does it; empty as null, which COPY writes as nothing) and the payer's e-mail through `csv_masked_email`\n-- (maskEmailAddress and csvText in one): SQL functions of migration 1795898000000, inlined by the planner. Ids,\n-- times, `livemode`, and `status` and `currency` (their CHECKs keep them upper-case words) can neither start with\n-- a trigger nor be empty: written as they are.\nSELECT p.id,\n       to_char(p.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS.MS\"Z\"') AS \"createdAt\",\n       CASE WHEN p.status IN ('SUCCEEDED', 'REFUNDED')\n            THEN to_char(p.completed_at AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS.MS\"Z\"') END AS \"paidAt\",\n       to_char(r.refunded_at AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS.MS\"Z\"') AS \"refundedAt\",\n       p.status,\n       p.amount, p.merchant_fee AS fee, p.amount - p.merchant_fee AS net, p.refunded_amount AS \"refundedAmount\",\n       p.currency,\n       csv_text(p.rail) AS rail,\n       csv_text(s.merchant_reference) AS \"merchantReference\",\n       p.checkout_session_id AS \"checkoutSessionId\", s.payment_link_id AS \"paymentLinkId\",\n       csv_text(p.funding_account_masked) AS \"payerFundingAccountMasked\",\n       csv_masked_email(s.customer_email) AS \"payerEmailMasked\",\n       CASE WHEN p.livemode THEN 'true' ELSE 'false' END AS livemode\n  FROM payments p\n  JOIN merchant_checkout_sessions s ON s.id = p.checkout_session_id\n  -- The latest SUCCEEDED refund of each payment, hashed once for the whole export (a refund is made after\n  -- its payment, so one before `from` refunds no payment here): a probe per row would cost as much, and\n  -- its estimate would make the planner compile the statement (JIT) at every export.\n  LEFT JOIN (SELECT mr.payment_id, max(mr.refunded_at) AS refunded_at\n               FROM merchant_refunds mr\n              WHERE mr.merchant_id = :merchantId! AND mr.livemode = :livemode! AND mr.status = 'SUCCEEDED'\n                AND (:from::timestamptz IS NULL OR mr.created_at >= :from::timestamptz)\n              GROUP BY mr.payment_id) r ON r.payment_id = p.id\n WHERE p.merchant_id = :merchantId! AND p.livemode = :livemode!\n   AND (:from::timestamptz IS NULL OR p.created_at >= :from::timestamptz)\n   AND (:to::timestamptz IS NULL OR p.created_at <= :to::timestamptz)\n   AND (:status::text IS NULL\n        OR (:status::text = 'PAID' AND p.status = 'SUCCEEDED')\n        OR (:status::text = 'REFUNDED' AND p.refunded_amount > 0))\n   AND (:rail::text IS NULL OR p.rail = :rail::text)\n   AND (:minAmount::bigint IS NULL OR p.amount >= :minAmount::bigint)\n   AND (:maxAmount::bigint IS NULL OR p.amount <= :maxAmount::bigint)\n ORDER BY p.id DESC"};

/**
 * Query generated from SQL:
 * ```
 * -- Every checkout payment MerchantPaymentsPage's filters select, newest first, as the CSV export's records, for
 * -- `COPY (this) TO STDOUT WITH (FORMAT csv, HEADER)` (`copyCsv`, platform/database/statement-executor.ts): each
 * -- column is named as its header and holds its cell as the export writes it, so PostgreSQL writes the file.
 * -- Timestamps ISO 8601 UTC with milliseconds and `Z`; amounts bare integers (number cells, never defused); each
 * -- text cell of stored text through `csv_text` (defused against formulas as csvText, platform/http/csv-export.ts,
 * -- does it; empty as null, which COPY writes as nothing) and the payer's e-mail through `csv_masked_email`
 * -- (maskEmailAddress and csvText in one): SQL functions of migration 1795898000000, inlined by the planner. Ids,
 * -- times, `livemode`, and `status` and `currency` (their CHECKs keep them upper-case words) can neither start with
 * -- a trigger nor be empty: written as they are.
 * SELECT p.id,
 *        to_char(p.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdAt",
 *        CASE WHEN p.status IN ('SUCCEEDED', 'REFUNDED')
 *             THEN to_char(p.completed_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') END AS "paidAt",
 *        to_char(r.refunded_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "refundedAt",
 *        p.status,
 *        p.amount, p.merchant_fee AS fee, p.amount - p.merchant_fee AS net, p.refunded_amount AS "refundedAmount",
 *        p.currency,
 *        csv_text(p.rail) AS rail,
 *        csv_text(s.merchant_reference) AS "merchantReference",
 *        p.checkout_session_id AS "checkoutSessionId", s.payment_link_id AS "paymentLinkId",
 *        csv_text(p.funding_account_masked) AS "payerFundingAccountMasked",
 *        csv_masked_email(s.customer_email) AS "payerEmailMasked",
 *        CASE WHEN p.livemode THEN 'true' ELSE 'false' END AS livemode
 *   FROM payments p
 *   JOIN merchant_checkout_sessions s ON s.id = p.checkout_session_id
 *   -- The latest SUCCEEDED refund of each payment, hashed once for the whole export (a refund is made after
 *   -- its payment, so one before `from` refunds no payment here): a probe per row would cost as much, and
 *   -- its estimate would make the planner compile the statement (JIT) at every export.
 *   LEFT JOIN (SELECT mr.payment_id, max(mr.refunded_at) AS refunded_at
 *                FROM merchant_refunds mr
 *               WHERE mr.merchant_id = :merchantId! AND mr.livemode = :livemode! AND mr.status = 'SUCCEEDED'
 *                 AND (:from::timestamptz IS NULL OR mr.created_at >= :from::timestamptz)
 *               GROUP BY mr.payment_id) r ON r.payment_id = p.id
 *  WHERE p.merchant_id = :merchantId! AND p.livemode = :livemode!
 *    AND (:from::timestamptz IS NULL OR p.created_at >= :from::timestamptz)
 *    AND (:to::timestamptz IS NULL OR p.created_at <= :to::timestamptz)
 *    AND (:status::text IS NULL
 *         OR (:status::text = 'PAID' AND p.status = 'SUCCEEDED')
 *         OR (:status::text = 'REFUNDED' AND p.refunded_amount > 0))
 *    AND (:rail::text IS NULL OR p.rail = :rail::text)
 *    AND (:minAmount::bigint IS NULL OR p.amount >= :minAmount::bigint)
 *    AND (:maxAmount::bigint IS NULL OR p.amount <= :maxAmount::bigint)
 *  ORDER BY p.id DESC
 * ```
 */
export const merchantPaymentsExport = new PreparedQuery<MerchantPaymentsExportParams,MerchantPaymentsExportResult>(merchantPaymentsExportIR);


/** 'MerchantPaymentsPageByQuery' parameters type */
export interface MerchantPaymentsPageByQueryParams {
  before?: string | null | void;
  from?: DateOrString | null | void;
  limit: NumberOrString;
  livemode: boolean;
  maxAmount?: NumberOrString | null | void;
  merchantId: string;
  minAmount?: NumberOrString | null | void;
  q: string;
  rail?: string | null | void;
  status?: string | null | void;
  to?: DateOrString | null | void;
}

/** 'MerchantPaymentsPageByQuery' return type */
export interface MerchantPaymentsPageByQueryResult {
  amount: string;
  checkout_session_id: string | null;
  completed_at: Date | null;
  created_at: Date;
  currency: string;
  customer_email: string | null;
  funding_account_masked: string;
  id: string;
  livemode: boolean | null;
  merchant_fee: string | null;
  merchant_reference: string;
  payment_link_id: string | null;
  rail: string;
  refunded_amount: string;
  refunded_at: Date | null;
  status: string;
}

/** 'MerchantPaymentsPageByQuery' query type */
export interface MerchantPaymentsPageByQueryQuery {
  params: MerchantPaymentsPageByQueryParams;
  result: MerchantPaymentsPageByQueryResult;
}

const merchantPaymentsPageByQueryIR: any = {"usedParamSet":{"merchantId":true,"livemode":true,"q":true,"before":true,"from":true,"to":true,"status":true,"rail":true,"minAmount":true,"maxAmount":true,"limit":true},"params":[{"name":"merchantId","required":true,"transform":{"type":"scalar"},"locs":[{"a":620,"b":631},{"a":1510,"b":1521}]},{"name":"livemode","required":true,"transform":{"type":"scalar"},"locs":[{"a":650,"b":659},{"a":1540,"b":1549}]},{"name":"q","required":true,"transform":{"type":"scalar"},"locs":[{"a":694,"b":696},{"a":733,"b":735}]},{"name":"before","required":false,"transform":{"type":"scalar"},"locs":[{"a":1581,"b":1587}]},{"name":"from","required":false,"transform":{"type":"scalar"},"locs":[{"a":1651,"b":1655},{"a":1697,"b":1701}]},{"name":"to","required":false,"transform":{"type":"scalar"},"locs":[{"a":1732,"b":1734},{"a":1776,"b":1778}]},{"name":"status","required":false,"transform":{"type":"scalar"},"locs":[{"a":1809,"b":1815},{"a":1850,"b":1856},{"a":1920,"b":1926}]},{"name":"rail","required":false,"transform":{"type":"scalar"},"locs":[{"a":1990,"b":1994},{"a":2022,"b":2026}]},{"name":"minAmount","required":false,"transform":{"type":"scalar"},"locs":[{"a":2050,"b":2059},{"a":2092,"b":2101}]},{"name":"maxAmount","required":false,"transform":{"type":"scalar"},"locs":[{"a":2127,"b":2136},{"a":2169,"b":2178}]},{"name":"limit","required":true,"transform":{"type":"scalar"},"locs":[{"a":2303,"b":2309}]}],"statement":"-- MerchantPaymentsPage with `q`: the sessions whose merchant reference is `q` exactly, or whose payer's\n-- e-mail is `q` without case (merchant_checkout_sessions_reference_idx and _email_idx), then each one's\n-- payments (a checkout payment's payer is its session: payments_payer_created_idx), so a search costs what\n-- it finds, not the merchant's history. The LATERAL's OFFSET 0 keeps it a per-session probe: flattened, a\n-- generic plan may walk every payment by id instead, to spare a sort of the few it finds.\nWITH matched AS MATERIALIZED (\n  SELECT m.id FROM merchant_checkout_sessions m\n   WHERE m.merchant_id = :merchantId! AND m.livemode = :livemode!\n     AND (m.merchant_reference = :q! OR lower(m.customer_email) = lower(:q!)))\nSELECT p.id, p.checkout_session_id, s.payment_link_id, s.merchant_reference, p.amount, p.merchant_fee,\n       p.refunded_amount, p.currency, p.status, p.rail, p.funding_account_masked, s.customer_email,\n       p.created_at, p.completed_at, p.livemode,\n       CASE WHEN p.refunded_amount > 0\n            THEN (SELECT max(r.refunded_at) FROM merchant_refunds r\n                   WHERE r.payment_id = p.id AND r.status = 'SUCCEEDED') END AS refunded_at\n  FROM matched\n CROSS JOIN LATERAL (\n       SELECT p.id, p.checkout_session_id, p.amount, p.merchant_fee, p.refunded_amount, p.currency, p.status, p.rail,\n              p.funding_account_masked, p.created_at, p.completed_at, p.livemode\n         FROM payments p\n        WHERE p.payer_id = matched.id AND p.merchant_id = :merchantId! AND p.livemode = :livemode!\n          AND p.id < coalesce(:before::uuid, 'ffffffff-ffff-ffff-ffff-ffffffffffff')\n          AND (:from::timestamptz IS NULL OR p.created_at >= :from::timestamptz)\n          AND (:to::timestamptz IS NULL OR p.created_at <= :to::timestamptz)\n          AND (:status::text IS NULL\n               OR (:status::text = 'PAID' AND p.status = 'SUCCEEDED')\n               OR (:status::text = 'REFUNDED' AND p.refunded_amount > 0))\n          AND (:rail::text IS NULL OR p.rail = :rail::text)\n          AND (:minAmount::bigint IS NULL OR p.amount >= :minAmount::bigint)\n          AND (:maxAmount::bigint IS NULL OR p.amount <= :maxAmount::bigint)\n       OFFSET 0) p\n  JOIN merchant_checkout_sessions s ON s.id = p.checkout_session_id\n ORDER BY p.id DESC\n LIMIT :limit!"};

/**
 * Query generated from SQL:
 * ```
 * -- MerchantPaymentsPage with `q`: the sessions whose merchant reference is `q` exactly, or whose payer's
 * -- e-mail is `q` without case (merchant_checkout_sessions_reference_idx and _email_idx), then each one's
 * -- payments (a checkout payment's payer is its session: payments_payer_created_idx), so a search costs what
 * -- it finds, not the merchant's history. The LATERAL's OFFSET 0 keeps it a per-session probe: flattened, a
 * -- generic plan may walk every payment by id instead, to spare a sort of the few it finds.
 * WITH matched AS MATERIALIZED (
 *   SELECT m.id FROM merchant_checkout_sessions m
 *    WHERE m.merchant_id = :merchantId! AND m.livemode = :livemode!
 *      AND (m.merchant_reference = :q! OR lower(m.customer_email) = lower(:q!)))
 * SELECT p.id, p.checkout_session_id, s.payment_link_id, s.merchant_reference, p.amount, p.merchant_fee,
 *        p.refunded_amount, p.currency, p.status, p.rail, p.funding_account_masked, s.customer_email,
 *        p.created_at, p.completed_at, p.livemode,
 *        CASE WHEN p.refunded_amount > 0
 *             THEN (SELECT max(r.refunded_at) FROM merchant_refunds r
 *                    WHERE r.payment_id = p.id AND r.status = 'SUCCEEDED') END AS refunded_at
 *   FROM matched
 *  CROSS JOIN LATERAL (
 *        SELECT p.id, p.checkout_session_id, p.amount, p.merchant_fee, p.refunded_amount, p.currency, p.status, p.rail,
 *               p.funding_account_masked, p.created_at, p.completed_at, p.livemode
 *          FROM payments p
 *         WHERE p.payer_id = matched.id AND p.merchant_id = :merchantId! AND p.livemode = :livemode!
 *           AND p.id < coalesce(:before::uuid, 'ffffffff-ffff-ffff-ffff-ffffffffffff')
 *           AND (:from::timestamptz IS NULL OR p.created_at >= :from::timestamptz)
 *           AND (:to::timestamptz IS NULL OR p.created_at <= :to::timestamptz)
 *           AND (:status::text IS NULL
 *                OR (:status::text = 'PAID' AND p.status = 'SUCCEEDED')
 *                OR (:status::text = 'REFUNDED' AND p.refunded_amount > 0))
 *           AND (:rail::text IS NULL OR p.rail = :rail::text)
 *           AND (:minAmount::bigint IS NULL OR p.amount >= :minAmount::bigint)
 *           AND (:maxAmount::bigint IS NULL OR p.amount <= :maxAmount::bigint)
 *        OFFSET 0) p
 *   JOIN merchant_checkout_sessions s ON s.id = p.checkout_session_id
 *  ORDER BY p.id DESC
 *  LIMIT :limit!
 * ```
 */
export const merchantPaymentsPageByQuery = new PreparedQuery<MerchantPaymentsPageByQueryParams,MerchantPaymentsPageByQueryResult>(merchantPaymentsPageByQueryIR);


/** 'MerchantPaymentsExportByQuery' parameters type */
export interface MerchantPaymentsExportByQueryParams {
  from?: DateOrString | null | void;
  livemode: boolean;
  maxAmount?: NumberOrString | null | void;
  merchantId: string;
  minAmount?: NumberOrString | null | void;
  q: string;
  rail?: string | null | void;
  status?: string | null | void;
  to?: DateOrString | null | void;
}

/** 'MerchantPaymentsExportByQuery' return type */
export interface MerchantPaymentsExportByQueryResult {
  amount: string;
  checkoutSessionId: string | null;
  createdAt: string | null;
  currency: string;
  fee: string | null;
  id: string;
  livemode: string | null;
  merchantReference: string | null;
  net: string | null;
  paidAt: string | null;
  payerEmailMasked: string | null;
  payerFundingAccountMasked: string | null;
  paymentLinkId: string | null;
  rail: string | null;
  refundedAmount: string;
  refundedAt: string | null;
  status: string;
}

/** 'MerchantPaymentsExportByQuery' query type */
export interface MerchantPaymentsExportByQueryQuery {
  params: MerchantPaymentsExportByQueryParams;
  result: MerchantPaymentsExportByQueryResult;
}

const merchantPaymentsExportByQueryIR: any = {"usedParamSet":{"merchantId":true,"livemode":true,"q":true,"from":true,"to":true,"status":true,"rail":true,"minAmount":true,"maxAmount":true},"params":[{"name":"merchantId","required":true,"transform":{"type":"scalar"},"locs":[{"a":208,"b":219},{"a":1760,"b":1771}]},{"name":"livemode","required":true,"transform":{"type":"scalar"},"locs":[{"a":238,"b":247},{"a":1790,"b":1799}]},{"name":"q","required":true,"transform":{"type":"scalar"},"locs":[{"a":282,"b":284},{"a":321,"b":323}]},{"name":"from","required":false,"transform":{"type":"scalar"},"locs":[{"a":1816,"b":1820},{"a":1862,"b":1866}]},{"name":"to","required":false,"transform":{"type":"scalar"},"locs":[{"a":1897,"b":1899},{"a":1941,"b":1943}]},{"name":"status","required":false,"transform":{"type":"scalar"},"locs":[{"a":1974,"b":1980},{"a":2015,"b":2021},{"a":2085,"b":2091}]},{"name":"rail","required":false,"transform":{"type":"scalar"},"locs":[{"a":2155,"b":2159},{"a":2187,"b":2191}]},{"name":"minAmount","required":false,"transform":{"type":"scalar"},"locs":[{"a":2215,"b":2224},{"a":2257,"b":2266}]},{"name":"maxAmount","required":false,"transform":{"type":"scalar"},"locs":[{"a":2292,"b":2301},{"a":2334,"b":2343}]}],"statement":"-- MerchantPaymentsExport with `q` (the same columns), found as MerchantPaymentsPageByQuery finds them.\nWITH matched AS MATERIALIZED (\n  SELECT m.id FROM merchant_checkout_sessions m\n   WHERE m.merchant_id = :merchantId! AND m.livemode = :livemode!\n     AND (m.merchant_reference = :q! OR lower(m.customer_email) = lower(:q!)))\nSELECT p.id,\n       to_char(p.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS.MS\"Z\"') AS \"createdAt\",\n       CASE WHEN p.status IN ('SUCCEEDED', 'REFUNDED')\n            THEN to_char(p.completed_at AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS.MS\"Z\"') END AS \"paidAt\",\n       CASE WHEN p.refunded_amount > 0\n            THEN to_char((SELECT max(r.refunded_at) FROM merchant_refunds r\n                           WHERE r.payment_id = p.id AND r.status = 'SUCCEEDED') AT TIME ZONE 'UTC',\n                         'YYYY-MM-DD\"T\"HH24:MI:SS.MS\"Z\"') END AS \"refundedAt\",\n       p.status,\n       p.amount, p.merchant_fee AS fee, p.amount - p.merchant_fee AS net, p.refunded_amount AS \"refundedAmount\",\n       p.currency,\n       csv_text(p.rail) AS rail,\n       csv_text(s.merchant_reference) AS \"merchantReference\",\n       p.checkout_session_id AS \"checkoutSessionId\", s.payment_link_id AS \"paymentLinkId\",\n       csv_text(p.funding_account_masked) AS \"payerFundingAccountMasked\",\n       csv_masked_email(s.customer_email) AS \"payerEmailMasked\",\n       CASE WHEN p.livemode THEN 'true' ELSE 'false' END AS livemode\n  FROM matched\n CROSS JOIN LATERAL (\n       SELECT p.id, p.checkout_session_id, p.amount, p.merchant_fee, p.refunded_amount, p.currency, p.status, p.rail,\n              p.funding_account_masked, p.created_at, p.completed_at, p.livemode\n         FROM payments p\n        WHERE p.payer_id = matched.id AND p.merchant_id = :merchantId! AND p.livemode = :livemode!\n          AND (:from::timestamptz IS NULL OR p.created_at >= :from::timestamptz)\n          AND (:to::timestamptz IS NULL OR p.created_at <= :to::timestamptz)\n          AND (:status::text IS NULL\n               OR (:status::text = 'PAID' AND p.status = 'SUCCEEDED')\n               OR (:status::text = 'REFUNDED' AND p.refunded_amount > 0))\n          AND (:rail::text IS NULL OR p.rail = :rail::text)\n          AND (:minAmount::bigint IS NULL OR p.amount >= :minAmount::bigint)\n          AND (:maxAmount::bigint IS NULL OR p.amount <= :maxAmount::bigint)\n       OFFSET 0) p\n  JOIN merchant_checkout_sessions s ON s.id = p.checkout_session_id\n ORDER BY p.id DESC"};

/**
 * Query generated from SQL:
 * ```
 * -- MerchantPaymentsExport with `q` (the same columns), found as MerchantPaymentsPageByQuery finds them.
 * WITH matched AS MATERIALIZED (
 *   SELECT m.id FROM merchant_checkout_sessions m
 *    WHERE m.merchant_id = :merchantId! AND m.livemode = :livemode!
 *      AND (m.merchant_reference = :q! OR lower(m.customer_email) = lower(:q!)))
 * SELECT p.id,
 *        to_char(p.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdAt",
 *        CASE WHEN p.status IN ('SUCCEEDED', 'REFUNDED')
 *             THEN to_char(p.completed_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') END AS "paidAt",
 *        CASE WHEN p.refunded_amount > 0
 *             THEN to_char((SELECT max(r.refunded_at) FROM merchant_refunds r
 *                            WHERE r.payment_id = p.id AND r.status = 'SUCCEEDED') AT TIME ZONE 'UTC',
 *                          'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') END AS "refundedAt",
 *        p.status,
 *        p.amount, p.merchant_fee AS fee, p.amount - p.merchant_fee AS net, p.refunded_amount AS "refundedAmount",
 *        p.currency,
 *        csv_text(p.rail) AS rail,
 *        csv_text(s.merchant_reference) AS "merchantReference",
 *        p.checkout_session_id AS "checkoutSessionId", s.payment_link_id AS "paymentLinkId",
 *        csv_text(p.funding_account_masked) AS "payerFundingAccountMasked",
 *        csv_masked_email(s.customer_email) AS "payerEmailMasked",
 *        CASE WHEN p.livemode THEN 'true' ELSE 'false' END AS livemode
 *   FROM matched
 *  CROSS JOIN LATERAL (
 *        SELECT p.id, p.checkout_session_id, p.amount, p.merchant_fee, p.refunded_amount, p.currency, p.status, p.rail,
 *               p.funding_account_masked, p.created_at, p.completed_at, p.livemode
 *          FROM payments p
 *         WHERE p.payer_id = matched.id AND p.merchant_id = :merchantId! AND p.livemode = :livemode!
 *           AND (:from::timestamptz IS NULL OR p.created_at >= :from::timestamptz)
 *           AND (:to::timestamptz IS NULL OR p.created_at <= :to::timestamptz)
 *           AND (:status::text IS NULL
 *                OR (:status::text = 'PAID' AND p.status = 'SUCCEEDED')
 *                OR (:status::text = 'REFUNDED' AND p.refunded_amount > 0))
 *           AND (:rail::text IS NULL OR p.rail = :rail::text)
 *           AND (:minAmount::bigint IS NULL OR p.amount >= :minAmount::bigint)
 *           AND (:maxAmount::bigint IS NULL OR p.amount <= :maxAmount::bigint)
 *        OFFSET 0) p
 *   JOIN merchant_checkout_sessions s ON s.id = p.checkout_session_id
 *  ORDER BY p.id DESC
 * ```
 */
export const merchantPaymentsExportByQuery = new PreparedQuery<MerchantPaymentsExportByQueryParams,MerchantPaymentsExportByQueryResult>(merchantPaymentsExportByQueryIR);


