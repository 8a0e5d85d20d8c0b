import type { MerchantPaymentsExportResult } from './sql/merchant-payments.queries';

/**
 * The export's columns, in order: the list item's fields flattened (`payer.*` as
 * `payerFundingAccountMasked`, `payerEmailMasked`). PostgreSQL writes the file (`COPY ... (FORMAT csv,
 * HEADER)` of MerchantPaymentsExport, sql/merchant-payments.sql), so these are the statement's column
 * names, in its order: amounts are integers in minor units (number cells, never escaped); times are
 * ISO 8601 UTC; every other cell is text, defused against formulas (a merchant reference `=cmd` is
 * written `'=cmd`).
 */
export const MERCHANT_PAYMENTS_CSV_HEADERS = [
  'id',
  'createdAt',
  'paidAt',
  'refundedAt',
  'status',
  'amount',
  'fee',
  'net',
  'refundedAmount',
  'currency',
  'rail',
  'merchantReference',
  'checkoutSessionId',
  'paymentLinkId',
  'payerFundingAccountMasked',
  'payerEmailMasked',
  'livemode',
] as const satisfies readonly (keyof MerchantPaymentsExportResult)[];

/** The statement's columns no header names: none, or this file does not compile (the order is the e2e spec's to check). */
type Unnamed = Exclude<keyof MerchantPaymentsExportResult, (typeof MERCHANT_PAYMENTS_CSV_HEADERS)[number]>;
const EVERY_COLUMN_NAMED: [Unnamed] extends [never] ? true : Unnamed = true;
void EVERY_COLUMN_NAMED;

/** The header record as the export sends it (for OpenAPI examples). */
export const MERCHANT_PAYMENTS_CSV_HEADER = `${MERCHANT_PAYMENTS_CSV_HEADERS.join(',')}\r\n`;
