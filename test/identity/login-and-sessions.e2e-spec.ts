import { bearer, login, randomPhoneNumber, registerAndVerify, signUp } from '../factories/customer.factory';
import { expectApiError } from '../support/assertions';
import { FakeClock } from '../support/fake-clock';
import { createIdentityApp, IdentityApp } from './support/identity-kit';

describe('Identity: login, lockout, refresh and device sessions', () => {
  const clock = new FakeClock();
  let ctx: IdentityApp;

  beforeAll(async () => {
    ctx = await createIdentityApp({ clock });
  });

  afterAll(async () => {
    await ctx.close();
  });

  const wrongLogin = (phone: string, pin = '000001') => ctx.http.post('/api/v1/auth/login').send({ phone, pin });

  async function pinState(phone: string): Promise<{ failed_pin_attempts: number; locked_until: Date | null }> {
    const [row] = await ctx.db.query(`SELECT failed_pin_attempts, locked_until FROM users WHERE phone = $1`, [phone]);
    return row;
  }

  describe('login', () => {
    it('answers an unknown number, a number without a PIN and a wrong PIN with the same 401', async () => {
      const withPin = randomPhoneNumber();
      await signUp(ctx.http, withPin);
      const withoutPin = randomPhoneNumber();
      await registerAndVerify(ctx.http, withoutPin);

      const answers = await Promise.all([
        wrongLogin(withPin).expect(401),
        wrongLogin(withoutPin).expect(401),
        wrongLogin(randomPhoneNumber()).expect(401),
      ]);
      for (const answer of answers) {
        expect(answer.body).toEqual({
          code: 'INVALID_CREDENTIALS',
          message: 'The phone number or PIN is wrong',
          requestId: answer.headers['x-request-id'],
        });
      }
    });

    it('locks the account after five wrong PINs in a row (423 with Retry-After) until the lock ends', async () => {
      const phone = randomPhoneNumber();
      const { user } = await signUp(ctx.http, phone);
      for (let attempt = 1; attempt <= 4; attempt += 1) {
        expectApiError((await wrongLogin(phone).expect(401)).body, 'INVALID_CREDENTIALS');
      }
      const fifth = await wrongLogin(phone).expect(423);
      expectApiError(fifth.body, 'ACCOUNT_LOCKED');
      expect(fifth.headers['retry-after']).toBe('900');
      const state = await pinState(phone);
      expect(state.failed_pin_attempts).toBe(5);
      expect(new Date(state.locked_until!).getTime()).toBe(clock.now().getTime() + 900_000);
      const [locked] = await ctx.db.query(
        `SELECT payload FROM outbox_events WHERE event_type = 'user.locked' AND aggregate_id = $1`,
        [user.id],
      );
      expect(locked.payload).toMatchObject({ userId: user.id });

      clock.advanceSeconds(600);
      const stillLocked = await ctx.http.post('/api/v1/auth/login').send({ phone, pin: '135790' }).expect(423);
      expect(stillLocked.headers['retry-after']).toBe('300');

      clock.advanceSeconds(300);
      await login(ctx.http, phone);
      expect(await pinState(phone)).toEqual({ failed_pin_attempts: 0, locked_until: null });
    });

    it('resets the count of wrong PINs on a correct login', async () => {
      const phone = randomPhoneNumber();
      await signUp(ctx.http, phone);
      for (let attempt = 0; attempt < 4; attempt += 1) await wrongLogin(phone).expect(401);
      await login(ctx.http, phone);
      expect((await pinState(phone)).failed_pin_attempts).toBe(0);
      for (let attempt = 0; attempt < 4; attempt += 1) await wrongLogin(phone).expect(401);
      expect(await pinState(phone)).toEqual({ failed_pin_attempts: 4, locked_until: null });
    });

    it('counts parallel guesses too: ten at once get four 401s and six 423s', async () => {
      const phone = randomPhoneNumber();
      await signUp(ctx.http, phone);
      const answers = await Promise.all(Array.from({ length: 10 }, () => wrongLogin(phone)));
      const statuses = answers.map((answer) => answer.status).sort();
      expect(statuses).toEqual([401, 401, 401, 401, 423, 423, 423, 423, 423, 423]);
      expect((await pinState(phone)).failed_pin_attempts).toBe(5);
    });
  });

  describe('refresh', () => {
    it('rotates both tokens; the new ones work and the old refresh token is spent', async () => {
      const phone = randomPhoneNumber();
      await signUp(ctx.http, phone);
      const first = await login(ctx.http, phone);
      const second = (
        await ctx.http.post('/api/v1/auth/refresh').send({ refreshToken: first.refreshToken }).expect(200)
      ).body;
      expect(second).toEqual({
        accessToken: expect.any(String),
        accessTokenExpiresAt: expect.any(String),
        expiresIn: 900,
        refreshToken: expect.stringMatching(/^rt_/),
        refreshTokenExpiresAt: expect.any(String),
        sessionId: first.sessionId,
      });
      expect(second.refreshToken).not.toBe(first.refreshToken);
      await ctx.http.get('/api/v1/profile').set(bearer(second.accessToken)).expect(200);
      const third = await ctx.http.post('/api/v1/auth/refresh').send({ refreshToken: second.refreshToken }).expect(200);
      expect(third.body.sessionId).toBe(first.sessionId);
      const tokens = await ctx.db.query(
        `SELECT rotated_at FROM refresh_tokens WHERE session_id = $1 ORDER BY issued_at, id`,
        [first.sessionId],
      );
      expect(tokens.map((token: { rotated_at: Date | null }) => token.rotated_at !== null)).toEqual([
        true,
        true,
        false,
      ]);
    });

    it('revokes the session when a rotated refresh token is presented again (reuse detection)', async () => {
      const phone = randomPhoneNumber();
      await signUp(ctx.http, phone);
      const first = await login(ctx.http, phone);
      const second = (
        await ctx.http.post('/api/v1/auth/refresh').send({ refreshToken: first.refreshToken }).expect(200)
      ).body;
      await ctx.http.get('/api/v1/profile').set(bearer(second.accessToken)).expect(200);

      const replay = await ctx.http.post('/api/v1/auth/refresh').send({ refreshToken: first.refreshToken }).expect(401);
      expectApiError(replay.body, 'UNAUTHENTICATED');
      const [session] = await ctx.db.query(`SELECT revoked_at, revoked_reason FROM device_sessions WHERE id = $1`, [
        first.sessionId,
      ]);
      expect(session.revoked_reason).toBe('REFRESH_TOKEN_REUSED');
      expect(
        await ctx.db.query(`SELECT 1 FROM outbox_events WHERE event_type = 'session.revoked' AND aggregate_id = $1`, [
          first.sessionId,
        ]),
      ).toHaveLength(1);
      // Everything the session issued stops at once: the newest access and refresh tokens too.
      await ctx.http.get('/api/v1/profile').set(bearer(second.accessToken)).expect(401);
      await ctx.http.post('/api/v1/auth/refresh').send({ refreshToken: second.refreshToken }).expect(401);
    });

    it('refuses an unknown refresh token with 401 and a missing one with 400', async () => {
      expectApiError(
        (await ctx.http.post('/api/v1/auth/refresh').send({ refreshToken: 'rt_not-a-token' }).expect(401)).body,
        'UNAUTHENTICATED',
      );
      await ctx.http.post('/api/v1/auth/refresh').send({}).expect(400);
    });

    it('refuses a refresh token of a session idle longer than its lifetime', async () => {
      const phone = randomPhoneNumber();
      const verified = await signUp(ctx.http, phone);
      clock.advanceSeconds(ctx.config.REFRESH_TOKEN_TTL_SECONDS);
      await ctx.http.post('/api/v1/auth/refresh').send({ refreshToken: verified.refreshToken }).expect(401);
    });
  });

  describe('logout and sessions', () => {
    it('logs out with 204, after which the access and refresh tokens stop at once', async () => {
      const phone = randomPhoneNumber();
      await signUp(ctx.http, phone);
      const session = await login(ctx.http, phone);
      await ctx.http.get('/api/v1/profile').set(bearer(session.accessToken)).expect(200); // now cached
      await ctx.http.post('/api/v1/auth/logout').set(bearer(session.accessToken)).expect(204);
      expectApiError(
        (await ctx.http.get('/api/v1/profile').set(bearer(session.accessToken)).expect(401)).body,
        'UNAUTHENTICATED',
      );
      await ctx.http.post('/api/v1/auth/refresh').send({ refreshToken: session.refreshToken }).expect(401);
      const [row] = await ctx.db.query(`SELECT revoked_reason FROM device_sessions WHERE id = $1`, [session.sessionId]);
      expect(row.revoked_reason).toBe('LOGOUT');
      await ctx.http.post('/api/v1/auth/logout').expect(401);
    });

    it('lists the caller’s active sessions, marking the current one', async () => {
      const phone = randomPhoneNumber();
      const verified = await signUp(ctx.http, phone);
      const phoneSession = await ctx.http
        .post('/api/v1/auth/login')
        .set('User-Agent', 'PayApp/3.2 (Android 14)')
        .send({ phone, pin: '135790', deviceName: 'Kitchen tablet' })
        .expect(200);
      const loggedOut = await login(ctx.http, phone);
      await ctx.http.post('/api/v1/auth/logout').set(bearer(loggedOut.accessToken)).expect(204);
      await signUp(ctx.http); // someone else

      const response = await ctx.http
        .get('/api/v1/auth/sessions')
        .set(bearer(phoneSession.body.accessToken))
        .expect(200);
      expect(response.body).toHaveLength(2);
      expect(response.body.map((session: { id: string }) => session.id).sort()).toEqual(
        [verified.sessionId, phoneSession.body.sessionId].sort(),
      );
      const current = response.body.find((session: { current: boolean }) => session.current);
      expect(current).toEqual({
        id: phoneSession.body.sessionId,
        deviceName: 'Kitchen tablet',
        userAgent: 'PayApp/3.2 (Android 14)',
        ipAddress: expect.any(String),
        authMethod: 'PIN',
        createdAt: expect.any(String),
        lastSeenAt: expect.any(String),
        current: true,
      });
    });

    it('revokes one of the caller’s sessions (204, at once) and answers 404 for another customer’s', async () => {
      const phone = randomPhoneNumber();
      const mine = await signUp(ctx.http, phone);
      const myOther = await login(ctx.http, phone);
      const theirs = await signUp(ctx.http);
      await ctx.http.get('/api/v1/profile').set(bearer(myOther.accessToken)).expect(200); // now cached

      const foreign = await ctx.http
        .delete(`/api/v1/auth/sessions/${theirs.sessionId}`)
        .set(bearer(mine.accessToken))
        .expect(404);
      expectApiError(foreign.body, 'NOT_FOUND');
      const [untouched] = await ctx.db.query(`SELECT revoked_at FROM device_sessions WHERE id = $1`, [
        theirs.sessionId,
      ]);
      expect(untouched.revoked_at).toBeNull();
      await ctx.http.get('/api/v1/profile').set(bearer(theirs.accessToken)).expect(200);

      await ctx.http.delete(`/api/v1/auth/sessions/${myOther.sessionId}`).set(bearer(mine.accessToken)).expect(204);
      await ctx.http.get('/api/v1/profile').set(bearer(myOther.accessToken)).expect(401);
      const [revoked] = await ctx.db.query(`SELECT revoked_reason FROM device_sessions WHERE id = $1`, [
        myOther.sessionId,
      ]);
      expect(revoked.revoked_reason).toBe('REVOKED');
      await ctx.http.delete(`/api/v1/auth/sessions/${myOther.sessionId}`).set(bearer(mine.accessToken)).expect(204);

      const listed = await ctx.http.get('/api/v1/auth/sessions').set(bearer(mine.accessToken)).expect(200);
      expect(listed.body.map((session: { id: string }) => session.id)).toEqual([mine.sessionId]);

      await ctx.http
        .delete('/api/v1/auth/sessions/0193f5c2-7d1e-7c4a-9b2f-5e6d7c8b9a01')
        .set(bearer(mine.accessToken))
        .expect(404);
      const malformed = await ctx.http
        .delete('/api/v1/auth/sessions/not-a-uuid')
        .set(bearer(mine.accessToken))
        .expect(400);
      expectApiError(malformed.body, 'VALIDATION_FAILED');
      await ctx.http.delete(`/api/v1/auth/sessions/${mine.sessionId}`).expect(401);
    });
  });
});

