import { plainToInstance, Transform } from 'class-transformer';
import {
  getMetadataStorage,
  IsBoolean,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  Matches,
  Max,
  Min,
  MinLength,
  validateSync,
  ValidateBy,
} from 'class-validator';
import { CurrencyTierLimitTable, parseCurrencyTierLimits } from './currency-tier-limits';
import { DEVELOPMENT_BILLER_SIMULATOR_SECRET, NamedSecret, productionSecretProblems } from './production-secrets';

const toBoolean = ({ value }: { value: unknown }) => {
  if (typeof value === 'boolean') return value;
  if (value === 'true' || value === '1') return true;
  if (value === 'false' || value === '0' || value === '') return false;
  return value;
};

const toInt = ({ value }: { value: unknown }) =>
  typeof value === 'string' && /^-?\d+$/.test(value.trim()) ? Number(value) : value;

/**
 * Every environment variable the service reads, validated once at boot. Nothing else in the
 * code base reads `process.env`: modules inject `AppConfig`.
 */
export class AppConfig {
  @IsIn(['development', 'test', 'production'])
  NODE_ENV: 'development' | 'test' | 'production' = 'development';

  @Transform(toInt)
  @IsInt()
  @Min(0)
  @Max(65535)
  PORT = 3000;

  @Matches(/^postgres(ql)?:\/\/.+/, { message: 'must be a postgres:// connection URL' })
  DATABASE_URL: string;

  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(200)
  DATABASE_POOL_SIZE = 10;

  /**
   * Longest wait for a pooled connection (a free one, or a new one opened), so a database that
   * refuses, drops or blackholes connections answers 503 in bounded time. Covers a full pool too.
   */
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
  @Transform(toInt)
  @IsInt()
  @Min(0)
  @Max(3_600_000)
  DATABASE_STATEMENT_TIMEOUT_MS = 15_000;

  @Matches(/^rediss?:\/\/.+/, { message: 'must be a redis:// connection URL' })
  REDIS_URL: string;

  /** Prefix of every Redis key and Bull queue, so several environments can share one Redis. */
  @Matches(/^[A-Za-z0-9:_-]{1,64}$/, { message: 'must be 1-64 characters of [A-Za-z0-9:_-]' })
  REDIS_KEY_PREFIX = 'ps';

  @IsString()
  @MinLength(32, { message: 'must be at least 32 characters' })
  JWT_ACCESS_SECRET: string;

  @Transform(toInt)
  @IsInt()
  @Min(60)
  @Max(3600)
  JWT_ACCESS_TTL_SECONDS = 900;

  /** HMAC key for OTPs, refresh tokens and API keys stored at rest. */
  @IsString()
  @MinLength(32, { message: 'must be at least 32 characters' })
  KEY_HASH_SECRET: string;

  /** Shared secret that `/internal/*` callers send in `X-Internal-Api-Key`. */
  @IsString()
  @MinLength(32, { message: 'must be at least 32 characters' })
  INTERNAL_API_KEY: string;

  /** Largest accepted request body, in the notation of the `bytes` package (e.g. `1mb`). */
  @Matches(/^\d+(b|kb|mb)$/i, { message: 'must look like 512kb or 1mb' })
  BODY_LIMIT = '1mb';

