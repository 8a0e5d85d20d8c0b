import { Transform } from 'class-transformer';
import {
  IsBoolean,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  Matches,
  Max,
  Min,
  MinLength,
  ValidateBy,
} from 'class-validator';
import { ConfigSlice, ConfigSliceChecks, Setting, toBoolean, toInt } from './config-slice';
import type { NamedSecret } from './production-secrets';

/**
 * The platform's settings: what every process stands on (environment, ports, PostgreSQL, Redis,
 * logs, HTTP, keys, the outbox) and the few rules several contexts share (the home currency, the
 * business time zone, session lifetime). Each context declares its own settings in a slice
 * beside it (`<context>.config.ts`); `loadConfiguration` builds and validates them all at boot.
 * Nothing else in the code base reads `process.env`.
 */
@ConfigSlice('Platform', 'src/platform/config/app-config.ts')
export class AppConfig implements ConfigSliceChecks {
  @Setting('`development`, `test` or `production`')
  @IsIn(['development', 'test', 'production'])
  NODE_ENV: 'development' | 'test' | 'production' = 'development';

  @Setting('HTTP port of the API')
  @Transform(toInt)
  @IsInt()
  @Min(0)
  @Max(65535)
  PORT = 3000;

  @Setting('PostgreSQL connection URL')
  @Matches(/^postgres(ql)?:\/\/.+/, { message: 'must be a postgres:// connection URL' })
  DATABASE_URL: string;

  @Setting('connections per process')
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(200)
  DATABASE_POOL_SIZE = 10;

  /**
   * A streaming standby (or a pooler in front of standbys) for the reads that tolerate a few
   * seconds of lag, and only those (README "PostgreSQL: a primary, and replicas"). Empty: every
   * statement goes to `DATABASE_URL`, one pool. When the replica cannot be reached, those reads
   * go to the primary until it answers again.
   */
  @Setting(
    'a streaming standby for the reads that tolerate lag (the biller directory, `GET /merchant/payments.csv`, `GET /merchant/statements`, `GET /admin/reconciliation/export`, `npm run ledger:check`); empty sends every statement to `DATABASE_URL`; while the replica is unreachable those reads go to the primary (README "PostgreSQL: a primary, and replicas")',
  )
  @Matches(/^$|^postgres(ql)?:\/\/.+/, { message: 'must be empty or a postgres:// connection URL' })
  DATABASE_REPLICA_URL = '';

  @Setting('connections per process to `DATABASE_REPLICA_URL`, opened only when a routed read needs one')
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(200)
  DATABASE_REPLICA_POOL_SIZE = 5;

  /**
   * Longest wait for a pooled connection (a free one, or a new one opened), so a database that
   * refuses, drops or blackholes connections answers 503 in bounded time. Covers a full pool too.
   */
  @Setting(
    'longest wait for a pooled connection (a free one or a new one); after it the request answers 503 `SERVICE_UNAVAILABLE`',
  )
  @Transform(toInt)
  @IsInt()
  @Min(250)
  @Max(60_000)
  DATABASE_CONNECT_TIMEOUT_MS = 3000;

  /**
   * PostgreSQL cancels a statement running longer than this (`statement_timeout`); the client
   * gives up 2 s later on a server that stopped answering. `0` turns both off (a long manual
   * migration).
   */
  @Setting(
    'PostgreSQL cancels a statement running longer (`statement_timeout`, answered 503); the client gives up 2 s later on a server that stopped answering; `0` turns both off (a long manual migration)',
  )
  @Transform(toInt)
  @IsInt()
  @Min(0)
  @Max(3_600_000)
  DATABASE_STATEMENT_TIMEOUT_MS = 15_000;

