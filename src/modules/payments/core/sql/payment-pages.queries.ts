/** Types generated for queries found in "src/modules/payments/core/sql/payment-pages.sql" */
import { PreparedQuery } from '../../../../platform/database/sql-query';

export type NumberOrString = number | string;

/** 'HistoryCustomerPage' parameters type */
export interface HistoryCustomerPageParams {
  customerId: string;
  limit: NumberOrString;
  offset: NumberOrString;
}

/** 'HistoryCustomerPage' return type */
export interface HistoryCustomerPageResult {
  account_reference: string | null;
  amount: string;
  biller_id: string | null;
  biller_name: string | null;
  biller_reference: string | null;
  biller_slug: string | null;
  channel: string;
  checkout_session_id: string | null;
  completed_at: Date | null;
  created_at: Date;
  currency: string;
  customer_id: string | null;
  failure_code: string | null;
  failure_message: string | null;
  fee: string;
  funding_account_masked: string;
  held_for_review: boolean;
  id: string | null;
  idempotency_key: string;
  journal_entry_id: string | null;
  livemode: boolean | null;
  merchant_fee: string | null;
  merchant_id: string | null;
  merchant_pricing_version_id: string | null;
  payer_id: string;
  payer_type: string;
  rail: string;
  rail_reference: string | null;
  rail_reversal_reference: string | null;
  refunded_amount: string;
  request_hash: string;
  reversal_entry_id: string | null;
  saved_account_id: string | null;
  status: string;
  total_items: number;
  updated_at: Date;
}

/** 'HistoryCustomerPage' query type */
export interface HistoryCustomerPageQuery {
  params: HistoryCustomerPageParams;
  result: HistoryCustomerPageResult;
}

const historyCustomerPageIR: any = {"usedParamSet":{"customerId":true,"limit":true,"offset":true},"params":[{"name":"customerId","required":true,"transform":{"type":"scalar"},"locs":[{"a":1389,"b":1400},{"a":2115,"b":2126}]},{"name":"limit","required":true,"transform":{"type":"scalar"},"locs":[{"a":2182,"b":2188}]},{"name":"offset","required":true,"transform":{"type":"scalar"},"locs":[{"a":2197,"b":2204}]}],"statement":"-- A customer's payments, newest first (GET /payments): one page and the count of them all in\n-- one statement, so the count and the page read one snapshot in one round trip. The count is its\n-- own subquery (an index-only scan of payments_customer_created_idx), not a window over the page,\n-- so a page past the end still answers it: one row carrying the total, every payment column null.\n-- The page walks the same index in its order (customer_id, created_at DESC, id DESC).\nSELECT total.items AS \"total_items!\", listed.id AS \"id?\", listed.customer_id, listed.channel, listed.payer_type,\n       listed.payer_id, listed.idempotency_key, listed.request_hash, listed.biller_id, listed.biller_name,\n       listed.biller_slug, listed.account_reference, listed.saved_account_id, listed.amount, listed.fee,\n       listed.currency, listed.rail, listed.funding_account_masked, listed.rail_reference, listed.status,\n       listed.failure_code, listed.failure_message, listed.biller_reference, listed.journal_entry_id,\n       listed.reversal_entry_id, listed.rail_reversal_reference, listed.refunded_amount, listed.held_for_review,\n       listed.created_at, listed.updated_at, listed.completed_at, listed.merchant_id, listed.livemode,\n       listed.checkout_session_id, listed.merchant_fee, listed.merchant_pricing_version_id\n  FROM (SELECT count(*)::int AS items FROM payments WHERE customer_id = :customerId!) total\n  LEFT JOIN LATERAL (\n    SELECT p.id, p.customer_id, p.channel, p.payer_type, p.payer_id, p.idempotency_key, p.request_hash, p.biller_id,\n           p.biller_name, p.biller_slug, p.account_reference, p.saved_account_id, p.amount, p.fee, p.currency, p.rail,\n           p.funding_account_masked, p.rail_reference, p.status, p.failure_code, p.failure_message,\n           p.biller_reference, p.journal_entry_id, p.reversal_entry_id, p.rail_reversal_reference,\n           p.refunded_amount, p.held_for_review, p.created_at, p.updated_at, p.completed_at, p.merchant_id,\n           p.livemode, p.checkout_session_id, p.merchant_fee, p.merchant_pricing_version_id\n      FROM payments p\n     WHERE p.customer_id = :customerId!\n     ORDER BY p.created_at DESC, p.id DESC\n     LIMIT :limit! OFFSET :offset!\n  ) listed ON true"};