  @IsIn(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
  LOG_LEVEL = 'info';

  /** Comma-separated origins allowed by CORS; empty means CORS is off. */
  @IsOptional()
  @IsString()
  CORS_ORIGINS = '';

  @Transform(toBoolean)
  @IsBoolean()
  TRUST_PROXY = false;

  @Transform(toBoolean)
  @IsBoolean()
  SWAGGER_ENABLED = true;

  /** Stores outgoing SMS and e-mail and exposes them at GET /dev/messages. Never in production. */
  @Transform(toBoolean)
  @IsBoolean()
  DEV_MAILBOX = false;

  /** How many messages the dev mailbox keeps per recipient, and for how long. */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(1000)
  DEV_MAILBOX_SIZE = 20;

  @Transform(toInt)
  @IsInt()
  @Min(60)
  DEV_MAILBOX_TTL_SECONDS = 3600;

  /** One-time passwords: lifetime and wrong tries allowed before a new one is needed. */
  @Transform(toInt)
  @IsInt()
  @Min(30)
  @Max(3600)
  OTP_TTL_SECONDS = 300;

  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(20)
  OTP_MAX_ATTEMPTS = 5;

  /** Cost factor of the bcrypt PIN hashes (2^cost rounds); tests lower it, production keeps 10 or more. */
  @Transform(toInt)
  @IsInt()
  @Min(4)
  @Max(15)
  BCRYPT_COST = 10;

  /** Wrong PINs in a row that lock an account, and how long the lock lasts. */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(100)
  PIN_MAX_FAILED_ATTEMPTS = 5;

  @Transform(toInt)
  @IsInt()
  @Min(1)
  PIN_LOCKOUT_SECONDS = 900;

  /** How long after /auth/verify its session may set (or reset) the PIN. */
  @Transform(toInt)
  @IsInt()
  @Min(60)
  PIN_SETUP_WINDOW_SECONDS = 900;

  /** A device session ends when its refresh token goes unused this long (each refresh extends it). */
  @Transform(toInt)
  @IsInt()
  @Min(300)
  REFRESH_TOKEN_TTL_SECONDS = 2_592_000;

  /** How long the bearer guard trusts its Redis copy of a session; revocation replaces the copy at once. */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(300)
  SESSION_CACHE_TTL_SECONDS = 30;

  /**
   * Longest wait for Redis in a session lookup before the bearer guard asks PostgreSQL instead;
   * far below REDIS_COMMAND_TIMEOUT_MS, so a hung Redis does not slow signed-in requests.
   */
  @Transform(toInt)
  @IsInt()
  @Min(10)
  @Max(5000)
  SESSION_CACHE_TIMEOUT_MS = 150;

  /** After a session lookup timed out, how long lookups skip Redis and ask PostgreSQL alone. */
  @Transform(toInt)
  @IsInt()
  @Min(100)
  @Max(300_000)
  SESSION_CACHE_SKIP_MS = 5000;

  /** Rate limits (requests per fixed window, counted in Redis across every API process). */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  RATE_LIMIT_REGISTER_PER_PHONE = 5;

  @Transform(toInt)
  @IsInt()
  @Min(1)
  RATE_LIMIT_REGISTER_PHONE_WINDOW_SECONDS = 900;

  /** Generous: carrier-grade NAT puts many customers behind one address. */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  RATE_LIMIT_REGISTER_PER_IP = 100;

  @Transform(toInt)
  @IsInt()
  @Min(1)
  RATE_LIMIT_REGISTER_IP_WINDOW_SECONDS = 3600;

  @Transform(toInt)
  @IsInt()
  @Min(1)
  RATE_LIMIT_VERIFY_PER_PHONE = 10;

  @Transform(toInt)
  @IsInt()
  @Min(1)
  RATE_LIMIT_VERIFY_PHONE_WINDOW_SECONDS = 900;

  @Transform(toInt)
  @IsInt()
  @Min(1)
  RATE_LIMIT_LOGIN_PER_PHONE = 20;

  @Transform(toInt)
  @IsInt()
  @Min(1)
  RATE_LIMIT_LOGIN_PHONE_WINDOW_SECONDS = 900;

  /** Payment limits each KYC tier unlocks, integers in the minor unit of LIMITS_CURRENCY. */
  @Matches(/^[A-Z]{3}$/, { message: 'must be an ISO 4217 code such as NGN' })
  LIMITS_CURRENCY = 'NGN';

  @Transform(toInt)
  @IsInt()
  @Min(0)
  @Max(Number.MAX_SAFE_INTEGER)
  TIER_0_PER_PAYMENT_LIMIT = 500_000;

  @Transform(toInt)
  @IsInt()
  @Min(0)
  @Max(Number.MAX_SAFE_INTEGER)
  TIER_0_DAILY_LIMIT = 2_000_000;

  @Transform(toInt)
  @IsInt()
  @Min(0)
  @Max(Number.MAX_SAFE_INTEGER)
  TIER_1_PER_PAYMENT_LIMIT = 5_000_000;

  @Transform(toInt)
  @IsInt()
  @Min(0)
  @Max(Number.MAX_SAFE_INTEGER)
  TIER_1_DAILY_LIMIT = 20_000_000;

  /**
   * Limits in currencies other than LIMITS_CURRENCY, for billers that charge them: comma-separated
   * `CURRENCY.TIER=perPayment/daily` in the currency's minor unit, every tier for each currency
   * named. A payment in a currency with no limits is refused, never let through unlimited.
   */
  @ValidateBy({
    name: 'currencyTierLimits',
    validator: {
      validate: (value: unknown, args) =>
        typeof value === 'string' &&
        parseCurrencyTierLimits(value, (args?.object as AppConfig).LIMITS_CURRENCY).problems.length === 0,
      defaultMessage: (args) =>
        typeof args?.value === 'string'
          ? `CURRENCY_TIER_LIMITS ${parseCurrencyTierLimits(args.value, (args.object as AppConfig).LIMITS_CURRENCY).problems.join('; ')}`
          : 'CURRENCY_TIER_LIMITS must be a string',
    },
  })
  CURRENCY_TIER_LIMITS = '';

  @Transform(toInt)
  @IsInt()
  @Min(10)
  OUTBOX_POLL_INTERVAL_MS = 500;

  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(1000)
  OUTBOX_BATCH_SIZE = 100;

  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(50)
  OUTBOX_MAX_ATTEMPTS = 8;

  @Transform(toInt)
  @IsInt()
  @Min(0)
  OUTBOX_BACKOFF_BASE_MS = 1000;

  /** How long a relay may hold a claimed row before another relay may take it over. */
  @Transform(toInt)
  @IsInt()
  @Min(1000)
  OUTBOX_CLAIM_TTL_MS = 60000;

  @Transform(toInt)
  @IsInt()
  @Min(0)
  SHUTDOWN_TIMEOUT_MS = 10000;

  /** Port of the biller simulator (`node dist/src/simulators/main.js`, started by `npm run dev`). */
  @Transform(toInt)
  @IsInt()
  @Min(0)
  @Max(65535)
  SIMULATOR_PORT = 4010;

  /** Base URL of the biller simulator; the demo seed points every direct biller's connector at it. */
  @Matches(/^https?:\/\/[^\s/]+(\/[^\s]*)?$/, { message: 'must be an http(s) URL' })
  BILLER_SIMULATOR_URL = 'http://127.0.0.1:4010';

  /**
   * Signing secret shared with the biller simulator; billers whose connector secret ref is
   * `simulator` are signed with it. The development default is refused in production.
   */
  @IsString()
  @MinLength(32, { message: 'must be at least 32 characters' })
  BILLER_SIMULATOR_SECRET = DEVELOPMENT_BILLER_SIMULATOR_SECRET;

  /**
   * Signing secrets of real direct billers, as comma-separated `ref=secret` pairs; a biller's
   * connector settings name its secret by `ref`, so no secret is ever stored in the database.
   */
  @Matches(/^$|^[a-z0-9_-]{1,40}=[^,\s]{32,}(,[a-z0-9_-]{1,40}=[^,\s]{32,})*$/, {
    message: 'must be comma-separated ref=secret pairs, each secret at least 32 characters',
  })
  BILLER_CONNECTOR_SECRETS = '';

  /**
   * Bearer token Prometheus sends to scrape `/metrics`. Empty leaves `/metrics` public, which
   * only development and tests allow: production refuses to boot without one.
   */
  @Matches(/^$|^[\x21-\x7e]{32,}$/, {
    message: 'must be empty or at least 32 visible ASCII characters (no spaces)',
  })
  METRICS_TOKEN = '';

  /** How long an account validation answer from a biller is reused for the same biller and reference. */
  @Transform(toInt)
  @IsInt()
  @Min(0)
  @Max(3600)
  BILLER_VALIDATION_CACHE_TTL_SECONDS = 60;

  /** How often the worker recomputes billers' popularity (successful payments over 30 days). */
  @Transform(toInt)
  @IsInt()
  @Min(10)
  BILLER_POPULARITY_REFRESH_SECONDS = 300;

  /**
   * Public origin of the API as customers reach it (scheme, host and any path prefix a proxy
   * adds), for the absolute links the service hands out, such as receipt downloads.
   */
  @Matches(/^https?:\/\/[^\s/?#]+(\/[^\s?#]*)?$/, { message: 'must be an http(s) URL without query or fragment' })
  PUBLIC_BASE_URL = 'http://localhost:3000';

  /** How long a receipt download link works after it is issued. */
  @Transform(toInt)
  @IsInt()
  @Min(60)
  @Max(86400)
  RECEIPT_URL_TTL_SECONDS = 900;

  /** A second payment of the same biller, account and amount within this window needs `confirmDuplicate`. */
  @Transform(toInt)
  @IsInt()
  @Min(0)
  @Max(86_400)
  PAYMENT_DUPLICATE_WINDOW_SECONDS = 600;

  /** Tries per posting cycle before the cycle is marked FAILED for an operator to retry. */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(50)
  POSTING_MAX_TRIES = 6;

  /** First delay between posting tries; doubles per try up to POSTING_BACKOFF_MAX_MS. */
  @Transform(toInt)
  @IsInt()
  @Min(0)
  POSTING_BACKOFF_BASE_MS = 2000;

  @Transform(toInt)
  @IsInt()
  @Min(0)
  POSTING_BACKOFF_MAX_MS = 300_000;

  /** How long a worker holds a posting attempt it is working on before another may take it over. */
  @Transform(toInt)
  @IsInt()
  @Min(100)
  POSTING_LEASE_MS = 30_000;

  /** How often the worker looks for posting attempts that are due (retries, crashed workers). */
  @Transform(toInt)
  @IsInt()
  @Min(50)
  POSTING_SWEEP_INTERVAL_MS = 1000;

  /**
   * How long money work recorded in the database (a captured payment's first posting cycle, a
   * rail refund or cancel) waits for the Bull job that normally starts it before the worker's
   * sweeper starts it itself. Covers a Redis that lost its jobs: PostgreSQL is the truth.
   */
  @Transform(toInt)
  @IsInt()
  @Min(0)
  @Max(3_600_000)
  JOB_PICKUP_GRACE_MS = 15_000;

  /**
   * How long a payment may stay AUTHORIZING (accepted, the rail's answer not recorded) before the
   * worker's recovery job asks the rail what became of it. Longer than any rail's timeout plus
   * the time to record an answer, so the job never races the request that is still waiting.
   */
  @Transform(toInt)
  @IsInt()
  @Min(1000)
  @Max(3_600_000)
  AUTHORIZATION_RECOVERY_AFTER_MS = 60_000;

  /**
   * How long after a payment was accepted the recovery job still completes a capture the rail
   * never made (the request lost its database, or its process, before or during the rail call):
   * it captures under the payment id, so a repeat never captures twice. Past it, a payment the
   * rail has not taken is failed (`RAIL_NO_CAPTURE`) and its reference voided, rather than
   * charged long after the customer asked.
   */
  @Transform(toInt)
  @IsInt()
  @Min(1000)
  @Max(86_400_000)
  AUTHORIZATION_RECOVERY_MAX_AGE_MS = 3_600_000;

  /**
   * Fault injection for the payment core's fault tests, honoured only when NODE_ENV is test:
   * `exit` kills the API process right after the rail captured a payment, before the outcome is
   * recorded. Empty everywhere else; any other value is refused.
   */
  @IsIn(['', 'exit'])
  TEST_FAULT_AFTER_CAPTURE: '' | 'exit' = '';

  /**
   * Test-only: a file holding the current time (ISO 8601 or epoch ms) that every process reads
   * instead of the system clock, so a test moves time for real worker processes. Honoured only
   * when NODE_ENV is test; refused in any other environment.
   */
  @IsOptional()
  @IsString()
  CLOCK_FILE = '';

  /** Version of the scheduled-payment terms a customer must accept (`consent.version`) to create a schedule or raise its amount. */
  @Matches(/^[A-Za-z0-9._-]{1,32}$/, { message: 'must be 1-32 characters of [A-Za-z0-9._-]' })
  SCHEDULE_CONSENT_VERSION = '2026-01';

  /** IANA time zone in which schedule due dates and periods are computed. */
  @ValidateBy({
    name: 'timeZone',
    validator: {
      validate: (value: unknown) => typeof value === 'string' && isTimeZone(value),
      defaultMessage: () => 'SCHEDULE_TIME_ZONE must be an IANA time zone such as Africa/Lagos',
    },
  })
  SCHEDULE_TIME_ZONE = 'Africa/Lagos';

  /** How often the worker's schedule runner (a Bull repeatable job) looks for due schedules and runs. */
  @Transform(toInt)
  @IsInt()
  @Min(100)
  @Max(3_600_000)
  SCHEDULE_RUNNER_INTERVAL_MS = 30_000;

  /**
   * How often each worker checks that Redis still holds the repeatable jobs it runs once per
   * cluster (schedule runner, dispute SLA check, biller-side check) and adds back a missing one.
   */
  @Transform(toInt)
  @IsInt()
  @Min(100)
  @Max(3_600_000)
  REPEATABLE_JOB_CHECK_INTERVAL_MS = 60_000;

  /** Schedules or runs one runner transaction claims at a time. */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(5000)
  SCHEDULE_RUNNER_BATCH_SIZE = 200;

  /** Payments one worker makes at once for due runs. */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(200)
  SCHEDULE_RUNNER_CONCURRENCY = 16;

  /** Payment attempts a run gets within its period before it is FAILED and the customer told. */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(20)
  SCHEDULE_RUN_MAX_ATTEMPTS = 3;

  /** First delay before a run's next attempt; doubles per attempt, never past the period's end. */
  @Transform(toInt)
  @IsInt()
  @Min(0)
  SCHEDULE_RUN_RETRY_BACKOFF_MS = 3_600_000;

  /** How long a worker holds a run it is paying before another worker may take it over. */
  @Transform(toInt)
  @IsInt()
  @Min(1000)
  SCHEDULE_RUN_LEASE_MS = 120_000;

  /**
   * AES-256-GCM key for the funding accounts schedules keep to pay later: 64 hex characters
   * (32 bytes). Empty derives a key from KEY_HASH_SECRET (HKDF-SHA256), so there is always one.
   */
  @Matches(/^$|^[0-9a-fA-F]{64}$/, { message: 'must be empty or 64 hex characters (32 bytes)' })
  SCHEDULE_FUNDING_KEY = '';

  /**
   * Business days support has to resolve a dispute, per reason: `REASON=days` pairs separated by
   * commas. A reason left out takes `OTHER`'s days. Business days skip Saturdays and Sundays in
   * SCHEDULE_TIME_ZONE.
   */
  @Matches(/^[A-Z_]{1,40}=\d{1,3}(,[A-Z_]{1,40}=\d{1,3})*$/, {
    message: 'must be REASON=days pairs separated by commas, such as WRONG_AMOUNT=5,OTHER=10',
  })
  DISPUTE_SLA_BUSINESS_DAYS =
    'NOT_CREDITED_BY_BILLER=3,WRONG_AMOUNT=5,WRONG_ACCOUNT=5,DUPLICATE_PAYMENT=3,SERVICE_NOT_RENDERED=10,OTHER=10';

  /** How often the worker looks for disputes past their SLA deadline and raises their escalation. */
  @Transform(toInt)
  @IsInt()
  @Min(100)
  @Max(3_600_000)
  DISPUTE_SLA_CHECK_INTERVAL_MS = 60_000;

  /** Members a household may have, its owner included. */
  @Transform(toInt)
  @IsInt()
  @Min(2)
  @Max(100)
  HOUSEHOLD_MAX_MEMBERS = 12;

  /** Member additions one customer may attempt per hour (found or not), so the route cannot enumerate phone numbers. */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(10_000)
  HOUSEHOLD_MEMBER_ADDS_PER_HOUR = 20;

  /** The largest assisted payment an agent may take, in minor units of LIMITS_CURRENCY (the agents' float currency). */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  AGENT_PER_PAYMENT_LIMIT = 5_000_000;

  /** What an agent may pay out of their float in a rolling 24 hours, in minor units of LIMITS_CURRENCY. */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  AGENT_DAILY_LIMIT = 50_000_000;

  /** The most float an agent may hold, in minor units of LIMITS_CURRENCY: a top-up past it is refused. */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  AGENT_FLOAT_LIMIT = 100_000_000;

  /** AML: a payment above this (minor units of LIMITS_CURRENCY) raises a HIGH flag and is held for review. */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  AML_SINGLE_AMOUNT_THRESHOLD = 500_000_000;

  /** AML: the rolling window, in minutes, of the velocity, structuring and distinct-payers rules. */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(43_200)
  AML_VELOCITY_WINDOW_MINUTES = 60;

  /** AML: more payments than this by one customer in the window raises a MEDIUM velocity flag. */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  AML_VELOCITY_MAX_COUNT = 20;

  /** AML: a customer's payments in the window summing above this (minor units of LIMITS_CURRENCY) raise a MEDIUM velocity flag. */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  AML_VELOCITY_MAX_AMOUNT = 1_000_000_000;

  /** AML: this many payments of one customer in the window, each just under the single threshold, raise a HIGH structuring flag. */
  @Transform(toInt)
  @IsInt()
  @Min(2)
  AML_STRUCTURING_MIN_COUNT = 3;

  /** AML: "just under" for structuring: at least this percent of AML_SINGLE_AMOUNT_THRESHOLD. */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(99)
  AML_STRUCTURING_PERCENT = 90;

  /** AML: an account registered fewer than this many days ago is new. */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(3650)
  AML_NEW_ACCOUNT_DAYS = 30;

  /** AML: a new account paying above this (minor units of LIMITS_CURRENCY) raises a MEDIUM flag. */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  AML_NEW_ACCOUNT_AMOUNT = 100_000_000;

  /** AML: this many distinct customers paying one biller account in the window raise a LOW flag. */
  @Transform(toInt)
  @IsInt()
  @Min(2)
  AML_DISTINCT_PAYERS_MAX = 25;

  /** Reconciliation: a payment PROCESSING (by its last update) longer than this is reported STUCK_PROCESSING. */
  @Transform(toInt)
  @IsInt()
  @Min(1000)
  RECONCILIATION_STUCK_AFTER_MS = 1_800_000;

  /** Reconciliation: a posting cycle the biller accepted as PENDING and has not confirmed after this long is POSTED_NOT_CONFIRMED. */
  @Transform(toInt)
  @IsInt()
  @Min(1000)
  RECONCILIATION_UNCONFIRMED_AFTER_MS = 900_000;

  /** Reconciliation: status inquiries the biller-side check sends at once (batches of 100 payments). */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(64)
  RECONCILIATION_BILLER_CHECK_CONCURRENCY = 4;

  /** How often the worker runs the biller-side check over yesterday and today (business days). */
  @Transform(toInt)
  @IsInt()
  @Min(1000)
  @Max(86_400_000)
  RECONCILIATION_BILLER_CHECK_INTERVAL_MS = 3_600_000;

  /**
   * Redis answers in well under a millisecond; a command still unanswered after this is taken
   * as hung and fails (the caller answers 503 or falls back).
   */
  @Transform(toInt)
  @IsInt()
  @Min(100)
  @Max(30_000)
  REDIS_COMMAND_TIMEOUT_MS = 1000;

  /** Where the local-disk FileStore keeps files (KYB evidence), under `files/`. */
  @IsString()
  @MinLength(1)
  DATA_DIR = './data';

  /** Requests an hour per merchant onboarding token and client address (upload and status). */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(100_000)
  MERCHANT_ONBOARDING_REQUESTS_PER_HOUR = 30;

  get isProduction(): boolean {
    return this.NODE_ENV === 'production';
  }

  /** BILLER_CONNECTOR_SECRETS as a map from ref to secret, plus `simulator`. */
  get billerConnectorSecrets(): ReadonlyMap<string, string> {
    const secrets = new Map<string, string>([['simulator', this.BILLER_SIMULATOR_SECRET]]);
    for (const pair of this.BILLER_CONNECTOR_SECRETS.split(',').filter((entry) => entry.length > 0)) {
      const separator = pair.indexOf('=');
      secrets.set(pair.slice(0, separator), pair.slice(separator + 1));
    }
    return secrets;
  }

  /**
   * Every secret of the configuration under the name an operator knows it by; production
   * refuses published, weak and shared values among them.
   */
  get namedSecrets(): NamedSecret[] {
    const secrets: NamedSecret[] = [
      { name: 'JWT_ACCESS_SECRET', value: this.JWT_ACCESS_SECRET },
      { name: 'KEY_HASH_SECRET', value: this.KEY_HASH_SECRET },
      { name: 'INTERNAL_API_KEY', value: this.INTERNAL_API_KEY },
      { name: 'BILLER_SIMULATOR_SECRET', value: this.BILLER_SIMULATOR_SECRET },
    ];
    if (this.METRICS_TOKEN !== '') secrets.push({ name: 'METRICS_TOKEN', value: this.METRICS_TOKEN });
    if (this.SCHEDULE_FUNDING_KEY !== '') {
      secrets.push({ name: 'SCHEDULE_FUNDING_KEY', value: this.SCHEDULE_FUNDING_KEY });
    }
    for (const pair of this.BILLER_CONNECTOR_SECRETS.split(',').filter((entry) => entry.length > 0)) {
      const separator = pair.indexOf('=');
      secrets.push({
        name: `BILLER_CONNECTOR_SECRETS (ref ${pair.slice(0, separator)})`,
        value: pair.slice(separator + 1),
      });
    }
    return secrets;
  }

  /** Every currency's tier limits: LIMITS_CURRENCY's from the TIER_n_* variables, the others from CURRENCY_TIER_LIMITS. */
  get tierLimitTable(): CurrencyTierLimitTable {
    const table = new Map(parseCurrencyTierLimits(this.CURRENCY_TIER_LIMITS, this.LIMITS_CURRENCY).table);
    table.set(this.LIMITS_CURRENCY, {
      TIER_0: { perPayment: this.TIER_0_PER_PAYMENT_LIMIT, daily: this.TIER_0_DAILY_LIMIT },
      TIER_1: { perPayment: this.TIER_1_PER_PAYMENT_LIMIT, daily: this.TIER_1_DAILY_LIMIT },
    });
    return table;
  }

  get corsOrigins(): string[] {
    return this.CORS_ORIGINS.split(',')
      .map((origin) => origin.trim())
      .filter((origin) => origin.length > 0);
  }
}

export class ConfigValidationError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n  - ${problems.join('\n  - ')}`);
    this.name = 'ConfigValidationError';
  }
}

/** Builds the typed configuration from an environment map; throws naming every bad variable. */
export function loadConfig(env: Record<string, string | undefined>): AppConfig {
  const known = new Set(
    getMetadataStorage()
      .getTargetValidationMetadatas(AppConfig, '', true, false)
      .map((metadata) => metadata.propertyName),
  );
  const source: Record<string, string> = {};
  for (const key of known) {
    const value = env[key];
    if (value !== undefined) source[key] = value;
  }
  const config = plainToInstance(AppConfig, source);
  const errors = validateSync(config, { forbidUnknownValues: false });
  const problems = errors.flatMap((error) =>
    Object.values(error.constraints ?? {}).map((message) =>
      message.startsWith(error.property)
        ? `${message} (got ${describe(env[error.property])})`
        : `${error.property} ${message} (got ${describe(env[error.property])})`,
    ),
  );
  if (config.NODE_ENV === 'production' && config.DEV_MAILBOX) {
    problems.push('DEV_MAILBOX must not be true when NODE_ENV is production');
  }
  if (config.NODE_ENV !== 'test' && config.TEST_FAULT_AFTER_CAPTURE !== '') {
    problems.push('TEST_FAULT_AFTER_CAPTURE must be empty unless NODE_ENV is test');
  }
  if (config.NODE_ENV !== 'test' && config.CLOCK_FILE !== '') {
    problems.push('CLOCK_FILE must be empty unless NODE_ENV is test');
  }
  if (config.NODE_ENV === 'production') {
    if (config.METRICS_TOKEN === '') {
      problems.push('METRICS_TOKEN is required when NODE_ENV is production: /metrics must not be public');
    }
    // A secret that already failed validation is reported once, by its validation message.
    const invalid = new Set(errors.map((error) => error.property));
    problems.push(
      ...productionSecretProblems(config.namedSecrets.filter(({ name }) => !invalid.has(name.split(' ')[0]))),
    );
  }
  if (problems.length > 0) throw new ConfigValidationError(problems);
  return config;
}

function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return value.length > 0;
  } catch {
    return false;
  }
}

function describe(value: string | undefined): string {
  if (value === undefined) return 'nothing: the variable is missing';
  return value.length > 0 ? 'a value that is not accepted' : 'an empty value';
}
