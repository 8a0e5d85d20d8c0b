/**
 * The bills context's public surface: what other contexts and the applications may import.
 * Everything else in this folder is internal (the lint rule in eslint.config.mjs enforces it).
 */
export { BillsModule } from './bills.module';
export { BillsJobsModule } from './jobs/bills-jobs.module';
export { BillsService, type OpenBill, type PayBillRequest, type PayBillResult } from './bills.service';
export { BillIngestionService, type IncomingBill, type IngestionReport } from './bill-ingestion.service';
export { BILL_EVENTS, BillEventPayload, BillPaidPayload } from './bills.events';
export { BILL_ERROR_CODES, BillsError } from './bills.errors';
