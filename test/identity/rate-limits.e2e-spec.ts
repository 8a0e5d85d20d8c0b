import { randomInt } from 'node:crypto';
import { bearer, latestOtp, randomPhoneNumber } from '../factories/customer.factory';
import { expectApiError } from '../support/assertions';
import { createIdentityApp, IdentityApp } from './support/identity-kit';

/** Low limits on dedicated app instances with their own Redis prefix; requests name random client addresses. */
const LIMITS = {
  TRUST_PROXY: 'true',
  RATE_LIMIT_REGISTER_PER_PHONE: '3',
  RATE_LIMIT_REGISTER_PER_IP: '4',
  RATE_LIMIT_VERIFY_PER_PHONE: '3',
  RATE_LIMIT_LOGIN_PER_PHONE: '3',
};

const randomAddress = () => `198.51.${randomInt(0, 256)}.${randomInt(1, 255)}`;

describe('Identity: rate limits', () => {
  let ctx: IdentityApp;
  let replica: IdentityApp;

  beforeAll(async () => {
    // Two API processes sharing one Redis (one key prefix).
    const shared = { ...LIMITS, REDIS_KEY_PREFIX: `${process.env.REDIS_KEY_PREFIX}:rate-limits` };
    [ctx, replica] = await Promise.all([createIdentityApp({ config: shared }), createIdentityApp({ config: shared })]);
  });

  afterAll(async () => {
    await Promise.all([ctx.close(), replica.close()]);
  });

  const register = (app: IdentityApp, phone: string, address: string) =>
    app.http.post('/api/v1/auth/register').set('X-Forwarded-For', address).send({ phone });

  it('limits registration per phone number with the rate-limit headers, then 429 with Retry-After', async () => {
    const phone = randomPhoneNumber();
    const address = randomAddress();
    const started = Math.floor(Date.now() / 1000);
    for (const remaining of ['2', '1', '0']) {
      const response = await register(ctx, phone, address).expect(200);
      expect(response.headers['x-ratelimit-limit']).toBe('3');
      expect(response.headers['x-ratelimit-remaining']).toBe(remaining);
      const reset = Number(response.headers['x-ratelimit-reset']);
      expect(reset).toBeGreaterThanOrEqual(started + 899);
      expect(reset).toBeLessThanOrEqual(started + 902);
    }
    // The same number written differently shares the counter.
    const limited = await register(ctx, phone.replace(/^\+234/, '+234 '), address).expect(429);
    expectApiError(limited.body, 'RATE_LIMITED');
    expect(limited.headers['x-ratelimit-remaining']).toBe('0');
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(890);
    expect(retryAfter).toBeLessThanOrEqual(900);

    const mailbox = await ctx.http.get(`/api/v1/dev/messages?phone=${encodeURIComponent(phone)}`).expect(200);
    expect(mailbox.body).toHaveLength(3);
    await register(ctx, randomPhoneNumber(), randomAddress()).expect(200);
  });

  it('limits registration per client address, across numbers', async () => {
    const address = randomAddress();
    for (let count = 0; count < 4; count += 1) await register(ctx, randomPhoneNumber(), address).expect(200);
    const limited = await register(ctx, randomPhoneNumber(), address).expect(429);
    expectApiError(limited.body, 'RATE_LIMITED');
    expect(limited.headers['x-ratelimit-limit']).toBe('4');
    expect(limited.headers['retry-after']).toMatch(/^\d+$/);
    await register(ctx, randomPhoneNumber(), randomAddress()).expect(200);
  });

  it('holds the limit across API processes sharing Redis', async () => {
    const phone = randomPhoneNumber();
    await register(ctx, phone, randomAddress()).expect(200);
    await register(replica, phone, randomAddress()).expect(200);
    await register(ctx, phone, randomAddress()).expect(200);
    await register(replica, phone, randomAddress()).expect(429);
  });

  it('limits OTP verification per phone number', async () => {
    const phone = randomPhoneNumber();
    for (const remaining of ['2', '1', '0']) {
      const response = await ctx.http.post('/api/v1/auth/verify').send({ phone, otp: '000000' }).expect(401);
      expect(response.headers['x-ratelimit-remaining']).toBe(remaining);
    }
    const limited = await ctx.http.post('/api/v1/auth/verify').send({ phone, otp: '000000' }).expect(429);
    expectApiError(limited.body, 'RATE_LIMITED');
    expect(limited.headers['retry-after']).toBeDefined();
  });

  it('limits login per phone number', async () => {
    const phone = randomPhoneNumber();
    await register(ctx, phone, randomAddress()).expect(200);
    const verified = await ctx.http
      .post('/api/v1/auth/verify')
      .send({ phone, otp: await latestOtp(ctx.http, phone) })
      .expect(200);
    await ctx.http.post('/api/v1/auth/pin').set(bearer(verified.body.accessToken)).send({ pin: '135790' }).expect(204);
    for (let count = 0; count < 3; count += 1) {
      await ctx.http.post('/api/v1/auth/login').send({ phone, pin: '000001' }).expect(401);
    }
    const limited = await ctx.http.post('/api/v1/auth/login').send({ phone, pin: '135790' }).expect(429);
    expectApiError(limited.body, 'RATE_LIMITED');
    expect(limited.headers['x-ratelimit-limit']).toBe('3');
  });
});
