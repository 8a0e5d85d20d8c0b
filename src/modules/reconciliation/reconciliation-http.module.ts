import { Module } from '@nestjs/common';
import { AdminReconciliationController } from './admin-reconciliation.controller';
import { ReconciliationModule } from './reconciliation.module';
import { ConfigModule } from '../../platform/config/config.module';
import { ReconciliationConfig } from './reconciliation.config';

/** The reconciliation routes; only ApiModule imports it. */
@Module({
  imports: [ConfigModule.forFeature(ReconciliationConfig), ReconciliationModule],
  controllers: [AdminReconciliationController],
})
export class ReconciliationHttpModule {}
