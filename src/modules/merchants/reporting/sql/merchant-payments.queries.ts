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
  status: string;
}

/** 'MerchantPaymentsPage' query type */
export interface MerchantPaymentsPageQuery {
  params: MerchantPaymentsPageParams;
  result: MerchantPaymentsPageResult;
}

const merchantPaymentsPageIR: any = {"usedParamSet":{"merchantId":true,"livemode":true,"before":true,"from":true,"to":true,"status":true,"rail":true,"minAmount":true,"maxAmount":true,"limit":true},"params":[{"name":"merchantId","required":true,"transform":{"type":"scalar"},"locs":[{"a":1053,"b":1064}]},{"name":"livemode","required":true,"transform":{"type":"scalar"},"locs":[{"a":1083,"b":1092}]},{"name":"before","required":false,"transform":{"type":"scalar"},"locs":[{"a":1117,"b":1123}]},{"name":"from","required":false,"transform":{"type":"scalar"},"locs":[{"a":1180,"b":1184},{"a":1226,"b":1230}]},{"name":"to","required":false,"transform":{"type":"scalar"},"locs":[{"a":1254,"b":1256},{"a":1298,"b":1300}]},{"name":"status","required":false,"transform":{"type":"scalar"},"locs":[{"a":1324,"b":1330},{"a":1358,"b":1364},{"a":1421,"b":1427}]},{"name":"rail","required":false,"transform":{"type":"scalar"},"locs":[{"a":1484,"b":1488},{"a":1516,"b":1520}]},{"name":"minAmount","required":false,"transform":{"type":"scalar"},"locs":[{"a":1537,"b":1546},{"a":1579,"b":1588}]},{"name":"maxAmount","required":false,"transform":{"type":"scalar"},"locs":[{"a":1607,"b":1616},{"a":1649,"b":1658}]},{"name":"limit","required":true,"transform":{"type":"scalar"},"locs":[{"a":1696,"b":1702}]}],"statement":"-- A page of the checkout payments of one merchant in one mode, newest first: ids are UUIDv7, so\n-- `id < cursor ORDER BY id DESC` is time order on payments_merchant_idx (merchant_id, livemode,\n-- id DESC), stable while payments are added (they sort before the first page). Each filter is\n-- null when not asked for:\n--   from / to      created_at within [from, to] (both inclusive);\n--   status         'PAID': status SUCCEEDED (refunded in part or not); 'REFUNDED': refunded_amount > 0;\n--   rail           the rail, exactly;\n--   minAmount / maxAmount   the amount within them (minor units, inclusive).\n-- `q` has statements of its own (...ByQuery), which start from the sessions it names.\nSELECT p.id, p.checkout_session_id, s.payment_link_id, s.merchant_reference, p.amount, p.merchant_fee,\n       p.refunded_amount, p.currency, p.status, p.rail, p.funding_account_masked, s.customer_email,\n       p.created_at, p.completed_at, p.livemode\n  FROM payments p\n  JOIN merchant_checkout_sessions s ON s.id = p.checkout_session_id\n WHERE p.merchant_id = :merchantId! AND p.livemode = :livemode!\n   AND p.id < coalesce(:before::uuid, 'ffffffff-ffff-ffff-ffff-ffffffffffff')\n   AND (:from::timestamptz IS NULL OR p.created_at >= :from::timestamptz)\n   AND (:to::timestamptz IS NULL OR p.created_at <= :to::timestamptz)\n   AND (:status::text IS NULL\n        OR (:status::text = 'PAID' AND p.status = 'SUCCEEDED')\n        OR (:status::text = 'REFUNDED' AND p.refunded_amount > 0))\n   AND (:rail::text IS NULL OR p.rail = :rail::text)\n   AND (:minAmount::bigint IS NULL OR p.amount >= :minAmount::bigint)\n   AND (:maxAmount::bigint IS NULL OR p.amount <= :maxAmount::bigint)\n ORDER BY p.id DESC\n LIMIT :limit!"};

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

