import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseEnv } from 'node:util';
import { TEST_DEFAULTS } from '../test/support/test-settings';
import { loadAllConfiguration } from './configuration';
import { IdentityConfig } from './modules/identity/identity.config';
import { PaymentsConfig } from './modules/payments/payments.config';
import { AppConfig } from './platform/config/app-config';
import { ConfigValidationError } from './platform/config/configuration';
import { PUBLISHED_SECRETS } from './platform/config/production-secrets';

const loadConfig = (env: Record<string, string | undefined>) => loadAllConfiguration(env).get(AppConfig);

const valid = {
  DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/app',
  REDIS_URL: 'redis://127.0.0.1:6379',
  JWT_ACCESS_SECRET: 'x'.repeat(32),
  KEY_HASH_SECRET: 'y'.repeat(32),
  INTERNAL_API_KEY: 'z'.repeat(32),
};

describe('loadAllConfiguration', () => {
  it('builds typed values with defaults', () => {
    const config = loadConfig({ ...valid, PORT: '8080', TRUST_PROXY: 'true' });
    expect(config.PORT).toBe(8080);
    expect(config.TRUST_PROXY).toBe(true);
    expect(config.BODY_LIMIT).toBe('1mb');
    expect(config.corsOrigins).toEqual([]);
  });

  it('names every missing or malformed variable without echoing secrets', () => {
    let error: unknown;
    try {
      loadConfig({ ...valid, DATABASE_URL: undefined, PORT: 'eighty', JWT_ACCESS_SECRET: 'short-secret' });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigValidationError);
    const message = (error as Error).message;
    expect(message).toMatch(/DATABASE_URL .*missing/);
    expect(message).toMatch(/PORT/);
    expect(message).toMatch(/JWT_ACCESS_SECRET must be at least 32 characters/);
    expect(message).not.toContain('short-secret');
  });

  it("names every bad variable of every context's slice in one error", () => {
    let error: unknown;
    try {
      loadAllConfiguration({
        ...valid,
        PORT: 'eighty',
        OTP_MAX_ATTEMPTS: '0',
        CURRENCY_TIER_LIMITS: 'USD.TIER_0=1/2',
        POSTING_MAX_TRIES: 'many',
        AML_STRUCTURING_PERCENT: '100',
        MERCHANT_ONBOARDING_REQUESTS_PER_HOUR: '0',
      });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigValidationError);
    const variables = new Set((error as ConfigValidationError).problems.map((problem) => problem.split(' ')[0]));
    expect([...variables]).toEqual([
      'PORT',
      'OTP_MAX_ATTEMPTS',
      'POSTING_MAX_TRIES',
      'AML_STRUCTURING_PERCENT',
      'MERCHANT_ONBOARDING_REQUESTS_PER_HOUR',
      'CURRENCY_TIER_LIMITS',
    ]);
  });

  it("builds each context's slice with its defaults", () => {
    const configuration = loadAllConfiguration({ ...valid, POSTING_MAX_TRIES: '3' });
    expect(configuration.get(PaymentsConfig).POSTING_MAX_TRIES).toBe(3);
    expect(configuration.get(PaymentsConfig).POSTING_LEASE_MS).toBe(30_000);
    expect(configuration.get(IdentityConfig).tierLimitTable.get('NGN')?.TIER_0.perPayment).toBe(500_000);
  });

  it('refuses the development mailbox in production', () => {
    expect(() => loadConfig({ ...valid, NODE_ENV: 'production', DEV_MAILBOX: 'true' })).toThrow(/DEV_MAILBOX/);
  });
});

