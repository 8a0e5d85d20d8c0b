import Redis from 'ioredis';
import { subscriberConnectionOf } from '../../src/platform/redis/subscriber-connection';
import { DisposableRedis, startDisposableRedis } from '../support/disposable-redis';
import { waitFor } from '../support/wait-for';

/**
 * A subscriber connection (the event streams', the outbox relay's wake-ups') on a Redis of the spec's own: streams that open
 * together while it is still being set up all get their subscription (each one's SUBSCRIBE comes
 * at a different point of the connection's set-up), and it then hears what is published.
 */
describe('a Redis subscriber connection', () => {
  let server: DisposableRedis;
  let redis: Redis;
  let publisher: Redis;

  beforeAll(async () => {
    server = await startDisposableRedis();
    await server.start();
    // As the app's client (platform/redis/redis.module.ts): no offline queue, a key prefix.
    redis = new Redis(server.url, { keyPrefix: 'spec:', enableOfflineQueue: false, maxRetriesPerRequest: 1 });
    publisher = new Redis(server.url);
    await Promise.all([redis, publisher].map((client) => new Promise((ready) => client.once('ready', ready))));
  });

  afterAll(async () => {
    redis?.disconnect();
    publisher?.disconnect();
    await server?.kill();
  });

  it('subscribes every channel asked for while it connects, and delivers their messages', async () => {
    const subscriber = subscriberConnectionOf(redis);
    subscriber.on('error', () => undefined);
    const heard: string[] = [];
    subscriber.on('message', (channel: string, message: string) => heard.push(`${channel} ${message}`));
    try {
      // The first stream's, queued until the connection is up; the others come as it connects.
      const subscriptions = [
        subscriber.subscribe('events:a').then(
          () => 'subscribed',
          (error: Error) => error.message,
        ),
      ];
      await new Promise<void>((connected) =>
        subscriber.once('connect', () => {
          for (const channel of ['events:b', 'events:c']) {
            subscriptions.push(
              subscriber.subscribe(channel).then(
                () => 'subscribed',
                (error: Error) => error.message,
              ),
            );
          }
          connected();
        }),
      );
      expect(await Promise.all(subscriptions)).toEqual(['subscribed', 'subscribed', 'subscribed']);

      for (const channel of ['events:a', 'events:b', 'events:c']) await publisher.publish(channel, 'm');
      await waitFor(
        () => Promise.resolve(heard.length),
        (count) => count === 3,
        'the three messages',
      );
      expect(heard.sort()).toEqual(['events:a m', 'events:b m', 'events:c m']);
    } finally {
      subscriber.disconnect();
    }
  });
});
