import { BullModule } from '@nestjs/bull';
import { Module } from '@nestjs/common';
import { RepeatableTicksModule } from '../../../platform/queue/repeatable-ticks.module';
import { ReconciliationModule } from '../reconciliation.module';
import { BillerCheckProcessor, BillerCheckRegistration, RECONCILIATION_QUEUES } from './biller-check.processor';
import { ConfigModule } from '../../../platform/config/config.module';
import { ReconciliationConfig } from '../reconciliation.config';

/** The biller-side check's repeatable job; only WorkerModule imports it. */
@Module({
  imports: [
    ConfigModule.forFeature(ReconciliationConfig),
    ReconciliationModule,
    RepeatableTicksModule,
    BullModule.registerQueue({ name: RECONCILIATION_QUEUES.billerCheck }),
  ],
  providers: [BillerCheckProcessor, BillerCheckRegistration],
})
export class ReconciliationJobsModule {}
