/**
 * The ledger's public surface: what other contexts and the applications may import.
 * Everything else in this folder is internal (the lint rule in eslint.config.mjs enforces it).
 */
export { LedgerModule } from './ledger.module';
export { LedgerService, type AccountRef, type Posting, type PostingLine } from './ledger.service';
export { LedgerCheckService } from './ledger-check.service';