  /**
   * A CSV export's bound instead (`rowStream`/`rowBatches`): an export is one cursor statement for
   * as long as the client reads, so its own transaction sets `statement_timeout` to this
   * (`SET LOCAL`, which PgBouncer keeps within the transaction) and the client waits 2 s longer.
   * A year of a merchant's payments (a million rows) takes well under a minute; the bound ends a
   * runaway export.
   */
  @Setting(
    "CSV exports (`GET /merchant/payments.csv`, reconciliation's) run under this statement timeout instead, set in their own transaction (`SET LOCAL`); the client gives up 2 s later",
  )
  @Transform(toInt)
  @IsInt()
  @Min(1000)
  @Max(3_600_000)
  CSV_EXPORT_STATEMENT_TIMEOUT_MS = 600_000;

  /**
   * Whether the application's statements run as named prepared statements, parsed and planned
   * once per connection. A pooler in transaction mode (PgBouncer's `pool_mode = transaction`)
   * hands each transaction whichever server connection is free, where a name prepared on another
   * one is unknown: `false` sends each statement unnamed (parsed and planned at every run, same
   * rows). Named, each transaction's BEGIN also goes with its first statement, as a named
   * statement of the connection (database/deferred-begin-client.ts); unnamed, it goes alone.
   * README "Behind PgBouncer".
   */
  @Setting(
    'run the SQL as named prepared statements (planned once per connection), and send each transaction\'s `BEGIN` with its first statement; `false` behind a transaction-pooling PgBouncer (README "Behind PgBouncer")',
  )
  @Transform(toBoolean)
  @IsBoolean()
  DATABASE_NAMED_STATEMENTS = true;

  @Setting(
    'Redis connection URL; with `REDIS_SENTINELS` set, its host and port are not used and the rest (user, password, database number, `rediss://` for TLS) still applies',
  )
  @Matches(/^rediss?:\/\/.+/, { message: 'must be a redis:// connection URL' })
  REDIS_URL: string;

  /**
   * Redis Sentinel: when set, every Redis connection (the shared client, every Bull queue's, the
   * pub/sub subscribers') asks these sentinels where the master of `REDIS_SENTINEL_MASTER` is,
   * and asks again on each reconnection, so a failover needs no restart. README "Redis:
   * persistence, Sentinel, Bull".
   */
  @Setting(
    "comma-separated `host:port` addresses of Redis Sentinels (port 26379 when left out); when set, every Redis connection reaches the master of `REDIS_SENTINEL_MASTER` through them instead of `REDIS_URL`'s host; empty: no Sentinel",
  )
  @IsString()
  REDIS_SENTINELS = '';

  @Setting(
    'the master group name the sentinels monitor (`sentinel monitor <name> ...`); required with `REDIS_SENTINELS`',
  )
  @Matches(/^$|^[A-Za-z0-9._-]{1,64}$/, { message: 'must be 1-64 characters of [A-Za-z0-9._-]' })
  REDIS_SENTINEL_MASTER = '';

  @Setting(
    "password of the sentinels themselves (`requirepass` in their configuration); empty: they ask for none. The master's password stays in `REDIS_URL`",
  )
  @IsString()
  REDIS_SENTINEL_PASSWORD = '';

  /** Prefix of every Redis key and Bull queue, so several environments can share one Redis. */
  @Setting('prefix of every Redis key and Bull queue')
  @Matches(/^[A-Za-z0-9:_-]{1,64}$/, { message: 'must be 1-64 characters of [A-Za-z0-9:_-]' })
  REDIS_KEY_PREFIX = 'ps';

  @Setting('32+ characters; signs access tokens')
  @IsString()
  @MinLength(32, { message: 'must be at least 32 characters' })
  JWT_ACCESS_SECRET: string;

  @Setting('access token lifetime')
  @Transform(toInt)
  @IsInt()
  @Min(60)
  @Max(3600)
  JWT_ACCESS_TTL_SECONDS = 900;

