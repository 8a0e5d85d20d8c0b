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
  q?: string | null | void;
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
  status: string;
}

/** 'MerchantPaymentsPage' query type */
export interface MerchantPaymentsPageQuery {
  params: MerchantPaymentsPageParams;
  result: MerchantPaymentsPageResult;
}

const merchantPaymentsPageIR: any = {"usedParamSet":{"merchantId":true,"livemode":true,"before":true,"from":true,"to":true,"status":true,"rail":true,"minAmount":true,"maxAmount":true,"q":true,"limit":true},"params":[{"name":"merchantId","required":true,"transform":{"type":"scalar"},"locs":[{"a":1064,"b":1075},{"a":1811,"b":1822}]},{"name":"livemode","required":true,"transform":{"type":"scalar"},"locs":[{"a":1094,"b":1103},{"a":1841,"b":1850}]},{"name":"before","required":false,"transform":{"type":"scalar"},"locs":[{"a":1128,"b":1134}]},{"name":"from","required":false,"transform":{"type":"scalar"},"locs":[{"a":1191,"b":1195},{"a":1237,"b":1241}]},{"name":"to","required":false,"transform":{"type":"scalar"},"locs":[{"a":1265,"b":1267},{"a":1309,"b":1311}]},{"name":"status","required":false,"transform":{"type":"scalar"},"locs":[{"a":1335,"b":1341},{"a":1369,"b":1375},{"a":1432,"b":1438}]},{"name":"rail","required":false,"transform":{"type":"scalar"},"locs":[{"a":1495,"b":1499},{"a":1527,"b":1531}]},{"name":"minAmount","required":false,"transform":{"type":"scalar"},"locs":[{"a":1548,"b":1557},{"a":1590,"b":1599}]},{"name":"maxAmount","required":false,"transform":{"type":"scalar"},"locs":[{"a":1618,"b":1627},{"a":1660,"b":1669}]},{"name":"q","required":false,"transform":{"type":"scalar"},"locs":[{"a":1688,"b":1689},{"a":1892,"b":1893},{"a":1936,"b":1937}]},{"name":"limit","required":true,"transform":{"type":"scalar"},"locs":[{"a":1976,"b":1982}]}],"statement":"-- A page of the checkout payments of one merchant in one mode, newest first: ids are UUIDv7, so\n-- `id < cursor ORDER BY id DESC` is time order on payments_merchant_idx (merchant_id, livemode,\n-- id DESC), stable while payments are added (they sort before the first page). Each filter is\n-- null when not asked for:\n--   from / to      created_at within [from, to] (both inclusive);\n--   status         'PAID': status SUCCEEDED (refunded in part or not); 'REFUNDED': refunded_amount > 0;\n--   rail           the rail, exactly;\n--   minAmount / maxAmount   the amount within them (minor units, inclusive);\n--   q              the session's merchant reference exactly, or its payer's e-mail without case.\nSELECT p.id, p.checkout_session_id, s.payment_link_id, s.merchant_reference, p.amount, p.merchant_fee,\n       p.refunded_amount, p.currency, p.status, p.rail, p.funding_account_masked, s.customer_email,\n       p.created_at, p.completed_at, p.livemode\n  FROM payments p\n  JOIN merchant_checkout_sessions s ON s.id = p.checkout_session_id\n WHERE p.merchant_id = :merchantId! AND p.livemode = :livemode!\n   AND p.id < coalesce(:before::uuid, 'ffffffff-ffff-ffff-ffff-ffffffffffff')\n   AND (:from::timestamptz IS NULL OR p.created_at >= :from::timestamptz)\n   AND (:to::timestamptz IS NULL OR p.created_at <= :to::timestamptz)\n   AND (:status::text IS NULL\n        OR (:status::text = 'PAID' AND p.status = 'SUCCEEDED')\n        OR (:status::text = 'REFUNDED' AND p.refunded_amount > 0))\n   AND (:rail::text IS NULL OR p.rail = :rail::text)\n   AND (:minAmount::bigint IS NULL OR p.amount >= :minAmount::bigint)\n   AND (:maxAmount::bigint IS NULL OR p.amount <= :maxAmount::bigint)\n   AND (:q::text IS NULL OR p.payer_id IN (\n         SELECT m.id FROM merchant_checkout_sessions m\n          WHERE m.merchant_id = :merchantId! AND m.livemode = :livemode!\n            AND (m.merchant_reference = :q::text OR lower(m.customer_email) = lower(:q::text))))\n ORDER BY p.id DESC\n LIMIT :limit!"};

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
 * --   minAmount / maxAmount   the amount within them (minor units, inclusive);
 * --   q              the session's merchant reference exactly, or its payer's e-mail without case.
 * SELECT p.id, p.checkout_session_id, s.payment_link_id, s.merchant_reference, p.amount, p.merchant_fee,
 *        p.refunded_amount, p.currency, p.status, p.rail, p.funding_account_masked, s.customer_email,
 *        p.created_at, p.completed_at, p.livemode
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
 *    AND (:q::text IS NULL OR p.payer_id IN (
 *          SELECT m.id FROM merchant_checkout_sessions m
 *           WHERE m.merchant_id = :merchantId! AND m.livemode = :livemode!
 *             AND (m.merchant_reference = :q::text OR lower(m.customer_email) = lower(:q::text))))
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
  q?: string | null | void;
  rail?: string | null | void;
  status?: string | null | void;
  to?: DateOrString | null | void;
}

