import { createHmac, randomUUID } from 'node:crypto';
import { StaffAccountService } from '../../src/modules/identity/staff-account.service';
import { SessionCache } from '../../src/modules/identity/session-cache';
import { StaffProbeController } from './support/staff-probe.controller';
import { decodeJwtPart, handMadeJwt } from '../factories/access-token.factory';
import { bearer, login, randomPhoneNumber, signUp, Tokens } from '../factories/customer.factory';
import { expectApiError } from '../support/assertions';
import { FakeClock } from '../support/fake-clock';
import { createIdentityApp, IdentityApp } from './support/identity-kit';

describe('Identity: access tokens and roles', () => {
  const clock = new FakeClock();
  let ctx: IdentityApp;
  let customer: Tokens;

  beforeAll(async () => {
    ctx = await createIdentityApp({ clock, controllers: [StaffProbeController] });
    const phone = randomPhoneNumber();
    await signUp(ctx.http, phone);
    customer = await login(ctx.http, phone);
  });

  afterAll(async () => {
    await ctx.close();
  });

  const probe = (token: string, route = 'anyone') => ctx.http.get(`/api/v1/staff-probe/${route}`).set(bearer(token));

  /** A token as the service would sign it, for the given claims. */
  function claimsOf(tokens: Tokens, overrides: Record<string, unknown> = {}): Record<string, unknown> {
    const now = Math.floor(clock.now().getTime() / 1000);
    return {
      typ: 'user_access',
      sub: tokens.user.id,
      sid: tokens.sessionId,
      iat: now,
      exp: now + 900,
      iss: 'payment-service',
      aud: 'payment-service:api',
      ...overrides,
    };
  }

  it('builds the principal from a valid token and the current session', async () => {
    const response = await probe(customer.accessToken).expect(200);
    expect(response.body).toEqual({
      kind: 'user',
      userId: customer.user.id,
      sessionId: customer.sessionId,
      role: 'CUSTOMER',
    });
    expect(decodeJwtPart(customer.accessToken, 0)).toEqual({ alg: 'HS256', typ: 'JWT' });
    expect(decodeJwtPart(customer.accessToken, 1)).toEqual(
      claimsOf(customer, { iat: expect.any(Number), exp: expect.any(Number) }),
    );
    // A hand-made token with the right claims and key passes, so the refusals below test one thing each.
    await probe(handMadeJwt({ alg: 'HS256', typ: 'JWT' }, claimsOf(customer))).expect(200);
  });

  it('refuses a missing or non-bearer Authorization header with 401 and a challenge', async () => {
    const missing = await ctx.http.get('/api/v1/staff-probe/anyone').expect(401);
    expectApiError(missing.body, 'UNAUTHENTICATED');
    expect(missing.headers['www-authenticate']).toMatch(/^Bearer/);
    await ctx.http.get('/api/v1/staff-probe/anyone').set('Authorization', `Basic ${customer.accessToken}`).expect(401);
    await ctx.http.get('/api/v1/staff-probe/anyone').set('Authorization', 'Bearer').expect(401);
  });

  it('refuses an expired access token', async () => {
    const phone = randomPhoneNumber();
    await signUp(ctx.http, phone);
    const tokens = await login(ctx.http, phone);
    clock.advanceSeconds(899);
    await probe(tokens.accessToken).expect(200);
    clock.advanceSeconds(1);
    const expired = await probe(tokens.accessToken).expect(401);
    expectApiError(expired.body, 'UNAUTHENTICATED');
    expect(expired.headers['www-authenticate']).toContain('invalid_token');
  });

  it('refuses tampered tokens: changed claims, another key, another algorithm, alg none', async () => {
    const [header, , signature] = customer.accessToken.split('.');
    const otherUser = Buffer.from(JSON.stringify(claimsOf(customer, { sub: randomUUID() }))).toString('base64url');
    await probe(`${header}.${otherUser}.${signature}`).expect(401);
    await probe(`${customer.accessToken.slice(0, -2)}xx`).expect(401);
    await probe(
      handMadeJwt({ alg: 'HS256', typ: 'JWT' }, claimsOf(customer), 'another-secret-0123456789abcdefghij'),
    ).expect(401);
    await probe(handMadeJwt({ alg: 'none', typ: 'JWT' }, claimsOf(customer), null)).expect(401);
    await probe(handMadeJwt({ alg: 'none' }, claimsOf(customer))).expect(401);
    // HS512 with the right key is still refused: only HS256 is accepted.
    const unsigned = `${Buffer.from(JSON.stringify({ alg: 'HS512', typ: 'JWT' })).toString('base64url')}.${Buffer.from(
      JSON.stringify(claimsOf(customer)),
    ).toString('base64url')}`;
    const hs512 = createHmac('sha512', ctx.config.JWT_ACCESS_SECRET).update(unsigned).digest('base64url');
    await probe(`${unsigned}.${hs512}`).expect(401);
    await probe('not.a.jwt').expect(401);
  });

  it('refuses tokens of the wrong kind: a merchant token, a refresh token, another audience', async () => {
    await probe(handMadeJwt({ alg: 'HS256', typ: 'JWT' }, claimsOf(customer, { typ: 'merchant_access' }))).expect(401);
    await probe(handMadeJwt({ alg: 'HS256', typ: 'JWT' }, claimsOf(customer, { typ: undefined }))).expect(401);
    await probe(
      handMadeJwt({ alg: 'HS256', typ: 'JWT' }, claimsOf(customer, { aud: 'payment-service:merchant' })),
    ).expect(401);
    await probe(handMadeJwt({ alg: 'HS256', typ: 'JWT' }, claimsOf(customer, { sid: randomUUID() }))).expect(401);
    const refreshAsAccess = await probe(customer.refreshToken).expect(401);
    expectApiError(refreshAsAccess.body, 'UNAUTHENTICATED');
  });

  it('enforces staff roles with 403 FORBIDDEN, reading the role anew when it changes', async () => {
    const phone = randomPhoneNumber();
    await signUp(ctx.http, phone);
    const staff = await login(ctx.http, phone);
    const forbidden = await probe(staff.accessToken, 'admin').expect(403);
    expectApiError(forbidden.body, 'FORBIDDEN');
    await probe(staff.accessToken, 'compliance').expect(403);

    const accounts = ctx.app.get(StaffAccountService);
    await accounts.assignRole(phone, 'COMPLIANCE');
    expect((await probe(staff.accessToken, 'compliance').expect(200)).body.role).toBe('COMPLIANCE');
    await probe(staff.accessToken, 'admin').expect(403);

    await accounts.assignRole(phone, 'ADMIN');
    expect((await probe(staff.accessToken, 'admin').expect(200)).body.role).toBe('ADMIN');
    await probe(staff.accessToken, 'compliance').expect(200);
    await probe(staff.accessToken, 'anyone').expect(200);

    const [event] = await ctx.db.query(
      `SELECT payload FROM outbox_events WHERE event_type = 'user.role_changed' AND aggregate_id = $1 ORDER BY id DESC LIMIT 1`,
      [staff.user.id],
    );
    expect(event.payload).toEqual({ userId: staff.user.id, from: 'COMPLIANCE', to: 'ADMIN' });
  });

  it('refuses every token of a deactivated user', async () => {
    const phone = randomPhoneNumber();
    await signUp(ctx.http, phone);
    const tokens = await login(ctx.http, phone);
    await probe(tokens.accessToken).expect(200);
    await ctx.db.query(`UPDATE users SET status = 'DEACTIVATED' WHERE id = $1`, [tokens.user.id]);
    await ctx.app.get(SessionCache).userChanged(tokens.user.id);
    await probe(tokens.accessToken).expect(401);
    await ctx.http.post('/api/v1/auth/refresh').send({ refreshToken: tokens.refreshToken }).expect(401);
  });
});
