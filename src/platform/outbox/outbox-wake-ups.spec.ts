import Redis from 'ioredis';
import { DataSource, type QueryRunner, type TransactionCommitEvent, type TransactionRollbackEvent } from 'typeorm';
import type { AppConfig } from '../config/app-config';
import { noteOutboxWritten, OUTBOX_WAKE_GAP_MS, OutboxWakeUps } from './outbox-wake-ups';

describe('OutboxWakeUps', () => {
  // Never connected: `publish` is replaced.
  const redis = new Redis({ lazyConnect: true });
  let publish: jest.SpyInstance;
  let wakeUps: OutboxWakeUps;
  let dataSource: DataSource;

  beforeEach(() => {
    jest.useFakeTimers();
    publish = jest.spyOn(redis, 'publish').mockResolvedValue(0);
    dataSource = new DataSource({ type: 'postgres' });
    wakeUps = new OutboxWakeUps(dataSource, redis, { REDIS_KEY_PREFIX: 'ps' } as AppConfig);
  });

  afterEach(() => {
    wakeUps.onApplicationShutdown();
    publish.mockRestore();
    jest.useRealTimers();
  });

  const commitOf = (runner: Partial<QueryRunner>) => ({ queryRunner: runner }) as TransactionCommitEvent;
  /** The query runner of a committed transaction that wrote outbox rows. */
  const written = () => {
    const runner = { isTransactionActive: false, data: {} } as QueryRunner;
    noteOutboxWritten(runner);
    return runner;
  };

  it("subscribes to its data source's transactions", () => {
    expect(dataSource.subscribers).toEqual([wakeUps]);
  });

  it('sends at the outermost commit of a transaction that wrote outbox rows, on the prefixed channel', () => {
    const runner: { isTransactionActive: boolean; data: Record<string, unknown> } = {
      isTransactionActive: true,
      data: {},
    };
    noteOutboxWritten(runner as QueryRunner);
    // A savepoint's release: the transaction goes on.
    wakeUps.afterTransactionCommit(commitOf(runner));
    expect(publish).not.toHaveBeenCalled();

    runner.isTransactionActive = false;
    wakeUps.afterTransactionCommit(commitOf(runner));
    expect(publish).toHaveBeenCalledWith('ps:outbox:wake', '');
    expect(runner.data).toEqual({});

    jest.advanceTimersByTime(OUTBOX_WAKE_GAP_MS);
    wakeUps.afterTransactionCommit(commitOf(runner));
    wakeUps.afterTransactionCommit(commitOf({ isTransactionActive: false, data: {} }));
    expect(publish).toHaveBeenCalledTimes(1);
  });

  it('forgets the mark of a rolled-back transaction', () => {
    const runner = { isTransactionActive: false, data: {} } as QueryRunner;
    noteOutboxWritten(runner);
    wakeUps.afterTransactionRollback({ queryRunner: runner } as TransactionRollbackEvent);
    wakeUps.afterTransactionCommit(commitOf(runner));
    expect(publish).not.toHaveBeenCalled();
  });

  it('spaces its sends by the wake-up gap', () => {
    for (let index = 0; index < 20; index += 1) wakeUps.afterTransactionCommit(commitOf(written()));
    expect(publish).toHaveBeenCalledTimes(1);
    jest.advanceTimersByTime(OUTBOX_WAKE_GAP_MS);
    expect(publish).toHaveBeenCalledTimes(2);
  });

  it('drops a send Redis refuses, and sends nothing after shutdown', async () => {
    publish.mockRejectedValueOnce(new Error('Connection is closed.'));
    wakeUps.afterTransactionCommit(commitOf(written()));
    await Promise.resolve();
    wakeUps.afterTransactionCommit(commitOf(written()));
    wakeUps.onApplicationShutdown();
    jest.advanceTimersByTime(OUTBOX_WAKE_GAP_MS);
    wakeUps.afterTransactionCommit(commitOf(written()));
    expect(publish).toHaveBeenCalledTimes(1);
  });
});
