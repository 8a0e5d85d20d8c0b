import * as amlFlags from '../../src/modules/compliance/sql/aml-flags.queries';
import { sqlStatements } from '../../src/platform/database/sql-query';
import { AmlFlagBody, getAmlQueue, insertAmlFlag, wholeAmlQueue } from '../factories/aml-flag.factory';
import { insertPayment } from '../factories/payment.factory';
import { expectApiError } from '../support/assertions';
import { ComplianceApp, createComplianceApp } from './support/compliance-kit';

interface Planted {
  id: string;
  txnId: string;
  rule: string;
  severity: string;
  status: string;
  createdAt: Date;
}

const RANK: Record<string, number> = { HIGH: 0, MEDIUM: 1, LOW: 2 };

/** `rel` -> URL of a `Link` header. */
function linksOf(header: string | undefined): Record<string, string> {
  const links: Record<string, string> = {};
  for (const part of (header ?? '').split(', ')) {
    const match = /^<([^>]+)>; rel="(\w+)"$/.exec(part);
    if (match) links[match[2]] = match[1];
  }
  return links;
}

/**
 * The review queue's order and pages: many open flags, the only HIGH one created last, on a
 * database of its own so the queue holds exactly what this spec planted.
 */
describe('AML queue: HIGH first, paged, filtered (GET /compliance/aml-queue)', () => {
  let kit: ComplianceApp;
  const planted: Planted[] = [];
  let newestHigh: Planted;
  const base = Date.parse('2026-01-05T08:00:00.000Z');

  /** The queue as it must read: open flags (OPEN, ESCALATED), HIGH then MEDIUM then LOW, oldest first. */
  const expectedQueue = (keep: (flag: Planted) => boolean = () => true) =>
    planted
      .filter((flag) => (flag.status === 'OPEN' || flag.status === 'ESCALATED') && keep(flag))
      .sort(
        (a, b) =>
          RANK[a.severity] - RANK[b.severity] ||
          a.createdAt.getTime() - b.createdAt.getTime() ||
          a.id.localeCompare(b.id),
      );

  beforeAll(async () => {
    kit = await createComplianceApp();
    const customer = await kit.newCustomer();
    const biller = { id: kit.biller.id, name: String(kit.biller.name), slug: kit.biller.slug };
    const plant = async (fields: Omit<Planted, 'id' | 'txnId'>) => {
      const txnId = await insertPayment(kit, { customerId: customer.userId, biller, status: 'PENDING' });
      const id = await insertAmlFlag(kit, txnId, fields);
      planted.push({ id, txnId, ...fields });
    };
    // 44 open flags of the lower severities, a minute apart, two of them escalated; two closed ones.
    for (let index = 0; index < 44; index += 1) {
      const low = index % 3 === 0;
      await plant({
        rule: low ? 'DISTINCT_PAYERS' : index % 2 === 0 ? 'VELOCITY' : 'NEW_ACCOUNT',
        severity: low ? 'LOW' : 'MEDIUM',
        status: index === 5 || index === 30 ? 'ESCALATED' : 'OPEN',
        createdAt: new Date(base + index * 60_000),
      });
    }
    await plant({ rule: 'SINGLE_AMOUNT', severity: 'HIGH', status: 'CLEARED', createdAt: new Date(base - 60_000) });
    await plant({ rule: 'STRUCTURING', severity: 'HIGH', status: 'REPORTED', createdAt: new Date(base - 30_000) });
    // The newest flag of all is the only open HIGH one: a held payment, reviewed first.
    await plant({ rule: 'SINGLE_AMOUNT', severity: 'HIGH', status: 'OPEN', createdAt: new Date(base + 3_600_000) });
    newestHigh = planted[planted.length - 1];
  }, 120_000);

  afterAll(() => kit?.close());

  it('puts the HIGH flag created last first, then the rest by severity, oldest first', async () => {
    const response = await getAmlQueue(kit, kit.compliance).expect(200);
    const first = (response.body as AmlFlagBody[])[0];
    expect(first).toMatchObject({ id: newestHigh.id, txnId: newestHigh.txnId, severity: 'HIGH', status: 'OPEN' });
    const whole = await wholeAmlQueue(kit, kit.compliance);
    expect(whole.map((flag) => flag.id)).toEqual(expectedQueue().map((flag) => flag.id));
    expect(whole.map((flag) => flag.severity)).toEqual([
      'HIGH',
      ...Array<string>(29).fill('MEDIUM'),
      ...Array<string>(15).fill('LOW'),
    ]);
  });

  it('pages with X-Total-Count and Link (first, prev, next, last) over the whole queue', async () => {
    const expected = expectedQueue().map((flag) => flag.id);
    expect(expected).toHaveLength(45);
    const base = `${kit.config.PUBLIC_BASE_URL.replace(/\/+$/, '')}/api/v1/compliance/aml-queue`;
    const seen: string[] = [];
    for (let page = 0; page < 3; page += 1) {
      const response = await getAmlQueue(kit, kit.admin, page === 0 ? {} : { page }).expect(200);
      expect(Array.isArray(response.body)).toBe(true);
      expect(response.headers['x-total-count']).toBe('45');
      const links = linksOf(response.headers.link);
      expect(links.first).toBe(`${base}?size=20&page=0`);
      expect(links.last).toBe(`${base}?size=20&page=2`);
      expect(links.prev).toBe(page > 0 ? `${base}?size=20&page=${page - 1}` : undefined);
      expect(links.next).toBe(page < 2 ? `${base}?size=20&page=${page + 1}` : undefined);
      seen.push(...(response.body as AmlFlagBody[]).map((flag) => flag.id));
    }
    expect(seen).toEqual(expected);

    const small = await getAmlQueue(kit, kit.admin, { page: 4, size: 10 }).expect(200);
    expect(small.body.map((flag: AmlFlagBody) => flag.id)).toEqual(expected.slice(40, 45));
    expect(linksOf(small.headers.link)).toEqual({
      first: `${base}?size=10&page=0`,
      prev: `${base}?size=10&page=3`,
      last: `${base}?size=10&page=4`,
    });
    const past = await getAmlQueue(kit, kit.admin, { page: 9, size: 10 }).expect(200);
    expect(past.body).toEqual([]);
    expect(past.headers['x-total-count']).toBe('45');
    expect(linksOf(past.headers.link).prev).toBe(`${base}?size=10&page=4`);
  });

  it('filters by severity and by rule, counting only what matches, and keeps the filters in the links', async () => {
    const medium = await getAmlQueue(kit, kit.compliance, { severity: 'MEDIUM' }).expect(200);
    const expectedMedium = expectedQueue((flag) => flag.severity === 'MEDIUM').map((flag) => flag.id);
    expect(medium.headers['x-total-count']).toBe(String(expectedMedium.length));
    expect(medium.body.map((flag: AmlFlagBody) => flag.id)).toEqual(expectedMedium.slice(0, 20));
    expect(linksOf(medium.headers.link).next).toMatch(/\?severity=MEDIUM&size=20&page=1$/);
    expect(await wholeAmlQueue(kit, kit.compliance, { severity: 'MEDIUM' })).toHaveLength(expectedMedium.length);

    const high = await getAmlQueue(kit, kit.compliance, { severity: 'HIGH' }).expect(200);
    expect(high.body.map((flag: AmlFlagBody) => flag.id)).toEqual([newestHigh.id]);
    expect(high.headers['x-total-count']).toBe('1');

    const payers = await wholeAmlQueue(kit, kit.compliance, { rule: 'DISTINCT_PAYERS' });
    expect(payers.map((flag) => flag.id)).toEqual(
      expectedQueue((flag) => flag.rule === 'DISTINCT_PAYERS').map((flag) => flag.id),
    );
    expect(payers).toHaveLength(15);

    const both = await getAmlQueue(kit, kit.compliance, { severity: 'MEDIUM', rule: 'NEW_ACCOUNT' }).expect(200);
    const expectedBoth = expectedQueue((flag) => flag.severity === 'MEDIUM' && flag.rule === 'NEW_ACCOUNT');
    expect(both.body.map((flag: AmlFlagBody) => flag.id)).toEqual(expectedBoth.map((flag) => flag.id));
    expect(both.headers['x-total-count']).toBe(String(expectedBoth.length));

    const none = await getAmlQueue(kit, kit.compliance, { severity: 'LOW', rule: 'SINGLE_AMOUNT' }).expect(200);
    expect(none.body).toEqual([]);
    expect(none.headers['x-total-count']).toBe('0');
  });

  it('reads a page in order from aml_flags_queue_idx, with no sort', async () => {
    // Sorting and sequential scans priced out: a plan without a Sort node is one whose order the
    // index gives, which is what keeps a page cheap however long the queue grows.
    for (const filter of [
      [null, null],
      ['MEDIUM', null],
      [null, 'VELOCITY'],
    ]) {
      const plan = await kit.db.transaction(async (manager) => {
        await manager.query('SET LOCAL enable_seqscan = off');
        await manager.query('SET LOCAL enable_sort = off');
        const [row] = await manager.query(
          `EXPLAIN (FORMAT JSON) ${sqlStatements('compliance', amlFlags).queuePage.text}`,
          [...filter, 20, 20],
        );
        return JSON.stringify(row['QUERY PLAN']);
      });
      expect(plan).toContain('"Index Name":"aml_flags_queue_idx"');
      expect(plan).not.toMatch(/"Node Type":"(Incremental )?Sort"/);
    }
  });

  it('answers 400 VALIDATION_FAILED naming the parameter for a bad filter or page', async () => {
    const bad: [Record<string, string | number | string[]>, string][] = [
      [{ severity: 'CRITICAL' }, 'severity'],
      [{ severity: 'high' }, 'severity'],
      [{ severity: '' }, 'severity'],
      [{ severity: ['HIGH', 'LOW'] }, 'severity'],
      [{ rule: 'SMURFING' }, 'rule'],
      [{ rule: ['VELOCITY', 'NEW_ACCOUNT'] }, 'rule'],
      [{ page: -1 }, 'page'],
      [{ size: 0 }, 'size'],
      [{ size: 101 }, 'size'],
      [{ status: 'OPEN' }, 'status'],
    ];
    for (const [query, field] of bad) {
      const response = await getAmlQueue(kit, kit.compliance, query);
      expect({ query, status: response.status }).toEqual({ query, status: 400 });
      expectApiError(response.body, 'VALIDATION_FAILED');
      expect(response.body.details).toEqual(
        expect.arrayContaining([expect.objectContaining({ field: expect.stringContaining(field) })]),
      );
    }
  });
});
