import { Module } from '@nestjs/common';
import { DevMailboxController } from './dev-mailbox.controller';
import { MessagingModule } from './messaging.module';

/** GET /dev/messages, for the HTTP app only (it answers 404 unless DEV_MAILBOX=true). */
@Module({
  imports: [MessagingModule],
  controllers: [DevMailboxController],
})
export class DevMailboxModule {}
