import { randomUUID } from 'node:crypto';
import passport from 'passport';
import { AccessTokenService } from '../../src/platform/auth/access-token.service';
import { CustomerJwtStrategy } from '../../src/platform/auth/customer-jwt.strategy';
import { InternalKeyStrategy } from '../../src/platform/auth/internal-key.strategy';
import { MerchantApiKeyStrategy } from '../../src/platform/auth/merchant-api-key.strategy';
import { MerchantJwtStrategy } from '../../src/platform/auth/merchant-jwt.strategy';
import { SessionVerifier } from '../../src/platform/auth/session-verifier';
import { bearer, createCustomer, SignedInUser } from '../factories/customer.factory';
import { signJwt } from '../factories/access-token.factory';
import { expectCataloguedApiError } from '../support/assertions';
import { FakeClock } from '../support/fake-clock';
import { createTestHarness, TestHarness } from '../support/test-harness';
import { TEST_DEFAULTS } from '../support/test-settings';
import { StaffProbeController } from '../identity/support/staff-probe.controller';
import { ProbeController } from '../support/probe.controller';
import { MerchantProbeController } from './support/merchant-probe.controller';

/** Passport's registry of strategies by name (not in its published types). */
const registeredStrategy = (name: string): unknown =>
  (passport as unknown as { _strategy(name: string): unknown })._strategy(name);

const INVALID = { code: 'UNAUTHENTICATED', message: 'The access token is invalid or expired' };

/**
 * The auth guards authenticate through passport strategies registered under the names the
 * guards ask for, and every refusal still answers the ApiError it always did: the strategy's
 * failure never leaks passport's own 401.
 */