const merchantPaymentsExportIR: any = {"usedParamSet":{"merchantId":true,"livemode":true,"from":true,"to":true,"status":true,"rail":true,"minAmount":true,"maxAmount":true},"params":[{"name":"merchantId","required":true,"transform":{"type":"scalar"},"locs":[{"a":955,"b":966}]},{"name":"livemode","required":true,"transform":{"type":"scalar"},"locs":[{"a":985,"b":994}]},{"name":"from","required":false,"transform":{"type":"scalar"},"locs":[{"a":1004,"b":1008},{"a":1050,"b":1054}]},{"name":"to","required":false,"transform":{"type":"scalar"},"locs":[{"a":1078,"b":1080},{"a":1122,"b":1124}]},{"name":"status","required":false,"transform":{"type":"scalar"},"locs":[{"a":1148,"b":1154},{"a":1182,"b":1188},{"a":1245,"b":1251}]},{"name":"rail","required":false,"transform":{"type":"scalar"},"locs":[{"a":1308,"b":1312},{"a":1340,"b":1344}]},{"name":"minAmount","required":false,"transform":{"type":"scalar"},"locs":[{"a":1361,"b":1370},{"a":1403,"b":1412}]},{"name":"maxAmount","required":false,"transform":{"type":"scalar"},"locs":[{"a":1431,"b":1440},{"a":1473,"b":1482}]}],"statement":"-- Every checkout payment MerchantPaymentsPage's filters select, newest first, for the CSV export\n-- (read through a cursor): the timestamps already as ISO 8601 UTC text, the amounts as text, so\n-- the export formats nothing it can leave to the database.\nSELECT p.id, p.checkout_session_id, s.payment_link_id, s.merchant_reference,\n       p.amount::text AS amount, p.merchant_fee::text AS fee, (p.amount - p.merchant_fee)::text AS net,\n       p.refunded_amount::text AS refunded_amount, p.currency, p.status, p.rail, p.funding_account_masked,\n       s.customer_email,\n       to_char(p.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS.MS\"Z\"') AS created_at,\n       CASE WHEN p.status IN ('SUCCEEDED', 'REFUNDED')\n            THEN to_char(p.completed_at AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS.MS\"Z\"') END AS paid_at,\n       p.livemode\n  FROM payments p\n  JOIN merchant_checkout_sessions s ON s.id = p.checkout_session_id\n WHERE p.merchant_id = :merchantId! AND p.livemode = :livemode!\n   AND (:from::timestamptz IS NULL OR p.created_at >= :from::timestamptz)\n   AND (:to::timestamptz IS NULL OR p.created_at <= :to::timestamptz)\n   AND (:status::text IS NULL\n        OR (:status::text = 'PAID' AND p.status = 'SUCCEEDED')\n        OR (:status::text = 'REFUNDED' AND p.refunded_amount > 0))\n   AND (:rail::text IS NULL OR p.rail = :rail::text)\n   AND (:minAmount::bigint IS NULL OR p.amount >= :minAmount::bigint)\n   AND (:maxAmount::bigint IS NULL OR p.amount <= :maxAmount::bigint)\n ORDER BY p.id DESC"};

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
  status: string;
}

/** 'MerchantPaymentsPageByQuery' query type */
export interface MerchantPaymentsPageByQueryQuery {
  params: MerchantPaymentsPageByQueryParams;
  result: MerchantPaymentsPageByQueryResult;
}

