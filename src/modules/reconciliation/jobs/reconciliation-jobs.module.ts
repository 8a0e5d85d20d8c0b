import { BullModule } from '@nestjs/bull';
import { Module } from '@nestjs/common';
import { RepeatableTicksModule } from '../../../platform/queue/repeatable-ticks.module';
import { ReconciliationModule } from '../reconciliation.module';
import { BillerCheckProcessor, BillerCheckRegistration, RECONCILIATION_QUEUES } from './biller-check.processor';

/** The biller-side check's repeatable job; only WorkerModule imports it. */
@Module({
  imports: [
    ReconciliationModule,
    RepeatableTicksModule,
    BullModule.registerQueue({ name: RECONCILIATION_QUEUES.billerCheck }),
  ],
  providers: [BillerCheckProcessor, BillerCheckRegistration],
})
export class ReconciliationJobsModule {}
