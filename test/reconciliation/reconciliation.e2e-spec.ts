import { BillerCheckService } from '../../src/modules/reconciliation';
import { RECONCILIATION_CSV_HEADERS } from '../../src/modules/reconciliation/reconciliation-csv';
import { addDays, localDate, startOfDay } from '../../src/platform/clock/calendar-dates';
import type { SimulatedPayment } from '../../src/simulators/biller-simulator';
import { expectApiError } from '../support/assertions';
import { createIsolatedDatabase, IsolatedDatabase } from '../support/isolated-database';
import { createTestHarness, SimulatedBillers, TestHarness } from '../support/test-harness';
import { BillerBody, createBiller } from '../factories/biller.factory';
import { createCustomer, SignedInUser } from '../factories/customer.factory';
import { createPayment } from '../factories/payment.factory';
import {
  plantPayment,
  plantPostingAttempt,
  plantRailOperation,
  plantUnbalancedEntry,
} from '../factories/reconciliation.factory';
import { createStaffUser } from '../factories/staff-user.factory';
import { parse } from 'csv-parse/sync';
import { responseText } from '../support/response-text';

interface BreakBody {
  type: string;
  source: string;
  paymentId: string | null;
  paymentStatus: string | null;
  postingAttemptId: string | null;
  journalEntryIds: string[];
  railReference: string | null;
  billerReference: string | null;
  accountReference: string | null;
  expectedAmount: number | null;
  actualAmount: number | null;
  currency: string | null;
  occurredAt: string;
  detail: string;
}

const FROM = new Date('2025-03-10T00:00:00.000Z');
const TO = new Date('2025-03-11T00:00:00.000Z');
const WINDOW = { from: FROM.toISOString(), to: TO.toISOString() };
const HOSTILE_REFERENCE = "=cmd|' /C calc'!A0";
const at = (hours: number) => new Date(FROM.getTime() + hours * 3_600_000);

/**
 * The reconciliation over a database of its own, so a run sees only what this spec planted: one
 * payment per break type (rows written directly where the API cannot make them, API payments
 * tampered with where it can), in a window in the past, plus payments that must not be reported.
 */

/**
 * The export parsed by csv-parse held to RFC 4180: CRLF records (and a final CRLF), strict
 * quoting, every record as long as the header; anything a lenient reader would forgive throws.
 */
function parseRfc4180(text: string): string[][] {
  if (text.length > 0 && !text.endsWith('\r\n')) throw new Error('the export does not end with CRLF');
  return parse(text, {
    record_delimiter: '\r\n',
    relax_quotes: false,
    relax_column_count: false,
    skip_empty_lines: false,
    bom: false,
  }) as string[][];
}

