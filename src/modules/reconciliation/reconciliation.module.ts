import { Module } from '@nestjs/common';
import { BillersModule } from '../billers';
import { BillerCheckService } from './biller-check.service';
import { ReconciliationService } from './reconciliation.service';

/**
 * Reconciliation of payments against posting attempts, the ledger, rail captures and the
 * billers' records. It owns no entity: its one table (`reconciliation_biller_checks`) is
 * written and read by SQL only. Services only; the routes are in ReconciliationHttpModule.
 */
@Module({
  imports: [BillersModule],
  providers: [ReconciliationService, BillerCheckService],
  exports: [ReconciliationService, BillerCheckService],
})
export class ReconciliationModule {}