/** 'MerchantPaymentsExport' return type */
export interface MerchantPaymentsExportResult {
  amount: string | null;
  checkout_session_id: string | null;
  created_at: string | null;
  currency: string;
  customer_email: string | null;
  fee: string | null;
  funding_account_masked: string;
  id: string;
  livemode: boolean | null;
  merchant_reference: string;
  net: string | null;
  paid_at: string | null;
  payment_link_id: string | null;
  rail: string;
  refunded_amount: string | null;
  status: string;
}

/** 'MerchantPaymentsExport' query type */
export interface MerchantPaymentsExportQuery {
  params: MerchantPaymentsExportParams;
  result: MerchantPaymentsExportResult;
}

const merchantPaymentsExportIR: any = {"usedParamSet":{"merchantId":true,"livemode":true,"from":true,"to":true,"status":true,"rail":true,"minAmount":true,"maxAmount":true,"q":true},"params":[{"name":"merchantId","required":true,"transform":{"type":"scalar"},"locs":[{"a":955,"b":966},{"a":1624,"b":1635}]},{"name":"livemode","required":true,"transform":{"type":"scalar"},"locs":[{"a":985,"b":994},{"a":1654,"b":1663}]},{"name":"from","required":false,"transform":{"type":"scalar"},"locs":[{"a":1004,"b":1008},{"a":1050,"b":1054}]},{"name":"to","required":false,"transform":{"type":"scalar"},"locs":[{"a":1078,"b":1080},{"a":1122,"b":1124}]},{"name":"status","required":false,"transform":{"type":"scalar"},"locs":[{"a":1148,"b":1154},{"a":1182,"b":1188},{"a":1245,"b":1251}]},{"name":"rail","required":false,"transform":{"type":"scalar"},"locs":[{"a":1308,"b":1312},{"a":1340,"b":1344}]},{"name":"minAmount","required":false,"transform":{"type":"scalar"},"locs":[{"a":1361,"b":1370},{"a":1403,"b":1412}]},{"name":"maxAmount","required":false,"transform":{"type":"scalar"},"locs":[{"a":1431,"b":1440},{"a":1473,"b":1482}]},{"name":"q","required":false,"transform":{"type":"scalar"},"locs":[{"a":1501,"b":1502},{"a":1705,"b":1706},{"a":1749,"b":1750}]}],"statement":"-- Every checkout payment MerchantPaymentsPage's filters select, newest first, for the CSV export\n-- (read through a cursor): the timestamps already as ISO 8601 UTC text, the amounts as text, so\n-- the export formats nothing it can leave to the database.\nSELECT p.id, p.checkout_session_id, s.payment_link_id, s.merchant_reference,\n       p.amount::text AS amount, p.merchant_fee::text AS fee, (p.amount - p.merchant_fee)::text AS net,\n       p.refunded_amount::text AS refunded_amount, p.currency, p.status, p.rail, p.funding_account_masked,\n       s.customer_email,\n       to_char(p.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS.MS\"Z\"') AS created_at,\n       CASE WHEN p.status IN ('SUCCEEDED', 'REFUNDED')\n            THEN to_char(p.completed_at AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS.MS\"Z\"') END AS paid_at,\n       p.livemode\n  FROM payments p\n  JOIN merchant_checkout_sessions s ON s.id = p.checkout_session_id\n WHERE p.merchant_id = :merchantId! AND p.livemode = :livemode!\n   AND (:from::timestamptz IS NULL OR p.created_at >= :from::timestamptz)\n   AND (:to::timestamptz IS NULL OR p.created_at <= :to::timestamptz)\n   AND (:status::text IS NULL\n        OR (:status::text = 'PAID' AND p.status = 'SUCCEEDED')\n        OR (:status::text = 'REFUNDED' AND p.refunded_amount > 0))\n   AND (:rail::text IS NULL OR p.rail = :rail::text)\n   AND (:minAmount::bigint IS NULL OR p.amount >= :minAmount::bigint)\n   AND (:maxAmount::bigint IS NULL OR p.amount <= :maxAmount::bigint)\n   AND (:q::text IS NULL OR p.payer_id IN (\n         SELECT m.id FROM merchant_checkout_sessions m\n          WHERE m.merchant_id = :merchantId! AND m.livemode = :livemode!\n            AND (m.merchant_reference = :q::text OR lower(m.customer_email) = lower(:q::text))))\n ORDER BY p.id DESC"};