const merchantPaymentsPageByQueryIR: any = {"usedParamSet":{"merchantId":true,"livemode":true,"q":true,"before":true,"from":true,"to":true,"status":true,"rail":true,"minAmount":true,"maxAmount":true,"limit":true},"params":[{"name":"merchantId","required":true,"transform":{"type":"scalar"},"locs":[{"a":620,"b":631},{"a":1310,"b":1321}]},{"name":"livemode","required":true,"transform":{"type":"scalar"},"locs":[{"a":650,"b":659},{"a":1340,"b":1349}]},{"name":"q","required":true,"transform":{"type":"scalar"},"locs":[{"a":694,"b":696},{"a":733,"b":735}]},{"name":"before","required":false,"transform":{"type":"scalar"},"locs":[{"a":1381,"b":1387}]},{"name":"from","required":false,"transform":{"type":"scalar"},"locs":[{"a":1451,"b":1455},{"a":1497,"b":1501}]},{"name":"to","required":false,"transform":{"type":"scalar"},"locs":[{"a":1532,"b":1534},{"a":1576,"b":1578}]},{"name":"status","required":false,"transform":{"type":"scalar"},"locs":[{"a":1609,"b":1615},{"a":1650,"b":1656},{"a":1720,"b":1726}]},{"name":"rail","required":false,"transform":{"type":"scalar"},"locs":[{"a":1790,"b":1794},{"a":1822,"b":1826}]},{"name":"minAmount","required":false,"transform":{"type":"scalar"},"locs":[{"a":1850,"b":1859},{"a":1892,"b":1901}]},{"name":"maxAmount","required":false,"transform":{"type":"scalar"},"locs":[{"a":1927,"b":1936},{"a":1969,"b":1978}]},{"name":"limit","required":true,"transform":{"type":"scalar"},"locs":[{"a":2103,"b":2109}]}],"statement":"-- MerchantPaymentsPage with `q`: the sessions whose merchant reference is `q` exactly, or whose payer's\n-- e-mail is `q` without case (merchant_checkout_sessions_reference_idx and _email_idx), then each one's\n-- payments (a checkout payment's payer is its session: payments_payer_created_idx), so a search costs what\n-- it finds, not the merchant's history. The LATERAL's OFFSET 0 keeps it a per-session probe: flattened, a\n-- generic plan may walk every payment by id instead, to spare a sort of the few it finds.\nWITH matched AS MATERIALIZED (\n  SELECT m.id FROM merchant_checkout_sessions m\n   WHERE m.merchant_id = :merchantId! AND m.livemode = :livemode!\n     AND (m.merchant_reference = :q! OR lower(m.customer_email) = lower(:q!)))\nSELECT p.id, p.checkout_session_id, s.payment_link_id, s.merchant_reference, p.amount, p.merchant_fee,\n       p.refunded_amount, p.currency, p.status, p.rail, p.funding_account_masked, s.customer_email,\n       p.created_at, p.completed_at, p.livemode\n  FROM matched\n CROSS JOIN LATERAL (\n       SELECT p.id, p.checkout_session_id, p.amount, p.merchant_fee, p.refunded_amount, p.currency, p.status, p.rail,\n              p.funding_account_masked, p.created_at, p.completed_at, p.livemode\n         FROM payments p\n        WHERE p.payer_id = matched.id AND p.merchant_id = :merchantId! AND p.livemode = :livemode!\n          AND p.id < coalesce(:before::uuid, 'ffffffff-ffff-ffff-ffff-ffffffffffff')\n          AND (:from::timestamptz IS NULL OR p.created_at >= :from::timestamptz)\n          AND (:to::timestamptz IS NULL OR p.created_at <= :to::timestamptz)\n          AND (:status::text IS NULL\n               OR (:status::text = 'PAID' AND p.status = 'SUCCEEDED')\n               OR (:status::text = 'REFUNDED' AND p.refunded_amount > 0))\n          AND (:rail::text IS NULL OR p.rail = :rail::text)\n          AND (:minAmount::bigint IS NULL OR p.amount >= :minAmount::bigint)\n          AND (:maxAmount::bigint IS NULL OR p.amount <= :maxAmount::bigint)\n       OFFSET 0) p\n  JOIN merchant_checkout_sessions s ON s.id = p.checkout_session_id\n ORDER BY p.id DESC\n LIMIT :limit!"};

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
 *        p.created_at, p.completed_at, p.livemode
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

/** 'MerchantPaymentsExportByQuery' query type */
export interface MerchantPaymentsExportByQueryQuery {
  params: MerchantPaymentsExportByQueryParams;
  result: MerchantPaymentsExportByQueryResult;
}

