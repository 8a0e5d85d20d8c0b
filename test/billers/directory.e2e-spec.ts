import { BillerCatalogueSeeder } from '../../src/modules/billers/catalogue/biller-catalogue.seeder';
import { BillerDirectoryService } from '../../src/modules/billers/directory/biller-directory.service';
import { BillerConnector } from '../../src/modules/billers/connector/biller-connector';
import { DEMO_BILLERS, DEMO_CATEGORIES } from '../../src/modules/billers/catalogue/demo-catalogue';
import { newId } from '../../src/platform/database/new-id';
import { createBiller, createBillerCategory, setBillerPopularity } from '../factories/biller.factory';
import { expectApiError } from '../support/assertions';
import { BillersApp, createBillersApp } from './support/billers-kit';

describe('biller directory (GET /billers, /billers/categories, /billers/{billerIdOrSlug})', () => {
  let kit: BillersApp;
  let power: { id: string; slug: string };
  let water: { id: string; slug: string };
  const billers: Record<string, { id: string; slug: string }> = {};

  beforeAll(async () => {
    kit = await createBillersApp();
    const p = kit.prefix;
    power = await createBillerCategory(kit, { slug: `${p}-power`, name: 'Power', sortOrder: 1 });
    water = await createBillerCategory(kit, { slug: `${p}-water`, name: 'Water', sortOrder: 2 });
    const specs: [string, string, string, string[], number][] = [
      ['ikeja', power.id, 'Ikeja Electric', ['IKEDC', 'Ikeja Electricity Distribution Company'], 50],
      ['eko', power.id, 'Eko Electricity Distribution', ['EKEDC'], 90],
      ['abuja', power.id, 'Abuja Electricity Distribution', ['AEDC'], 10],
      ['kano', power.id, 'Kano Power Company', ['KEDCO', 'electricity'], 70],
      ['lagos-water', water.id, 'Lagos Water Corporation', ['LWC'], 30],
    ];
    const popularity: Record<string, number> = {};
    for (const [name, categoryId, displayName, aliases, count] of specs) {
      billers[name] = await createBiller(kit, {
        categoryId,
        slug: `${p}-${name}`,
        name: displayName,
        aliases,
        acceptedRails: ['CARD', 'BANK_TRANSFER'],
      });
      popularity[billers[name].id] = count;
    }
    await setBillerPopularity(kit, popularity);
  }, 60_000);

  afterAll(() => kit?.close());

  const search = (query: Record<string, string | number>) => kit.http.get('/api/v1/billers').query(query);
  const slugsOf = (body: { items: { slug: string }[] }) =>
    body.items.map((item) => item.slug.replace(`${kit.prefix}-`, ''));

  describe('search', () => {
    it('is typo-tolerant: "electrcity" finds the electricity billers, most relevant first', async () => {
      const response = await search({ q: 'electrcity', categorySlug: power.slug }).expect(200);
      expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(slugsOf(response.body).sort()).toEqual(['abuja', 'eko', 'ikeja', 'kano']);
      expect(response.body).toMatchObject({ page: 0, size: 20, totalItems: 4, totalPages: 1 });
      expect(response.body.items[0]).toEqual({
        id: expect.any(String),
        slug: expect.any(String),
        name: expect.any(String),
        categorySlug: power.slug,
        categoryName: 'Power',
        logoUrl: expect.stringMatching(/^https:\/\//),
        country: 'NG',
        currency: 'NGN',
        accountReferenceLabel: 'Meter number',
        amountRule: 'ANY',
        available: true,
      });
    });

    it('ranks billers whose name matches above alias-only matches, then by the requested sort', async () => {
      // Eko and Abuja have "electricity" in their names; Kano and Ikeja only in an alias.
      const popular = await search({ q: 'electricity', categorySlug: power.slug }).expect(200);
      expect(slugsOf(popular.body)).toEqual(['eko', 'abuja', 'kano', 'ikeja']);
      const byName = await search({ q: 'electricity', categorySlug: power.slug, sort: 'name' }).expect(200);
      expect(slugsOf(byName.body)).toEqual(['abuja', 'eko', 'ikeja', 'kano']);
      // A prefix of a word matches: "Ikeja" only names Ikeja Electric; "elec" every electricity biller.
      expect(slugsOf((await search({ q: 'Ikeja', categorySlug: power.slug }).expect(200)).body)).toEqual(['ikeja']);
      expect((await search({ q: 'elec', categorySlug: power.slug }).expect(200)).body.totalItems).toBe(4);
    });

    it('corrects a misspelt word to known words, in any position, and ranks exact matches first', async () => {
      expect(slugsOf((await search({ q: 'kanu powr', categorySlug: power.slug }).expect(200)).body)).toEqual(['kano']);
      expect(slugsOf((await search({ q: 'ikja', categorySlug: power.slug }).expect(200)).body)).toEqual(['ikeja']);
      // Every word must match: a known word with an unknown one finds nothing.
      expect((await search({ q: 'ikeja zzqqxx', categorySlug: power.slug }).expect(200)).body.totalItems).toBe(0);
    });

    it('looks misspelt words up through the trigram index from the first call on a connection', async () => {
      // PL/pgSQL plans the vocabulary lookups for their argument on the first calls; priced
      // like plain comparisons, `%` and LIKE would be read by a sequential scan.
      const [setting] = await kit.db.query(`SELECT proconfig FROM pg_proc WHERE proname = 'biller_search_query'`);
      expect(setting.proconfig).toEqual(['enable_seqscan=off']);
    });

    it('keeps the typo vocabulary in line with the billers', async () => {
      const renamed = await createBiller(kit, {
        categoryId: water.id,
        slug: `${kit.prefix}-renamed`,
        name: `Quixotry${kit.prefix} Water`,
      });
      const term = `quixotry${kit.prefix}`;
      const terms = () => kit.db.query(`SELECT term FROM biller_search_terms WHERE term = $1`, [term]);
      expect(await terms()).toEqual([{ term }]);
      await kit.http
        .patch(`/api/v1/admin/billers/${renamed.id}`)
        .set(kit.admin.headers)
        .send({ name: 'Plain Water' })
        .expect(204);
      expect(await terms()).toEqual([{ term }]);
      expect(await kit.app.get(BillerDirectoryService).syncSearchVocabulary()).toMatchObject({
        dropped: expect.any(Number),
      });
      expect(await terms()).toEqual([]);
      expect(await kit.db.query(`SELECT term FROM biller_search_terms WHERE term = 'plain'`)).toEqual([
        { term: 'plain' },
      ]);
    });

    it('finds billers by alias and by a fragment inside a word', async () => {
      expect(slugsOf((await search({ q: 'kedco', categorySlug: power.slug }).expect(200)).body)).toEqual(['kano']);
      expect(slugsOf((await search({ q: 'gos wat', categorySlug: water.slug }).expect(200)).body)).toEqual([
        'lagos-water',
      ]);
    });

    it('sorts by popularity by default and by name on request', async () => {
      const popular = await search({ categorySlug: power.slug }).expect(200);
      expect(slugsOf(popular.body)).toEqual(['eko', 'kano', 'ikeja', 'abuja']);
      const named = await search({ categorySlug: power.slug, sort: 'name' }).expect(200);
      expect(slugsOf(named.body)).toEqual(['abuja', 'eko', 'ikeja', 'kano']);
    });

    it('pages: exact last page, partial last page, past the end, size bounds', async () => {
      const first = await search({ categorySlug: power.slug, size: 3, page: 0 }).expect(200);
      expect(first.body).toMatchObject({ page: 0, size: 3, totalItems: 4, totalPages: 2 });
      expect(slugsOf(first.body)).toEqual(['eko', 'kano', 'ikeja']);
      const last = await search({ categorySlug: power.slug, size: 3, page: 1 }).expect(200);
      expect(slugsOf(last.body)).toEqual(['abuja']);
      const past = await search({ categorySlug: power.slug, size: 3, page: 7 }).expect(200);
      expect(past.body).toEqual({ items: [], page: 7, size: 3, totalItems: 4, totalPages: 2 });
      const pastWithQuery = await search({ q: 'electric', categorySlug: power.slug, size: 2, page: 5 }).expect(200);
      expect(pastWithQuery.body).toMatchObject({ items: [], totalItems: 4, totalPages: 2 });
      const exact = await search({ categorySlug: power.slug, size: 4 }).expect(200);
      expect(exact.body).toMatchObject({ totalItems: 4, totalPages: 1 });
      expect(exact.body.items).toHaveLength(4);
      const none = await search({ q: 'zzzqqqxxx', categorySlug: power.slug }).expect(200);
      expect(none.body).toEqual({ items: [], page: 0, size: 20, totalItems: 0, totalPages: 0 });
      const bads: Record<string, string | number>[] = [
        { size: 0 },
        { size: 101 },
        { page: -1 },
        { page: 'x' },
        { size: '2.5' },
      ];
      for (const bad of bads) {
        expectApiError((await search(bad).expect(400)).body, 'VALIDATION_FAILED');
      }
    });

    it('bounds and sanitises the query: any content is safe, more than 100 characters is a 400', async () => {
      for (const q of ["' OR 1=1 --", '%', '_', '\\', '%_%', '🔌⚡', 'a'.repeat(100), '   ']) {
        const response = await search({ q, categorySlug: power.slug }).expect(200);
        expect(response.body.items.length).toBeLessThanOrEqual(4);
      }
      expect((await search({ q: '%', categorySlug: power.slug }).expect(200)).body.totalItems).toBe(4);
      const tooLong = await search({ q: 'a'.repeat(101) }).expect(400);
      expectApiError(tooLong.body, 'VALIDATION_FAILED');
      expect(tooLong.body.details).toEqual([expect.objectContaining({ field: 'q' })]);
      expectApiError((await search({ sort: 'price' }).expect(400)).body, 'VALIDATION_FAILED');
      expectApiError((await search({ categorySlug: 'Not A Slug' }).expect(400)).body, 'VALIDATION_FAILED');
      expectApiError((await search({ colour: 'red' }).expect(400)).body, 'VALIDATION_FAILED');
      expectApiError((await search({ q: 'a\u0000b' }).expect(400)).body, 'VALIDATION_FAILED');
    });

    it('answers an unknown category with an empty page', async () => {
      const response = await search({ categorySlug: `${kit.prefix}-nothing` }).expect(200);
      expect(response.body).toMatchObject({ items: [], totalItems: 0 });
    });
  });

  describe('soft delete and deactivation', () => {
    it('hides a deleted biller from customers (search, detail) but not from admins; PATCH brings it back', async () => {
      const gone = await createBiller(kit, {
        categoryId: power.id,
        slug: `${kit.prefix}-gone`,
        name: 'Gone Electricity',
      });
      await kit.http.delete(`/api/v1/admin/billers/${gone.id}`).set(kit.admin.headers).expect(204);

      const row = await kit.db.query(`SELECT active FROM billers WHERE id = $1`, [gone.id]);
      expect(row).toEqual([{ active: false }]);
      const customerSearch = await search({ q: 'gone', categorySlug: power.slug }).expect(200);
      expect(slugsOf(customerSearch.body)).toEqual([]);
      expectApiError((await kit.http.get(`/api/v1/billers/${gone.id}`).expect(404)).body, 'NOT_FOUND');
      expectApiError((await kit.http.get(`/api/v1/billers/${gone.slug}`).expect(404)).body, 'NOT_FOUND');

      const adminList = await kit.http
        .get('/api/v1/admin/billers')
        .query({ q: 'gone', categorySlug: power.slug })
        .set(kit.admin.headers)
        .expect(200);
      expect(adminList.body).toEqual([expect.objectContaining({ id: gone.id, active: false })]);
      const inactiveOnly = await kit.http
        .get('/api/v1/admin/billers')
        .query({ categorySlug: power.slug, active: 'false' })
        .set(kit.admin.headers)
        .expect(200);
      expect(inactiveOnly.body.map((item: { id: string }) => item.id)).toEqual([gone.id]);

      await kit.http
        .patch(`/api/v1/admin/billers/${gone.id}`)
        .set(kit.admin.headers)
        .send({ active: true })
        .expect(204);
      await kit.http.get(`/api/v1/billers/${gone.slug}`).expect(200);
      await kit.http.delete(`/api/v1/admin/billers/${gone.id}`).set(kit.admin.headers).expect(204);
    });

    it('hides an inactive category and its billers from customers', async () => {
      const hidden = await createBillerCategory(kit, { slug: `${kit.prefix}-hidden`, name: 'Hidden', sortOrder: 3 });
      const inHidden = await createBiller(kit, { categoryId: hidden.id, slug: `${kit.prefix}-in-hidden` });
      const before = await kit.http.get('/api/v1/billers/categories').expect(200);
      expect(before.body.map((category: { slug: string }) => category.slug)).toContain(hidden.slug);
      await kit.http
        .patch(`/api/v1/admin/biller-categories/${hidden.id}`)
        .set(kit.admin.headers)
        .send({ active: false })
        .expect(204);
      const after = await kit.http.get('/api/v1/billers/categories').expect(200);
      expect(after.body.map((category: { slug: string }) => category.slug)).not.toContain(hidden.slug);
      await kit.http.get(`/api/v1/billers/${inHidden.id}`).expect(404);
      expect((await search({ categorySlug: hidden.slug }).expect(200)).body.totalItems).toBe(0);
    });
  });

  describe('categories', () => {
    it('lists active categories in display order, with the customer fields only', async () => {
      const response = await kit.http.get('/api/v1/billers/categories').expect(200);
      const mine = (response.body as { slug: string }[]).filter((category) => category.slug.startsWith(kit.prefix));
      expect(mine).toEqual([
        { id: power.id, slug: power.slug, name: 'Power', icon: 'bolt', sortOrder: 1 },
        { id: water.id, slug: water.slug, name: 'Water', icon: 'bolt', sortOrder: 2 },
      ]);
    });
  });

  describe('detail', () => {
    it('answers by id and by slug, with the active rails the biller accepts', async () => {
      const byId = await kit.http.get(`/api/v1/billers/${billers.ikeja.id}`).expect(200);
      const bySlug = await kit.http.get(`/api/v1/billers/${billers.ikeja.slug}`).expect(200);
      expect(bySlug.body).toEqual(byId.body);
      expect(byId.body).toEqual({
        id: billers.ikeja.id,
        slug: billers.ikeja.slug,
        name: 'Ikeja Electric',
        aliases: ['IKEDC', 'Ikeja Electricity Distribution Company'],
        categoryId: power.id,
        categorySlug: power.slug,
        categoryName: 'Power',
        logoUrl: `https://cdn.example.com/billers/${billers.ikeja.slug}.png`,
        country: 'NG',
        currency: 'NGN',
        acceptedRails: [
          { code: 'BANK_TRANSFER', name: 'BANK_TRANSFER' },
          { code: 'CARD', name: 'CARD' },
        ],
        // The standard rails of this run charge nothing and allow 1 to 1,000,000,000.
        railFees: [
          { rail: 'BANK_TRANSFER', feeFlat: 10000, feePercentBps: 0, minAmount: 100000, maxAmount: 50000000 },
          { rail: 'CARD', feeFlat: 10000, feePercentBps: 0, minAmount: 100000, maxAmount: 50000000 },
        ],
        feeFlat: 10000,
        feePercentBps: 0,
        minAmount: 100000,
        maxAmount: 50000000,
        accountReferenceLabel: 'Meter number',
        accountReferencePattern: '\\d{11}',
        amountRule: 'ANY',
        validatesDirectly: true,
        available: true,
      });
      expect(byId.body).not.toHaveProperty('connectorBaseUrl');
      expect(byId.body).not.toHaveProperty('connectorSecretRef');
    });

    it('is 404 for an unknown id or slug and 400 for a malformed one', async () => {
      expectApiError(
        (await kit.http.get('/api/v1/billers/0193f5c2-7d1e-7c4a-9b2f-5e6d7c8b9a01').expect(404)).body,
        'NOT_FOUND',
      );
      expectApiError((await kit.http.get(`/api/v1/billers/${kit.prefix}-nobody`).expect(404)).body, 'NOT_FOUND');
      for (const bad of ['Not_A_Slug', 'a'.repeat(81), "x' OR '1'='1", '%00']) {
        const response = await kit.http.get(`/api/v1/billers/${encodeURIComponent(bad)}`).expect(400);
        expectApiError(response.body, 'VALIDATION_FAILED');
      }
    });
  });

  describe('demo seed', () => {
    it('loads at least 8 categories and 40 billers once, all searchable ("electrcity" finds electricity billers)', async () => {
      const seeder = new BillerCatalogueSeeder(() => ({ BILLER_SIMULATOR_URL: kit.simulator.url }));
      const first = await kit.db.transaction((manager) => seeder.run(manager));
      const second = await kit.db.transaction((manager) => seeder.run(manager));
      expect(DEMO_CATEGORIES.length).toBeGreaterThanOrEqual(8);
      expect(DEMO_BILLERS.length).toBeGreaterThanOrEqual(40);
      expect(first.created + first.existing).toBe(DEMO_CATEGORIES.length + DEMO_BILLERS.length + 4);
      expect(second).toEqual({ created: 0, existing: first.created + first.existing, updated: 0 });

      const categories = await kit.http.get('/api/v1/billers/categories').expect(200);
      const slugs = categories.body.map((category: { slug: string }) => category.slug);
      for (const slug of [
        'electricity',
        'water',
        'internet',
        'tv',
        'mobile-airtime',
        'education',
        'insurance',
        'government',
      ]) {
        expect(slugs).toContain(slug);
      }
      const electricity = await search({ q: 'electrcity', categorySlug: 'electricity', size: 100 }).expect(200);
      expect(electricity.body.totalItems).toBe(DEMO_BILLERS.filter((b) => b.categorySlug === 'electricity').length);
      const popular = await search({ categorySlug: 'electricity', size: 2 }).expect(200);
      expect(popular.body.items.map((item: { slug: string }) => item.slug)).toEqual([
        'ikeja-electric',
        'eko-electricity',
      ]);
      const [{ pointing }] = await kit.db.query(
        `SELECT count(*)::int AS pointing FROM billers
          WHERE slug = ANY($2) AND validates_directly AND connector_base_url = $1 || '/billers/' || slug`,
        [kit.simulator.url, DEMO_BILLERS.map((biller) => biller.slug)],
      );
      expect(pointing).toBe(DEMO_BILLERS.filter((b) => b.validatesDirectly).length);
    });

    it('gives every demo biller a connector to the simulator, and completes one an older seed left out', async () => {
      const seeder = new BillerCatalogueSeeder(() => ({ BILLER_SIMULATOR_URL: `${kit.simulator.url}/` }));
      await kit.db.transaction((manager) => seeder.run(manager));
      const slugs = DEMO_BILLERS.map((biller) => biller.slug);
      const connectors = () =>
        kit.db.query<{ slug: string; active: boolean; url: string | null; ref: string | null }[]>(
          `SELECT slug, active, connector_base_url AS url, connector_secret_ref AS ref FROM billers
            WHERE slug = ANY($1) ORDER BY slug`,
          [slugs],
        );
      const everyPointingAtTheSimulator = slugs
        .slice()
        .sort()
        .map((slug) => ({ slug, active: true, url: kit.simulator.billerUrl(slug), ref: 'simulator' }));
      expect(await connectors()).toEqual(everyPointingAtTheSimulator);

      // What the seed left before every biller had a connector: the airtime billers had none.
      const airtime = DEMO_BILLERS.filter((biller) => !biller.validatesDirectly).map((biller) => biller.slug);
      expect(airtime.length).toBeGreaterThan(0);
      await kit.db.query(
        `UPDATE billers SET connector_base_url = NULL, connector_secret_ref = NULL WHERE slug = ANY($1)`,
        [airtime],
      );
      // An admin's own connector is theirs: the seed completes missing connectors only.
      await kit.db.query(`UPDATE billers SET connector_base_url = 'https://dstv.example.com' WHERE slug = 'dstv'`);

      const repaired = await kit.db.transaction((manager) => seeder.run(manager));
      expect(repaired).toMatchObject({ created: 0, updated: airtime.length });
      const again = await kit.db.transaction((manager) => seeder.run(manager));
      expect(again).toMatchObject({ created: 0, updated: 0 });
      expect(await connectors()).toEqual(
        everyPointingAtTheSimulator.map((row) =>
          row.slug === 'dstv' ? { ...row, url: 'https://dstv.example.com' } : row,
        ),
      );
      await kit.db.query(`UPDATE billers SET connector_base_url = $1 WHERE slug = 'dstv'`, [
        kit.simulator.billerUrl('dstv'),
      ]);

      // Each connector takes a signed payment: the simulator accepts it under the biller's code.
      const connector = kit.app.get(BillerConnector);
      for (const row of await connectors()) {
        const outcome = await connector.postPayment(
          { baseUrl: row.url!, secretRef: row.ref!, timeoutMs: 2_000 },
          { reference: newId(), accountReference: '08031234567', amount: 100_000, currency: 'NGN' },
        );
        expect({ slug: row.slug, outcome }).toEqual({
          slug: row.slug,
          outcome: { kind: 'ACCEPTED', status: 'CONFIRMED', billerReference: expect.any(String) },
        });
      }
    });
  });
});