/**
 * Query generated from SQL:
 * ```
 * -- A customer's payments, newest first (GET /payments): one page and the count of them all in
 * -- one statement, so the count and the page read one snapshot in one round trip. The count is its
 * -- own subquery (an index-only scan of payments_customer_created_idx), not a window over the page,
 * -- so a page past the end still answers it: one row carrying the total, every payment column null.
 * -- The page walks the same index in its order (customer_id, created_at DESC, id DESC).
 * SELECT total.items AS "total_items!", listed.id AS "id?", listed.customer_id, listed.channel, listed.payer_type,
 *        listed.payer_id, listed.idempotency_key, listed.request_hash, listed.biller_id, listed.biller_name,
 *        listed.biller_slug, listed.account_reference, listed.saved_account_id, listed.amount, listed.fee,
 *        listed.currency, listed.rail, listed.funding_account_masked, listed.rail_reference, listed.status,
 *        listed.failure_code, listed.failure_message, listed.biller_reference, listed.journal_entry_id,
 *        listed.reversal_entry_id, listed.rail_reversal_reference, listed.refunded_amount, listed.held_for_review,
 *        listed.created_at, listed.updated_at, listed.completed_at, listed.merchant_id, listed.livemode,
 *        listed.checkout_session_id, listed.merchant_fee, listed.merchant_pricing_version_id
 *   FROM (SELECT count(*)::int AS items FROM payments WHERE customer_id = :customerId!) total
 *   LEFT JOIN LATERAL (
 *     SELECT p.id, p.customer_id, p.channel, p.payer_type, p.payer_id, p.idempotency_key, p.request_hash, p.biller_id,
 *            p.biller_name, p.biller_slug, p.account_reference, p.saved_account_id, p.amount, p.fee, p.currency, p.rail,
 *            p.funding_account_masked, p.rail_reference, p.status, p.failure_code, p.failure_message,
 *            p.biller_reference, p.journal_entry_id, p.reversal_entry_id, p.rail_reversal_reference,
 *            p.refunded_amount, p.held_for_review, p.created_at, p.updated_at, p.completed_at, p.merchant_id,
 *            p.livemode, p.checkout_session_id, p.merchant_fee, p.merchant_pricing_version_id
 *       FROM payments p
 *      WHERE p.customer_id = :customerId!
 *      ORDER BY p.created_at DESC, p.id DESC
 *      LIMIT :limit! OFFSET :offset!
 *   ) listed ON true
 * ```
 */
export const historyCustomerPage = new PreparedQuery<HistoryCustomerPageParams,HistoryCustomerPageResult>(historyCustomerPageIR);


/** 'HistoryPayerPage' parameters type */
export interface HistoryPayerPageParams {
  limit: NumberOrString;
  offset: NumberOrString;
  payerId: string;
}

/** 'HistoryPayerPage' return type */
export interface HistoryPayerPageResult {
  account_reference: string | null;
  amount: string;
  biller_id: string | null;
  biller_name: string | null;
  biller_reference: string | null;
  biller_slug: string | null;
  channel: string;
  checkout_session_id: string | null;
  completed_at: Date | null;
  created_at: Date;
  currency: string;
  customer_id: string | null;
  failure_code: string | null;
  failure_message: string | null;
  fee: string;
  funding_account_masked: string;
  held_for_review: boolean;
  id: string | null;
  idempotency_key: string;
  journal_entry_id: string | null;
  livemode: boolean | null;
  merchant_fee: string | null;
  merchant_id: string | null;
  merchant_pricing_version_id: string | null;
  payer_id: string;
  payer_type: string;
  rail: string;
  rail_reference: string | null;
  rail_reversal_reference: string | null;
  refunded_amount: string;
  request_hash: string;
  reversal_entry_id: string | null;
  saved_account_id: string | null;
  status: string;
  total_items: number;
  updated_at: Date;
}

/** 'HistoryPayerPage' query type */
export interface HistoryPayerPageQuery {
  params: HistoryPayerPageParams;
  result: HistoryPayerPageResult;
}

