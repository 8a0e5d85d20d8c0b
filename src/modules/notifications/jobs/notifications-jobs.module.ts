import { BullModule } from '@nestjs/bull';
import { Module } from '@nestjs/common';
import { QUEUES } from '../../../platform/queue/queues';
import { NotificationsModule } from '../notifications.module';
import { NotificationsProcessor } from './notifications.processor';

/** The notifications queue's processor; only WorkerModule imports it. */
@Module({
  imports: [NotificationsModule, BullModule.registerQueue({ name: QUEUES.notifications })],
  providers: [NotificationsProcessor],
})
export class NotificationsJobsModule {}