describe('Identity: login timing', () => {
  let ctx: IdentityApp;

  beforeAll(async () => {
    ctx = await createIdentityApp({ config: { BCRYPT_COST: '10' } });
  });

  afterAll(async () => {
    await ctx.close();
  });

  async function timed(phone: string): Promise<number> {
    const started = process.hrtime.bigint();
    await ctx.http.post('/api/v1/auth/login').send({ phone, pin: '000001' }).expect(401);
    return Number(process.hrtime.bigint() - started) / 1e6;
  }

  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

  it('takes about as long for an unknown number as for a wrong PIN (both pay one bcrypt comparison)', async () => {
    const phone = randomPhoneNumber();
    await signUp(ctx.http, phone);
    const wrongPin: number[] = [];
    const unknownPhone: number[] = [];
    for (let round = 1; round <= 8; round += 1) {
      wrongPin.push(await timed(phone));
      unknownPhone.push(await timed(randomPhoneNumber()));
      if (round % 4 === 0) await login(ctx.http, phone); // clears the count before the lockout
    }
    // Without the decoy comparison an unknown number answers in a few milliseconds, a wrong
    // PIN after a cost-10 bcrypt (tens of milliseconds): the ratio would fall far below 0.4.
    const ratio = median(unknownPhone) / median(wrongPin);
    expect({ withinBounds: ratio > 0.4 && ratio < 2.5, ratio, wrongPin, unknownPhone }).toMatchObject({
      withinBounds: true,
    });
  });
});