const merchantPaymentsExportByQueryIR: any = {"usedParamSet":{"merchantId":true,"livemode":true,"q":true,"from":true,"to":true,"status":true,"rail":true,"minAmount":true,"maxAmount":true},"params":[{"name":"merchantId","required":true,"transform":{"type":"scalar"},"locs":[{"a":189,"b":200},{"a":1219,"b":1230}]},{"name":"livemode","required":true,"transform":{"type":"scalar"},"locs":[{"a":219,"b":228},{"a":1249,"b":1258}]},{"name":"q","required":true,"transform":{"type":"scalar"},"locs":[{"a":263,"b":265},{"a":302,"b":304}]},{"name":"from","required":false,"transform":{"type":"scalar"},"locs":[{"a":1275,"b":1279},{"a":1321,"b":1325}]},{"name":"to","required":false,"transform":{"type":"scalar"},"locs":[{"a":1356,"b":1358},{"a":1400,"b":1402}]},{"name":"status","required":false,"transform":{"type":"scalar"},"locs":[{"a":1433,"b":1439},{"a":1474,"b":1480},{"a":1544,"b":1550}]},{"name":"rail","required":false,"transform":{"type":"scalar"},"locs":[{"a":1614,"b":1618},{"a":1646,"b":1650}]},{"name":"minAmount","required":false,"transform":{"type":"scalar"},"locs":[{"a":1674,"b":1683},{"a":1716,"b":1725}]},{"name":"maxAmount","required":false,"transform":{"type":"scalar"},"locs":[{"a":1751,"b":1760},{"a":1793,"b":1802}]}],"statement":"-- MerchantPaymentsExport with `q`, found as MerchantPaymentsPageByQuery finds them.\nWITH matched AS MATERIALIZED (\n  SELECT m.id FROM merchant_checkout_sessions m\n   WHERE m.merchant_id = :merchantId! AND m.livemode = :livemode!\n     AND (m.merchant_reference = :q! OR lower(m.customer_email) = lower(:q!)))\nSELECT p.id, p.checkout_session_id, s.payment_link_id, s.merchant_reference,\n       p.amount::text AS amount, p.merchant_fee::text AS fee, (p.amount - p.merchant_fee)::text AS net,\n       p.refunded_amount::text AS refunded_amount, p.currency, p.status, p.rail, p.funding_account_masked,\n       s.customer_email,\n       to_char(p.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS.MS\"Z\"') AS created_at,\n       CASE WHEN p.status IN ('SUCCEEDED', 'REFUNDED')\n            THEN to_char(p.completed_at AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS.MS\"Z\"') END AS paid_at,\n       p.livemode\n  FROM matched\n CROSS JOIN LATERAL (\n       SELECT p.id, p.checkout_session_id, p.amount, p.merchant_fee, p.refunded_amount, p.currency, p.status, p.rail,\n              p.funding_account_masked, p.created_at, p.completed_at, p.livemode\n         FROM payments p\n        WHERE p.payer_id = matched.id AND p.merchant_id = :merchantId! AND p.livemode = :livemode!\n          AND (:from::timestamptz IS NULL OR p.created_at >= :from::timestamptz)\n          AND (:to::timestamptz IS NULL OR p.created_at <= :to::timestamptz)\n          AND (:status::text IS NULL\n               OR (:status::text = 'PAID' AND p.status = 'SUCCEEDED')\n               OR (:status::text = 'REFUNDED' AND p.refunded_amount > 0))\n          AND (:rail::text IS NULL OR p.rail = :rail::text)\n          AND (:minAmount::bigint IS NULL OR p.amount >= :minAmount::bigint)\n          AND (:maxAmount::bigint IS NULL OR p.amount <= :maxAmount::bigint)\n       OFFSET 0) p\n  JOIN merchant_checkout_sessions s ON s.id = p.checkout_session_id\n ORDER BY p.id DESC"};

/**
 * Query generated from SQL:
 * ```
 * -- MerchantPaymentsExport with `q`, found as MerchantPaymentsPageByQuery finds them.
 * WITH matched AS MATERIALIZED (
 *   SELECT m.id FROM merchant_checkout_sessions m
 *    WHERE m.merchant_id = :merchantId! AND m.livemode = :livemode!
 *      AND (m.merchant_reference = :q! OR lower(m.customer_email) = lower(:q!)))
 * SELECT p.id, p.checkout_session_id, s.payment_link_id, s.merchant_reference,
 *        p.amount::text AS amount, p.merchant_fee::text AS fee, (p.amount - p.merchant_fee)::text AS net,
 *        p.refunded_amount::text AS refunded_amount, p.currency, p.status, p.rail, p.funding_account_masked,
 *        s.customer_email,
 *        to_char(p.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_at,
 *        CASE WHEN p.status IN ('SUCCEEDED', 'REFUNDED')
 *             THEN to_char(p.completed_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') END AS paid_at,
 *        p.livemode
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


