import { Global, Inject, Injectable, Logger, Module, OnApplicationShutdown } from '@nestjs/common';
import Redis, { RedisOptions, SentinelConnectionOptions, SentinelConnector } from 'ioredis';
import { AppConfig } from '../config/app-config';

export const REDIS = Symbol('REDIS');

/** Injects the shared ioredis client (keys are prefixed with `REDIS_KEY_PREFIX:`). */
export const InjectRedis = () => Inject(REDIS);

/** Boot waits this long for the first connection, then starts without it and keeps trying. */
const BOOT_CONNECT_WAIT_MS = 3000;

/** Longest pause between reconnection attempts: how late the service notices Redis is back. */
const MAX_RECONNECT_DELAY_MS = 2000;

/** ioredis `retryStrategy` of every client (the shared one and Bull's): 100 ms more per attempt, at most 2 s. */
export function redisReconnectDelay(attempt: number): number {
  return Math.min(attempt * 100, MAX_RECONNECT_DELAY_MS);
}

/** The settings every Redis connection of the process is opened with. */
export type RedisConnectionSettings = Pick<
  AppConfig,
  'REDIS_URL' | 'REDIS_SENTINEL_MASTER' | 'REDIS_SENTINEL_PASSWORD' | 'REDIS_COMMAND_TIMEOUT_MS' | 'redisSentinels'
>;

/**
 * ioredis' Sentinel connector, whose failover detector (each client's subscriptions to the
 * sentinels' `+switch-master`) ends with the connection it watches. ioredis closes it only when
 * the client is disconnected, not when it quits: every client that quit (at shutdown, the shared
 * one and each Bull queue's) kept a connection per sentinel open, and the process never exited.
 * The detector is made on the connection's `connect` event, so one that closes has its own;
 * the next connection makes a new one.
 */
class SentinelConnectorClosingItsDetector extends SentinelConnector {
  /** ioredis hands a custom connector the client's options, typed `unknown`. */
  constructor(options: unknown) {
    super(options as SentinelConnectionOptions);
  }

  async connect(...args: Parameters<SentinelConnector['connect']>): ReturnType<SentinelConnector['connect']> {
    const stream = await super.connect(...args);
    stream.once('close', () => {
      // ioredis keeps the detector in a private field of the connector.
      const detector = Reflect.get(this, 'failoverDetector') as { cleanup(): void } | null | undefined;
      detector?.cleanup();
    });
    return stream;
  }
}

/**
 * What every Redis connection of the process (the shared client and its duplicates, Bull's)
 * adds to REDIS_URL to reach the master through Sentinel; nothing without `REDIS_SENTINELS`.
 * With the sentinels given, ioredis asks them where the master of `REDIS_SENTINEL_MASTER` is at
 * each connection and each reconnection (REDIS_URL's host and port are never used), so a client
 * cut by a failover reconnects, after its usual retry delay, to the replica Sentinel promoted.
 * A master that hangs or is cut off does not close its connections, so a client would wait on it
 * forever (Bull's blocking one) or time out every command: `failoverDetector` has each client
 * also subscribe to the sentinels' `+switch-master` and drop its connection when the master
 * changes, to reconnect to the new one (it keeps one more connection per sentinel for that).
 * REDIS_URL's user, password and database number still apply to the master; `rediss://` means
 * TLS to the master and to the sentinels alike (`tls` alone would not reach either in Sentinel
 * mode, and Bull would drop it). A sentinel that connects but does not answer is given
 * `REDIS_COMMAND_TIMEOUT_MS`, like a Redis command, before the next one is asked.
 */
export function redisSentinelOptions(config: RedisConnectionSettings): RedisOptions {
  if (config.redisSentinels.length === 0) return {};
  const tls = redisUrlUsesTls(config.REDIS_URL);
  return {
    sentinels: config.redisSentinels.map(({ host, port }) => ({ host, port })),
    name: config.REDIS_SENTINEL_MASTER,
    Connector: SentinelConnectorClosingItsDetector,
    role: 'master',
    failoverDetector: true,
    sentinelCommandTimeout: config.REDIS_COMMAND_TIMEOUT_MS,
    ...(config.REDIS_SENTINEL_PASSWORD === '' ? {} : { sentinelPassword: config.REDIS_SENTINEL_PASSWORD }),
    ...(tls ? { tls: {}, enableTLSForSentinelMode: true, sentinelTLS: {} } : {}),
  };
}

/** Whether REDIS_URL asks for TLS (`rediss://`). */
export function redisUrlUsesTls(url: string): boolean {
  return /^rediss:/i.test(url);
}

@Injectable()
class RedisShutdown implements OnApplicationShutdown {
  constructor(@InjectRedis() private readonly redis: Redis) {}

  async onApplicationShutdown(): Promise<void> {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}

/** The shared client's options, besides REDIS_URL (`connectRedis` says why each). */
export function sharedClientOptions(
  config: RedisConnectionSettings & Pick<AppConfig, 'REDIS_KEY_PREFIX'>,
): RedisOptions {
  return {
    ...redisSentinelOptions(config),
    keyPrefix: `${config.REDIS_KEY_PREFIX}:`,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    commandTimeout: config.REDIS_COMMAND_TIMEOUT_MS,
    retryStrategy: redisReconnectDelay,
    lazyConnect: false,
  };
}

/**
 * The shared client fails fast. While the connection is down a command is refused at once
 * instead of waiting in an offline queue for Redis to return (which held requests 3-7 s and
 * then failed them anyway); a command caught by a disconnect is resent once on the next
 * connection, then refused; an unanswered one times out. Callers decide what a refusal means:
 * the caches fall back to PostgreSQL, the rate limits and the biller circuit answer 503.
 * The client reconnects forever, so the service recovers without a restart: through Sentinel
 * when it is configured (`redisSentinelOptions`), to whichever instance is the master by then.
 */
async function connectRedis(config: AppConfig): Promise<Redis> {
  const logger = new Logger('Redis');
  const redis = new Redis(config.REDIS_URL, sharedClientOptions(config));

  if (config.redisSentinels.length > 0) {
    logger.log(
      `Redis through Sentinel: master group "${config.REDIS_SENTINEL_MASTER}", ${config.redisSentinels.length} sentinel(s)`,
    );
  }

  // Without a listener ioredis prints every failed reconnection; one line per outage is enough.
  let down = false;
  redis.on('error', (error: Error) => {
    if (down) return;
    down = true;
    logger.error(`Redis is unavailable: ${error.message}; requests that need it answer 503 until it returns`);
  });
  redis.on('ready', () => {
    if (!down) return;
    down = false;
    logger.log('Redis is available again');
  });

  // Commands sent before the first connection would be refused (no offline queue), so boot
  // waits for it, through a failed first attempt too (the client retries within 100 ms); a
  // Redis still down after BOOT_CONNECT_WAIT_MS must not keep the API from serving the rest.
  await new Promise<void>((resolve) => {
    const timer = setTimeout(settle, BOOT_CONNECT_WAIT_MS);
    redis.once('ready', settle);
    function settle(): void {
      clearTimeout(timer);
      redis.off('ready', settle);
      resolve();
    }
  });
  return redis;
}

@Global()
@Module({
  providers: [{ provide: REDIS, inject: [AppConfig], useFactory: connectRedis }, RedisShutdown],
  exports: [REDIS],
})
export class RedisModule {}
