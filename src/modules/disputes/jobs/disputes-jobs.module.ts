import { BullModule } from '@nestjs/bull';
import { Module } from '@nestjs/common';
import { RepeatableTicksModule } from '../../../platform/queue/repeatable-ticks.module';
import { DISPUTE_QUEUES } from '../disputes.events';
import { DisputesModule } from '../disputes.module';
import { DisputeSlaProcessor, DisputeSlaRegistration } from './dispute-sla.processor';
import { ConfigModule } from '../../../platform/config/config.module';
import { DisputesConfig } from '../disputes.config';

/** The dispute SLA check's repeatable job; only WorkerModule imports it. */
@Module({
  imports: [
    ConfigModule.forFeature(DisputesConfig),
    DisputesModule,
    RepeatableTicksModule,
    BullModule.registerQueue({ name: DISPUTE_QUEUES.sla }),
  ],
  providers: [DisputeSlaProcessor, DisputeSlaRegistration],
})
export class DisputesJobsModule {}
