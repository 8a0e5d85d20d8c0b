import { Module } from '@nestjs/common';
import { AppConfig } from '../config/app-config';
import { DevMailboxSender } from './dev-mailbox.sender';
import { LoggingMessageSender } from './logging-message.sender';
import { MessageSender } from './message-sender';

/** The `MessageSender` port, bound to the dev mailbox when DEV_MAILBOX=true, else to the logging sender. */
@Module({
  providers: [
    DevMailboxSender,
    LoggingMessageSender,
    {
      provide: MessageSender,
      inject: [AppConfig, DevMailboxSender, LoggingMessageSender],
      useFactory: (config: AppConfig, mailbox: DevMailboxSender, fallback: LoggingMessageSender): MessageSender =>
        config.DEV_MAILBOX ? mailbox : fallback,
    },
  ],
  exports: [MessageSender, DevMailboxSender],
})
export class MessagingModule {}
