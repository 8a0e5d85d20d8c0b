import { randomBytes } from 'node:crypto';
import { BillerPopularityService } from '../../src/modules/billers/directory/biller-popularity.service';
import { AppConfig } from '../../src/platform/config/app-config';
import {
  billerRequest,
  createBiller,
  createBillerCategory,
  ensureStandardRails,
  refreshBillerPopularity,
} from '../factories/biller.factory';
import type { SignedInUser } from '../factories/customer.factory';
import { createStaffUser } from '../factories/staff-user.factory';
import { expectApiError } from '../support/assertions';
import { parseLinkHeader } from '../support/link-header';
import { BillersApp, createBillersApp } from './support/billers-kit';

interface AuditRow {
  actor_user_id: string;
  action: string;
  entity_type: string;
  entity_id: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

describe('admin catalogue (/admin/billers, /admin/biller-categories, /admin/payment-rails)', () => {
  let kit: BillersApp;
  let support: SignedInUser;
  let categoryId: string;

  beforeAll(async () => {
    kit = await createBillersApp();
    support = await createStaffUser(kit, 'SUPPORT');
    await ensureStandardRails(kit);
    categoryId = (await createBillerCategory(kit, { slug: `${kit.prefix}-power`, name: 'Power' })).id;
  }, 60_000);

  afterAll(() => kit?.close());

  const auditOf = (entityId: string): Promise<AuditRow[]> =>
    kit.db.query(
      `SELECT actor_user_id, action, entity_type, entity_id, before, after FROM admin_audit_log
        WHERE entity_id = $1 ORDER BY at, id`,
      [entityId],
    );
  /** A rail code of this spec only; the standard rails are shared with the other specs. */
  const railCode = () => `T${randomBytes(4).toString('hex').toUpperCase()}`;

  describe('billers', () => {
    it('creates a biller (201 with the created object) and records it in the audit trail', async () => {
      const slug = `${kit.prefix}-created`;
      const response = await kit.http
        .post('/api/v1/admin/billers')
        .set(kit.admin.headers)
        .send(billerRequest(kit, { categoryId, slug, name: '  Created Power  ', aliases: ['CP', 'Created'] }))
        .expect(201);
      expect(response.body).toEqual({
        id: expect.any(String),
        slug,
        name: 'Created Power',
        aliases: ['CP', 'Created'],
        categoryId,
        logoUrl: `https://cdn.example.com/billers/${slug}.png`,
        country: 'NG',
        currency: 'NGN',
        acceptedRails: ['CARD'],
        feeFlat: 10000,
        feePercentBps: 0,
        agentCommissionFlat: 0,
        agentCommissionBps: 0,
        minAmount: 100000,
        maxAmount: 50000000,
        accountReferenceLabel: 'Meter number',
        accountReferencePattern: '\\d{11}',
        amountRule: 'ANY',
        validatesDirectly: true,
        connectorBaseUrl: kit.simulator.billerUrl(slug),
        connectorSecretRef: 'simulator',
        connectorTimeoutMs: 1000,
        active: true,
        available: true,
        popularity: 0,
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
      });
      const [row] = await kit.db.query(
        `SELECT search_name, search_text, search_vector::text, fee_flat FROM billers WHERE id = $1`,
        [response.body.id],
      );
      expect(row).toEqual({
        search_name: 'created power',
        search_text: 'created power cp created',
        search_vector: "'cp':5B 'created':1A,3B,6B 'power':2A,4B",
        fee_flat: '10000',
      });
      expect(await auditOf(response.body.id)).toEqual([
        {
          actor_user_id: kit.admin.userId,
          action: 'biller.created',
          entity_type: 'biller',
          entity_id: response.body.id,
          before: null,
          after: response.body,
        },
      ]);
    });

    it('applies defaults to optional fields', async () => {
      const response = await kit.http
        .post('/api/v1/admin/billers')
        .set(kit.admin.headers)
        .send({
          slug: `${kit.prefix}-minimal`,
          name: 'Minimal',
          categoryId,
          country: 'GH',
          currency: 'GHS',
          acceptedRails: [],
          minAmount: 1,
          maxAmount: 1,
          accountReferenceLabel: 'Account',
          accountReferencePattern: '[A-Z0-9]{4,12}',
          amountRule: 'EXACT',
        })
        .expect(201);
      expect(response.body).toMatchObject({
        aliases: [],
        logoUrl: null,
        feeFlat: 0,
        feePercentBps: 0,
        agentCommissionFlat: 0,
        agentCommissionBps: 0,
        validatesDirectly: false,
        connectorBaseUrl: null,
        connectorSecretRef: null,
        connectorTimeoutMs: 5000,
        active: true,
        available: true,
      });
    });

    it('updates any subset of fields (204), checks the result as a whole and audits before/after', async () => {
      const biller = await createBiller(kit, { categoryId, slug: `${kit.prefix}-patched`, name: 'Before Name' });
      await kit.http
        .patch(`/api/v1/admin/billers/${biller.id}`)
        .set(kit.admin.headers)
        .send({ name: 'After Name', aliases: ['AN'], available: false, feePercentBps: 75, logoUrl: null })
        .expect(204);
      const [row] = await kit.db.query(
        `SELECT name, aliases, available, fee_percent_bps, logo_url, search_text, min_amount FROM billers WHERE id = $1`,
        [biller.id],
      );
      expect(row).toEqual({
        name: 'After Name',
        aliases: ['AN'],
        available: false,
        fee_percent_bps: 75,
        logo_url: null,
        search_text: 'after name an',
        min_amount: '100000',
      });
      const audit = await auditOf(biller.id);
      expect(audit.map((entry) => entry.action)).toEqual(['biller.created', 'biller.updated']);
      expect(audit[1].before).toMatchObject({ name: 'Before Name', available: true, feePercentBps: 0 });
      expect(audit[1].after).toMatchObject({ name: 'After Name', available: false, feePercentBps: 75, logoUrl: null });

      // min above the stored max is refused, and nothing changes.
      const refused = await kit.http
        .patch(`/api/v1/admin/billers/${biller.id}`)
        .set(kit.admin.headers)
        .send({ minAmount: 60_000_000 })
        .expect(400);
      expect(refused.body.details).toEqual([{ field: 'maxAmount', message: 'must be at least minAmount' }]);
      expect(await auditOf(biller.id)).toHaveLength(2);
      const nulled = await kit.http
        .patch(`/api/v1/admin/billers/${biller.id}`)
        .set(kit.admin.headers)
        .send({ name: null })
        .expect(400);
      expect(nulled.body.details).toEqual([{ field: 'name', message: 'must not be null' }]);
    });

    it('refuses rule-breaking billers with 400, naming the field', async () => {
      const cases: [Record<string, unknown>, string][] = [
        [{ minAmount: 10, maxAmount: 5 }, 'maxAmount'],
        [{ accountReferencePattern: '(\\d+)+$' }, 'accountReferencePattern'],
        [{ accountReferencePattern: '(a+)+$' }, 'accountReferencePattern'],
        [{ accountReferencePattern: '\\d*\\d*\\d*\\d*\\d*\\d*x' }, 'accountReferencePattern'],
        [{ accountReferencePattern: '^\\d*\\d*\\d*\\d*\\d*\\d*x$' }, 'accountReferencePattern'],
        [{ accountReferencePattern: '[0-9' }, 'accountReferencePattern'],
        [{ acceptedRails: ['NO_SUCH_RAIL'] }, 'acceptedRails'],
        [{ acceptedRails: ['card'] }, 'acceptedRails'],
        [{ connectorBaseUrl: null }, 'connectorBaseUrl'],
        [{ connectorSecretRef: 'unknown-secret' }, 'connectorSecretRef'],
        [{ connectorBaseUrl: 'ftp://example.com' }, 'connectorBaseUrl'],
        [{ slug: '0193f5c2-7d1e-7c4a-9b2f-5e6d7c8b9a01' }, 'slug'],
        [{ slug: 'Has Spaces' }, 'slug'],
        [{ slug: 'categories' }, 'slug'],
        [{ country: 'NGA' }, 'country'],
        [{ currency: 'ngn' }, 'currency'],
        [{ amountRule: 'SOMETIMES' }, 'amountRule'],
        [{ feePercentBps: 10_001 }, 'feePercentBps'],
        [{ agentCommissionBps: 10_001 }, 'agentCommissionBps'],
        [{ agentCommissionFlat: -1 }, 'agentCommissionFlat'],
        [{ maxAmount: Number.MAX_SAFE_INTEGER + 1 }, 'maxAmount'],
        [{ feeFlat: 1.5 }, 'feeFlat'],
        [{ connectorTimeoutMs: 50 }, 'connectorTimeoutMs'],
        [{ aliases: ['same', 'same'] }, 'aliases'],
        [{ popularity: 1_000_000 }, 'popularity'],
        [{ searchText: 'x' }, 'searchText'],
      ];
      for (const [override, field] of cases) {
        const slug = `${kit.prefix}-bad-${randomBytes(3).toString('hex')}`;
        const response = await kit.http
          .post('/api/v1/admin/billers')
          .set(kit.admin.headers)
          .send({ ...billerRequest(kit, { categoryId, slug }), ...override });
        expect({ override, status: response.status }).toEqual({ override, status: 400 });
        expectApiError(response.body, 'VALIDATION_FAILED');
        expect(response.body.details.map((detail: { field: string }) => detail.field)).toContain(field);
      }
      const [{ count }] = await kit.db.query(`SELECT count(*)::int AS count FROM billers WHERE slug LIKE $1`, [
        `${kit.prefix}-bad-%`,
      ]);
      expect(count).toBe(0);
    });

    it('refuses an inactive rail, an unknown category (404) and a taken slug (409)', async () => {
      const code = railCode();
      const rail = await kit.http
        .post('/api/v1/admin/payment-rails')
        .set(kit.admin.headers)
        .send({ code, name: 'Soon gone', minAmount: 1, maxAmount: 10, active: false })
        .expect(201);
      expect(rail.body.active).toBe(false);
      const inactive = await kit.http
        .post('/api/v1/admin/billers')
        .set(kit.admin.headers)
        .send(billerRequest(kit, { categoryId, slug: `${kit.prefix}-inactive-rail`, acceptedRails: ['CARD', code] }))
        .expect(400);
      expect(inactive.body.details).toEqual([{ field: 'acceptedRails', message: `names no active rail: ${code}` }]);
      const unknownCategory = await kit.http
        .post('/api/v1/admin/billers')
        .set(kit.admin.headers)
        .send(billerRequest(kit, { categoryId: '0193f5c2-7d1e-7c4a-9b2f-5e6d7c8b9a01', slug: `${kit.prefix}-orphan` }))
        .expect(404);
      expectApiError(unknownCategory.body, 'NOT_FOUND');
      const taken = await createBiller(kit, { categoryId, slug: `${kit.prefix}-taken` });
      const duplicate = await kit.http
        .post('/api/v1/admin/billers')
        .set(kit.admin.headers)
        .send(billerRequest(kit, { categoryId, slug: taken.slug }))
        .expect(409);
      expect(duplicate.body).toMatchObject({
        code: 'CONFLICT',
        details: [{ field: 'slug', message: 'is already taken' }],
      });
      const other = await createBiller(kit, { categoryId, slug: `${kit.prefix}-other` });
      await kit.http
        .patch(`/api/v1/admin/billers/${other.id}`)
        .set(kit.admin.headers)
        .send({ slug: taken.slug })
        .expect(409);
    });

    describe('list (the spec answers an array; the total and the other pages travel in headers)', () => {
      let category: { id: string; slug: string };
      let alpha: { id: string };
      let beta: { id: string };
      let gamma: { id: string };
      /** The list's absolute URL under PUBLIC_BASE_URL, as its Link header writes it. */
      let listUrl: string;

      beforeAll(async () => {
        category = await createBillerCategory(kit, { slug: `${kit.prefix}-listed` });
        alpha = await createBiller(kit, { categoryId: category.id, slug: `${kit.prefix}-alpha`, name: 'Alpha Water' });
        beta = await createBiller(kit, { categoryId: category.id, slug: `${kit.prefix}-beta`, name: 'Beta Water' });
        gamma = await createBiller(kit, { categoryId: category.id, slug: `${kit.prefix}-gamma`, name: 'Gamma Gas' });
        await kit.http.delete(`/api/v1/admin/billers/${beta.id}`).set(kit.admin.headers).expect(204);
        listUrl = `${kit.app.get(AppConfig).PUBLIC_BASE_URL.replace(/\/+$/, '')}/api/v1/admin/billers`;
      });

      const list = (query: Record<string, string | number>) =>
        kit.http
          .get('/api/v1/admin/billers')
          .set(kit.admin.headers)
          .query({ categorySlug: category.slug, ...query });
      const idsOf = (response: { body: { id: string }[] }) => response.body.map((item) => item.id);
      const pageUrl = (query: string) => `${listUrl}?categorySlug=${category.slug}&${query}`;

      it('answers a JSON array of every biller, deactivated ones too, by name, with X-Total-Count', async () => {
        const all = await list({}).expect(200);
        expect(Array.isArray(all.body)).toBe(true);
        expect(idsOf(all)).toEqual([alpha.id, beta.id, gamma.id]);
        expect(all.body[1]).toMatchObject({ active: false, connectorSecretRef: 'simulator' });
        expect(all.headers['x-total-count']).toBe('3');
        expect(parseLinkHeader(all.headers.link)).toEqual({
          first: pageUrl('size=20&page=0'),
          last: pageUrl('size=20&page=0'),
        });
      });

      it('filters by active=true or active=false and searches, the total following the filters', async () => {
        const active = await list({ active: 'true' }).expect(200);
        expect(idsOf(active)).toEqual([alpha.id, gamma.id]);
        expect(active.headers['x-total-count']).toBe('2');
        expect(parseLinkHeader(active.headers.link).first).toBe(pageUrl('active=true&size=20&page=0'));
        const inactive = await list({ active: 'false' }).expect(200);
        expect(idsOf(inactive)).toEqual([beta.id]);
        expect(inactive.headers['x-total-count']).toBe('1');
        const searched = await list({ q: 'watr' }).expect(200);
        expect(idsOf(searched)).toEqual([alpha.id, beta.id]);
        expect(searched.headers['x-total-count']).toBe('2');
      });

      it('links first, next and last pages with the same filters and size', async () => {
        const first = await list({ active: 'true', size: 1 }).expect(200);
        expect(idsOf(first)).toEqual([alpha.id]);
        expect(first.headers['x-total-count']).toBe('2');
        expect(parseLinkHeader(first.headers.link)).toEqual({
          first: pageUrl('active=true&size=1&page=0'),
          next: pageUrl('active=true&size=1&page=1'),
          last: pageUrl('active=true&size=1&page=1'),
        });
        // Following the link (this server is at PUBLIC_BASE_URL's root) gives the next page.
        const nextUrl = new URL(parseLinkHeader(first.headers.link).next);
        const next = await kit.http.get(`${nextUrl.pathname}${nextUrl.search}`).set(kit.admin.headers).expect(200);
        expect(idsOf(next)).toEqual([gamma.id]);
      });

      it('links prev and last, without next, on the last page', async () => {
        const last = await list({ size: 2, page: 1 }).expect(200);
        expect(idsOf(last)).toEqual([gamma.id]);
        expect(last.headers['x-total-count']).toBe('3');
        expect(parseLinkHeader(last.headers.link)).toEqual({
          first: pageUrl('size=2&page=0'),
          prev: pageUrl('size=2&page=0'),
          last: pageUrl('size=2&page=1'),
        });
      });

      it('answers [] past the last page, with the right total and prev pointing at the last page', async () => {
        const beyond = await list({ size: 2, page: 7 }).expect(200);
        expect(beyond.body).toEqual([]);
        expect(beyond.headers['x-total-count']).toBe('3');
        expect(parseLinkHeader(beyond.headers.link)).toEqual({
          first: pageUrl('size=2&page=0'),
          prev: pageUrl('size=2&page=1'),
          last: pageUrl('size=2&page=1'),
        });
      });

      it('counts past the last page under every filter, as the pages themselves do', async () => {
        const filters: [Record<string, string>, number][] = [
          [{}, 3],
          [{ active: 'true' }, 2],
          [{ active: 'false' }, 1],
          [{ q: 'watr' }, 2],
          [{ q: 'watr', active: 'true' }, 1],
          [{ q: 'watr', active: 'false' }, 1],
        ];
        for (const [filter, total] of filters) {
          const first = await list({ ...filter, size: 1 }).expect(200);
          const beyond = await list({ ...filter, size: 1, page: 9 }).expect(200);
          expect({ filter, first: first.headers['x-total-count'], beyond: beyond.headers['x-total-count'] }).toEqual({
            filter,
            first: String(total),
            beyond: String(total),
          });
          expect(beyond.body).toEqual([]);
        }
      });

      it('accepts exactly true or false for active (400 VALIDATION_FAILED otherwise)', async () => {
        for (const active of ['yes', 'TRUE', '1', '0', '']) {
          const response = await list({ active });
          expect({ active, status: response.status }).toEqual({ active, status: 400 });
          expectApiError(response.body, 'VALIDATION_FAILED');
          expect(response.body.details).toEqual([{ field: 'active', message: 'active must be true or false' }]);
        }
      });
    });

    it('soft-deletes (204) once: the row stays, deactivated, audited; unknown ids are 404', async () => {
      const biller = await createBiller(kit, { categoryId, slug: `${kit.prefix}-deleted` });
      await kit.http.delete(`/api/v1/admin/billers/${biller.id}`).set(kit.admin.headers).expect(204);
      await kit.http.delete(`/api/v1/admin/billers/${biller.id}`).set(kit.admin.headers).expect(204);
      expect(await kit.db.query(`SELECT active FROM billers WHERE id = $1`, [biller.id])).toEqual([{ active: false }]);
      const audit = await auditOf(biller.id);
      expect(audit.map((entry) => entry.action)).toEqual(['biller.created', 'biller.deactivated']);
      expect(audit[1]).toMatchObject({ before: { active: true }, after: { active: false } });
      const missing = '0193f5c2-7d1e-7c4a-9b2f-5e6d7c8b9a01';
      await kit.http.delete(`/api/v1/admin/billers/${missing}`).set(kit.admin.headers).expect(404);
      await kit.http.patch(`/api/v1/admin/billers/${missing}`).set(kit.admin.headers).send({ name: 'x' }).expect(404);
      await kit.http.delete('/api/v1/admin/billers/not-a-uuid').set(kit.admin.headers).expect(400);
    });
  });

  describe('categories', () => {
    it('creates (201), lists every category (inactive too), updates (204), audits, refuses duplicates (409)', async () => {
      const slug = `${kit.prefix}-water`;
      const created = await kit.http
        .post('/api/v1/admin/biller-categories')
        .set(kit.admin.headers)
        .send({ slug, name: 'Water', icon: 'water-drop', sortOrder: 5 })
        .expect(201);
      expect(created.body).toEqual({
        id: expect.any(String),
        slug,
        name: 'Water',
        icon: 'water-drop',
        sortOrder: 5,
        active: true,
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
      });
      await kit.http
        .patch(`/api/v1/admin/biller-categories/${created.body.id}`)
        .set(kit.admin.headers)
        .send({ name: 'Water and sewage', active: false })
        .expect(204);
      const listed = await kit.http.get('/api/v1/admin/biller-categories').set(kit.admin.headers).expect(200);
      expect(listed.body).toContainEqual(
        expect.objectContaining({ id: created.body.id, name: 'Water and sewage', active: false }),
      );
      expect((await auditOf(created.body.id)).map((entry) => entry.action)).toEqual([
        'biller_category.created',
        'biller_category.updated',
      ]);
      await kit.http
        .post('/api/v1/admin/biller-categories')
        .set(kit.admin.headers)
        .send({ slug, name: 'Again', icon: 'bolt' })
        .expect(409);
      const bads: Record<string, unknown>[] = [
        { slug: 'Bad Slug', name: 'x', icon: 'bolt' },
        { slug: `${kit.prefix}-x`, name: '', icon: 'bolt' },
        { slug: `${kit.prefix}-x`, name: 'x', icon: '<svg>' },
        { slug: `${kit.prefix}-x`, name: 'x', icon: 'bolt', sortOrder: 1.5 },
        { slug: `${kit.prefix}-x`, name: 'x', icon: 'bolt', colour: 'red' },
      ];
      for (const body of bads) {
        await kit.http.post('/api/v1/admin/biller-categories').set(kit.admin.headers).send(body).expect(400);
      }
      await kit.http
        .patch(`/api/v1/admin/biller-categories/${created.body.id}`)
        .set(kit.admin.headers)
        .send({ active: null })
        .expect(400);
      await kit.http
        .patch('/api/v1/admin/biller-categories/0193f5c2-7d1e-7c4a-9b2f-5e6d7c8b9a01')
        .set(kit.admin.headers)
        .send({ name: 'x' })
        .expect(404);
    });
  });

  describe('payment rails', () => {
    it('creates (201), updates (204, code immutable), lists, audits; customers stop seeing an inactive rail', async () => {
      const code = railCode();
      const created = await kit.http
        .post('/api/v1/admin/payment-rails')
        .set(kit.admin.headers)
        .send({ code, name: 'USSD', feeFlat: 5000, feePercentBps: 50, minAmount: 100, maxAmount: 10_000_000 })
        .expect(201);
      expect(created.body).toEqual({
        id: expect.any(String),
        code,
        name: 'USSD',
        active: true,
        feeFlat: 5000,
        feePercentBps: 50,
        minAmount: 100,
        maxAmount: 10000000,
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
      });
      const biller = await createBiller(kit, { categoryId, slug: `${kit.prefix}-ussd`, acceptedRails: ['CARD', code] });
      const offered = async () =>
        (await kit.http.get(`/api/v1/billers/${biller.slug}`).expect(200)).body.acceptedRails.map(
          (rail: { code: string }) => rail.code,
        );
      expect(await offered()).toEqual(['CARD', code].sort());

      await kit.http
        .patch(`/api/v1/admin/payment-rails/${created.body.id}`)
        .set(kit.admin.headers)
        .send({ active: false, maxAmount: 20_000_000 })
        .expect(204);
      expect(await offered()).toEqual(['CARD']);
      const listed = await kit.http.get('/api/v1/admin/payment-rails').set(kit.admin.headers).expect(200);
      expect(listed.body).toContainEqual(expect.objectContaining({ code, active: false, maxAmount: 20000000 }));
      expect((await auditOf(created.body.id)).map((entry) => entry.action)).toEqual([
        'payment_rail.created',
        'payment_rail.updated',
      ]);

      await kit.http
        .patch(`/api/v1/admin/payment-rails/${created.body.id}`)
        .set(kit.admin.headers)
        .send({ code: 'OTHER' })
        .expect(400);
      await kit.http
        .patch(`/api/v1/admin/payment-rails/${created.body.id}`)
        .set(kit.admin.headers)
        .send({ minAmount: 30_000_000 })
        .expect(400);
      await kit.http
        .post('/api/v1/admin/payment-rails')
        .set(kit.admin.headers)
        .send({ code, name: 'Again', minAmount: 1, maxAmount: 2 })
        .expect(409);
      for (const body of [
        { code: 'lower', name: 'x', minAmount: 1, maxAmount: 2 },
        { code: railCode(), name: 'x', minAmount: 0, maxAmount: 2 },
        { code: railCode(), name: 'x', minAmount: 1 },
        { code: railCode(), name: 'x', minAmount: 5, maxAmount: 2 },
      ]) {
        await kit.http.post('/api/v1/admin/payment-rails').set(kit.admin.headers).send(body).expect(400);
      }
      await kit.http
        .patch('/api/v1/admin/payment-rails/0193f5c2-7d1e-7c4a-9b2f-5e6d7c8b9a01')
        .set(kit.admin.headers)
        .send({ name: 'x' })
        .expect(404);
    });
  });

  describe('access', () => {
    const routes = (id: string): [string, string, Record<string, unknown>?][] => [
      ['get', '/api/v1/admin/billers'],
      ['post', '/api/v1/admin/billers', {}],
      ['patch', `/api/v1/admin/billers/${id}`, {}],
      ['delete', `/api/v1/admin/billers/${id}`],
      ['get', '/api/v1/admin/biller-categories'],
      ['post', '/api/v1/admin/biller-categories', {}],
      ['patch', `/api/v1/admin/biller-categories/${id}`, {}],
      ['get', '/api/v1/admin/payment-rails'],
      ['post', '/api/v1/admin/payment-rails', {}],
      ['patch', `/api/v1/admin/payment-rails/${id}`, {}],
    ];

    it('gives customers and non-admin staff 403, and anonymous callers 401, changing nothing', async () => {
      const biller = await createBiller(kit, { categoryId, slug: `${kit.prefix}-guarded` });
      for (const [method, path, body] of routes(biller.id)) {
        for (const user of [kit.customer, support]) {
          const call = kit.http[method as 'get'](path).set(user.headers);
          const response = await (body ? call.send(body) : call);
          expect({ method, path, status: response.status }).toEqual({ method, path, status: 403 });
          expectApiError(response.body, 'FORBIDDEN');
        }
        const anonymous = await kit.http[method as 'get'](path);
        expect({ method, path, status: anonymous.status }).toEqual({ method, path, status: 401 });
      }
      expect(await kit.db.query(`SELECT active FROM billers WHERE id = $1`, [biller.id])).toEqual([{ active: true }]);
      expect(await auditOf(biller.id)).toHaveLength(1);
    });
  });

  describe('popularity', () => {
    it('recomputes popularity from the last 30 days of successful payments, dropping older days', async () => {
      const popular = await createBiller(kit, { categoryId, slug: `${kit.prefix}-popular` });
      const quiet = await createBiller(kit, { categoryId, slug: `${kit.prefix}-quiet` });
      const popularity = kit.app.get(BillerPopularityService);
      const now = new Date();
      const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000);
      await kit.db.transaction(async (manager) => {
        await popularity.countSuccessfulPayment(manager, popular.id, now);
        await popularity.countSuccessfulPayment(manager, popular.id, now);
        await popularity.countSuccessfulPayment(manager, popular.id, daysAgo(29), 5);
        await popularity.countSuccessfulPayment(manager, popular.id, daysAgo(31), 100);
        await popularity.countSuccessfulPayment(manager, quiet.id, daysAgo(40), 7);
      });
      await refreshBillerPopularity(kit, now);
      const rows = await kit.db.query(
        `SELECT id, popularity FROM billers WHERE id = ANY($1) ORDER BY popularity DESC`,
        [[popular.id, quiet.id]],
      );
      expect(rows).toEqual([
        { id: popular.id, popularity: 7 },
        { id: quiet.id, popularity: 0 },
      ]);
      const [{ days }] = await kit.db.query(
        `SELECT count(DISTINCT day)::int AS days FROM biller_popularity WHERE biller_id = ANY($1)`,
        [[popular.id, quiet.id]],
      );
      expect(days).toBe(2);
    });

    it("spreads a day's count over shard rows, and refresh adds them up", async () => {
      const busy = await createBiller(kit, { categoryId, slug: `${kit.prefix}-busy` });
      const popularity = kit.app.get(BillerPopularityService);
      const now = new Date();
      // Concurrent confirmations of one biller: each bump commits on its own.
      await Promise.all(
        Array.from({ length: 40 }, () =>
          kit.db.transaction((manager) => popularity.countSuccessfulPayment(manager, busy.id, now)),
        ),
      );
      const shards = await kit.db.query(
        `SELECT shard, successful_payments AS count FROM biller_popularity WHERE biller_id = $1`,
        [busy.id],
      );
      // 40 bumps over 16 shards: all in one would happen once in 10^46 runs.
      expect(shards.length).toBeGreaterThan(1);
      expect(shards.every(({ shard }: { shard: number }) => shard >= 0 && shard < 16)).toBe(true);
      expect(shards.reduce((sum: number, { count }: { count: number }) => sum + count, 0)).toBe(40);
      await refreshBillerPopularity(kit, now);
      const [{ popularity: counted }] = await kit.db.query(`SELECT popularity FROM billers WHERE id = $1`, [busy.id]);
      expect(counted).toBe(40);
    });
  });
});