describe('Redis Sentinel settings', () => {
  /** The problems a configuration is refused for, or none. */
  function problemsOf(env: Record<string, string>): string[] {
    try {
      loadConfig({ ...valid, ...env });
      return [];
    } catch (error) {
      if (!(error instanceof ConfigValidationError)) throw error;
      return error.problems;
    }
  }

  it('leaves Sentinel off by default', () => {
    const config = loadConfig(valid);
    expect(config.redisSentinels).toEqual([]);
    expect(config.REDIS_SENTINEL_MASTER).toBe('');
  });

  it('parses the sentinel addresses once: host:port, an IPv6 host in brackets, port 26379 when left out', () => {
    const config = loadConfig({
      ...valid,
      REDIS_SENTINELS: ' 10.0.1.11:26380, sentinel-b.internal ,[fd00::3]:26381',
      REDIS_SENTINEL_MASTER: 'mymaster',
    });
    expect(config.redisSentinels).toEqual([
      { host: '10.0.1.11', port: 26380 },
      { host: 'sentinel-b.internal', port: 26379 },
      { host: 'fd00::3', port: 26381 },
    ]);
    expect(config.REDIS_SENTINEL_MASTER).toBe('mymaster');
  });

  it.each([
    ['a port out of range', '10.0.1.11:0', 1],
    ['a port out of range', '10.0.1.11:26379,10.0.1.12:70000', 2],
    ['an empty address', '10.0.1.11:26379,,10.0.1.12:26379', 2],
    ['an IPv6 host without brackets', 'fd00::3:26379', 1],
    ['a URL', 'redis://10.0.1.11:26379', 1],
    ['a space inside', '10.0.1.11 26379', 1],
  ])('refuses %s, naming the address by its place', (_case, sentinels, place) => {
    const problems = problemsOf({ REDIS_SENTINELS: sentinels, REDIS_SENTINEL_MASTER: 'mymaster' });
    expect(problems).toEqual([
      `REDIS_SENTINELS must be a comma-separated list of host:port addresses such as 10.0.0.5:26379,10.0.0.6:26379 (address ${place} is not one)`,
    ]);
  });

  it('refuses the sentinels without the master name, and the master name or password without the sentinels', () => {
    expect(problemsOf({ REDIS_SENTINELS: '10.0.1.11:26379' })).toEqual([
      'REDIS_SENTINEL_MASTER is required when REDIS_SENTINELS is set: the master group name the sentinels monitor',
    ]);
    expect(problemsOf({ REDIS_SENTINEL_MASTER: 'mymaster' })).toEqual([
      'REDIS_SENTINELS is required when REDIS_SENTINEL_MASTER is set: the addresses of the sentinels',
    ]);
    const password = problemsOf({ REDIS_SENTINEL_PASSWORD: 'sentinel-secret' });
    expect(password).toEqual(['REDIS_SENTINEL_PASSWORD is set but REDIS_SENTINELS is not: set both, or neither']);
    expect(password.join(' ')).not.toContain('sentinel-secret');
  });

  it('refuses a master name Sentinel would not take', () => {
    const problems = problemsOf({ REDIS_SENTINELS: '10.0.1.11:26379', REDIS_SENTINEL_MASTER: 'my master' });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^REDIS_SENTINEL_MASTER must be 1-64 characters of \[A-Za-z0-9._-\]/);
  });
});

