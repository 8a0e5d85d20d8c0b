import type { Type } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { TestingModuleBuilder } from '@nestjs/testing';
import { createHmac, randomBytes, randomInt } from 'node:crypto';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { Clock } from '../../../src/platform/clock/clock';
import { AppConfig, loadConfig } from '../../../src/platform/config/app-config';
import { createTestApp } from '../../support/test-app';
import { TEST_DEFAULTS } from '../../support/test-settings';
import { FakeClock } from './fake-clock';

export type Http = ReturnType<typeof request>;

export interface IdentityApp {
  app: NestExpressApplication;
  http: Http;
  db: DataSource;
  config: AppConfig;
  close(): Promise<void>;
}

/**
 * The real app with test-friendly identity settings: its own Redis key prefix, a cheap bcrypt
 * cost and a per-address registration limit high enough that tests sharing 127.0.0.1 never trip it. `config`
 * overrides any variable; `clock` replaces the system clock; `override` replaces providers.
 */
export async function createIdentityApp(
  options: {
    config?: Record<string, string>;
    clock?: FakeClock;
    controllers?: Type<unknown>[];
    override?: (builder: TestingModuleBuilder) => TestingModuleBuilder;
  } = {},
): Promise<IdentityApp> {
  const config = loadConfig({
    ...process.env,
    // Redis keys of its own (under the run's prefix, so teardown still finds them): rate-limit
    // counters, cached sessions and the mailbox of one app never touch another spec's.
    REDIS_KEY_PREFIX: `${process.env.REDIS_KEY_PREFIX}:identity-${randomBytes(4).toString('hex')}`,
    BCRYPT_COST: '4',
    RATE_LIMIT_REGISTER_PER_IP: '1000000',
    ...options.config,
  });
  const app = await createTestApp(
    (builder) => {
      const withConfig = builder.overrideProvider(AppConfig).useValue(config);
      const withClock = options.clock ? withConfig.overrideProvider(Clock).useValue(options.clock) : withConfig;
      return options.override ? options.override(withClock) : withClock;
    },
    { controllers: options.controllers },
  );
  return {
    app,
    http: request(app.getHttpServer()),
    db: app.get(DataSource),
    config,
    close: () => app.close(),
  };
}

/** A fresh, valid Nigerian mobile number, unique enough for one test run. */
export function randomPhone(): string {
  return `+234803${randomInt(0, 10_000_000).toString().padStart(7, '0')}`;
}

export const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

/** The code of the newest SMS the dev mailbox holds for the number. */
export async function latestOtp(http: Http, phone: string): Promise<string> {
  const response = await http.get(`/api/v1/dev/messages?phone=${encodeURIComponent(phone)}`).expect(200);
  const body = (response.body as { body: string }[])[0]?.body ?? '';
  const code = /\b(\d{6})\b/.exec(body)?.[1];
  if (!code) throw new Error(`no OTP in the mailbox of ${phone}`);
  return code;
}

export interface Tokens {
  accessToken: string;
  refreshToken: string;
  sessionId: string;
  user: { id: string; phone: string };
}

/** register + verify: a session opened by OTP. */
export async function registerAndVerify(http: Http, phone: string, deviceName?: string): Promise<Tokens> {
  await http.post('/api/v1/auth/register').send({ phone }).expect(200);
  const otp = await latestOtp(http, phone);
  const response = await http
    .post('/api/v1/auth/verify')
    .send({ phone, otp, ...(deviceName ? { deviceName } : {}) })
    .expect(200);
  return response.body as Tokens;
}

/** A customer with a PIN: register, verify, set the PIN. Answers the verify session's tokens. */
export async function signUp(http: Http, phone = randomPhone(), pin = '135790'): Promise<Tokens> {
  const tokens = await registerAndVerify(http, phone);
  await http.post('/api/v1/auth/pin').set(bearer(tokens.accessToken)).send({ pin }).expect(204);
  return tokens;
}

export async function login(http: Http, phone: string, pin = '135790'): Promise<Tokens> {
  const response = await http.post('/api/v1/auth/login').send({ phone, pin }).expect(200);
  return response.body as Tokens;
}

/** Signs a JWT by hand (any header, any payload), as an attacker could. */
export function handMadeJwt(
  header: Record<string, unknown>,
  payload: Record<string, unknown>,
  secret: string | null = TEST_DEFAULTS.JWT_ACCESS_SECRET,
): string {
  const encode = (part: Record<string, unknown>) => Buffer.from(JSON.stringify(part)).toString('base64url');
  const unsigned = `${encode(header)}.${encode(payload)}`;
  const signature = secret === null ? '' : createHmac('sha256', secret).update(unsigned).digest('base64url');
  return `${unsigned}.${signature}`;
}

export function decodeJwtPart(token: string, index: 0 | 1): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[index], 'base64url').toString('utf8')) as Record<string, unknown>;
}

/** Asserts the ApiError shape with a given code. */
export function expectApiError(body: unknown, code: string): void {
  expect(body).toEqual(expect.objectContaining({ code, message: expect.any(String), requestId: expect.any(String) }));
}