describe('reconciliation (GET /admin/reconciliation, GET /admin/reconciliation/export)', () => {
  let database: IsolatedDatabase;
  let harness: TestHarness & SimulatedBillers;
  let admin: SignedInUser;
  let customer: SignedInUser;
  let biller: BillerBody;
  const ids: Record<string, string> = {};
  let apiFee = 0;
  let unconfirmedAttemptId = '';
  let orphanRailReference = '';
  let heldCharged = 0;

  const report = (query: Record<string, string | number> = {}, who: { headers: Record<string, string> } = admin) =>
    harness.http.get('/api/v1/admin/reconciliation').set(who.headers).query(query);

  /** A SUCCEEDED payment through the API (captured, posted, confirmed), moved into the window. */
  async function apiPayment(hours: number): Promise<string> {
    const payment = await createPayment(harness, customer, { biller: biller.slug }, { posted: true });
    await harness.db.query(`UPDATE payments SET created_at = $2 WHERE id = $1`, [payment.id, at(hours)]);
    return payment.id;
  }

  beforeAll(async () => {
    database = await createIsolatedDatabase();
    harness = await createTestHarness({
      config: {
        DATABASE_URL: database.url,
        POSTING_BACKOFF_BASE_MS: '0',
        PAYMENT_DUPLICATE_WINDOW_SECONDS: '0',
        // A payment above 3,000.00 NGN is held for AML review (the others here pay 1,000.00).
        AML_SINGLE_AMOUNT_THRESHOLD: '300000',
      },
      simulator: {},
    });
    admin = await createStaffUser(harness, 'ADMIN');
    customer = await createCustomer(harness);
    biller = await createBiller(
      { ...harness, admin },
      { slug: `${harness.prefix}-reconciled`, acceptedRails: ['CARD'], feeFlat: 100, feePercentBps: 0 },
    );
    const planted = { customerId: customer.userId, biller };

    ids.clean = await apiPayment(1);
    [{ fee: apiFee }] = (await harness.db.query(`SELECT fee::int AS fee FROM payments WHERE id = $1`, [ids.clean])) as {
      fee: number;
    }[];
    ids.billerAmount = await apiPayment(2);
    (harness.simulator.payments().get(ids.billerAmount) as SimulatedPayment).amount = 99_999;
    ids.billerMissing = await apiPayment(3);
    (harness.simulator.payments() as Map<string, SimulatedPayment>).delete(ids.billerMissing);
    ids.railMismatch = await apiPayment(4);
    await harness.db.query(
      `UPDATE sandbox_rail_operations SET amount = amount - 500 WHERE kind = 'CAPTURE' AND reference = $1`,
      [ids.railMismatch],
    );
    ids.ledgerMismatch = await apiPayment(5);
    await harness.db.query(`UPDATE payments SET fee = fee + 7 WHERE id = $1`, [ids.ledgerMismatch]);
    ids.imbalance = await apiPayment(6);
    ids.imbalanceEntry = await plantUnbalancedEntry(harness, ids.imbalance, { amount: 321, currency: 'NGN' });

    ids.missingPosting = await plantPayment(harness, { ...planted, status: 'PROCESSING', createdAt: at(7) });
    ids.unconfirmed = await plantPayment(harness, { ...planted, status: 'PROCESSING', createdAt: at(8) });
    unconfirmedAttemptId = await plantPostingAttempt(harness, ids.unconfirmed, {
      status: 'PENDING',
      lastOutcome: 'AWAITING_CONFIRMATION',
      createdAt: at(8),
    });
    ids.stuck = await plantPayment(harness, { ...planted, status: 'PROCESSING', createdAt: at(9), updatedAt: at(9) });
    await plantPostingAttempt(harness, ids.stuck, { status: 'RETRYING', lastOutcome: 'TIMEOUT' });
    ids.orphanFailed = await plantPayment(harness, { ...planted, status: 'FAILED', createdAt: at(10) });
    await plantRailOperation(harness, {
      kind: 'CAPTURE',
      reference: ids.orphanFailed,
      amount: 101_000,
      currency: 'NGN',
    });
    ids.failedRefunded = await plantPayment(harness, { ...planted, status: 'FAILED', createdAt: at(10.5) });
    await plantRailOperation(harness, {
      kind: 'CAPTURE',
      reference: ids.failedRefunded,
      amount: 101_000,
      currency: 'NGN',
    });
    await plantRailOperation(harness, { kind: 'REFUND', reference: `refund:${ids.failedRefunded}` });
    orphanRailReference = await plantRailOperation(harness, {
      kind: 'CAPTURE',
      reference: `external-${harness.prefix}`,
      amount: 55_500,
      currency: 'NGN',
      createdAt: at(11),
    });
    ids.noCaptureEntry = await plantPayment(harness, {
      ...planted,
      status: 'SUCCEEDED',
      createdAt: at(12),
      accountReference: HOSTILE_REFERENCE,
    });
    // Held for AML review through the API: captured, its capture entry and the rail agree, never
    // posted while compliance holds it.
    const held = await createPayment(harness, customer, { biller: biller.slug, amount: 300_001 }, { posted: true });
    ids.held = held.id;
    heldCharged = 300_001 + Number(held.fee);
    await harness.db.query(`UPDATE payments SET created_at = $2 WHERE id = $1`, [ids.held, at(13)]);
    expect(
      await harness.db.query(
        `SELECT status, held_for_review, (SELECT count(*)::int FROM posting_attempts WHERE payment_id = $1) AS attempts
           FROM payments WHERE id = $1`,
        [ids.held],
      ),
    ).toEqual([{ status: 'PENDING', held_for_review: true, attempts: 0 }]);
    // Outside the window: neither counted nor reported.
    ids.before = await plantPayment(harness, {
      ...planted,
      status: 'PROCESSING',
      createdAt: new Date(FROM.getTime() - 1),
      updatedAt: new Date(FROM.getTime() - 1),
    });
    ids.after = await plantPayment(harness, { ...planted, status: 'PROCESSING', createdAt: TO });
  }, 120_000);

  afterAll(async () => {
    await harness?.close();
    await database?.drop();
  });

  /** Every break of the window, all pages. */
  async function allBreaks(query: Record<string, string> = {}): Promise<BreakBody[]> {
    const response = await report({ ...WINDOW, ...query, size: 100 }).expect(200);
    return response.body.breaks.items as BreakBody[];
  }

  const key = (item: BreakBody) => `${item.type}/${item.source}/${item.paymentId ?? item.railReference}`;

  const ledgerPlanted = () => [
    `MISSING_POSTING/POSTING/${ids.missingPosting}`,
    `POSTED_NOT_CONFIRMED/POSTING/${ids.unconfirmed}`,
    `AMOUNT_MISMATCH/RAIL/${ids.railMismatch}`,
    `AMOUNT_MISMATCH/LEDGER/${ids.ledgerMismatch}`,
    `AMOUNT_MISMATCH/RAIL/${ids.ledgerMismatch}`,
    `LEDGER_IMBALANCE/LEDGER/${ids.imbalance}`,
    `STUCK_PROCESSING/PAYMENT/${ids.stuck}`,
    `ORPHAN_CAPTURE/RAIL/${ids.orphanFailed}`,
    `ORPHAN_CAPTURE/RAIL/${orphanRailReference}`,
    `LEDGER_IMBALANCE/LEDGER/${ids.noCaptureEntry}`,
    `HELD_FOR_REVIEW/COMPLIANCE/${ids.held}`,
  ];

  it('finds exactly the planted breaks, each with its objects and amounts', async () => {
    const breaks = await allBreaks();
    expect(breaks.map(key).sort()).toEqual(ledgerPlanted().sort());
    const find = (type: string, paymentId: string | null, source?: string) =>
      breaks.find(
        (item) =>
          item.type === type &&
          (paymentId === null ? item.paymentId === null : item.paymentId === paymentId) &&
          (source === undefined || item.source === source),
      ) as BreakBody;
    const charged = 100_000 + apiFee;

    expect(find('MISSING_POSTING', ids.missingPosting)).toMatchObject({
      paymentStatus: 'PROCESSING',
      postingAttemptId: null,
      expectedAmount: 101_000,
      actualAmount: null,
      currency: 'NGN',
      occurredAt: at(7).toISOString(),
    });
    expect(find('POSTED_NOT_CONFIRMED', ids.unconfirmed)).toMatchObject({
      postingAttemptId: unconfirmedAttemptId,
      expectedAmount: 101_000,
      actualAmount: null,
    });
    expect(find('AMOUNT_MISMATCH', ids.railMismatch, 'RAIL')).toMatchObject({
      paymentStatus: 'SUCCEEDED',
      expectedAmount: charged,
      actualAmount: charged - 500,
      railReference: expect.any(String),
    });
    expect(find('AMOUNT_MISMATCH', ids.ledgerMismatch, 'LEDGER')).toMatchObject({
      expectedAmount: charged + 7,
      actualAmount: charged,
    });
    expect(find('AMOUNT_MISMATCH', ids.ledgerMismatch, 'LEDGER').journalEntryIds).toHaveLength(1);
    expect(find('AMOUNT_MISMATCH', ids.ledgerMismatch, 'RAIL')).toMatchObject({
      expectedAmount: charged + 7,
      actualAmount: charged,
    });
    const imbalance = find('LEDGER_IMBALANCE', ids.imbalance);
    expect(imbalance).toMatchObject({ expectedAmount: 0, actualAmount: 321 });
    expect(imbalance.journalEntryIds).toHaveLength(2);
    expect(imbalance.journalEntryIds).toContain(ids.imbalanceEntry);
    expect(find('STUCK_PROCESSING', ids.stuck)).toMatchObject({
      expectedAmount: 101_000,
      actualAmount: null,
      detail: `PROCESSING since ${at(9).toISOString().replace('.000Z', 'Z')}`,
    });
    expect(find('ORPHAN_CAPTURE', ids.orphanFailed)).toMatchObject({
      paymentStatus: 'FAILED',
      expectedAmount: 0,
      actualAmount: 101_000,
    });
    expect(find('ORPHAN_CAPTURE', null)).toMatchObject({
      railReference: orphanRailReference,
      paymentStatus: null,
      expectedAmount: null,
      actualAmount: 55_500,
      currency: 'NGN',
      occurredAt: at(11).toISOString(),
    });
    expect(find('LEDGER_IMBALANCE', ids.noCaptureEntry)).toMatchObject({
      paymentStatus: 'SUCCEEDED',
      accountReference: HOSTILE_REFERENCE,
      expectedAmount: 101_000,
      actualAmount: null,
      journalEntryIds: [],
    });
    // Held for review is its own row, not a missing posting: captured, unposted on purpose.
    expect(breaks.filter((item) => item.paymentId === ids.held)).toEqual([
      {
        type: 'HELD_FOR_REVIEW',
        source: 'COMPLIANCE',
        paymentId: ids.held,
        paymentStatus: 'PENDING',
        postingAttemptId: null,
        journalEntryIds: [expect.any(String)],
        railReference: expect.any(String),
        billerReference: null,
        accountReference: '45010001234',
        expectedAmount: heldCharged,
        actualAmount: null,
        currency: 'NGN',
        occurredAt: at(13).toISOString(),
        detail: 'Funds captured and held for AML review: not posted until a compliance reviewer clears it',
      },
    ]);
    // Payments that reconcile, a refunded failure and the payments outside the window are not reported.
    for (const quiet of [ids.clean, ids.billerAmount, ids.billerMissing, ids.failedRefunded, ids.before, ids.after]) {
      expect(breaks.filter((item) => item.paymentId === quiet)).toEqual([]);
    }
  });

  it('totals the window per status and currency, exactly', async () => {
    const body = (await report(WINDOW).expect(200)).body;
    expect(body.window).toEqual({ from: FROM.toISOString(), to: TO.toISOString() });
    expect(new Date(body.asOf).getTime()).toBeGreaterThan(TO.getTime());
    expect(body.totals).toEqual([
      { status: 'FAILED', currency: 'NGN', count: 2, amount: 200_000, fee: 2000 },
      { status: 'PENDING', currency: 'NGN', count: 1, amount: 300_001, fee: heldCharged - 300_001 },
      { status: 'PROCESSING', currency: 'NGN', count: 3, amount: 300_000, fee: 3000 },
      { status: 'SUCCEEDED', currency: 'NGN', count: 7, amount: 700_000, fee: 6 * apiFee + 7 + 1000 },
    ]);
  });

  it('filters by type', async () => {
    const breaks = await allBreaks({ type: 'AMOUNT_MISMATCH' });
    expect(breaks.map(key).sort()).toEqual(
      [
        `AMOUNT_MISMATCH/RAIL/${ids.railMismatch}`,
        `AMOUNT_MISMATCH/LEDGER/${ids.ledgerMismatch}`,
        `AMOUNT_MISMATCH/RAIL/${ids.ledgerMismatch}`,
      ].sort(),
    );
  });

  it('reports a held payment under HELD_FOR_REVIEW and a genuinely missing posting under MISSING_POSTING', async () => {
    expect((await allBreaks({ type: 'MISSING_POSTING' })).map(key)).toEqual([
      `MISSING_POSTING/POSTING/${ids.missingPosting}`,
    ]);
    expect((await allBreaks({ type: 'HELD_FOR_REVIEW' })).map(key)).toEqual([`HELD_FOR_REVIEW/COMPLIANCE/${ids.held}`]);
  });

  it('pages the breaks in a stable order: the pages together are the whole list', async () => {
    const whole = await allBreaks();
    const seen: BreakBody[] = [];
    for (let page = 0; page < 3; page += 1) {
      const body = (await report({ ...WINDOW, page, size: 4 }).expect(200)).body.breaks;
      expect(body).toMatchObject({ page, size: 4, totalItems: whole.length, totalPages: Math.ceil(whole.length / 4) });
      seen.push(...body.items);
    }
    expect(seen.map(key)).toEqual(whole.map(key));
    const past = (await report({ ...WINDOW, page: 5, size: 4 }).expect(200)).body.breaks;
    expect(past).toEqual({ items: [], page: 5, size: 4, totalItems: whole.length, totalPages: 3 });
  });

  it('defaults to the current business day', async () => {
    const today = localDate(new Date(), harness.config.SCHEDULE_TIME_ZONE);
    const todays = await plantPayment(harness, {
      customerId: customer.userId,
      biller,
      status: 'PENDING',
      createdAt: new Date(),
    });
    const body = (await report().expect(200)).body;
    expect(body.window).toEqual({
      from: startOfDay(today, harness.config.SCHEDULE_TIME_ZONE).toISOString(),
      to: startOfDay(addDays(today, 1), harness.config.SCHEDULE_TIME_ZONE).toISOString(),
    });
    expect(body.totals).toEqual([{ status: 'PENDING', currency: 'NGN', count: 1, amount: 100_000, fee: 1000 }]);
    expect((body.breaks.items as BreakBody[]).map(key)).toEqual([`MISSING_POSTING/POSTING/${todays}`]);
    await harness.db.query(`DELETE FROM payments WHERE id = $1`, [todays]);
  });

  it('answers 400 for a bad window or filter', async () => {
    const bad: Record<string, string | number>[] = [
      { from: WINDOW.from },
      { to: WINDOW.to },
      { from: WINDOW.to, to: WINDOW.from },
      { from: WINDOW.from, to: WINDOW.from },
      { from: 'yesterday', to: WINDOW.to },
      { from: '2025-01-01T00:00:00Z', to: '2025-03-01T00:00:00Z' },
      { ...WINDOW, type: 'NOT_A_BREAK' },
      { ...WINDOW, size: 0 },
      { ...WINDOW, size: 101 },
      { ...WINDOW, page: -1 },
    ];
    for (const query of bad) {
      const response = await report(query);
      expect({ query, status: response.status }).toEqual({ query, status: 400 });
      expectApiError(response.body, 'VALIDATION_FAILED');
      const exported = await harness.http.get('/api/v1/admin/reconciliation/export').set(admin.headers).query(query);
      if (!('size' in query) && !('page' in query)) {
        expect({ query, status: exported.status }).toEqual({ query, status: 400 });
      }
    }
  });

  it('is for ADMIN users only', async () => {
    for (const path of ['/api/v1/admin/reconciliation', '/api/v1/admin/reconciliation/export']) {
      for (const role of ['SUPPORT', 'COMPLIANCE'] as const) {
        const staff = await createStaffUser(harness, role);
        expectApiError((await harness.http.get(path).set(staff.headers).query(WINDOW).expect(403)).body, 'FORBIDDEN');
      }
      expectApiError((await harness.http.get(path).set(customer.headers).query(WINDOW).expect(403)).body, 'FORBIDDEN');
      expectApiError((await harness.http.get(path).query(WINDOW).expect(401)).body, 'UNAUTHENTICATED');
      await harness.http.get(path).set(admin.headers).query(WINDOW).expect(200);
    }
  });

  it('exports the same breaks as RFC 4180 CSV, with formula cells defused', async () => {
    const response = await harness.http
      .get('/api/v1/admin/reconciliation/export')
      .set(admin.headers)
      .query(WINDOW)
      .buffer(true)
      .parse(responseText)
      .expect(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="reconciliation-20250310T000000Z-20250311T000000Z.csv"',
    );
    const [header, ...rows] = parseRfc4180(response.body as string);
    expect(header).toEqual([...RECONCILIATION_CSV_HEADERS]);
    const column = (name: (typeof RECONCILIATION_CSV_HEADERS)[number]) => header.indexOf(name);
    const whole = await allBreaks();
    expect(rows).toHaveLength(whole.length);
    rows.forEach((row, index) => {
      const item = whole[index];
      expect(row[column('type')]).toBe(item.type);
      expect(row[column('source')]).toBe(item.source);
      expect(row[column('paymentId')]).toBe(item.paymentId ?? '');
      expect(row[column('expectedAmount')]).toBe(item.expectedAmount === null ? '' : String(item.expectedAmount));
      expect(row[column('actualAmount')]).toBe(item.actualAmount === null ? '' : String(item.actualAmount));
      expect(row[column('journalEntryIds')]).toBe(item.journalEntryIds.join(' '));
      expect(row[column('occurredAt')]).toBe(item.occurredAt);
      expect(row[column('detail')]).toBe(item.detail);
    });
    const hostile = rows.find((row) => row[column('paymentId')] === ids.noCaptureEntry) as string[];
    expect(hostile[column('accountReference')]).toBe(`'${HOSTILE_REFERENCE}`);
    for (const row of rows) {
      for (const cell of row) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
    }
    const held = rows.filter((row) => row[column('paymentId')] === ids.held);
    expect(held.map((row) => [row[column('type')], row[column('source')], row[column('expectedAmount')]])).toEqual([
      ['HELD_FOR_REVIEW', 'COMPLIANCE', String(heldCharged)],
    ]);
    // A detail with a comma in it survives quoting.
    expect(rows.some((row) => row[column('detail')].includes(','))).toBe(true);
  });

  it('exports only the type asked for', async () => {
    const response = await harness.http
      .get('/api/v1/admin/reconciliation/export')
      .set(admin.headers)
      .query({ ...WINDOW, type: 'ORPHAN_CAPTURE' })
      .buffer(true)
      .parse(responseText)
      .expect(200);
    const [, ...rows] = parseRfc4180(response.body as string);
    expect(rows.map((row) => row[0])).toEqual(['ORPHAN_CAPTURE', 'ORPHAN_CAPTURE']);
  });

  it('asks the billers about each SUCCEEDED payment and reports their disagreements', async () => {
    const summary = await harness.app.get(BillerCheckService).check({ from: FROM, to: TO });
    expect(summary).toEqual({ checked: 7, agrees: 4, missing: 2, amountDiffers: 1, unreachable: 0, skipped: 0 });
    const breaks = await allBreaks({ type: 'BILLER_DISAGREES' });
    expect(breaks.map(key).sort()).toEqual(
      [
        `BILLER_DISAGREES/BILLER/${ids.billerAmount}`,
        `BILLER_DISAGREES/BILLER/${ids.billerMissing}`,
        `BILLER_DISAGREES/BILLER/${ids.noCaptureEntry}`,
      ].sort(),
    );
    expect(breaks.find((item) => item.paymentId === ids.billerAmount)).toMatchObject({
      expectedAmount: 100_000,
      actualAmount: 99_999,
      billerReference: expect.stringMatching(/^SIM-/),
    });
    expect(breaks.find((item) => item.paymentId === ids.billerMissing)).toMatchObject({
      expectedAmount: 100_000,
      actualAmount: null,
      detail: 'The biller has no record of this payment',
    });
    // Running it again answers the same, and reports each disagreement once.
    await harness.app.get(BillerCheckService).check({ from: FROM, to: TO });
    expect(await allBreaks({ type: 'BILLER_DISAGREES' })).toHaveLength(3);
  });
});
