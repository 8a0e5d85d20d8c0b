/**
 * The billers context's public surface: what other contexts and the applications may import.
 * Everything else in this folder is internal (the lint rule in eslint.config.mjs enforces it).
 */
export { BillersModule } from './billers.module';
export { BillersJobsModule } from './jobs/billers-jobs.module';
export {
  AGENT_CASH_RAIL,
  PaymentQuoteService,
  type BillerFacts,
  type CashPaymentQuote,
  type PaymentPreview,
  type PaymentQuote,
  type QuoteRequest,
} from './catalogue/payment-quote.service';
export { BillerSnapshot } from './catalogue/biller-snapshot';
export { SavedAccountsService } from './saved-accounts/saved-accounts.service';
export { BillerPopularityService } from './directory/biller-popularity.service';
export {
  BillerConnector,
  type BillerEndpoint,
  type PaymentPostingOutcome,
  type PaymentStatusOutcome,
} from './connector/biller-connector';
export { BILLER_ERROR_CODES, BillerError } from './billers.errors';
export {
  ACCOUNT_REFERENCE_CHARACTERS,
  AccountReferenceField,
  BillerIdOrSlugField,
  MAX_ACCOUNT_REFERENCE_LENGTH,
  SavedAccountIdField,
} from './catalogue/dto/biller-request-fields';