describe('Platform: the auth guards run on passport strategies', () => {
  const clock = new FakeClock();
  let harness: TestHarness;
  let customer: SignedInUser;
  let tokens: AccessTokenService;

  beforeAll(async () => {
    harness = await createTestHarness({
      clock,
      controllers: [StaffProbeController, MerchantProbeController, ProbeController],
    });
    tokens = harness.app.get(AccessTokenService);
    customer = await createCustomer(harness);
  });

  afterAll(async () => {
    await harness.close();
  });

  const anyone = (headers: Record<string, string>) => harness.http.get('/api/v1/staff-probe/anyone').set(headers);
  const people = (headers: Record<string, string>) => harness.http.get('/api/v1/merchant-probe/people').set(headers);

  it("registers the app's strategies with passport under the names the guards use", () => {
    expect(registeredStrategy('customer-jwt')).toBe(harness.app.get(CustomerJwtStrategy));
    expect(registeredStrategy('merchant-jwt')).toBe(harness.app.get(MerchantJwtStrategy));
    expect(registeredStrategy('merchant-api-key')).toBe(harness.app.get(MerchantApiKeyStrategy));
    expect(registeredStrategy('internal-key')).toBe(harness.app.get(InternalKeyStrategy));
  });

  it('authenticates a customer with one session lookup per request and leaves the principal', async () => {
    const lookups = jest.spyOn(harness.app.get(SessionVerifier), 'findActive');
    try {
      const response = await anyone(customer.headers).expect(200);
      expect(response.body).toEqual({
        kind: 'user',
        userId: customer.userId,
        sessionId: customer.sessionId,
        role: 'CUSTOMER',
      });
      expect(lookups).toHaveBeenCalledTimes(1);
    } finally {
      lookups.mockRestore();
    }
  });

  it('answers a forged, a malformed and a missing customer token with the same ApiErrors as before', async () => {
    const now = Math.floor(clock.now().getTime() / 1000);
    const forged = signJwt(
      {
        typ: 'user_access',
        sub: customer.userId,
        sid: randomUUID(),
        iat: now,
        exp: now + 900,
        iss: 'payment-service',
        aud: 'payment-service:api',
      },
      'not-the-service-key-0123456789abcdef',
    );
    for (const token of [forged, 'not.a.jwt', 'garbage']) {
      const refused = await anyone(bearer(token)).expect(401);
      expectCataloguedApiError(refused.body, 'UNAUTHENTICATED');
      expect(refused.body).toMatchObject(INVALID);
      expect(refused.headers['www-authenticate']).toBe('Bearer realm="api", error="invalid_token"');
    }

    for (const headers of [
      {} as Record<string, string>,
      { Authorization: `Basic ${Buffer.from('a:b').toString('base64')}` },
    ]) {
      const missing = await anyone(headers).expect(401);
      expect(missing.body).toMatchObject({ code: 'UNAUTHENTICATED', message: 'A bearer access token is required' });
      expect(missing.headers['www-authenticate']).toBe('Bearer realm="api"');
    }
  });

  it('answers the merchant side with its own messages, and a merchant token on a customer route 403', async () => {
    const merchantToken = tokens.issueMerchant({
      userId: randomUUID(),
      merchantId: randomUUID(),
      membershipId: randomUUID(),
      sessionId: randomUUID(),
    }).token;
    const ended = await people(bearer(merchantToken)).expect(401);
    expect(ended.body).toMatchObject({
      code: 'UNAUTHENTICATED',
      message: 'The session of this access token has ended',
    });
    const wrongSide = await anyone(bearer(merchantToken)).expect(403);
    expect(wrongSide.body).toMatchObject({ code: 'USER_CONTEXT_REQUIRED' });

    expect((await people(bearer('garbage')).expect(401)).body).toMatchObject(INVALID);
    const deadKey = await people(bearer(`sk_live_${'x'.repeat(43)}`)).expect(401);
    expect(deadKey.body).toMatchObject({ code: 'UNAUTHENTICATED', message: 'The API key is invalid or revoked' });
    const missing = await people({}).expect(401);
    expect(missing.body).toMatchObject({ code: 'UNAUTHENTICATED', message: 'A bearer credential is required' });
    expect(missing.headers['www-authenticate']).toBe('Bearer realm="api"');
    const customerHere = await people(customer.headers).expect(403);
    expect(customerHere.body).toMatchObject({ code: 'MERCHANT_CONTEXT_REQUIRED' });
  });

  it('admits the internal key and answers anything else with the same 401', async () => {
    const internal = (key?: string) => {
      const call = harness.http.get('/api/v1/probe/internal');
      return key === undefined ? call : call.set('X-Internal-Api-Key', key);
    };
    await internal(TEST_DEFAULTS.INTERNAL_API_KEY).expect(200);
    for (const key of [undefined, 'wrong', `${TEST_DEFAULTS.INTERNAL_API_KEY}x`]) {
      const refused = await internal(key).expect(401);
      expect(refused.body).toMatchObject({ code: 'UNAUTHENTICATED', message: 'A valid internal API key is required' });
    }
  });

  it('refuses a token from the second its lifetime ends on the injected clock, customer and merchant alike', async () => {
    const user = tokens.issue({ userId: customer.userId, sessionId: customer.sessionId }).token;
    const merchant = tokens.issueMerchant({
      userId: randomUUID(),
      merchantId: randomUUID(),
      membershipId: randomUUID(),
      sessionId: randomUUID(),
    }).token;
    await anyone(bearer(user)).expect(200);
    clock.advanceSeconds(harness.config.JWT_ACCESS_TTL_SECONDS);
    for (const refused of [await anyone(bearer(user)).expect(401), await people(bearer(merchant)).expect(401)]) {
      expect(refused.body).toMatchObject(INVALID);
      expect(refused.headers['www-authenticate']).toBe('Bearer realm="api", error="invalid_token"');
    }
  });

  it("keeps authenticating with this app's strategies after a second app in the process starts and closes", async () => {
    const fresh = (await createCustomer(harness)).headers;
    const other = await createTestHarness({ controllers: [StaffProbeController] });
    try {
      expect(registeredStrategy('customer-jwt')).toBe(other.app.get(CustomerJwtStrategy));
    } finally {
      await other.close();
    }
    expect(registeredStrategy('customer-jwt')).toBe(harness.app.get(CustomerJwtStrategy));
    expect(registeredStrategy('internal-key')).toBe(harness.app.get(InternalKeyStrategy));
    await anyone(fresh).expect(200);
  });
});
