import { getQueueToken } from '@nestjs/bull';
import type { Job, Queue } from 'bull';
import { parse } from 'csv-parse/sync';
import { createHash, randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { MerchantStatementFanOut } from '../../src/modules/merchants/statements/merchant-statement-fan-out';
import { MerchantStatementGenerator } from '../../src/modules/merchants/statements/merchant-statement-generator';
import {
  MERCHANT_STATEMENTS_QUEUE,
  type StatementGenerateJob,
} from '../../src/modules/merchants/statements/merchant-statement-queues';
import { parseStatementPeriod, previousStatementPeriod } from '../../src/modules/merchants/statements/statement-period';
import { MerchantStatementsProcessor } from '../../src/modules/merchants/jobs/merchant-statements.processor';
import { FileStore } from '../../src/platform/files/file-store';
import { plantMerchantCapture, plantMerchantEntry, type PlantedBalance } from '../factories/merchant-ledger.factory';
import { KeyedMerchant, merchantWithKeys } from '../factories/merchant-api-key.factory';
import { adminOf } from '../factories/staff-user.factory';
import type { Caller } from '../support/app-target';
import { expectCataloguedApiError, expectLedgerBalanced } from '../support/assertions';
import { FakeClock } from '../support/fake-clock';
import { drawnPdfText } from '../support/pdf-text';
import { responseBytes } from '../support/response-text';
import { createTestHarness, TestHarness } from '../support/test-harness';

interface StatementBody {
  id: string;
  period: string;
  periodStart: string;
  periodEnd: string;
  currency: string;
  status: string;
  openingBalance: number | null;
  grossVolume: number | null;
  fees: number | null;
  refunds: number | null;
  reserveHeld: number | null;
  reserveReleased: number | null;
  payouts: number | null;
  closingBalance: number | null;
  failureReason: string | null;
  files: { format: string; sizeBytes: number; sha256: string }[];
  generatedAt: string | null;
  livemode: boolean;
}

interface PageBody {
  items: StatementBody[];
  page: number;
  size: number;
  totalItems: number;
  totalPages: number;
}

/** The month stated: September 2026 (UTC), long over whenever this runs. */
const PERIOD = '2026-09';

/**
 * Monthly statements: the figures of a planted month line by line from the merchant's ledger
 * accounts, the PDF and CSV files, the job's fan-out and two runs racing on one month, the list's
 * pages and the file route's 404s across merchants and modes.
 */
describe('Merchant statements (GET /merchant/statements, /merchant/statements/{id}/files/{format})', () => {
  const clock = new FakeClock();
  let harness: TestHarness;
  let db: DataSource;
  let admin: Caller;

  const bearer = (secret: string) => ({ Authorization: `Bearer ${secret}` });

  const plant = (shop: KeyedMerchant, livemode: boolean, at: string, kind: string, lines: [PlantedBalance, number][]) =>
    plantMerchantEntry(harness, { merchantId: shop.id, livemode }, at, kind, lines);

  const capture = (shop: KeyedMerchant, livemode: boolean, at: string, amount: number, fee: number, reserve: number) =>
    plantMerchantCapture(harness, { merchantId: shop.id, livemode }, at, { amount, fee, reserve });

  /**
   * The planted live month of `shop`: August leaves 882,000 pending (and 98,000 in reserve); September has a
   * pending release, a capture of 2,000,000 (fee 35,000, reserve 196,500), a refund of 300,000 and the August
   * reserve's release; October's capture is after the month.
   */
  async function plantLiveMonth(shop: KeyedMerchant): Promise<void> {
    await capture(shop, true, '2026-08-15T10:00:00Z', 1_000_000, 20_000, 98_000);
    await plant(shop, true, '2026-09-03T09:00:00Z', 'MERCHANT_PENDING_RELEASE', [
      ['pending', 882_000],
      ['available', -882_000],
    ]);
    await capture(shop, true, '2026-09-05T12:00:00Z', 2_000_000, 35_000, 196_500);
    await plant(shop, true, '2026-09-10T08:00:00Z', 'MERCHANT_PAYMENT_REFUND', [
      ['available', 300_000],
      ['clearing', -300_000],
    ]);
    await plant(shop, true, '2026-09-30T23:59:59Z', 'MERCHANT_RESERVE_RELEASE', [
      ['reserve', 98_000],
      ['available', -98_000],
    ]);
    await capture(shop, true, '2026-10-01T00:00:00Z', 500_000, 10_000, 0);
  }

  const generate = (shop: KeyedMerchant, livemode: boolean, period = PERIOD) =>
    harness.http.post(`/api/v1/admin/merchants/${shop.id}/statements`).set(admin.headers).send({ period, livemode });

  const download = (secret: string, id: string, format: string) =>
    harness.http
      .get(`/api/v1/merchant/statements/${id}/files/${format}`)
      .set(bearer(secret))
      .buffer(true)
      .parse(responseBytes);

  const rowsOf = (merchantId: string) =>
    db.query<{ livemode: boolean; period: string; currency: string; status: string }[]>(
      `SELECT livemode, period, currency, status FROM merchant_statements WHERE merchant_id = $1 ORDER BY livemode, period`,
      [merchantId],
    );

  beforeAll(async () => {
    harness = await createTestHarness({ clock, redisNamespace: 'merchant-statements' });
    db = harness.db;
    admin = await adminOf(harness);
  });

  afterEach(async () => {
    await expectLedgerBalanced(harness);
  });

  afterAll(async () => {
    await harness?.close();
  });

  it('states a planted month line by line: opening, each movement, closing; a PDF and a CSV with their digests', async () => {
    const shop = await merchantWithKeys(harness);
    await plantLiveMonth(shop);
    const made = await generate(shop, true).expect(200);
    const [statement] = made.body as StatementBody[];
    expect(made.body).toHaveLength(1);
    expect(statement).toEqual({
      id: expect.any(String),
      period: PERIOD,
      periodStart: '2026-09-01T00:00:00.000Z',
      periodEnd: '2026-10-01T00:00:00.000Z',
      currency: 'NGN',
      status: 'READY',
      openingBalance: 882_000,
      grossVolume: 2_000_000,
      fees: 35_000,
      refunds: 300_000,
      reserveHeld: 196_500,
      reserveReleased: 98_000,
      payouts: 0,
      // 882,000 + 2,000,000 - 35,000 - 300,000 - 196,500 + 98,000 - 0
      closingBalance: 2_448_500,
      failureReason: null,
      files: [
        { format: 'pdf', sizeBytes: expect.any(Number), sha256: expect.stringMatching(/^[0-9a-f]{64}$/) },
        { format: 'csv', sizeBytes: expect.any(Number), sha256: expect.stringMatching(/^[0-9a-f]{64}$/) },
      ],
      generatedAt: clock.now().toISOString(),
      livemode: true,
    });

    // The list answers the same, in the page body.
    const page = (await harness.http.get('/api/v1/merchant/statements').set(bearer(shop.live)).expect(200))
      .body as PageBody;
    expect(page).toEqual({ items: [statement], page: 0, size: 50, totalItems: 1, totalPages: 1 });

    const pdf = await download(shop.live, statement.id, 'pdf').expect(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe('attachment; filename="statement-2026-09-NGN-live.pdf"');
    const pdfBytes = pdf.body as Buffer;
    expect(pdfBytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdfBytes.length).toBe(statement.files[0].sizeBytes);
    expect(createHash('sha256').update(pdfBytes).digest('hex')).toBe(statement.files[0].sha256);
    const text = drawnPdfText(pdfBytes);
    expect(text).toContain('Statement for September 2026');
    expect(text).toContain('Closing balance\nNGN 24,485.00');
    expect(text).toContain('Fees\n-NGN 350.00');
    expect(text).not.toContain('TEST MODE');

    const csv = await download(shop.live, statement.id, 'csv').expect(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toBe('attachment; filename="statement-2026-09-NGN-live.csv"');
    const csvBytes = csv.body as Buffer;
    expect(csvBytes.length).toBe(statement.files[1].sizeBytes);
    expect(createHash('sha256').update(csvBytes).digest('hex')).toBe(statement.files[1].sha256);
    const records = parse(csvBytes.toString('utf8'), { columns: true }) as Record<string, string>[];
    const common = {
      statement_id: statement.id,
      merchant_id: shop.id,
      period: PERIOD,
      livemode: 'true',
      currency: 'NGN',
    };
    expect(records).toEqual([
      { ...common, line: 'opening_balance', description: 'Opening balance', amount: '882000' },
      { ...common, line: 'gross_volume', description: 'Gross volume (payments captured)', amount: '2000000' },
      { ...common, line: 'fees', description: 'Fees', amount: '-35000' },
      { ...common, line: 'refunds', description: 'Refunds', amount: '-300000' },
      { ...common, line: 'reserve_held', description: 'Rolling reserve held', amount: '-196500' },
      { ...common, line: 'reserve_released', description: 'Rolling reserve released', amount: '98000' },
      { ...common, line: 'payouts', description: 'Payouts', amount: '0' },
      { ...common, line: 'closing_balance', description: 'Closing balance', amount: '2448500' },
    ]);
    // The lines add up: opening plus every movement is the closing balance.
    const sum = records.slice(0, 7).reduce((total, record) => total + Number(record.amount), 0);
    expect(sum).toBe(Number(records[7].amount));
    expect(csvBytes.toString('utf8')).toContain('\r\n');

    // The same month again makes nothing new: the statement as it is.
    const again = await generate(shop, true).expect(200);
    expect(again.body).toEqual([statement]);
    expect(await rowsOf(shop.id)).toEqual([{ livemode: true, period: PERIOD, currency: 'NGN', status: 'READY' }]);
  });

  it('watermarks a test-mode PDF TEST MODE, and keeps the modes apart', async () => {
    const shop = await merchantWithKeys(harness);
    await capture(shop, false, '2026-09-12T10:00:00Z', 100_000, 1_500, 0);
    const [statement] = (await generate(shop, false).expect(200)).body as StatementBody[];
    expect(statement).toMatchObject({
      livemode: false,
      status: 'READY',
      openingBalance: 0,
      grossVolume: 100_000,
      fees: 1_500,
      closingBalance: 98_500,
    });
    const pdf = (await download(shop.test, statement.id, 'pdf').expect(200)).body as Buffer;
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = drawnPdfText(pdf);
    expect(text).toContain('TEST MODE');
    expect(pdf.toString('latin1')).toContain('TEST MODE');
    // No live activity, no live statement; the live key does not see the test one.
    expect((await generate(shop, true).expect(200)).body).toEqual([]);
    const live = (await harness.http.get('/api/v1/merchant/statements').set(bearer(shop.live)).expect(200))
      .body as PageBody;
    expect(live).toEqual({ items: [], page: 0, size: 50, totalItems: 0, totalPages: 0 });
    const notFound = await harness.http
      .get(`/api/v1/merchant/statements/${statement.id}/files/pdf`)
      .set(bearer(shop.live))
      .expect(404);
    expectCataloguedApiError(notFound.body as Record<string, unknown>, 'NOT_FOUND');
  });

  it('fails a month whose closing balance is not the opening plus the movements, with the reason and no files', async () => {
    const shop = await merchantWithKeys(harness);
    await capture(shop, true, '2026-09-02T10:00:00Z', 400_000, 6_000, 0);
    // A movement no statement line accounts for (an entry of another kind on the merchant's balance).
    await plant(shop, true, '2026-09-20T10:00:00Z', 'MANUAL_ADJUSTMENT', [
      ['available', -5_000],
      ['fees', 5_000],
    ]);
    const [statement] = (await generate(shop, true).expect(200)).body as StatementBody[];
    expect(statement).toMatchObject({
      status: 'FAILED',
      openingBalance: 0,
      grossVolume: 400_000,
      fees: 6_000,
      closingBalance: 399_000,
      files: [],
      failureReason:
        'the closing balance in the ledger (399000) is not the opening balance plus the movements (394000): ' +
        '5000 moved by entries other than captures, refunds and releases',
    });
    const missing = await download(shop.live, statement.id, 'pdf').expect(404);
    expectCataloguedApiError(
      JSON.parse((missing.body as Buffer).toString('utf8')) as Record<string, unknown>,
      'NOT_FOUND',
    );
  });

  it('fans the month out to one job per merchant and mode with activity, and two runs racing make one statement', async () => {
    const shop = await merchantWithKeys(harness);
    const quiet = await merchantWithKeys(harness);
    await plantLiveMonth(shop);
    await capture(shop, false, '2026-09-12T10:00:00Z', 100_000, 1_500, 0);
    // Activity before the month only: no job.
    await capture(quiet, true, '2026-08-12T10:00:00Z', 100_000, 1_500, 0);

    const jobs = await harness.app.get(MerchantStatementFanOut).fanOut(parseStatementPeriod(PERIOD));
    const mine = jobs.filter((job) => job.merchantId === shop.id || job.merchantId === quiet.id);
    expect(mine.sort((a, b) => Number(a.livemode) - Number(b.livemode))).toEqual([
      { merchantId: shop.id, livemode: false, period: PERIOD },
      { merchantId: shop.id, livemode: true, period: PERIOD },
    ]);
    const queue = harness.app.get<Queue>(getQueueToken(MERCHANT_STATEMENTS_QUEUE));
    expect((await queue.getJob(`statement:${shop.id}:live:${PERIOD}`))?.data).toEqual({
      merchantId: shop.id,
      livemode: true,
      period: PERIOD,
    });
    expect(await queue.getJob(`statement:${quiet.id}:live:${PERIOD}`)).toBeNull();
    // A second tick adds no second job of an id.
    await harness.app.get(MerchantStatementFanOut).fanOut(parseStatementPeriod(PERIOD));
    const ids = (await queue.getJobs(['waiting', 'delayed', 'active'])).map((job) => String(job.id));
    expect(ids.filter((id) => id === `statement:${shop.id}:live:${PERIOD}`)).toHaveLength(1);

    // Two job runs of the same month at once (as two workers would), for each mode.
    const generator = harness.app.get(MerchantStatementGenerator);
    const files = harness.app.get(FileStore);
    const put = jest.spyOn(files, 'put');
    try {
      const month = parseStatementPeriod(PERIOD);
      const results = await Promise.all([
        generator.generate(shop.id, true, month),
        generator.generate(shop.id, true, month),
        generator.generate(shop.id, false, month),
        generator.generate(shop.id, false, month),
      ]);
      expect(results.map((rows) => rows.length)).toEqual([1, 1, 1, 1]);
      expect(results[0][0].id).toBe(results[1][0].id);
      expect(results[2][0].id).toBe(results[3][0].id);
      // Each statement's two files were rendered and stored once.
      expect(put.mock.calls.filter(([key]) => key.startsWith(`statements/${shop.id}/`))).toHaveLength(4);
    } finally {
      put.mockRestore();
    }
    expect(await rowsOf(shop.id)).toEqual([
      { livemode: false, period: PERIOD, currency: 'NGN', status: 'READY' },
      { livemode: true, period: PERIOD, currency: 'NGN', status: 'READY' },
    ]);
    expect(await rowsOf(quiet.id)).toEqual([]);
  });

  it("runs as the worker does: the tick states the clock's month before, and two runs of its job make one statement", async () => {
    const shop = await merchantWithKeys(harness);
    const month = previousStatementPeriod(clock.now());
    await capture(shop, true, new Date(month.start.getTime() + 86_400_000).toISOString(), 100_000, 1_500, 0);
    const queue = harness.app.get<Queue>(getQueueToken(MERCHANT_STATEMENTS_QUEUE));
    const processor = new MerchantStatementsProcessor(
      harness.app.get(MerchantStatementFanOut),
      harness.app.get(MerchantStatementGenerator),
      clock,
    );
    await processor.tick({} as Job);
    const job = (await queue.getJob(`statement:${shop.id}:live:${month.period}`)) as Job<StatementGenerateJob>;
    expect(job.data).toEqual({ merchantId: shop.id, livemode: true, period: month.period });
    await Promise.all([processor.generate(job), processor.generate(job)]);
    expect(await rowsOf(shop.id)).toEqual([{ livemode: true, period: month.period, currency: 'NGN', status: 'READY' }]);
  });

  it('pages newest month first from page 0 (size 50 by default, 1 to 100), and answers 400 outside', async () => {
    const shop = await merchantWithKeys(harness);
    for (const month of ['06', '07', '08']) {
      await capture(shop, true, `2026-${month}-10T10:00:00Z`, 100_000, 1_500, 0);
      await generate(shop, true, `2026-${month}`).expect(200);
    }
    const list = (query: string) => harness.http.get(`/api/v1/merchant/statements${query}`).set(bearer(shop.live));
    const first = (await list('?size=2').expect(200)).body as PageBody;
    expect(first).toMatchObject({ page: 0, size: 2, totalItems: 3, totalPages: 2 });
    expect(first.items.map((item) => [item.period, item.openingBalance, item.closingBalance])).toEqual([
      ['2026-08', 197_000, 295_500],
      ['2026-07', 98_500, 197_000],
    ]);
    const second = (await list('?size=2&page=1').expect(200)).body as PageBody;
    expect(second).toMatchObject({ page: 1, size: 2, totalItems: 3, totalPages: 2 });
    expect(second.items.map((item) => item.period)).toEqual(['2026-06']);
    const past = (await list('?size=2&page=5').expect(200)).body as PageBody;
    expect(past).toEqual({ items: [], page: 5, size: 2, totalItems: 3, totalPages: 2 });
    expect(((await list('').expect(200)).body as PageBody).size).toBe(50);
    expect(((await list('?size=100').expect(200)).body as PageBody).items).toHaveLength(3);
    for (const query of ['?size=0', '?size=101', '?page=-1', '?size=ten', '?page=1.5']) {
      const refused = await list(query).expect(400);
      expectCataloguedApiError(refused.body as Record<string, unknown>, 'VALIDATION_FAILED');
    }
  });

  it("answers 404 for another merchant's statement, 400 for an unknown format or a bad id, and takes the API key only", async () => {
    const shop = await merchantWithKeys(harness);
    const other = await merchantWithKeys(harness);
    await capture(shop, true, '2026-09-12T10:00:00Z', 100_000, 1_500, 0);
    const [statement] = (await generate(shop, true).expect(200)).body as StatementBody[];
    for (const format of ['pdf', 'csv']) {
      const foreign = await download(other.live, statement.id, format).expect(404);
      expectCataloguedApiError(
        JSON.parse((foreign.body as Buffer).toString('utf8')) as Record<string, unknown>,
        'NOT_FOUND',
      );
      await download(shop.test, statement.id, format).expect(404);
      await download(shop.live, randomUUID(), format).expect(404);
    }
    const format = await download(shop.live, statement.id, 'xlsx').expect(400);
    expectCataloguedApiError(
      JSON.parse((format.body as Buffer).toString('utf8')) as Record<string, unknown>,
      'VALIDATION_FAILED',
    );
    await download(shop.live, 'not-a-uuid', 'pdf').expect(400);
    expect(
      ((await harness.http.get('/api/v1/merchant/statements').set(bearer(other.live)).expect(200)).body as PageBody)
        .items,
    ).toEqual([]);
    await harness.http.get('/api/v1/merchant/statements').expect(401);
    await harness.http.get(`/api/v1/merchant/statements/${statement.id}/files/pdf`).expect(401);
  });

  it("refuses staff's run of a month not over (400), an unknown merchant (404), a bad body (400), a merchant's key (403)", async () => {
    const shop = await merchantWithKeys(harness);
    const now = clock.now();
    const current = `${now.getUTCFullYear()}-${String(now.getUTCMonth() + 1).padStart(2, '0')}`;
    expectCataloguedApiError(
      (await generate(shop, true, current).expect(400)).body as Record<string, unknown>,
      'VALIDATION_FAILED',
    );
    const unknown = await harness.http
      .post(`/api/v1/admin/merchants/${randomUUID()}/statements`)
      .set(admin.headers)
      .send({ period: PERIOD, livemode: true })
      .expect(404);
    expectCataloguedApiError(unknown.body as Record<string, unknown>, 'NOT_FOUND');
    for (const body of [
      { period: '2026-13', livemode: true },
      { period: PERIOD },
      { period: '2026-9', livemode: false },
    ]) {
      await harness.http
        .post(`/api/v1/admin/merchants/${shop.id}/statements`)
        .set(admin.headers)
        .send(body)
        .expect(400);
    }
    await harness.http
      .post(`/api/v1/admin/merchants/${shop.id}/statements`)
      .set(bearer(shop.live))
      .send({ period: PERIOD, livemode: true })
      .expect(403);
  });
});
