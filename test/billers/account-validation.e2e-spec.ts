import Redis from 'ioredis';
import { DEMO_BILLERS } from '../../src/modules/billers/catalogue/demo-catalogue';
import { MAX_ACCOUNT_REFERENCE_LENGTH } from '../../src/modules/billers/catalogue/dto/biller-request-fields';
import { createBiller, createBillerCategory } from '../factories/biller.factory';
import { expectApiError } from '../support/assertions';
import { BillersApp, createBillersApp } from './support/billers-kit';

describe('POST /billers/{billerIdOrSlug}/account-validation (through the biller simulator)', () => {
  let kit: BillersApp;
  let redis: Redis;
  let direct: { id: string; slug: string };
  let patternOnly: { id: string; slug: string };
  let categoryId: string;

  beforeAll(async () => {
    // The simulator answers `...150` after 150 ms; billers here wait 1 s, the hang case 300 ms.
    kit = await createBillersApp({ slowResponseMs: 150 });
    redis = new Redis(kit.config.REDIS_URL, { keyPrefix: `${kit.config.REDIS_KEY_PREFIX}:` });
    categoryId = (await createBillerCategory(kit, { slug: `${kit.prefix}-power` })).id;
    direct = await createBiller(kit, { categoryId, slug: `${kit.prefix}-direct`, connectorTimeoutMs: 1000 });
    patternOnly = await createBiller(kit, {
      categoryId,
      slug: `${kit.prefix}-pattern-only`,
      validatesDirectly: false,
      connectorBaseUrl: null,
      connectorSecretRef: null,
    });
  }, 60_000);

  afterAll(async () => {
    redis?.disconnect();
    await kit?.close();
  });

  const validate = (biller: string, accountReference: string, headers = kit.customer.headers) =>
    kit.http.post(`/api/v1/billers/${biller}/account-validation`).set(headers).send({ accountReference });
  /** How many requests the simulator has received for a reference so far. */
  const simulatorCalls = (slug: string) =>
    kit.simulatorLog.filter((line) => line.includes(`/billers/${slug}/accounts/validate`)).length;

  it('answers a valid account with the masked name and the outstanding amount', async () => {
    const response = await validate(direct.slug, '45010001234').expect(200);
    expect(response.body).toEqual({
      billerId: direct.id,
      accountReference: '45010001234',
      valid: true,
      reason: null,
      customerName: expect.stringMatching(/^[A-Z]\*+ [A-Z]\*+$/),
      outstandingAmount: expect.any(Number),
      currency: 'NGN',
      checkedWithBiller: true,
    });
    expect(response.body.outstandingAmount % 100).toBe(0);
    expect(response.body.outstandingAmount).toBeGreaterThanOrEqual(100_000);
  });

  it('addresses the biller by id as well as by slug', async () => {
    const response = await validate(direct.id, '45010002234').expect(200);
    expect(response.body).toMatchObject({ billerId: direct.id, valid: true });
  });

  it('answers a valid account that reports no amount due (…000) with outstandingAmount null', async () => {
    const response = await validate(direct.slug, '45010001000').expect(200);
    expect(response.body).toMatchObject({ valid: true, outstandingAmount: null, customerName: expect.any(String) });
  });

  it('answers an unknown account (…404) with valid false and ACCOUNT_NOT_FOUND', async () => {
    const response = await validate(direct.slug, '45010001404').expect(200);
    expect(response.body).toEqual(
      expect.objectContaining({
        valid: false,
        reason: 'ACCOUNT_NOT_FOUND',
        customerName: null,
        outstandingAmount: null,
      }),
    );
  });

  it('answers a blocked account (…403) with valid false and ACCOUNT_REJECTED', async () => {
    const response = await validate(direct.slug, '45010001403').expect(200);
    expect(response.body).toMatchObject({ valid: false, reason: 'ACCOUNT_REJECTED', customerName: null });
  });

  it('waits for a slow biller (…150) within its timeout', async () => {
    const started = Date.now();
    const response = await validate(direct.slug, '45010001150').expect(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
    expect(response.body).toMatchObject({ valid: true });
  });

  it('is 422 BILLER_UNAVAILABLE when the biller hangs (…408) past its timeout, and is not cached', async () => {
    const hanging = await createBiller(kit, { categoryId, slug: `${kit.prefix}-hangs`, connectorTimeoutMs: 300 });
    const started = Date.now();
    const response = await validate(hanging.slug, '45010001408').expect(422);
    const elapsed = Date.now() - started;
    expectApiError(response.body, 'BILLER_UNAVAILABLE');
    expect(response.body.details).toEqual([{ field: 'biller', message: 'the biller did not answer in time' }]);
    expect(elapsed).toBeGreaterThanOrEqual(290);
    expect(elapsed).toBeLessThan(3000);
    await validate(hanging.slug, '45010001408').expect(422);
    expect(simulatorCalls(hanging.slug)).toBe(0); // the simulator never finished either request
  });

  it('is 422 BILLER_UNAVAILABLE when the biller answers 500 (…500) or 503 (…503), each time', async () => {
    for (const reference of ['45010001500', '45010001503']) {
      const before = simulatorCalls(direct.slug);
      const response = await validate(direct.slug, reference).expect(422);
      expectApiError(response.body, 'BILLER_UNAVAILABLE');
      expect(response.body.details).toEqual([{ field: 'biller', message: 'the biller cannot be reached' }]);
      expectApiError((await validate(direct.slug, reference).expect(422)).body, 'BILLER_UNAVAILABLE');
      expect(simulatorCalls(direct.slug) - before).toBe(2);
    }
  });

  it('is 422 when the biller refuses our signature (a wrong secret is a misconfiguration, not an answer)', async () => {
    const otherSecret = await createBillersAppWithSecret();
    try {
      const biller = await createBiller(kit, {
        categoryId,
        slug: `${kit.prefix}-wrong-secret`,
        connectorBaseUrl: otherSecret.billerUrl(`${kit.prefix}-wrong-secret`),
      });
      expectApiError((await validate(biller.slug, '45010001234').expect(422)).body, 'BILLER_UNAVAILABLE');
      expect(otherSecret.log).toEqual([expect.stringMatching(/ 401 /)]);
    } finally {
      await otherSecret.close();
    }
  });

  it('caches definitive answers per biller and reference in Redis, reference hashed', async () => {
    const before = simulatorCalls(direct.slug);
    const first = await validate(direct.slug, '45010007777').expect(200);
    const second = await validate(direct.slug, '45010007777').expect(200);
    expect(second.body).toEqual(first.body);
    expect(simulatorCalls(direct.slug) - before).toBe(1);
    const keys = await redis.keys(`${kit.config.REDIS_KEY_PREFIX}:billers:account-validation:${direct.id}:*`);
    expect(keys.length).toBeGreaterThan(0);
    expect(keys.join()).not.toContain('45010007777');
    const ttl = await redis.ttl(keys[0].slice(kit.config.REDIS_KEY_PREFIX.length + 1));
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(60);
    // Negative answers too: the unknown account is asked once.
    const notFoundBefore = simulatorCalls(direct.slug);
    await validate(direct.slug, '45010009404').expect(200);
    await validate(direct.slug, '45010009404').expect(200);
    expect(simulatorCalls(direct.slug) - notFoundBefore).toBe(1);
  });

  it('is a 400 without asking the biller when the reference does not have the biller format', async () => {
    const before = simulatorCalls(direct.slug);
    for (const reference of ['1234', '450100012345', 'ABCDEFGHIJK', '4501000123 ']) {
      const response = await validate(direct.slug, reference).expect(400);
      expectApiError(response.body, 'VALIDATION_FAILED');
    }
    const mismatch = await validate(direct.slug, '1234').expect(400);
    expect(mismatch.body.details).toEqual([{ field: 'accountReference', message: 'is not a valid Meter number' }]);
    expect(simulatorCalls(direct.slug)).toBe(before);
    expectApiError((await validate(direct.slug, '').expect(400)).body, 'VALIDATION_FAILED');
    expectApiError((await validate(direct.slug, 'x'.repeat(65)).expect(400)).body, 'VALIDATION_FAILED');
    expectApiError((await validate(direct.slug, 'abc\u0007').expect(400)).body, 'VALIDATION_FAILED');
    const extra = await kit.http
      .post(`/api/v1/billers/${direct.slug}/account-validation`)
      .set(kit.customer.headers)
      .send({ accountReference: '45010001234', amount: 5 })
      .expect(400);
    expect(extra.body.details).toEqual([expect.objectContaining({ field: 'amount' })]);
  });

  it('checks only the format for a biller that does not validate directly', async () => {
    const response = await validate(patternOnly.slug, '45010001404').expect(200);
    expect(response.body).toEqual({
      billerId: patternOnly.id,
      accountReference: '45010001404',
      valid: true,
      reason: null,
      customerName: null,
      outstandingAmount: null,
      currency: 'NGN',
      checkedWithBiller: false,
    });
    expect(simulatorCalls(patternOnly.slug)).toBe(0);
  });

  it('is 422 BILLER_UNAVAILABLE for an unavailable or deactivated biller, and 404 for an unknown one', async () => {
    const outage = await createBiller(kit, { categoryId, slug: `${kit.prefix}-outage`, available: false });
    expectApiError((await validate(outage.slug, '45010001234').expect(422)).body, 'BILLER_UNAVAILABLE');
    const retired = await createBiller(kit, { categoryId, slug: `${kit.prefix}-retired` });
    await kit.http.delete(`/api/v1/admin/billers/${retired.id}`).set(kit.admin.headers).expect(204);
    expectApiError((await validate(retired.slug, '45010001234').expect(422)).body, 'BILLER_UNAVAILABLE');
    expect(simulatorCalls(outage.slug) + simulatorCalls(retired.slug)).toBe(0);
    expectApiError((await validate(`${kit.prefix}-nobody`, '45010001234').expect(404)).body, 'NOT_FOUND');
    expectApiError((await validate('Bad Slug!', '45010001234').expect(400)).body, 'VALIDATION_FAILED');
  });

  describe('patterns that could backtrack without bound', () => {
    const longest = '1'.repeat(MAX_ACCOUNT_REFERENCE_LENGTH);

    it('answers a reference of the longest length promptly against every pattern of the demo catalogue', async () => {
      const patterns = [...new Set(DEMO_BILLERS.map((biller) => biller.accountReferencePattern))];
      for (const [index, accountReferencePattern] of patterns.entries()) {
        const biller = await createBiller(kit, {
          categoryId,
          slug: `${kit.prefix}-demo-pattern-${index}`,
          accountReferencePattern,
          validatesDirectly: false,
          connectorBaseUrl: null,
          connectorSecretRef: null,
        });
        for (const reference of [longest, `${'A'.repeat(4)}${longest.slice(4)}`]) {
          const response = await validate(biller.slug, reference).expect(400);
          expect(response.body.details).toEqual([{ field: 'accountReference', message: expect.any(String) }]);
        }
      }
    });

    it('never runs a stored pattern that breaks the rules: it matches nothing, at once', async () => {
      const biller = await createBiller(kit, {
        categoryId,
        slug: `${kit.prefix}-stored-danger`,
        validatesDirectly: false,
        connectorBaseUrl: null,
        connectorSecretRef: null,
      });
      // Stored before patterns were checked for backtracking: ten \d* take minutes on 64 digits.
      const dangerous = `${'\\d*'.repeat(10)}x`;
      await kit.db.query(`UPDATE billers SET account_reference_pattern = $2 WHERE id = $1`, [biller.id, dangerous]);
      for (const reference of [longest, `${'1'.repeat(30)}x`]) {
        const response = await validate(biller.slug, reference).expect(400);
        expectApiError(response.body, 'VALIDATION_FAILED');
        expect(response.body.details).toEqual([{ field: 'accountReference', message: expect.any(String) }]);
      }
    });
  });

  it('needs a signed-in user (401)', async () => {
    expectApiError((await validate(direct.slug, '45010001234', {} as never).expect(401)).body, 'UNAUTHENTICATED');
    const forged = { Authorization: 'Bearer not.a.token' };
    expectApiError((await validate(direct.slug, '45010001234', forged as never).expect(401)).body, 'UNAUTHENTICATED');
  });

  /** A second simulator that signs with another secret than the app's. */
  async function createBillersAppWithSecret() {
    const { startBillerSimulator } = await import('../../src/simulators/biller-simulator');
    const log: string[] = [];
    const simulator = await startBillerSimulator({
      secret: 'another-secret-0123456789-0123456789',
      onRequest: (l) => log.push(l),
    });
    return { billerUrl: simulator.billerUrl, log, close: simulator.close };
  }
});
