import { ConfigValidationError, loadConfig } from './app-config';

const valid = {
  DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/app',
  REDIS_URL: 'redis://127.0.0.1:6379',
  JWT_ACCESS_SECRET: 'x'.repeat(32),
  KEY_HASH_SECRET: 'y'.repeat(32),
  INTERNAL_API_KEY: 'z'.repeat(32),
};

describe('loadConfig', () => {
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

  it('refuses the development mailbox in production', () => {
    expect(() => loadConfig({ ...valid, NODE_ENV: 'production', DEV_MAILBOX: 'true' })).toThrow(/DEV_MAILBOX/);
  });
});
