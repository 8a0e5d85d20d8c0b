/**
 * The reconciliation context's public surface: what other contexts and the applications may import.
 * Everything else in this folder is internal (the lint rule in eslint.config.mjs enforces it).
 */
export { ReconciliationModule } from './reconciliation.module';
export { ReconciliationJobsModule } from './jobs/reconciliation-jobs.module';
export { ReconciliationService, type ReconciliationReport } from './reconciliation.service';
export { BillerCheckService, type BillerCheckSummary } from './biller-check.service';
export {
  RECONCILIATION_BREAK_TYPES,
  type ReconciliationBreak,
  type ReconciliationBreakType,
  type ReconciliationWindow,
} from './reconciliation-break';
