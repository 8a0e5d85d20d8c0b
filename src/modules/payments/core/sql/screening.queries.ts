/** Types generated for queries found in "src/modules/payments/core/sql/screening.sql" */
import { PreparedQuery } from '../../../../platform/database/sql-query';

export type NumberOrString = number | string;

export type stringArray = (string)[];

/** 'ScreeningActivity' parameters type */
export interface ScreeningActivityParams {
  accountReference: string;
  bandFrom: NumberOrString;
  bandTo: NumberOrString;
  billerId: string;
  currency: string;
  customerId: string;
  payersCap: number;
  windowMinutes: number;
}

/** 'ScreeningActivity' return type */
export interface ScreeningActivityResult {
  band: number;
  count: number;
  payers: number;
  sum: string;
}

/** 'ScreeningActivity' query type */
export interface ScreeningActivityQuery {
  params: ScreeningActivityParams;
  result: ScreeningActivityResult;
}

const screeningActivityIR: any = {"usedParamSet":{"customerId":true,"windowMinutes":true,"currency":true,"bandFrom":true,"bandTo":true,"billerId":true,"accountReference":true,"payersCap":true},"params":[{"name":"customerId","required":true,"transform":{"type":"scalar"},"locs":[{"a":513,"b":524}]},{"name":"windowMinutes","required":true,"transform":{"type":"scalar"},"locs":[{"a":573,"b":587},{"a":1006,"b":1020}]},{"name":"currency","required":true,"transform":{"type":"scalar"},"locs":[{"a":740,"b":749},{"a":829,"b":838}]},{"name":"bandFrom","required":true,"transform":{"type":"scalar"},"locs":[{"a":859,"b":868}]},{"name":"bandTo","required":true,"transform":{"type":"scalar"},"locs":[{"a":882,"b":889}]},{"name":"billerId","required":true,"transform":{"type":"scalar"},"locs":[{"a":944,"b":953}]},{"name":"accountReference","required":true,"transform":{"type":"scalar"},"locs":[{"a":956,"b":973}]},{"name":"payersCap","required":true,"transform":{"type":"scalar"},"locs":[{"a":1051,"b":1061}]}],"statement":"-- A payment's neighbours as the screener asks for them (PaymentScreeningReads.activity), in\n-- the admission transaction, this payment included: the customer's payments of the window\n-- that did not fail (payments_customer_created_idx), their sum in the currency, those in the\n-- band, and the distinct customers paying the biller account in the window, counted up to the\n-- cap by aml_distinct_payers (payments_account_created_idx).\nWITH mine AS (\n  SELECT amount, currency FROM payments\n   WHERE customer_id = :customerId! AND created_at > now() - make_interval(mins => :windowMinutes!)\n     AND status <> 'FAILED'\n)\nSELECT (SELECT count(*) FROM mine)::int AS \"count!\",\n       (SELECT coalesce(sum(amount), 0) FROM mine WHERE currency = :currency!)::text AS \"sum!\",\n       (SELECT count(*) FROM mine\n         WHERE currency = :currency! AND amount BETWEEN :bandFrom!::bigint AND :bandTo!::bigint)::int AS \"band!\",\n       aml_distinct_payers(:billerId!, :accountReference!, now() - make_interval(mins => :windowMinutes!),\n                           :payersCap!) AS \"payers!\""};

/**
 * Query generated from SQL:
 * ```
 * -- A payment's neighbours as the screener asks for them (PaymentScreeningReads.activity), in
 * -- the admission transaction, this payment included: the customer's payments of the window
 * -- that did not fail (payments_customer_created_idx), their sum in the currency, those in the
 * -- band, and the distinct customers paying the biller account in the window, counted up to the
 * -- cap by aml_distinct_payers (payments_account_created_idx).
 * WITH mine AS (
 *   SELECT amount, currency FROM payments
 *    WHERE customer_id = :customerId! AND created_at > now() - make_interval(mins => :windowMinutes!)
 *      AND status <> 'FAILED'
 * )
 * SELECT (SELECT count(*) FROM mine)::int AS "count!",
 *        (SELECT coalesce(sum(amount), 0) FROM mine WHERE currency = :currency!)::text AS "sum!",
 *        (SELECT count(*) FROM mine
 *          WHERE currency = :currency! AND amount BETWEEN :bandFrom!::bigint AND :bandTo!::bigint)::int AS "band!",
 *        aml_distinct_payers(:billerId!, :accountReference!, now() - make_interval(mins => :windowMinutes!),
 *                            :payersCap!) AS "payers!"
 * ```
 */
export const screeningActivity = new PreparedQuery<ScreeningActivityParams,ScreeningActivityResult>(screeningActivityIR);


/** 'PaymentsUnderReview' parameters type */
export interface PaymentsUnderReviewParams {
  ids: stringArray;
}

