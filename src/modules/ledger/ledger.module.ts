import { Module } from '@nestjs/common';
import { LedgerCheckService } from './ledger-check.service';
import { LedgerService } from './ledger.service';

/** The double-entry ledger: postings for the money contexts, and the check that recomputes it. */
@Module({
  providers: [LedgerService, LedgerCheckService],
  exports: [LedgerService, LedgerCheckService],
})
export class LedgerModule {}