/**
 * Query generated from SQL:
 * ```
 * -- Every checkout payment MerchantPaymentsPage's filters select, newest first, for the CSV export
 * -- (read through a cursor): the timestamps already as ISO 8601 UTC text, the amounts as text, so
 * -- the export formats nothing it can leave to the database.
 * SELECT p.id, p.checkout_session_id, s.payment_link_id, s.merchant_reference,
 *        p.amount::text AS amount, p.merchant_fee::text AS fee, (p.amount - p.merchant_fee)::text AS net,
 *        p.refunded_amount::text AS refunded_amount, p.currency, p.status, p.rail, p.funding_account_masked,
 *        s.customer_email,
 *        to_char(p.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_at,
 *        CASE WHEN p.status IN ('SUCCEEDED', 'REFUNDED')
 *             THEN to_char(p.completed_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') END AS paid_at,
 *        p.livemode
 *   FROM payments p
 *   JOIN merchant_checkout_sessions s ON s.id = p.checkout_session_id
 *  WHERE p.merchant_id = :merchantId! AND p.livemode = :livemode!
 *    AND (:from::timestamptz IS NULL OR p.created_at >= :from::timestamptz)
 *    AND (:to::timestamptz IS NULL OR p.created_at <= :to::timestamptz)
 *    AND (:status::text IS NULL
 *         OR (:status::text = 'PAID' AND p.status = 'SUCCEEDED')
 *         OR (:status::text = 'REFUNDED' AND p.refunded_amount > 0))
 *    AND (:rail::text IS NULL OR p.rail = :rail::text)
 *    AND (:minAmount::bigint IS NULL OR p.amount >= :minAmount::bigint)
 *    AND (:maxAmount::bigint IS NULL OR p.amount <= :maxAmount::bigint)
 *    AND (:q::text IS NULL OR p.payer_id IN (
 *          SELECT m.id FROM merchant_checkout_sessions m
 *           WHERE m.merchant_id = :merchantId! AND m.livemode = :livemode!
 *             AND (m.merchant_reference = :q::text OR lower(m.customer_email) = lower(:q::text))))
 *  ORDER BY p.id DESC
 * ```
 */
export const merchantPaymentsExport = new PreparedQuery<MerchantPaymentsExportParams,MerchantPaymentsExportResult>(merchantPaymentsExportIR);


