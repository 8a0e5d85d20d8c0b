import { Injectable, OnApplicationShutdown } from '@nestjs/common';
import Redis from 'ioredis';
import {
  DataSource,
  EntitySubscriberInterface,
  QueryRunner,
  TransactionCommitEvent,
  TransactionRollbackEvent,
} from 'typeorm';
import { AppConfig } from '../config/app-config';
import { InjectRedis } from '../redis/redis.module';
import { SpacedCalls } from '../schedule/spaced-calls';

/** The channel (under REDIS_KEY_PREFIX) on which relays hear that outbox rows were committed. */
export const OUTBOX_WAKE_CHANNEL = 'outbox:wake';

/**
 * At most one wake-up a process sends, and one batch a relay runs for wake-ups, in this many
 * milliseconds; what comes in between waits for the gap's end.
 */
export const OUTBOX_WAKE_GAP_MS = 25;

/** The mark a transaction's query runner carries once it wrote outbox rows. */
const WROTE_OUTBOX = 'outbox.wrote';

export function outboxWakeChannel(config: Pick<AppConfig, 'REDIS_KEY_PREFIX'>): string {
  return `${config.REDIS_KEY_PREFIX}:${OUTBOX_WAKE_CHANNEL}`;
}

/** Notes that the open transaction of `runner` wrote outbox rows (`OutboxWriter`). */
export function noteOutboxWritten(runner: QueryRunner): void {
  runner.data[WROTE_OUTBOX] = true;
}

/**
 * Tells the relays that outbox rows were committed, so a relay publishes them at once instead of
 * at its next poll (OUTBOX_POLL_INTERVAL_MS, which stays as the fallback for a wake-up lost with
 * Redis or sent while no relay listened).
 *
 * A TypeORM subscriber of the process's data source: when a transaction that `OutboxWriter`
 * wrote in commits (the outermost commit, not a savepoint's release), it PUBLISHes an empty
 * message on the wake channel, after the COMMIT has answered, so a relay that hears it finds
 * the rows. Sends are spaced by OUTBOX_WAKE_GAP_MS (`SpacedCalls`): a commit during a gap has
 * the send at the gap's end carry its wake-up, so a process sends at most forty a second however
 * many transactions it commits, and a lone commit's wake-up goes at once. Sending never waits on
 * Redis and never fails the commit; a refused send is dropped (the poll still finds the rows).
 */
@Injectable()
export class OutboxWakeUps implements EntitySubscriberInterface, OnApplicationShutdown {
  private readonly sends: SpacedCalls;

  constructor(dataSource: DataSource, @InjectRedis() redis: Redis, config: AppConfig) {
    const channel = outboxWakeChannel(config);
    this.sends = new SpacedCalls(OUTBOX_WAKE_GAP_MS, () => {
      redis.publish(channel, '').catch(() => undefined);
    });
    dataSource.subscribers.push(this);
  }

  afterTransactionCommit({ queryRunner }: TransactionCommitEvent): void {
    if (queryRunner.isTransactionActive || queryRunner.data[WROTE_OUTBOX] !== true) return;
    delete queryRunner.data[WROTE_OUTBOX];
    this.sends.signal();
  }

  afterTransactionRollback({ queryRunner }: TransactionRollbackEvent): void {
    if (!queryRunner.isTransactionActive) delete queryRunner.data[WROTE_OUTBOX];
  }

  onApplicationShutdown(): void {
    this.sends.close();
  }
}
