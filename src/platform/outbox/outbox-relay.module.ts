import { Module } from '@nestjs/common';
import { OUTBOX_EVENT_QUEUES } from '../queue/queues';
import { OutboxRelayRunner } from './outbox-relay.runner';
import { OUTBOX_ROUTES, OutboxPublisher, RedisOutboxPublisher } from './outbox.publisher';
import { OutboxRelay } from './outbox.relay';

/** The relay and its publisher; only the worker imports it, and runs the relay continuously. */
@Module({
  providers: [
    { provide: OUTBOX_ROUTES, useValue: OUTBOX_EVENT_QUEUES },
    { provide: OutboxPublisher, useClass: RedisOutboxPublisher },
    OutboxRelay,
    OutboxRelayRunner,
  ],
  exports: [OutboxRelay],
})
export class OutboxRelayModule {}