const historyPayerPageIR: any = {"usedParamSet":{"payerId":true,"limit":true,"offset":true},"params":[{"name":"payerId","required":true,"transform":{"type":"scalar"},"locs":[{"a":1085,"b":1093},{"a":1805,"b":1813}]},{"name":"limit","required":true,"transform":{"type":"scalar"},"locs":[{"a":1869,"b":1875}]},{"name":"offset","required":true,"transform":{"type":"scalar"},"locs":[{"a":1884,"b":1891}]}],"statement":"-- The payments a payer (an agent) made, newest first (GET /agent/transactions): as\n-- HistoryCustomerPage, on payments_payer_created_idx (payer_id, created_at DESC, id DESC).\nSELECT total.items AS \"total_items!\", listed.id AS \"id?\", listed.customer_id, listed.channel, listed.payer_type,\n       listed.payer_id, listed.idempotency_key, listed.request_hash, listed.biller_id, listed.biller_name,\n       listed.biller_slug, listed.account_reference, listed.saved_account_id, listed.amount, listed.fee,\n       listed.currency, listed.rail, listed.funding_account_masked, listed.rail_reference, listed.status,\n       listed.failure_code, listed.failure_message, listed.biller_reference, listed.journal_entry_id,\n       listed.reversal_entry_id, listed.rail_reversal_reference, listed.refunded_amount, listed.held_for_review,\n       listed.created_at, listed.updated_at, listed.completed_at, listed.merchant_id, listed.livemode,\n       listed.checkout_session_id, listed.merchant_fee, listed.merchant_pricing_version_id\n  FROM (SELECT count(*)::int AS items FROM payments WHERE payer_id = :payerId!) total\n  LEFT JOIN LATERAL (\n    SELECT p.id, p.customer_id, p.channel, p.payer_type, p.payer_id, p.idempotency_key, p.request_hash, p.biller_id,\n           p.biller_name, p.biller_slug, p.account_reference, p.saved_account_id, p.amount, p.fee, p.currency, p.rail,\n           p.funding_account_masked, p.rail_reference, p.status, p.failure_code, p.failure_message,\n           p.biller_reference, p.journal_entry_id, p.reversal_entry_id, p.rail_reversal_reference,\n           p.refunded_amount, p.held_for_review, p.created_at, p.updated_at, p.completed_at, p.merchant_id,\n           p.livemode, p.checkout_session_id, p.merchant_fee, p.merchant_pricing_version_id\n      FROM payments p\n     WHERE p.payer_id = :payerId!\n     ORDER BY p.created_at DESC, p.id DESC\n     LIMIT :limit! OFFSET :offset!\n  ) listed ON true"};

/**
 * Query generated from SQL:
 * ```
 * -- The payments a payer (an agent) made, newest first (GET /agent/transactions): as
 * -- HistoryCustomerPage, on payments_payer_created_idx (payer_id, created_at DESC, id DESC).
 * SELECT total.items AS "total_items!", listed.id AS "id?", listed.customer_id, listed.channel, listed.payer_type,
 *        listed.payer_id, listed.idempotency_key, listed.request_hash, listed.biller_id, listed.biller_name,
 *        listed.biller_slug, listed.account_reference, listed.saved_account_id, listed.amount, listed.fee,
 *        listed.currency, listed.rail, listed.funding_account_masked, listed.rail_reference, listed.status,
 *        listed.failure_code, listed.failure_message, listed.biller_reference, listed.journal_entry_id,
 *        listed.reversal_entry_id, listed.rail_reversal_reference, listed.refunded_amount, listed.held_for_review,
 *        listed.created_at, listed.updated_at, listed.completed_at, listed.merchant_id, listed.livemode,
 *        listed.checkout_session_id, listed.merchant_fee, listed.merchant_pricing_version_id
 *   FROM (SELECT count(*)::int AS items FROM payments WHERE payer_id = :payerId!) total
 *   LEFT JOIN LATERAL (
 *     SELECT p.id, p.customer_id, p.channel, p.payer_type, p.payer_id, p.idempotency_key, p.request_hash, p.biller_id,
 *            p.biller_name, p.biller_slug, p.account_reference, p.saved_account_id, p.amount, p.fee, p.currency, p.rail,
 *            p.funding_account_masked, p.rail_reference, p.status, p.failure_code, p.failure_message,
 *            p.biller_reference, p.journal_entry_id, p.reversal_entry_id, p.rail_reversal_reference,
 *            p.refunded_amount, p.held_for_review, p.created_at, p.updated_at, p.completed_at, p.merchant_id,
 *            p.livemode, p.checkout_session_id, p.merchant_fee, p.merchant_pricing_version_id
 *       FROM payments p
 *      WHERE p.payer_id = :payerId!
 *      ORDER BY p.created_at DESC, p.id DESC
 *      LIMIT :limit! OFFSET :offset!
 *   ) listed ON true
 * ```
 */
export const historyPayerPage = new PreparedQuery<HistoryPayerPageParams,HistoryPayerPageResult>(historyPayerPageIR);


