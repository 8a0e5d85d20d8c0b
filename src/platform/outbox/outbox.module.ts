import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { OutboxEvent } from './outbox-event.entity';
import { OutboxWakeUps } from './outbox-wake-ups';
import { OutboxWriter } from './outbox.writer';

/** The writer, for any context that changes state, and the wake-ups its commits send the relays. */
@Module({
  imports: [TypeOrmModule.forFeature([OutboxEvent])],
  providers: [OutboxWriter, OutboxWakeUps],
  exports: [OutboxWriter],
})
export class OutboxModule {}