/** 'PaymentsUnderReview' return type */
export interface PaymentsUnderReviewResult {
  amount: string;
  biller_id: string | null;
  biller_name: string | null;
  channel: string;
  currency: string;
  customer_id: string | null;
  fee: string;
  held_for_review: boolean;
  id: string;
  status: string;
}

/** 'PaymentsUnderReview' query type */
export interface PaymentsUnderReviewQuery {
  params: PaymentsUnderReviewParams;
  result: PaymentsUnderReviewResult;
}

const paymentsUnderReviewIR: any = {"usedParamSet":{"ids":true},"params":[{"name":"ids","required":true,"transform":{"type":"scalar"},"locs":[{"a":259,"b":263}]}],"statement":"-- The payments a compliance reviewer sees beside their flags, as they are now.\nSELECT id, amount::text AS \"amount!\", fee::text AS \"fee!\", currency, biller_id, biller_name, status, held_for_review,\n       channel, customer_id\n  FROM payments\n WHERE id = ANY (:ids!::uuid[])"};

/**
 * Query generated from SQL:
 * ```
 * -- The payments a compliance reviewer sees beside their flags, as they are now.
 * SELECT id, amount::text AS "amount!", fee::text AS "fee!", currency, biller_id, biller_name, status, held_for_review,
 *        channel, customer_id
 *   FROM payments
 *  WHERE id = ANY (:ids!::uuid[])
 * ```
 */
export const paymentsUnderReview = new PreparedQuery<PaymentsUnderReviewParams,PaymentsUnderReviewResult>(paymentsUnderReviewIR);


/** 'ScreeningActivityOfPayer' parameters type */
export interface ScreeningActivityOfPayerParams {
  bandFrom: NumberOrString;
  bandTo: NumberOrString;
  currency: string;
  payerId: string;
  windowMinutes: number;
}

/** 'ScreeningActivityOfPayer' return type */
export interface ScreeningActivityOfPayerResult {
  band: number;
  count: number;
  sum: string;
}

/** 'ScreeningActivityOfPayer' query type */
export interface ScreeningActivityOfPayerQuery {
  params: ScreeningActivityOfPayerParams;
  result: ScreeningActivityOfPayerResult;
}

const screeningActivityOfPayerIR: any = {"usedParamSet":{"payerId":true,"windowMinutes":true,"currency":true,"bandFrom":true,"bandTo":true},"params":[{"name":"payerId","required":true,"transform":{"type":"scalar"},"locs":[{"a":300,"b":308}]},{"name":"windowMinutes","required":true,"transform":{"type":"scalar"},"locs":[{"a":357,"b":371}]},{"name":"currency","required":true,"transform":{"type":"scalar"},"locs":[{"a":524,"b":533},{"a":613,"b":622}]},{"name":"bandFrom","required":true,"transform":{"type":"scalar"},"locs":[{"a":643,"b":652}]},{"name":"bandTo","required":true,"transform":{"type":"scalar"},"locs":[{"a":666,"b":673}]}],"statement":"-- The same neighbours for a payment with no customer of ours (a checkout payment, whose payer is\n-- its session): the payer's payments of the window (payments_payer_created_idx); no biller\n-- account, so no distinct payers.\nWITH mine AS (\n  SELECT amount, currency FROM payments\n   WHERE payer_id = :payerId! AND created_at > now() - make_interval(mins => :windowMinutes!)\n     AND status <> 'FAILED'\n)\nSELECT (SELECT count(*) FROM mine)::int AS \"count!\",\n       (SELECT coalesce(sum(amount), 0) FROM mine WHERE currency = :currency!)::text AS \"sum!\",\n       (SELECT count(*) FROM mine\n         WHERE currency = :currency! AND amount BETWEEN :bandFrom!::bigint AND :bandTo!::bigint)::int AS \"band!\""};

/**
 * Query generated from SQL:
 * ```
 * -- The same neighbours for a payment with no customer of ours (a checkout payment, whose payer is
 * -- its session): the payer's payments of the window (payments_payer_created_idx); no biller
 * -- account, so no distinct payers.
 * WITH mine AS (
 *   SELECT amount, currency FROM payments
 *    WHERE payer_id = :payerId! AND created_at > now() - make_interval(mins => :windowMinutes!)
 *      AND status <> 'FAILED'
 * )
 * SELECT (SELECT count(*) FROM mine)::int AS "count!",
 *        (SELECT coalesce(sum(amount), 0) FROM mine WHERE currency = :currency!)::text AS "sum!",
 *        (SELECT count(*) FROM mine
 *          WHERE currency = :currency! AND amount BETWEEN :bandFrom!::bigint AND :bandTo!::bigint)::int AS "band!"
 * ```
 */
export const screeningActivityOfPayer = new PreparedQuery<ScreeningActivityOfPayerParams,ScreeningActivityOfPayerResult>(screeningActivityOfPayerIR);


