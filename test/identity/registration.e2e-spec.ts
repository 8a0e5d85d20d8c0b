import { bearer, latestOtp, login, randomPhoneNumber, registerAndVerify, signUp } from '../factories/customer.factory';
import { expectApiError } from '../support/assertions';
import { FakeClock } from '../support/fake-clock';
import { createIdentityApp, IdentityApp } from './support/identity-kit';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('Identity: registration, OTP and PIN', () => {
  const clock = new FakeClock();
  let ctx: IdentityApp;

  beforeAll(async () => {
    ctx = await createIdentityApp({ clock });
  });

  afterAll(async () => {
    await ctx.close();
  });

  async function outboxEvents(aggregateId: string): Promise<string[]> {
    const rows = await ctx.db.query<{ event_type: string }[]>(
      `SELECT event_type FROM outbox_events WHERE aggregate_id = $1 OR payload->>'userId' = $1 ORDER BY id`,
      [aggregateId],
    );
    return rows.map((row) => row.event_type);
  }

  it('registers, verifies, sets a PIN and logs in, leaving the expected rows behind', async () => {
    const phone = randomPhoneNumber();
    const registered = await ctx.http.post('/api/v1/auth/register').send({ phone }).expect(200);
    expect(registered.body).toEqual({ message: expect.stringContaining('verification code') });

    const otp = await latestOtp(ctx.http, phone);
    const [challenge] = await ctx.db.query(
      `SELECT code_hash, attempts, expires_at FROM otp_challenges WHERE phone = $1`,
      [phone],
    );
    expect(challenge.code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(challenge.code_hash).not.toContain(otp);
    expect(new Date(challenge.expires_at).getTime()).toBe(clock.now().getTime() + 300_000);

    const verified = await ctx.http
      .post('/api/v1/auth/verify')
      .set('User-Agent', 'PayApp/3.2 (Android 14)')
      .send({ phone, otp, deviceName: 'Ada’s Pixel' })
      .expect(200);
    expect(verified.headers['cache-control']).toBe('no-store');
    expect(verified.body).toEqual({
      accessToken: expect.stringMatching(/^[\w-]+\.[\w-]+\.[\w-]+$/),
      accessTokenExpiresAt: new Date(Math.floor(clock.now().getTime() / 1000) * 1000 + 900_000).toISOString(),
      expiresIn: 900,
      refreshToken: expect.stringMatching(/^rt_[\w-]{43}$/),
      refreshTokenExpiresAt: expect.any(String),
      sessionId: expect.stringMatching(UUID),
      user: {
        id: expect.stringMatching(UUID),
        phone,
        displayName: null,
        email: null,
        emailVerified: false,
        language: 'en',
        role: 'CUSTOMER',
        kycTier: 'TIER_0',
        pinSet: false,
        createdAt: clock.now().toISOString(),
      },
    });
    const userId = verified.body.user.id as string;
    expect(await ctx.db.query(`SELECT 1 FROM otp_challenges WHERE phone = $1`, [phone])).toHaveLength(0);
    const [session] = await ctx.db.query(`SELECT * FROM device_sessions WHERE id = $1`, [verified.body.sessionId]);
    expect(session).toMatchObject({
      user_id: userId,
      auth_method: 'OTP',
      device_name: 'Ada’s Pixel',
      user_agent: 'PayApp/3.2 (Android 14)',
      revoked_at: null,
    });
    expect(session.ip_address).toMatch(/127\.0\.0\.1|::1/);
    const [token] = await ctx.db.query(`SELECT token_hash FROM refresh_tokens WHERE session_id = $1`, [session.id]);
    expect(token.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(token.token_hash).not.toBe(verified.body.refreshToken);

    await ctx.http.post('/api/v1/auth/pin').set(bearer(verified.body.accessToken)).send({ pin: '135790' }).expect(204);
    const [user] = await ctx.db.query(`SELECT pin_hash, pin_set_at FROM users WHERE id = $1`, [userId]);
    expect(user.pin_hash).toMatch(/^\$2b\$04\$/);
    expect(user.pin_hash).not.toContain('135790');

    const loggedIn = await login(ctx.http, phone);
    expect(loggedIn.user).toMatchObject({ id: userId, pinSet: true });
    expect(await outboxEvents(userId)).toEqual(
      expect.arrayContaining(['user.registered', 'session.started', 'user.pin_set']),
    );
  });

  it('answers register alike for a known and an unknown number, and never makes a second account', async () => {
    const known = randomPhoneNumber();
    const first = await registerAndVerify(ctx.http, known);
    const unknown = randomPhoneNumber();

    const forKnown = await ctx.http.post('/api/v1/auth/register').send({ phone: known }).expect(200);
    const forUnknown = await ctx.http.post('/api/v1/auth/register').send({ phone: unknown }).expect(200);
    expect(forKnown.body).toEqual(forUnknown.body);
    expect(Object.keys(forKnown.headers).sort()).toEqual(Object.keys(forUnknown.headers).sort());

    const again = await ctx.http
      .post('/api/v1/auth/verify')
      .send({ phone: known, otp: await latestOtp(ctx.http, known) })
      .expect(200);
    expect(again.body.user.id).toBe(first.user.id);
    expect(again.body.sessionId).not.toBe(first.sessionId);
    expect(await ctx.db.query(`SELECT id FROM users WHERE phone = $1`, [known])).toHaveLength(1);
    expect(await ctx.db.query(`SELECT id FROM users WHERE phone = $1`, [unknown])).toHaveLength(0);
  });

  it('replaces the earlier OTP when the number registers again', async () => {
    const phone = randomPhoneNumber();
    await ctx.http.post('/api/v1/auth/register').send({ phone }).expect(200);
    const firstOtp = await latestOtp(ctx.http, phone);
    await ctx.http
      .post('/api/v1/auth/register')
      .send({ phone: phone.replace(/^\+234/, '+234 ') })
      .expect(200);
    const secondOtp = await latestOtp(ctx.http, phone);
    if (firstOtp !== secondOtp) {
      expectApiError(
        (await ctx.http.post('/api/v1/auth/verify').send({ phone, otp: firstOtp }).expect(401)).body,
        'OTP_INVALID',
      );
    }
    await ctx.http.post('/api/v1/auth/verify').send({ phone, otp: secondOtp }).expect(200);
  });

  it('refuses numbers that are not valid international numbers with 400 naming the field', async () => {
    for (const phone of ['08031234567', '+234803', '+99912345678', 'call me', 2348031234567]) {
      const response = await ctx.http.post('/api/v1/auth/register').send({ phone }).expect(400);
      expectApiError(response.body, 'VALIDATION_FAILED');
      expect(response.body.details).toEqual([expect.objectContaining({ field: 'phone' })]);
    }
    await ctx.http.post('/api/v1/auth/register').send({ phone: randomPhoneNumber(), admin: true }).expect(400);
  });

  it('answers a wrong OTP with 401 OTP_INVALID, counts it, and after five tries 410 OTP_EXPIRED', async () => {
    const phone = randomPhoneNumber();
    await ctx.http.post('/api/v1/auth/register').send({ phone }).expect(200);
    const otp = await latestOtp(ctx.http, phone);
    const wrong = otp === '000000' ? '000001' : '000000';
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      const response = await ctx.http.post('/api/v1/auth/verify').send({ phone, otp: wrong }).expect(401);
      expectApiError(response.body, 'OTP_INVALID');
      const [row] = await ctx.db.query(`SELECT attempts FROM otp_challenges WHERE phone = $1`, [phone]);
      expect(row.attempts).toBe(attempt);
    }
    const usedUp = await ctx.http.post('/api/v1/auth/verify').send({ phone, otp }).expect(410);
    expectApiError(usedUp.body, 'OTP_EXPIRED');
    expect(await ctx.db.query(`SELECT id FROM users WHERE phone = $1`, [phone])).toHaveLength(0);
  });

  it('answers 401 OTP_INVALID when no OTP was issued, and 400 for a code that is not six digits', async () => {
    const phone = randomPhoneNumber();
    expectApiError(
      (await ctx.http.post('/api/v1/auth/verify').send({ phone, otp: '123456' }).expect(401)).body,
      'OTP_INVALID',
    );
    const malformed = await ctx.http.post('/api/v1/auth/verify').send({ phone, otp: '12345' }).expect(400);
    expect(malformed.body.details).toEqual([expect.objectContaining({ field: 'otp' })]);
  });

  it('expires the OTP after five minutes (410 OTP_EXPIRED), measured on the injected clock', async () => {
    const early = randomPhoneNumber();
    const late = randomPhoneNumber();
    await ctx.http.post('/api/v1/auth/register').send({ phone: early }).expect(200);
    await ctx.http.post('/api/v1/auth/register').send({ phone: late }).expect(200);
    clock.advanceSeconds(299);
    await ctx.http
      .post('/api/v1/auth/verify')
      .send({ phone: early, otp: await latestOtp(ctx.http, early) })
      .expect(200);
    clock.advanceSeconds(1);
    const expired = await ctx.http
      .post('/api/v1/auth/verify')
      .send({ phone: late, otp: await latestOtp(ctx.http, late) })
      .expect(410);
    expectApiError(expired.body, 'OTP_EXPIRED');
  });

  it('refuses weak PINs with 422 WEAK_PIN and malformed ones with 400', async () => {
    const phone = '+2348031357913';
    await ctx.db.query(`DELETE FROM users WHERE phone = $1`, [phone]).catch(() => undefined);
    const tokens = await registerAndVerify(ctx.http, phone);
    for (const pin of ['111111', '123456', '987654', '357913']) {
      const response = await ctx.http
        .post('/api/v1/auth/pin')
        .set(bearer(tokens.accessToken))
        .send({ pin })
        .expect(422);
      expectApiError(response.body, 'WEAK_PIN');
      expect(response.body.details).toEqual([{ field: 'pin', message: expect.any(String) }]);
    }
    for (const pin of ['12345', '1234567', 'abcdef', 135790]) {
      const response = await ctx.http
        .post('/api/v1/auth/pin')
        .set(bearer(tokens.accessToken))
        .send({ pin })
        .expect(400);
      expectApiError(response.body, 'VALIDATION_FAILED');
    }
    const [user] = await ctx.db.query(`SELECT pin_hash FROM users WHERE phone = $1`, [phone]);
    expect(user.pin_hash).toBeNull();
  });

  it('lets only the session opened by verify set the PIN, and only within the window', async () => {
    const phone = randomPhoneNumber();
    const verified = await signUp(ctx.http, phone);
    await ctx.http.post('/api/v1/auth/pin').send({ pin: '246802' }).expect(401);

    const pinSession = await login(ctx.http, phone);
    const fromLogin = await ctx.http
      .post('/api/v1/auth/pin')
      .set(bearer(pinSession.accessToken))
      .send({ pin: '246802' })
      .expect(403);
    expectApiError(fromLogin.body, 'OTP_VERIFICATION_REQUIRED');

    clock.advanceSeconds(901);
    const refreshed = await ctx.http
      .post('/api/v1/auth/refresh')
      .send({ refreshToken: verified.refreshToken })
      .expect(200);
    const late = await ctx.http
      .post('/api/v1/auth/pin')
      .set(bearer(refreshed.body.accessToken))
      .send({ pin: '246802' })
      .expect(403);
    expectApiError(late.body, 'OTP_VERIFICATION_REQUIRED');
    await login(ctx.http, phone, '135790');
  });

  it('resets a PIN through a new OTP and signs out every other device', async () => {
    const phone = randomPhoneNumber();
    await signUp(ctx.http, phone, '135790');
    const otherDevice = await login(ctx.http, phone, '135790');
    await ctx.http.get('/api/v1/profile').set(bearer(otherDevice.accessToken)).expect(200);

    const reset = await registerAndVerify(ctx.http, phone);
    await ctx.http.post('/api/v1/auth/pin').set(bearer(reset.accessToken)).send({ pin: '802461' }).expect(204);

    expectApiError(
      (await ctx.http.get('/api/v1/profile').set(bearer(otherDevice.accessToken)).expect(401)).body,
      'UNAUTHENTICATED',
    );
    await ctx.http.get('/api/v1/profile').set(bearer(reset.accessToken)).expect(200);
    await ctx.http.post('/api/v1/auth/login').send({ phone, pin: '135790' }).expect(401);
    await login(ctx.http, phone, '802461');
    const [revoked] = await ctx.db.query(`SELECT revoked_reason FROM device_sessions WHERE id = $1`, [
      otherDevice.sessionId,
    ]);
    expect(revoked.revoked_reason).toBe('PIN_CHANGED');
  });

  it('answers 403 ACCOUNT_DEACTIVATED to a deactivated account that verifies', async () => {
    const phone = randomPhoneNumber();
    await registerAndVerify(ctx.http, phone);
    await ctx.db.query(`UPDATE users SET status = 'DEACTIVATED' WHERE phone = $1`, [phone]);
    await ctx.http.post('/api/v1/auth/register').send({ phone }).expect(200);
    const response = await ctx.http
      .post('/api/v1/auth/verify')
      .send({ phone, otp: await latestOtp(ctx.http, phone) })
      .expect(403);
    expectApiError(response.body, 'ACCOUNT_DEACTIVATED');
  });
});
