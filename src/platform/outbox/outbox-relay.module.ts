import { Module } from '@nestjs/common';
import { ModulesContainer } from '@nestjs/core';
import { OutboxRelayRunner } from './outbox-relay.runner';
import { outboxSubscriptions, routesOf } from './outbox-subscriptions';
import { OUTBOX_ROUTES, OutboxPublisher, RedisOutboxPublisher } from './outbox.publisher';
import { OutboxRelay } from './outbox.relay';

/**
 * The relay and its publisher; only the worker imports it, and runs the relay continuously.
 * Its routes are what the application's context modules declare with `@ListensTo`.
 */
@Module({
  providers: [
    {
      provide: OUTBOX_ROUTES,
      inject: [ModulesContainer],
      useFactory: (modules: ModulesContainer) => routesOf(outboxSubscriptions(modules)),
    },
    { provide: OutboxPublisher, useClass: RedisOutboxPublisher },
    OutboxRelay,
    OutboxRelayRunner,
  ],
  exports: [OutboxRelay],
})
export class OutboxRelayModule {}
