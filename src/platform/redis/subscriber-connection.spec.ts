import Redis from 'ioredis';
import { loadAllConfiguration } from '../../configuration';
import { AppConfig } from '../config/app-config';
import { sharedClientOptions } from './redis.module';
import { subscriberConnectionOf } from './subscriber-connection';

describe('a subscriber connection', () => {
  it('reaches the master through Sentinel like the shared client it duplicates', () => {
    const config = loadAllConfiguration({
      DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/app',
      JWT_ACCESS_SECRET: 'x'.repeat(32),
      KEY_HASH_SECRET: 'y'.repeat(32),
      INTERNAL_API_KEY: 'z'.repeat(32),
      REDIS_URL: 'redis://:secret@unused-host:6380/2',
      // Nothing listens on port 1: a connection attempt is refused at once.
      REDIS_SENTINELS: '127.0.0.1:1',
      REDIS_SENTINEL_MASTER: 'payments',
    }).get(AppConfig);
    const shared = new Redis(config.REDIS_URL, { ...sharedClientOptions(config), lazyConnect: true });
    const subscriber = subscriberConnectionOf(shared);
    subscriber.on('error', () => undefined);
    try {
      expect(subscriber.options).toMatchObject({
        sentinels: [{ host: '127.0.0.1', port: 1 }],
        name: 'payments',
        db: 2,
        password: 'secret',
        keyPrefix: 'ps:',
        enableOfflineQueue: true,
        autoResubscribe: true,
        enableReadyCheck: false,
      });
    } finally {
      subscriber.disconnect();
      shared.disconnect();
    }
  });
});
