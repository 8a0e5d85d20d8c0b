import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { LedgerCheckService } from './ledger-check.service';
import { LEDGER_ENTITIES } from './ledger.entities';
import { LedgerService } from './ledger.service';

/** The double-entry ledger: postings for the money contexts, and the check that recomputes it. */
@Module({
  imports: [TypeOrmModule.forFeature(LEDGER_ENTITIES)],
  providers: [LedgerService, LedgerCheckService],
  exports: [LedgerService, LedgerCheckService],
})
export class LedgerModule {}
