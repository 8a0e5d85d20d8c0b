import { DataSource } from 'typeorm';
import {
  DEMO_MERCHANT_TEST_KEY,
  DemoMerchantKeySeeder,
} from '../../src/modules/merchants/api-keys/demo-merchant-key.seeder';
import {
  DEMO_MERCHANT_OWNER,
  DemoMerchantOwnerSeeder,
} from '../../src/modules/merchants/identity/demo-merchant-owner.seeder';
import { DEMO_MERCHANT, DemoMerchantSeeder } from '../../src/modules/merchants/onboarding/demo-merchant.seeder';
import { AppConfig } from '../../src/platform/config/app-config';
import type { SeedReport } from '../../src/platform/database/seeder';
import { bearer } from '../factories/customer.factory';
import { merchantLogin, MerchantTokens } from '../factories/merchant-user.factory';
import { MerchantProbeController } from '../platform/support/merchant-probe.controller';
import { createIsolatedDatabase, IsolatedDatabase } from '../support/isolated-database';
import { createTestHarness, TestHarness } from '../support/test-harness';

/** In a database of its own: the demo merchant has fixed identifiers no other spec should meet. */
describe('Demo seed: an approved merchant, its owner login and a sandbox key', () => {
  let database: IsolatedDatabase;
  let harness: TestHarness;

  beforeAll(async () => {
    database = await createIsolatedDatabase();
    harness = await createTestHarness({
      config: { DATABASE_URL: database.url },
      controllers: [MerchantProbeController],
    });
  });

  afterAll(async () => {
    await harness?.close();
    await database?.drop();
  });

  async function seed(): Promise<SeedReport[]> {
    const config = harness.app.get(AppConfig);
    const reports: SeedReport[] = [];
    for (const seeder of [
      new DemoMerchantSeeder(),
      new DemoMerchantOwnerSeeder(DEMO_MERCHANT.id),
      new DemoMerchantKeySeeder(DEMO_MERCHANT.id, config),
    ]) {
      reports.push(await harness.app.get(DataSource).transaction((manager) => seeder.run(manager)));
    }
    return reports;
  }

  it('seeds once, and the README credentials work: owner login to the APPROVED merchant, the test key', async () => {
    expect(await seed()).toEqual([
      { created: 1, existing: 0 },
      { created: 1, existing: 0 },
      { created: 1, existing: 0 },
    ]);
    expect(await seed()).toEqual([
      { created: 0, existing: 1 },
      { created: 0, existing: 1 },
      { created: 0, existing: 1 },
    ]);

    const login = await merchantLogin(harness, {
      email: DEMO_MERCHANT_OWNER.email,
      password: DEMO_MERCHANT_OWNER.password,
    }).expect(200);
    const tokens = login.body as MerchantTokens;
    const me = await harness.http.get('/api/v1/merchant/me').set(bearer(tokens.accessToken)).expect(200);
    expect(me.body).toMatchObject({
      merchant: { id: DEMO_MERCHANT.id, name: DEMO_MERCHANT.name, kybStatus: 'APPROVED' },
      membership: { role: 'OWNER' },
    });

    const principal = await harness.http
      .get('/api/v1/merchant-probe/keys')
      .set(bearer(DEMO_MERCHANT_TEST_KEY))
      .expect(200);
    expect(principal.body).toMatchObject({ merchantId: DEMO_MERCHANT.id, livemode: false });
    const keys = await harness.http.get('/api/v1/merchant/api-keys').set(bearer(tokens.accessToken)).expect(200);
    expect(keys.body).toEqual([
      expect.objectContaining({
        name: 'Demo sandbox key',
        livemode: false,
        prefix: DEMO_MERCHANT_TEST_KEY.slice(0, 14),
      }),
    ]);
    // Live keys are open to it, as to any approved merchant.
    await harness.http
      .post('/api/v1/merchant/api-keys')
      .set(bearer(tokens.accessToken))
      .send({ livemode: true })
      .expect(201);
  });
});