  /** HMAC key for OTPs, refresh tokens and API keys stored at rest. */
  @Setting(
    '32+ characters; HMAC key for OTPs, refresh tokens and API keys at rest; also derives (HKDF) the keys that encrypt national id numbers and settlement account numbers at rest, so changing it makes those unreadable; the migration that encrypted older rows needs the same value',
  )
  @IsString()
  @MinLength(32, { message: 'must be at least 32 characters' })
  KEY_HASH_SECRET: string;

  /** Shared secret that `/internal/*` callers send in `X-Internal-Api-Key`. */
  @Setting('32+ characters; key of `/internal/*` callers (`X-Internal-Api-Key`)')
  @IsString()
  @MinLength(32, { message: 'must be at least 32 characters' })
  INTERNAL_API_KEY: string;

  /** Largest accepted request body, in the notation of the `bytes` package (e.g. `1mb`). */
  @Setting('largest accepted request body (413 above)')
  @Matches(/^\d+(b|kb|mb)$/i, { message: 'must look like 512kb or 1mb' })
  BODY_LIMIT = '1mb';

  @Setting('pino level; `silent` turns logs off')
  @IsIn(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
  LOG_LEVEL = 'info';

  /** Comma-separated origins allowed by CORS; empty means CORS is off. */
  @Setting('comma-separated allowed origins; empty means CORS is off')
  @IsOptional()
  @IsString()
  CORS_ORIGINS = '';

  @Setting('trust `X-Forwarded-*` from a proxy in front')
  @Transform(toBoolean)
  @IsBoolean()
  TRUST_PROXY = false;

  @Setting('serve Swagger UI and the document')
  @Transform(toBoolean)
  @IsBoolean()
  SWAGGER_ENABLED = true;

  /** Stores outgoing SMS and e-mail and exposes them at GET /dev/messages. Never in production. */
  @Setting('keep outgoing SMS/e-mail readable at `GET /api/v1/dev/messages`; refused in production')
  @Transform(toBoolean)
  @IsBoolean()
  DEV_MAILBOX = false;

  /**
   * Cost factor of the bcrypt hashes of secrets people choose (customers' PINs, merchant users'
   * passwords): 2^cost rounds. Tests lower it; production keeps 10 or more.
   */
  @Setting('cost factor of PIN and password hashes (2^cost rounds); tests lower it, keep 10+ in production')
  @Transform(toInt)
  @IsInt()
  @Min(4)
  @Max(15)
  BCRYPT_COST = 10;

  /** How many messages the dev mailbox keeps per recipient, and for how long. */
  @Setting('newest messages the dev mailbox keeps per recipient')
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(1000)
  DEV_MAILBOX_SIZE = 20;

  @Setting("how long the dev mailbox keeps a recipient's messages after the latest one")
  @Transform(toInt)
  @IsInt()
  @Min(60)
  DEV_MAILBOX_TTL_SECONDS = 3600;

  /** A customer's device session or a merchant user's session ends when its refresh token goes unused this long (each refresh extends it). */
  @Setting(
    "a session (a customer's device, a merchant user's) ends when its refresh token goes unused this long (30 days; each refresh extends it)",
  )
  @Transform(toInt)
  @IsInt()
  @Min(300)
  REFRESH_TOKEN_TTL_SECONDS = 2_592_000;

  /**
   * The home currency: the KYC tier limits (`TIER_n_*`), agents' floats and limits and the AML
   * thresholds are integers in its minor unit.
   */
  @Setting(
    "ISO 4217 home currency: the KYC tier limits (`TIER_n_*`), agents' floats and limits and the AML thresholds are in its minor unit",
  )
  @Matches(/^[A-Z]{3}$/, { message: 'must be an ISO 4217 code such as NGN' })
  LIMITS_CURRENCY = 'NGN';

  @Setting('relay poll interval; commits wake the relays at once, so this is the fallback (Redis away, retries due)')
  @Transform(toInt)
  @IsInt()
  @Min(10)
  OUTBOX_POLL_INTERVAL_MS = 500;

  @Setting('rows a relay claims at once')
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(1000)
  OUTBOX_BATCH_SIZE = 100;

  @Setting('publish attempts before a row is marked `FAILED`')
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(50)
  OUTBOX_MAX_ATTEMPTS = 8;

  @Setting('first retry delay; doubles per attempt, capped at 5 minutes')
  @Transform(toInt)
  @IsInt()
  @Min(0)
  OUTBOX_BACKOFF_BASE_MS = 1000;

  /** How long a relay may hold a claimed row before another relay may take it over. */
  @Setting('how long a relay holds a claimed row before another may take it')
  @Transform(toInt)
  @IsInt()
  @Min(1000)
  OUTBOX_CLAIM_TTL_MS = 60000;

  @Setting('longest graceful shutdown before a forced exit')
  @Transform(toInt)
  @IsInt()
  @Min(0)
  SHUTDOWN_TIMEOUT_MS = 10000;

  /**
   * Bearer token Prometheus sends to scrape `/metrics`. Empty leaves `/metrics` public, which
   * only development and tests allow: production refuses to boot without one.
   */
  @Setting(
    'bearer token Prometheus sends to scrape `/metrics` (32+ visible characters); empty leaves `/metrics` public, which production refuses',
  )
  @Matches(/^$|^[\x21-\x7e]{32,}$/, {
    message: 'must be empty or at least 32 visible ASCII characters (no spaces)',
  })
  METRICS_TOKEN = '';

  /**
   * Public origin of the API as customers reach it (scheme, host and any path prefix a proxy
   * adds), for the absolute links the service hands out, such as receipt downloads.
   */
  @Setting(
    'the address customers reach the API at (with any prefix a proxy adds); absolute links such as receipt downloads start with it',
  )
  @Matches(/^https?:\/\/[^\s/?#]+(\/[^\s?#]*)?$/, { message: 'must be an http(s) URL without query or fragment' })
  PUBLIC_BASE_URL = 'http://localhost:3000';

  /**
   * IANA time zone of the service's calendar, shared by the contexts: schedule due dates and
   * periods, dispute business days, reconciliation and reporting days, bill due dates.
   */
  @Setting(
    "IANA time zone of the service's calendar: schedule due dates and periods, dispute business days, the days of reconciliation and reports",
  )
  @ValidateBy({
    name: 'timeZone',
    validator: {
      validate: (value: unknown) => typeof value === 'string' && isTimeZone(value),
      defaultMessage: () => 'SCHEDULE_TIME_ZONE must be an IANA time zone such as Africa/Lagos',
    },
  })
  SCHEDULE_TIME_ZONE = 'Africa/Lagos';

  /**
   * How often each worker checks that Redis still holds the repeatable jobs it runs once per
   * cluster (schedule runner, dispute SLA check, biller-side check) and adds back a missing one.
   */
  @Setting(
    'how often each worker checks that Redis still holds the repeatable jobs run once per cluster (schedule runner, dispute SLA check, biller-side check) and adds back a missing one; a worker also adds them when its Redis connection is ready again',
  )
  @Transform(toInt)
  @IsInt()
  @Min(100)
  @Max(3_600_000)
  REPEATABLE_JOB_CHECK_INTERVAL_MS = 60_000;

  /**
   * Redis answers in well under a millisecond; a command still unanswered after this is taken
   * as hung and fails (the caller answers 503 or falls back).
   */
  @Setting('how long a Redis command may go unanswered before it fails as hung')
  @Transform(toInt)
  @IsInt()
  @Min(100)
  @Max(30_000)
  REDIS_COMMAND_TIMEOUT_MS = 1000;

  /** Where the local-disk FileStore keeps files (KYB evidence), under `files/`. */
  @Setting('where the local-disk file store keeps files (KYB evidence), under `files/`')
  @IsString()
  @MinLength(1)
  DATA_DIR = './data';

  get isProduction(): boolean {
    return this.NODE_ENV === 'production';
  }

  get corsOrigins(): string[] {
    return this.CORS_ORIGINS.split(',')
      .map((origin) => origin.trim())
      .filter((origin) => origin.length > 0);
  }

  /** REDIS_SENTINELS as addresses, parsed once when the configuration is loaded; empty without Sentinel. */
  get redisSentinels(): readonly SentinelAddress[] {
    return this.sentinels;
  }

  private sentinels: readonly SentinelAddress[] = [];

  check(): string[] {
    const problems: string[] = [];
    const sentinels = parseSentinelAddresses(this.REDIS_SENTINELS);
    if (typeof sentinels === 'string') problems.push(`REDIS_SENTINELS ${sentinels}`);
    else this.sentinels = sentinels;
    if (this.REDIS_SENTINELS.trim() !== '' && this.REDIS_SENTINEL_MASTER === '') {
      problems.push(
        'REDIS_SENTINEL_MASTER is required when REDIS_SENTINELS is set: the master group name the sentinels monitor',
      );
    }
    if (this.REDIS_SENTINELS.trim() === '' && this.REDIS_SENTINEL_MASTER !== '') {
      problems.push('REDIS_SENTINELS is required when REDIS_SENTINEL_MASTER is set: the addresses of the sentinels');
    }
    if (this.REDIS_SENTINELS.trim() === '' && this.REDIS_SENTINEL_PASSWORD !== '') {
      problems.push('REDIS_SENTINEL_PASSWORD is set but REDIS_SENTINELS is not: set both, or neither');
    }
    if (this.NODE_ENV === 'production' && this.DEV_MAILBOX) {
      problems.push('DEV_MAILBOX must not be true when NODE_ENV is production');
    }
    if (this.NODE_ENV === 'production' && this.METRICS_TOKEN === '') {
      problems.push('METRICS_TOKEN is required when NODE_ENV is production: /metrics must not be public');
    }
    return problems;
  }

  namedSecrets(): NamedSecret[] {
    const secrets: NamedSecret[] = [
      { name: 'JWT_ACCESS_SECRET', value: this.JWT_ACCESS_SECRET },
      { name: 'KEY_HASH_SECRET', value: this.KEY_HASH_SECRET },
      { name: 'INTERNAL_API_KEY', value: this.INTERNAL_API_KEY },
    ];
    if (this.METRICS_TOKEN !== '') secrets.push({ name: 'METRICS_TOKEN', value: this.METRICS_TOKEN });
    return secrets;
  }
}

/** One Redis Sentinel's address. */
export interface SentinelAddress {
  host: string;
  port: number;
}

/** Sentinel's own default port, when an address of REDIS_SENTINELS gives none. */
const SENTINEL_DEFAULT_PORT = 26379;

/**
 * `host:port,host:port` (an IPv6 host in brackets, `[::1]:26379`; the port may be left out), or
 * empty for none. Answers the addresses, or what is wrong (naming the address by its place, like
 * every configuration problem, never quoting a value).
 */
export function parseSentinelAddresses(value: string): SentinelAddress[] | string {
  if (value.trim() === '') return [];
  const addresses: SentinelAddress[] = [];
  for (const [index, item] of value.split(',').entries()) {
    const match = /^(?:\[([0-9A-Fa-f:.]+)\]|([A-Za-z0-9.-]+))(?::(\d{1,5}))?$/.exec(item.trim());
    const port = match?.[3] === undefined ? SENTINEL_DEFAULT_PORT : Number(match[3]);
    if (!match || port < 1 || port > 65535) {
      return `must be a comma-separated list of host:port addresses such as 10.0.0.5:26379,10.0.0.6:26379 (address ${index + 1} is not one)`;
    }
    addresses.push({ host: match[1] ?? match[2], port });
  }
  return addresses;
}

function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return value.length > 0;
  } catch {
    return false;
  }
}
