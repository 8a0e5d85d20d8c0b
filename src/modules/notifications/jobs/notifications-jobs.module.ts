import { BullModule } from '@nestjs/bull';
import { Module } from '@nestjs/common';
import { NOTIFICATIONS_QUEUE } from '../notifications.events';
import { NotificationsModule } from '../notifications.module';
import { NotificationsProcessor } from './notifications.processor';

/** The notifications queue's processor; only WorkerModule imports it. */
@Module({
  imports: [NotificationsModule, BullModule.registerQueue({ name: NOTIFICATIONS_QUEUE })],
  providers: [NotificationsProcessor],
})
export class NotificationsJobsModule {}
