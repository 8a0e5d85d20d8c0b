import { Module } from '@nestjs/common';
import { NotificationsController } from './notifications.controller';
import { NotificationsModule } from './notifications.module';

/** The notifications routes; only ApiModule imports it. */
@Module({
  imports: [NotificationsModule],
  controllers: [NotificationsController],
})
export class NotificationsHttpModule {}
