/** Types generated for queries found in "src/modules/payments/history/sql/payment-history.sql" */
import { PreparedQuery } from '../../../../platform/database/sql-query';

export type DateOrString = Date | string;

export type NumberOrString = number | string;

export type stringArray = (string)[];

/** 'PayersOfAccounts' parameters type */
export interface PayersOfAccountsParams {
  accountReferences: stringArray;
  billerId: string;
}

/** 'PayersOfAccounts' return type */
export interface PayersOfAccountsResult {
  account_reference: string;
  customer_id: string;
}

/** 'PayersOfAccounts' query type */
export interface PayersOfAccountsQuery {
  params: PayersOfAccountsParams;
  result: PayersOfAccountsResult;
}

const payersOfAccountsIR: any = {"usedParamSet":{"billerId":true,"accountReferences":true},"params":[{"name":"billerId","required":true,"transform":{"type":"scalar"},"locs":[{"a":200,"b":209}]},{"name":"accountReferences","required":true,"transform":{"type":"scalar"},"locs":[{"a":242,"b":260}]}],"statement":"-- PaymentHistory: what other contexts may read of payment history.\nSELECT DISTINCT p.account_reference AS \"account_reference!\", p.customer_id AS \"customer_id!\"\n  FROM payments p\n WHERE p.biller_id = :billerId! AND p.account_reference = ANY (:accountReferences!::text[]) AND p.status = 'SUCCEEDED'"};

/**
 * Query generated from SQL:
 * ```
 * -- PaymentHistory: what other contexts may read of payment history.
 * SELECT DISTINCT p.account_reference AS "account_reference!", p.customer_id AS "customer_id!"
 *   FROM payments p
 *  WHERE p.biller_id = :billerId! AND p.account_reference = ANY (:accountReferences!::text[]) AND p.status = 'SUCCEEDED'
 * ```
 */
export const payersOfAccounts = new PreparedQuery<PayersOfAccountsParams,PayersOfAccountsResult>(payersOfAccountsIR);


/** 'LivePaymentSince' parameters type */
export interface LivePaymentSinceParams {
  accountReference: string;
  amount: NumberOrString;
  billerId: string;
  customerId: string;
  since: DateOrString;
}

/** 'LivePaymentSince' return type */
export interface LivePaymentSinceResult {
  account_reference: string;
  amount: string;
  biller_id: string;
  channel: string;
  created_at: Date;
  currency: string;
  customer_id: string;
  id: string;
  status: string;
}

/** 'LivePaymentSince' query type */
export interface LivePaymentSinceQuery {
  params: LivePaymentSinceParams;
  result: LivePaymentSinceResult;
}

const livePaymentSinceIR: any = {"usedParamSet":{"customerId":true,"billerId":true,"accountReference":true,"amount":true,"since":true},"params":[{"name":"customerId","required":true,"transform":{"type":"scalar"},"locs":[{"a":224,"b":235}]},{"name":"billerId","required":true,"transform":{"type":"scalar"},"locs":[{"a":255,"b":264}]},{"name":"accountReference","required":true,"transform":{"type":"scalar"},"locs":[{"a":292,"b":309}]},{"name":"amount","required":true,"transform":{"type":"scalar"},"locs":[{"a":329,"b":336}]},{"name":"since","required":true,"transform":{"type":"scalar"},"locs":[{"a":369,"b":375}]}],"statement":"SELECT p.id, p.customer_id AS \"customer_id!\", p.channel, p.biller_id AS \"biller_id!\",\n       p.account_reference AS \"account_reference!\", p.amount, p.currency, p.status, p.created_at\n  FROM payments p\n WHERE p.customer_id = :customerId! AND p.biller_id = :billerId! AND p.account_reference = :accountReference!\n   AND p.amount = :amount!::bigint\n   AND p.created_at >= :since! AND p.status IN ('AUTHORIZING', 'PENDING', 'PROCESSING', 'SUCCEEDED')\n ORDER BY p.created_at DESC\n LIMIT 1"};

/**
 * Query generated from SQL:
 * ```
 * SELECT p.id, p.customer_id AS "customer_id!", p.channel, p.biller_id AS "biller_id!",
 *        p.account_reference AS "account_reference!", p.amount, p.currency, p.status, p.created_at
 *   FROM payments p
 *  WHERE p.customer_id = :customerId! AND p.biller_id = :billerId! AND p.account_reference = :accountReference!
 *    AND p.amount = :amount!::bigint
 *    AND p.created_at >= :since! AND p.status IN ('AUTHORIZING', 'PENDING', 'PROCESSING', 'SUCCEEDED')
 *  ORDER BY p.created_at DESC
 *  LIMIT 1
 * ```
 */
export const livePaymentSince = new PreparedQuery<LivePaymentSinceParams,LivePaymentSinceResult>(livePaymentSinceIR);


/** 'PaymentStatusesOf' parameters type */
export interface PaymentStatusesOfParams {
  ids: stringArray;
}

/** 'PaymentStatusesOf' return type */
export interface PaymentStatusesOfResult {
  failure_code: string | null;
  id: string;
  status: string;
}

/** 'PaymentStatusesOf' query type */
export interface PaymentStatusesOfQuery {
  params: PaymentStatusesOfParams;
  result: PaymentStatusesOfResult;
}