describe('loadAllConfiguration in production', () => {
  const strong = () => randomBytes(32).toString('base64');
  const production = () => ({
    ...valid,
    NODE_ENV: 'production',
    JWT_ACCESS_SECRET: strong(),
    KEY_HASH_SECRET: strong(),
    INTERNAL_API_KEY: strong(),
    BILLER_SIMULATOR_SECRET: strong(),
    METRICS_TOKEN: strong(),
  });
  const secretVariables = ['JWT_ACCESS_SECRET', 'KEY_HASH_SECRET', 'INTERNAL_API_KEY', 'BILLER_SIMULATOR_SECRET'];

  function problemsOf(env: Record<string, string | undefined>): string[] {
    try {
      loadConfig(env);
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigValidationError);
      return (error as ConfigValidationError).problems;
    }
    return [];
  }

  it('boots with fresh random secrets, hex or base64', () => {
    expect(problemsOf(production())).toEqual([]);
    const hex = () => randomBytes(16).toString('hex');
    expect(
      problemsOf({
        ...production(),
        JWT_ACCESS_SECRET: hex(),
        KEY_HASH_SECRET: hex(),
        INTERNAL_API_KEY: hex(),
        BILLER_SIMULATOR_SECRET: hex(),
        METRICS_TOKEN: hex(),
        BILLER_CONNECTOR_SECRETS: `acme=${hex()},globex=${strong()}`,
      }),
    ).toEqual([]);
  });

  it('refuses every value .env.example publishes, naming each secret variable and quoting none', () => {
    const example = parseEnv(readFileSync(join(__dirname, '../.env.example'), 'utf8'));
    let error: unknown;
    try {
      loadConfig({ ...example, NODE_ENV: 'production' });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigValidationError);
    const message = (error as Error).message;
    for (const name of secretVariables) {
      expect(message).toMatch(new RegExp(`^  - ${name} must be replaced when NODE_ENV is production`, 'm'));
    }
    expect(message).toMatch(/METRICS_TOKEN is required when NODE_ENV is production/);
    for (const name of secretVariables) expect(message).not.toContain(example[name]);
  });

  it('refuses every secret published in .env.example and the e2e defaults, whichever variable holds it', () => {
    const example = parseEnv(readFileSync(join(__dirname, '../.env.example'), 'utf8'));
    const published = [...secretVariables, 'METRICS_TOKEN']
      .flatMap((name) => [example[name], TEST_DEFAULTS[name]])
      .filter((value): value is string => value !== undefined && value !== '');
    expect(published.length).toBeGreaterThanOrEqual(7);
    for (const value of published) {
      expect(PUBLISHED_SECRETS.has(value)).toBe(true);
      for (const name of [...secretVariables, 'METRICS_TOKEN']) {
        expect(problemsOf({ ...production(), [name]: value })).toEqual([
          `${name} must be replaced when NODE_ENV is production: its value is published in this repository`,
        ]);
      }
    }
  });

  it('refuses weak secrets, naming the variable and never the value', () => {
    const weak = {
      JWT_ACCESS_SECRET: 'a'.repeat(40),
      KEY_HASH_SECRET: 'passwordpasswordpasswordpassword',
      INTERNAL_API_KEY: 'abcdefghijklmnopqrstuvwxyz0123456789',
      METRICS_TOKEN: 'aaaaaaaaaabbbbbbbbbbccccccccccdddddddddd',
    };
    const problems = problemsOf({ ...production(), ...weak });
    expect(problems).toEqual([
      'JWT_ACCESS_SECRET is too weak for production: it is one character repeated',
      'KEY_HASH_SECRET is too weak for production: it repeats a short pattern',
      expect.stringMatching(/^INTERNAL_API_KEY is too weak for production: it has under 2.5 bits of estimated entropy/),
      expect.stringMatching(/^METRICS_TOKEN is too weak for production: it has under 2.5 bits of estimated entropy/),
    ]);
    for (const value of Object.values(weak)) expect(problems.join('\n')).not.toContain(value);
  });

  it('checks each of BILLER_CONNECTOR_SECRETS by its ref', () => {
    expect(
      problemsOf({ ...production(), BILLER_CONNECTOR_SECRETS: `acme=${'ab'.repeat(20)},globex=${strong()}` }),
    ).toEqual(['BILLER_CONNECTOR_SECRETS (ref acme) is too weak for production: it repeats a short pattern']);
  });

  it('refuses one secret used for two variables', () => {
    const shared = strong();
    const connector = strong();
    const problems = problemsOf({
      ...production(),
      KEY_HASH_SECRET: shared,
      METRICS_TOKEN: shared,
      BILLER_SIMULATOR_SECRET: connector,
      BILLER_CONNECTOR_SECRETS: `acme=${connector}`,
    });
    expect(problems).toEqual([
      'KEY_HASH_SECRET and METRICS_TOKEN must not be equal when NODE_ENV is production: each secret needs its own value',
      'BILLER_SIMULATOR_SECRET and BILLER_CONNECTOR_SECRETS (ref acme) must not be equal when NODE_ENV is production: each secret needs its own value',
    ]);
    expect(problems.join('\n')).not.toContain(shared);
  });

  it('requires METRICS_TOKEN, and reports a malformed secret once, by its validation message', () => {
    expect(problemsOf({ ...production(), METRICS_TOKEN: undefined })).toEqual([
      'METRICS_TOKEN is required when NODE_ENV is production: /metrics must not be public',
    ]);
    expect(problemsOf({ ...production(), JWT_ACCESS_SECRET: 'short' })).toEqual([
      'JWT_ACCESS_SECRET must be at least 32 characters (got a value that is not accepted)',
    ]);
  });

  it('keeps development and test working with the published values', () => {
    const example = parseEnv(readFileSync(join(__dirname, '../.env.example'), 'utf8'));
    expect(() => loadConfig(example)).not.toThrow();
    expect(() => loadConfig({ ...example, NODE_ENV: 'test' })).not.toThrow();
    const shared = strong();
    expect(() => loadConfig({ ...valid, KEY_HASH_SECRET: shared, INTERNAL_API_KEY: shared })).not.toThrow();
  });
});
