import { BillerCatalogueSeeder } from '../../src/modules/billers/catalogue/biller-catalogue.seeder';
import { BillIngestionService } from '../../src/modules/bills';
import { DEMO_ACCOUNTS, demoBills } from '../../src/modules/bills/demo-bills';
import { DEMO_USERS, IdentitySeeder } from '../../src/modules/identity/identity.seeder';
import { bearer, login } from '../factories/customer.factory';
import { createIsolatedDatabase, IsolatedDatabase } from '../support/isolated-database';
import { createTestHarness, SimulatedBillers, TestHarness } from '../support/test-harness';

/** What `npm run bills:push-demo` does after `npm run seed`, on a seeded database of its own. */
describe('demo bills (bills:push-demo)', () => {
  let database: IsolatedDatabase;
  let harness: TestHarness & SimulatedBillers;

  beforeAll(async () => {
    database = await createIsolatedDatabase();
    harness = await createTestHarness({ config: { DATABASE_URL: database.url }, simulator: {} });
    const seeders = [
      new IdentitySeeder(harness.config),
      new BillerCatalogueSeeder(() => ({ BILLER_SIMULATOR_URL: harness.simulator.url })),
    ];
    for (const seeder of seeders) await harness.db.transaction((manager) => seeder.run(manager));
  }, 120_000);

  afterAll(async () => {
    await harness?.close();
    await database?.drop();
  });

  it('fills the demo customer’s inbox, leaves one bill to claim, and changes nothing when pushed again', async () => {
    const ingestion = harness.app.get(BillIngestionService);
    const today = new Date('2026-11-23T09:00:00Z');
    const first = [];
    for (const push of demoBills(today)) first.push(await ingestion.ingest(push.biller, push.bills));
    expect(first.map((report) => report.counts.created)).toEqual([2, 1, 1]);
    expect(first.flatMap((report) => report.items.map((item) => item.matched))).toEqual([true, false, true, true]);
    for (const push of demoBills(today)) {
      const again = await ingestion.ingest(push.biller, push.bills);
      expect(again.counts.unchanged).toBe(push.bills.length);
    }

    const demo = DEMO_USERS.find((user) => user.role === 'CUSTOMER');
    const tokens = await login(harness.http, demo?.phone as string, demo?.pin);
    const inbox = await harness.http.get('/api/v1/bills').set(bearer(tokens.accessToken)).expect(200);
    expect(inbox.body.totalItems).toBe(3);
    expect(inbox.body.items.map((bill: { billerSlug: string }) => bill.billerSlug).sort()).toEqual([
      'dstv',
      'ikeja-electric',
      'lagos-water',
    ]);
    await harness.http
      .post('/api/v1/bills/claims')
      .set(bearer(tokens.accessToken))
      .send({ biller: DEMO_ACCOUNTS.unclaimed.biller, accountReference: DEMO_ACCOUNTS.unclaimed.accountReference })
      .expect(200);
  });
});
