import { DataSource } from 'typeorm';
import { withBillerUnreachable } from '../factories/biller.factory';
import { createIsolatedDatabase, IsolatedDatabase } from '../support/isolated-database';
import { parseLinkHeader } from '../support/link-header';
import { createPaymentsApp, PaymentsApp } from './support/payments-kit';

interface ListedAttempt {
  id: string;
  paymentId: string;
  cycle: number;
  status: string;
  retryable: boolean;
}

/**
 * GET /admin/posting-attempts answers a JSON array (the spec's "array of"), paged in headers,
 * and says of each attempt whether the retry route accepts it. A database of its own: the list
 * sees every attempt, so another spec's payments would move its totals.
 */
describe('admin posting attempts list', () => {
  let database: IsolatedDatabase;
  let kit: PaymentsApp;
  /** Absolute URL of the list under PUBLIC_BASE_URL, as the Link header writes it. */
  let listUrl: string;

  beforeAll(async () => {
    database = await createIsolatedDatabase();
    // One try per cycle: an unreachable biller fails a cycle at once.
    kit = await createPaymentsApp({ config: { DATABASE_URL: database.url, POSTING_MAX_TRIES: '1' } });
    listUrl = `${kit.config.PUBLIC_BASE_URL.replace(/\/+$/, '')}/api/v1/admin/posting-attempts`;
  }, 60_000);

  afterAll(async () => {
    await kit?.close();
    await database?.drop();
  });

  const list = (query: Record<string, string | number> = {}) =>
    kit.http.get('/api/v1/admin/posting-attempts').set(kit.admin.headers).query(query).expect(200);
  const byId = (body: ListedAttempt[], id: string) => body.find((item) => item.id === id);

  /** A captured payment's id; fails the spec unless the payment was accepted. */
  async function payFor(body: Record<string, unknown>): Promise<string> {
    const paid = await kit.pay(await kit.newCustomer(), body);
    expect(paid.status).toBe(200);
    return paid.body.id as string;
  }

  async function attemptsOf(paymentId: string): Promise<{ id: string; cycle: number; status: string }[]> {
    return kit.db.query(`SELECT id, cycle, status FROM posting_attempts WHERE payment_id = $1 ORDER BY cycle`, [
      paymentId,
    ]);
  }

  async function paymentStatus(paymentId: string): Promise<string> {
    const [row] = await kit.db.query<{ status: string }[]>(`SELECT status FROM payments WHERE id = $1`, [paymentId]);
    return row.status;
  }

  describe('retryable', () => {
    let stuck: string;
    let firstCycle: string;

    beforeAll(async () => {
      stuck = await payFor({ amount: 30_000 });
      // The biller is unreachable: the cycle in hand FAILS (one try) and the payment stays PROCESSING.
      await withBillerUnreachable(kit, kit.biller, () => kit.posting.start(stuck));
      const [failed] = await attemptsOf(stuck);
      expect(failed).toMatchObject({ cycle: 1, status: 'FAILED' });
      expect(await paymentStatus(stuck)).toBe('PROCESSING');
      firstCycle = failed.id;
    });

    it('is true for the FAILED latest cycle of a payment still PROCESSING', async () => {
      const listed = await list({ status: 'FAILED' });
      expect(byId(listed.body, firstCycle)).toMatchObject({ paymentId: stuck, status: 'FAILED', retryable: true });
    });

    it('turns false for the old cycle once an admin retries it, and the new cycle is not retryable while open', async () => {
      const retried = await kit.http
        .post(`/api/v1/admin/posting-attempts/${firstCycle}/retry`)
        .set(kit.admin.headers)
        .expect(200);
      expect(retried.body).toMatchObject({ cycle: 2, status: 'PENDING', retryable: false });

      const listed = await list();
      expect(byId(listed.body, firstCycle)).toMatchObject({ status: 'FAILED', retryable: false });
      expect(byId(listed.body, retried.body.id)).toMatchObject({ cycle: 2, status: 'PENDING', retryable: false });

      // The new cycle fails too: now it is the one to retry, and the first still is not.
      await withBillerUnreachable(kit, kit.biller, () => kit.posting.sweep());
      const again = await list({ status: 'FAILED' });
      expect(byId(again.body, retried.body.id)).toMatchObject({ cycle: 2, status: 'FAILED', retryable: true });
      expect(byId(again.body, firstCycle)).toMatchObject({ retryable: false });
    });

    it('agrees with the retry route: it refuses the cycle the list calls not retryable, and takes the one it offers', async () => {
      const listed: ListedAttempt[] = (await list({ status: 'FAILED' })).body;
      const older = listed.find((item) => item.paymentId === stuck && !item.retryable);
      const latest = listed.find((item) => item.paymentId === stuck && item.retryable);
      expect({ older: older?.cycle, latest: latest?.cycle }).toEqual({ older: 1, latest: 2 });
      const refused = await kit.http.post(`/api/v1/admin/posting-attempts/${older!.id}/retry`).set(kit.admin.headers);
      expect(refused.status).toBe(409);
      expect(refused.body.code).toBe('NOT_RETRYABLE');
      await kit.http.post(`/api/v1/admin/posting-attempts/${latest!.id}/retry`).set(kit.admin.headers).expect(200);
    });

    it('is false for a CONFIRMED attempt', async () => {
      const paid = await payFor({ amount: 20_000 });
      await kit.posting.start(paid);
      const [confirmed] = await attemptsOf(paid);
      expect(confirmed.status).toBe('CONFIRMED');
      expect(byId((await list({ status: 'CONFIRMED' })).body, confirmed.id)).toMatchObject({ retryable: false });
    });

    it('is false for a FAILED attempt whose payment the biller refused (FAILED, not PROCESSING)', async () => {
      const paid = await payFor({ accountReference: '45010001422', amount: 25_000 });
      await kit.posting.start(paid);
      const [refused] = await attemptsOf(paid);
      expect(refused.status).toBe('FAILED');
      expect(await paymentStatus(paid)).toBe('FAILED');
      expect(byId((await list({ status: 'FAILED' })).body, refused.id)).toMatchObject({ retryable: false });
    });

    it('reads a whole page in one statement, however many rows it has', async () => {
      // Every statement, prepared or not, is logged once as it runs.
      const spy = jest.spyOn(kit.app.get(DataSource).logger, 'logQuery');
      try {
        const listed = await list({ size: 100 });
        expect(listed.body.length).toBeGreaterThanOrEqual(4);
        const statements = spy.mock.calls.filter(([sql]) => String(sql).includes('posting_attempts'));
        expect(statements).toHaveLength(1);
      } finally {
        spy.mockRestore();
      }
    });
  });

  describe('paging in headers', () => {
    let total: number;

    beforeAll(async () => {
      const [{ count }] = await kit.db.query<{ count: number }[]>(
        `SELECT count(*)::int AS count FROM posting_attempts`,
      );
      // The retryable specs above leave several attempts; make sure there are enough for three pages of two.
      for (let missing = 5 - count; missing > 0; missing -= 1) {
        const paid = await payFor({ amount: 10_000 + missing });
        await kit.posting.start(paid);
      }
      total = (await kit.db.query<{ count: number }[]>(`SELECT count(*)::int AS count FROM posting_attempts`))[0].count;
    });

    it('answers a JSON array, newest first, with X-Total-Count and links to the first and last pages', async () => {
      const all = await list();
      expect(Array.isArray(all.body)).toBe(true);
      expect(all.body).toHaveLength(total);
      expect(all.headers['x-total-count']).toBe(String(total));
      const created = await kit.db.query<{ id: string }[]>(
        `SELECT id FROM posting_attempts ORDER BY created_at DESC, id DESC`,
      );
      expect(all.body.map((item: ListedAttempt) => item.id)).toEqual(created.map((row) => row.id));
      expect(parseLinkHeader(all.headers.link)).toEqual({
        first: `${listUrl}?size=20&page=0`,
        last: `${listUrl}?size=20&page=0`,
      });
    });

    it('links next (no prev) from the first page, prev and next from a middle one, prev (no next) from the last', async () => {
      const lastPage = Math.ceil(total / 2) - 1;
      const first = await list({ size: 2 });
      expect(first.body).toHaveLength(2);
      expect(first.headers['x-total-count']).toBe(String(total));
      expect(parseLinkHeader(first.headers.link)).toEqual({
        first: `${listUrl}?size=2&page=0`,
        next: `${listUrl}?size=2&page=1`,
        last: `${listUrl}?size=2&page=${lastPage}`,
      });
      const middle = await list({ page: 1, size: 2 });
      expect(parseLinkHeader(middle.headers.link)).toEqual({
        first: `${listUrl}?size=2&page=0`,
        prev: `${listUrl}?size=2&page=0`,
        next: `${listUrl}?size=2&page=2`,
        last: `${listUrl}?size=2&page=${lastPage}`,
      });
      const last = await list({ page: lastPage, size: 2 });
      expect(last.body).toHaveLength(total - 2 * lastPage);
      expect(parseLinkHeader(last.headers.link)).toEqual({
        first: `${listUrl}?size=2&page=0`,
        prev: `${listUrl}?size=2&page=${lastPage - 1}`,
        last: `${listUrl}?size=2&page=${lastPage}`,
      });
    });

    it('keeps the status filter in every link, with the total of that filter', async () => {
      const [{ count }] = await kit.db.query<{ count: number }[]>(
        `SELECT count(*)::int AS count FROM posting_attempts WHERE status = 'CONFIRMED'`,
      );
      const confirmed = await list({ status: 'CONFIRMED', size: 1 });
      expect(confirmed.body.every((item: ListedAttempt) => item.status === 'CONFIRMED')).toBe(true);
      expect(confirmed.headers['x-total-count']).toBe(String(count));
      expect(parseLinkHeader(confirmed.headers.link)).toMatchObject({
        first: `${listUrl}?status=CONFIRMED&size=1&page=0`,
        last: `${listUrl}?status=CONFIRMED&size=1&page=${count - 1}`,
      });
    });

    it('answers [] past the last page, with the right total and prev pointing at the last page', async () => {
      const lastPage = Math.ceil(total / 2) - 1;
      const beyond = await list({ page: 50, size: 2 });
      expect(beyond.body).toEqual([]);
      expect(beyond.headers['x-total-count']).toBe(String(total));
      expect(parseLinkHeader(beyond.headers.link)).toEqual({
        first: `${listUrl}?size=2&page=0`,
        prev: `${listUrl}?size=2&page=${lastPage}`,
        last: `${listUrl}?size=2&page=${lastPage}`,
      });
      const none = await list({ status: 'RETRYING' });
      expect(none.body).toEqual([]);
      expect(none.headers['x-total-count']).toBe('0');
      expect(parseLinkHeader(none.headers.link)).toEqual({
        first: `${listUrl}?status=RETRYING&size=20&page=0`,
        last: `${listUrl}?status=RETRYING&size=20&page=0`,
      });
    });
  });
});
