import { randomUUID } from 'node:crypto';
import { bearer, createCustomer } from '../factories/customer.factory';
import { approvedMerchant } from '../factories/merchant.factory';
import { merchantOwnerOf } from '../factories/merchant-user.factory';
import { createStaffUser } from '../factories/staff-user.factory';
import { ProbeController } from '../support/probe.controller';
import { createTestHarness, TestHarness } from '../support/test-harness';
import { TEST_DEFAULTS } from '../support/test-settings';
import { MerchantProbeController } from './support/merchant-probe.controller';

/**
 * What a signed-in caller reads is theirs: every answer to a route that needs credentials says
 * `Cache-Control: no-store`, errors included; the public directory keeps its own caching.
 */
describe('Cache-Control on authenticated routes', () => {
  let harness: TestHarness;

  beforeAll(async () => {
    harness = await createTestHarness({ controllers: [ProbeController, MerchantProbeController] });
  });

  afterAll(async () => {
    await harness.close();
  });

  const http = () => harness.http;

  it('answers a customer no-store, on success and on a 404 of their own routes', async () => {
    const customer = await createCustomer(harness);
    const profile = await http().get('/api/v1/profile').set(customer.headers).expect(200);
    expect(profile.headers['cache-control']).toBe('no-store');
    const missing = await http().get(`/api/v1/payments/${randomUUID()}`).set(customer.headers).expect(404);
    expect(missing.headers['cache-control']).toBe('no-store');
  });

  it('answers staff no-store, and a customer refused a staff route too', async () => {
    const admin = await createStaffUser(harness, 'ADMIN');
    const billers = await http().get('/api/v1/admin/billers').set(admin.headers).expect(200);
    expect(billers.headers['cache-control']).toBe('no-store');
    const customer = await createCustomer(harness);
    const refused = await http().get('/api/v1/admin/billers').set(customer.headers).expect(403);
    expect(refused.headers['cache-control']).toBe('no-store');
  });

  it('answers a merchant team member and a merchant API key no-store', async () => {
    const { merchant } = await approvedMerchant(harness);
    const owner = await merchantOwnerOf(harness, merchant);
    const keys = await http().get('/api/v1/merchant/api-keys').set(owner.headers).expect(200);
    expect(keys.headers['cache-control']).toBe('no-store');
    const person = await http().get('/api/v1/merchant-probe/people').set(owner.headers).expect(200);
    expect(person.headers['cache-control']).toBe('no-store');

    const issued = await http().post('/api/v1/merchant/api-keys').set(owner.headers).send({}).expect(201);
    const withKey = await http()
      .get('/api/v1/merchant-probe/keys')
      .set(bearer(issued.body.secret as string))
      .expect(200);
    expect(withKey.headers['cache-control']).toBe('no-store');
  });

  it('answers an internal caller no-store', async () => {
    const response = await http()
      .get('/api/v1/probe/internal')
      .set('X-Internal-Api-Key', TEST_DEFAULTS.INTERNAL_API_KEY)
      .expect(200);
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('leaves public routes alone', async () => {
    for (const path of ['/api/v1/billers', '/api/v1/billers/categories', '/api/v1/probe/pages']) {
      const response = await http().get(path).expect(200);
      expect({ path, cacheControl: response.headers['cache-control'] }).toEqual({ path, cacheControl: undefined });
    }
  });
});