const paymentStatusesOfIR: any = {"usedParamSet":{"ids":true},"params":[{"name":"ids","required":true,"transform":{"type":"scalar"},"locs":[{"a":72,"b":76}]}],"statement":"SELECT p.id, p.status, p.failure_code FROM payments p WHERE p.id = ANY (:ids!::uuid[])"};

/**
 * Query generated from SQL:
 * ```
 * SELECT p.id, p.status, p.failure_code FROM payments p WHERE p.id = ANY (:ids!::uuid[])
 * ```
 */
export const paymentStatusesOf = new PreparedQuery<PaymentStatusesOfParams,PaymentStatusesOfResult>(paymentStatusesOfIR);


/** 'PaymentByIdempotencyKey' parameters type */
export interface PaymentByIdempotencyKeyParams {
  idempotencyKey: string;
  payerId: string;
}

/** 'PaymentByIdempotencyKey' return type */
export interface PaymentByIdempotencyKeyResult {
  failure_code: string | null;
  id: string;
  status: string;
}

/** 'PaymentByIdempotencyKey' query type */
export interface PaymentByIdempotencyKeyQuery {
  params: PaymentByIdempotencyKeyParams;
  result: PaymentByIdempotencyKeyResult;
}

const paymentByIdempotencyKeyIR: any = {"usedParamSet":{"payerId":true,"idempotencyKey":true},"params":[{"name":"payerId","required":true,"transform":{"type":"scalar"},"locs":[{"a":73,"b":81}]},{"name":"idempotencyKey","required":true,"transform":{"type":"scalar"},"locs":[{"a":107,"b":122}]}],"statement":"SELECT p.id, p.status, p.failure_code FROM payments p WHERE p.payer_id = :payerId! AND p.idempotency_key = :idempotencyKey!"};

/**
 * Query generated from SQL:
 * ```
 * SELECT p.id, p.status, p.failure_code FROM payments p WHERE p.payer_id = :payerId! AND p.idempotency_key = :idempotencyKey!
 * ```
 */
export const paymentByIdempotencyKey = new PreparedQuery<PaymentByIdempotencyKeyParams,PaymentByIdempotencyKeyResult>(paymentByIdempotencyKeyIR);


/** 'PayerActivitySince' parameters type */
export interface PayerActivitySinceParams {
  payerId: string;
  since: DateOrString;
}

/** 'PayerActivitySince' return type */
export interface PayerActivitySinceResult {
  payments: number;
  taken: string;
}

/** 'PayerActivitySince' query type */
export interface PayerActivitySinceQuery {
  params: PayerActivitySinceParams;
  result: PayerActivitySinceResult;
}

const payerActivitySinceIR: any = {"usedParamSet":{"payerId":true,"since":true},"params":[{"name":"payerId","required":true,"transform":{"type":"scalar"},"locs":[{"a":128,"b":136}]},{"name":"since","required":true,"transform":{"type":"scalar"},"locs":[{"a":158,"b":164}]}],"statement":"SELECT count(*)::int AS \"payments!\", coalesce(sum(p.amount + p.fee), 0)::text AS \"taken!\"\n  FROM payments p\n WHERE p.payer_id = :payerId! AND p.created_at >= :since! AND p.status NOT IN ('FAILED', 'REFUNDED')"};

/**
 * Query generated from SQL:
 * ```
 * SELECT count(*)::int AS "payments!", coalesce(sum(p.amount + p.fee), 0)::text AS "taken!"
 *   FROM payments p
 *  WHERE p.payer_id = :payerId! AND p.created_at >= :since! AND p.status NOT IN ('FAILED', 'REFUNDED')
 * ```
 */
export const payerActivitySince = new PreparedQuery<PayerActivitySinceParams,PayerActivitySinceResult>(payerActivitySinceIR);


/** 'PayerUsedToday' parameters type */
export interface PayerUsedTodayParams {
  currency: string;
  payerId: string;
}

/** 'PayerUsedToday' return type */
export interface PayerUsedTodayResult {
  used: string;
}

/** 'PayerUsedToday' query type */
export interface PayerUsedTodayQuery {
  params: PayerUsedTodayParams;
  result: PayerUsedTodayResult;
}

const payerUsedTodayIR: any = {"usedParamSet":{"payerId":true,"currency":true},"params":[{"name":"payerId","required":true,"transform":{"type":"scalar"},"locs":[{"a":89,"b":97}]},{"name":"currency","required":true,"transform":{"type":"scalar"},"locs":[{"a":191,"b":200}]}],"statement":"SELECT coalesce(sum(p.amount), 0)::text AS \"used!\"\n  FROM payments p\n WHERE p.payer_id = :payerId! AND p.created_at > now() - interval '24 hours' AND p.status <> 'FAILED'\n   AND p.currency = :currency!"};

/**
 * Query generated from SQL:
 * ```
 * SELECT coalesce(sum(p.amount), 0)::text AS "used!"
 *   FROM payments p
 *  WHERE p.payer_id = :payerId! AND p.created_at > now() - interval '24 hours' AND p.status <> 'FAILED'
 *    AND p.currency = :currency!
 * ```
 */
export const payerUsedToday = new PreparedQuery<PayerUsedTodayParams,PayerUsedTodayResult>(payerUsedTodayIR);


