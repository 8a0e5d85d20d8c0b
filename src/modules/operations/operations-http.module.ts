import { Module } from '@nestjs/common';
import { AdminMetricsController } from './admin-metrics.controller';
import { OperationsController } from './operations.controller';
import { OperationsModule } from './operations.module';

/** Operators' routes (outbox events, the ledger check); only ApiModule imports it. */
@Module({
  imports: [OperationsModule],
  controllers: [OperationsController, AdminMetricsController],
})
export class OperationsHttpModule {}
