import { CsvColumn, csvHeaderLine } from '../../../platform/http/csv-export';
import { maskEmailAddress } from '../../../platform/messaging/message-sender';
import type { MerchantPaymentExportRow } from './merchant-payments.service';

/**
 * The export's columns, in order: the list item's fields flattened (`payer.*` as
 * `payerFundingAccountMasked`, `payerEmailMasked`). Amounts are integers in minor units (number
 * cells, never escaped); times are ISO 8601 UTC; every other cell is text, defused against
 * formulas (a merchant reference `=cmd` is written `'=cmd`).
 */
export const MERCHANT_PAYMENTS_CSV_COLUMNS: readonly CsvColumn<MerchantPaymentExportRow>[] = [
  { header: 'id', kind: 'text', value: (row) => row.id },
  { header: 'createdAt', kind: 'text', value: (row) => row.created_at },
  { header: 'paidAt', kind: 'text', value: (row) => row.paid_at },
  { header: 'refundedAt', kind: 'text', value: (row) => row.refunded_at },
  { header: 'status', kind: 'text', value: (row) => row.status },
  { header: 'amount', kind: 'number', value: (row) => numberOf(row.amount) },
  { header: 'fee', kind: 'number', value: (row) => numberOf(row.fee) },
  { header: 'net', kind: 'number', value: (row) => numberOf(row.net) },
  { header: 'refundedAmount', kind: 'number', value: (row) => numberOf(row.refunded_amount) },
  { header: 'currency', kind: 'text', value: (row) => row.currency },
  { header: 'rail', kind: 'text', value: (row) => row.rail },
  { header: 'merchantReference', kind: 'text', value: (row) => row.merchant_reference },
  { header: 'checkoutSessionId', kind: 'text', value: (row) => row.checkout_session_id },
  { header: 'paymentLinkId', kind: 'text', value: (row) => row.payment_link_id },
  { header: 'payerFundingAccountMasked', kind: 'text', value: (row) => row.funding_account_masked },
  {
    header: 'payerEmailMasked',
    kind: 'text',
    value: (row) => (row.customer_email === null ? null : maskEmailAddress(row.customer_email)),
  },
  { header: 'livemode', kind: 'text', value: (row) => (row.livemode === true ? 'true' : 'false') },
];

export const MERCHANT_PAYMENTS_CSV_HEADERS = MERCHANT_PAYMENTS_CSV_COLUMNS.map((column) => column.header);

export const MERCHANT_PAYMENTS_CSV_HEADER = csvHeaderLine(MERCHANT_PAYMENTS_CSV_COLUMNS);

/** A bigint column's text (the statement casts it) as a number: minor units stay far below 2^53. */
function numberOf(text: string | null): number | null {
  return text === null ? null : Number(text);
}
