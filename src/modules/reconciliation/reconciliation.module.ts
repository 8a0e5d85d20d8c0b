import { Module } from '@nestjs/common';
import { BillersModule } from '../billers';
import { PaymentsModule } from '../payments';
import { BillerCheckService } from './biller-check.service';
import { ReconciliationService } from './reconciliation.service';
import { ConfigModule } from '../../platform/config/config.module';
import { ReconciliationConfig } from './reconciliation.config';

/**
 * Reconciliation of payments against posting attempts, the ledger, rail captures (asked through
 * the payments context's `RailConnector`) and the billers' records. It owns no entity: its one table (`reconciliation_biller_checks`) is
 * written and read by SQL only. Services only; the routes are in ReconciliationHttpModule.
 */
@Module({
  imports: [ConfigModule.forFeature(ReconciliationConfig), BillersModule, PaymentsModule],
  providers: [ReconciliationService, BillerCheckService],
  exports: [ReconciliationService, BillerCheckService],
})
export class ReconciliationModule {}
