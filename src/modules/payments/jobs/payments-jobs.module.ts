import { BullModule } from '@nestjs/bull';
import { Module } from '@nestjs/common';
import { PAYMENT_QUEUES } from '../payments.events';
import { PaymentsModule } from '../payments.module';
import { PaymentPostingProcessor } from '../posting/payment-posting.processor';
import { PostingDrain } from '../posting/posting-drain';
import { PostingSweeper } from '../posting/posting.sweeper';
import { RailReversalProcessor } from '../rails/rail-reversal.processor';
import { SandboxRailNoticesProcessor, SandboxRailNoticesRegistration } from '../rails/sandbox-rail-notices.processor';
import { ConfigModule } from '../../../platform/config/config.module';
import { RepeatableTicksModule } from '../../../platform/queue/repeatable-ticks.module';
import { PaymentsConfig } from '../payments.config';

/**
 * Posting payments to billers, returning failed payments' funds, and the sandbox rail's dispute notices;
 * only WorkerModule imports it.
 */
@Module({
  imports: [
    ConfigModule.forFeature(PaymentsConfig),
    PaymentsModule,
    RepeatableTicksModule,
    BullModule.registerQueue(
      { name: PAYMENT_QUEUES.posting },
      { name: PAYMENT_QUEUES.railReversals },
      { name: PAYMENT_QUEUES.sandboxRailNotices },
    ),
  ],
  providers: [
    PaymentPostingProcessor,
    RailReversalProcessor,
    PostingSweeper,
    PostingDrain,
    SandboxRailNoticesProcessor,
    SandboxRailNoticesRegistration,
  ],
})
export class PaymentsJobsModule {}
