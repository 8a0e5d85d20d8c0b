import { Module } from '@nestjs/common';
import { AdminReconciliationController } from './admin-reconciliation.controller';
import { ReconciliationModule } from './reconciliation.module';

/** The reconciliation routes; only ApiModule imports it. */
@Module({
  imports: [ReconciliationModule],
  controllers: [AdminReconciliationController],
})
export class ReconciliationHttpModule {}
