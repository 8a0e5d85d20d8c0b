import { randomUUID } from 'node:crypto';
import { AccessTokenService } from '../../src/platform/auth/access-token.service';
import type { ActiveMerchantSession } from '../../src/platform/auth/merchant-credentials';
import { bearer, createCustomer, SignedInUser } from '../factories/customer.factory';
import { signJwt } from '../factories/access-token.factory';
import { expectCataloguedApiError } from '../support/assertions';
import {
  StubMerchantApiKeys,
  stubMerchantCredentials,
  StubMerchantSessions,
} from '../support/merchant-credential-stubs';
import { createTestHarness, TestHarness } from '../support/test-harness';
import { MerchantProbeController } from './support/merchant-probe.controller';
import { StaffProbeController } from '../identity/support/staff-probe.controller';

describe('Platform: the merchant guard (people, API keys, and the wrong side)', () => {
  let harness: TestHarness;
  let customer: SignedInUser;
  let tokens: AccessTokenService;
  /** Sessions and keys the guard is told about, standing in for the merchant contexts. */
  const sessions = new StubMerchantSessions();
  const keys = new StubMerchantApiKeys();
  const merchantId = randomUUID();
  const liveKey = `sk_live_${'L'.repeat(43)}`;
  const testKey = `sk_test_${'T'.repeat(43)}`;

  beforeAll(async () => {
    harness = await createTestHarness({
      controllers: [MerchantProbeController, StaffProbeController],
      override: stubMerchantCredentials(sessions, keys),
    });
    tokens = harness.app.get(AccessTokenService);
    customer = await createCustomer(harness);
    keys.keys.set(liveKey, { kind: 'merchant-api-key', apiKeyId: randomUUID(), merchantId, livemode: true });
    keys.keys.set(testKey, { kind: 'merchant-api-key', apiKeyId: randomUUID(), merchantId, livemode: false });
  });

  afterAll(async () => {
    await harness.close();
  });

  /** A merchant session the stub knows, with its signed access token. */
  function signIn(role: ActiveMerchantSession['role']): {
    token: string;
    session: ActiveMerchantSession;
    sessionId: string;
  } {
    const session: ActiveMerchantSession = {
      userId: randomUUID(),
      email: `${role.toLowerCase()}@merchant.example`,
      merchantId,
      membershipId: randomUUID(),
      role,
    };
    const sessionId = randomUUID();
    sessions.active.set(sessionId, session);
    const { token } = tokens.issueMerchant({ ...session, sessionId });
    return { token, session, sessionId };
  }

  const probe = (route: string, token?: string) => {
    const request = harness.http.get(`/api/v1/merchant-probe/${route}`);
    return token ? request.set(bearer(token)) : request;
  };

  it('builds the principal of a person from the token and the session as it is now', async () => {
    const owner = signIn('OWNER');
    const response = await probe('people', owner.token).expect(200);
    expect(response.body).toEqual({
      kind: 'merchant-user',
      ...owner.session,
      sessionId: owner.sessionId,
    });
    // The role is read from the session on every request, not from the token.
    sessions.active.set(owner.sessionId, { ...owner.session, role: 'ANALYST' });
    const demoted = await probe('integration', owner.token).expect(403);
    expectCataloguedApiError(demoted.body, 'FORBIDDEN');
    sessions.active.delete(owner.sessionId);
    const ended = await probe('people', owner.token).expect(401);
    expectCataloguedApiError(ended.body, 'UNAUTHENTICATED');
    expect(ended.headers['www-authenticate']).toContain('invalid_token');
  });

  it('refuses a token whose merchant or membership differs from its session', async () => {
    const developer = signIn('DEVELOPER');
    const forged = tokens.issueMerchant({
      ...developer.session,
      merchantId: randomUUID(),
      sessionId: developer.sessionId,
    });
    expectCataloguedApiError((await probe('people', forged.token).expect(401)).body, 'UNAUTHENTICATED');
    const otherMembership = tokens.issueMerchant({
      ...developer.session,
      membershipId: randomUUID(),
      sessionId: developer.sessionId,
    });
    expectCataloguedApiError((await probe('people', otherMembership.token).expect(401)).body, 'UNAUTHENTICATED');
    await probe('integration', developer.token).expect(200);
  });

  it.each([
    ['OWNER', 200],
    ['ADMIN', 403],
    ['DEVELOPER', 200],
    ['ANALYST', 403],
  ] as const)('limits the integration routes by role: %s gets %i', async (role, status) => {
    const response = await probe('integration', signIn(role).token).expect(status);
    if (status === 403) expectCataloguedApiError(response.body, 'FORBIDDEN');
  });

  it('takes API keys where keys are allowed, with livemode from the key', async () => {
    const live = await probe('keys', liveKey).expect(200);
    expect(live.body).toEqual(keys.keys.get(liveKey));
    expect((await probe('keys', testKey).expect(200)).body).toMatchObject({ livemode: false });
    expect((await probe('people-or-keys', testKey).expect(200)).body).toMatchObject({ kind: 'merchant-api-key' });
    expect((await probe('people-or-keys', signIn('ANALYST').token).expect(200)).body).toMatchObject({
      kind: 'merchant-user',
    });
  });

  it('answers 403 HUMAN_CONTEXT_REQUIRED to a valid key on a human-only route, 401 to an unknown key', async () => {
    expectCataloguedApiError((await probe('people', liveKey).expect(403)).body, 'HUMAN_CONTEXT_REQUIRED');
    expectCataloguedApiError((await probe('integration', testKey).expect(403)).body, 'HUMAN_CONTEXT_REQUIRED');
    const unknown = await probe('people', `sk_test_${'x'.repeat(43)}`).expect(401);
    expectCataloguedApiError(unknown.body, 'UNAUTHENTICATED');
    expectCataloguedApiError((await probe('keys', `sk_live_${'x'.repeat(43)}`).expect(401)).body, 'UNAUTHENTICATED');
  });

  it('answers 403 MERCHANT_API_KEY_REQUIRED to a person on a key-only route', async () => {
    const response = await probe('keys', signIn('OWNER').token).expect(403);
    expectCataloguedApiError(response.body, 'MERCHANT_API_KEY_REQUIRED');
  });

  it('answers 403 MERCHANT_CONTEXT_REQUIRED to a customer token on every merchant route', async () => {
    for (const route of ['people', 'integration', 'people-or-keys', 'keys']) {
      const response = await probe(route, customer.accessToken).expect(403);
      expectCataloguedApiError(response.body, 'MERCHANT_CONTEXT_REQUIRED');
    }
  });

  it('answers 403 USER_CONTEXT_REQUIRED to merchant credentials on customer and staff routes', async () => {
    const owner = signIn('OWNER');
    for (const route of ['anyone', 'admin']) {
      for (const credential of [owner.token, liveKey, testKey]) {
        const response = await harness.http.get(`/api/v1/staff-probe/${route}`).set(bearer(credential)).expect(403);
        expectCataloguedApiError(response.body, 'USER_CONTEXT_REQUIRED');
      }
    }
    // An unknown key and a merchant token of an ended session are no credential at all.
    await harness.http
      .get('/api/v1/staff-probe/anyone')
      .set(bearer(`sk_live_${'y'.repeat(43)}`))
      .expect(401);
  });

  it('refuses missing, malformed, expired and foreign-kind tokens with 401', async () => {
    const missing = await probe('people').expect(401);
    expectCataloguedApiError(missing.body, 'UNAUTHENTICATED');
    expect(missing.headers['www-authenticate']).toBe('Bearer realm="api"');
    await probe('people', 'not.a.jwt').expect(401);
    const owner = signIn('OWNER');
    const now = Math.floor(Date.now() / 1000);
    const claims = {
      typ: 'merchant',
      sub: owner.session.userId,
      mid: merchantId,
      mbr: owner.session.membershipId,
      sid: owner.sessionId,
    };
    const expired = signJwt({ ...claims, iat: now - 7200, exp: now - 3600 }, harness.config.JWT_ACCESS_SECRET);
    await probe('people', expired).expect(401);
    const otherKey = signJwt({ ...claims, iat: now, exp: now + 600 }, 'another-key-0123456789-0123456789-abcd');
    await probe('people', otherKey).expect(401);
  });
});
