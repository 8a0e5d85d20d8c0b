import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { OutboxEvent } from './outbox-event.entity';
import { OutboxWriter } from './outbox.writer';

/** The writer, for any context that changes state. */
@Module({
  imports: [TypeOrmModule.forFeature([OutboxEvent])],
  providers: [OutboxWriter],
  exports: [OutboxWriter],
})
export class OutboxModule {}
