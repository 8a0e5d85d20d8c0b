/** Types generated for queries found in "src/modules/payments/receipts/sql/receipts.sql" */
import { PreparedQuery } from '../../../../platform/database/sql-query';

/** 'ReceiptById' parameters type */
export interface ReceiptByIdParams {
  paymentId: string;
}

/** 'ReceiptById' return type */
export interface ReceiptByIdResult {
  account_reference: string;
  amount: string;
  biller_name: string;
  biller_reference: string | null;
  biller_slug: string;
  completed_at: Date | null;
  created_at: Date;
  currency: string;
  customer_id: string;
  fee: string;
  funding_account_masked: string;
  id: string;
  rail: string;
  rail_reference: string | null;
  status: string;
}

/** 'ReceiptById' query type */
export interface ReceiptByIdQuery {
  params: ReceiptByIdParams;
  result: ReceiptByIdResult;
}

const receiptByIdIR: any = {"usedParamSet":{"paymentId":true},"params":[{"name":"paymentId","required":true,"transform":{"type":"scalar"},"locs":[{"a":473,"b":483}]}],"statement":"-- What a receipt shows of one payment, by its id alone (ReceiptRepository.findById). A checkout\n-- payment has no receipt of ours (its payer is not our customer).\nSELECT id, customer_id AS \"customer_id!\", status, biller_name AS \"biller_name!\", biller_slug AS \"biller_slug!\",\n       account_reference AS \"account_reference!\", amount, fee, currency,\n       rail, funding_account_masked, rail_reference, biller_reference, created_at, completed_at\n  FROM payments\n WHERE id = :paymentId! AND channel <> 'CHECKOUT'"};

/**
 * Query generated from SQL:
 * ```
 * -- What a receipt shows of one payment, by its id alone (ReceiptRepository.findById). A checkout
 * -- payment has no receipt of ours (its payer is not our customer).
 * SELECT id, customer_id AS "customer_id!", status, biller_name AS "biller_name!", biller_slug AS "biller_slug!",
 *        account_reference AS "account_reference!", amount, fee, currency,
 *        rail, funding_account_masked, rail_reference, biller_reference, created_at, completed_at
 *   FROM payments
 *  WHERE id = :paymentId! AND channel <> 'CHECKOUT'
 * ```
 */
export const receiptById = new PreparedQuery<ReceiptByIdParams,ReceiptByIdResult>(receiptByIdIR);


/** 'ReceiptOwnedBy' parameters type */
export interface ReceiptOwnedByParams {
  customerId: string;
  paymentId: string;
}

/** 'ReceiptOwnedBy' return type */
export interface ReceiptOwnedByResult {
  account_reference: string;
  amount: string;
  biller_name: string;
  biller_reference: string | null;
  biller_slug: string;
  completed_at: Date | null;
  created_at: Date;
  currency: string;
  customer_id: string;
  fee: string;
  funding_account_masked: string;
  id: string;
  rail: string;
  rail_reference: string | null;
  status: string;
}

/** 'ReceiptOwnedBy' query type */
export interface ReceiptOwnedByQuery {
  params: ReceiptOwnedByParams;
  result: ReceiptOwnedByResult;
}

const receiptOwnedByIR: any = {"usedParamSet":{"paymentId":true,"customerId":true},"params":[{"name":"paymentId","required":true,"transform":{"type":"scalar"},"locs":[{"a":395,"b":405}]},{"name":"customerId","required":true,"transform":{"type":"scalar"},"locs":[{"a":425,"b":436}]}],"statement":"-- The same, only when the payment is the customer's (ReceiptRepository.findOwnedBy).\nSELECT id, customer_id AS \"customer_id!\", status, biller_name AS \"biller_name!\", biller_slug AS \"biller_slug!\",\n       account_reference AS \"account_reference!\", amount, fee, currency,\n       rail, funding_account_masked, rail_reference, biller_reference, created_at, completed_at\n  FROM payments\n WHERE id = :paymentId! AND customer_id = :customerId! AND channel <> 'CHECKOUT'"};

/**
 * Query generated from SQL:
 * ```
 * -- The same, only when the payment is the customer's (ReceiptRepository.findOwnedBy).
 * SELECT id, customer_id AS "customer_id!", status, biller_name AS "biller_name!", biller_slug AS "biller_slug!",
 *        account_reference AS "account_reference!", amount, fee, currency,
 *        rail, funding_account_masked, rail_reference, biller_reference, created_at, completed_at
 *   FROM payments
 *  WHERE id = :paymentId! AND customer_id = :customerId! AND channel <> 'CHECKOUT'
 * ```
 */
export const receiptOwnedBy = new PreparedQuery<ReceiptOwnedByParams,ReceiptOwnedByResult>(receiptOwnedByIR);


