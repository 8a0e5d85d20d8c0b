import { Module } from '@nestjs/common';
import { OutboxWriter } from './outbox.writer';

/** The writer, for any context that changes state. */
@Module({
  providers: [OutboxWriter],
  exports: [OutboxWriter],
})
export class OutboxModule {}
