import { Controller, Get, Query, Res } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { InjectDataSource } from '@nestjs/typeorm';
import { parse } from 'csv-parse/sync';
import type { Response } from 'express';
import { get as httpGet, IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { Public } from '../../src/platform/auth/auth.decorators';
import { AppConfig } from '../../src/platform/config/app-config';
import { loadConfig } from '../../src/platform/config/configuration';
import { defineStatement, type Statement } from '../../src/platform/database/prepared-statement';
import {
  copyCsv,
  EXPORT_TIMEOUTS_OPTION,
  executorOn,
  rowBatches,
  rowStream,
  type ExportTimeouts,
} from '../../src/platform/database/statement-executor';
import { CsvColumn, sendCsv, sendCsvText } from '../../src/platform/http/csv-export';
import { expectCataloguedApiError } from '../support/assertions';
import { createTestApp } from '../support/test-app';
import { waitFor } from '../support/wait-for';
import { responseText } from '../support/response-text';

interface SeriesRow {
  n: number;
  label: string;
}

/** A long result, marked so pg_stat_activity can find it. */
const SERIES = defineStatement<SeriesRow, [count: number]>(
  'test.csv-export-series',
  `SELECT g AS n, 'row ' || g AS label FROM generate_series(1, $1::int) AS g /* csv-export-probe */`,
);

/**
 * SERIES with a tenth of a second's pause every hundredth row: the cursor's statement runs a
 * second for every thousand rows, however fast the client reads.
 */
const SLOW_SERIES = defineStatement<SeriesRow, [count: number]>(
  'test.csv-export-slow-series',
  `SELECT g AS n, 'row ' || g || CASE WHEN g % 100 = 0 THEN pg_sleep(0.1)::text ELSE '' END AS label
     FROM generate_series(1, $1::int) AS g /* csv-export-probe */`,
);

/** SERIES with its count as text: a count that is no integer fails the statement before any row. */
const SERIES_OF_TEXT = defineStatement<SeriesRow, [count: string]>(
  'test.csv-export-series-of-text',
  `SELECT g AS n, 'row ' || g AS label FROM generate_series(1, $1::int) AS g /* csv-export-probe */`,
);

const SERIES_COLUMNS: CsvColumn<SeriesRow>[] = [
  { header: 'n', kind: 'number', value: (row) => row.n },
  { header: 'label', kind: 'text', value: (row) => row.label },
];

interface HostileRow {
  text: string;
  amount: number;
}

const HOSTILE: HostileRow[] = [
  { text: "=cmd|' /C calc'!A0", amount: 1 },
  { text: '+1', amount: -1 },
  { text: '-1', amount: -250000 },
  { text: '@SUM(A1:A9)', amount: 0 },
  { text: '\tindent', amount: 2 },
  { text: '\rreturn', amount: 3 },
  { text: 'say "hi", twice', amount: 4 },
  { text: 'line\nbreak and\r\nCRLF', amount: 5 },
  { text: 'Ṣàdé Ọ̀gúnlẹ́yẹ, “naïve” café 🚀', amount: 6 },
  { text: '', amount: 7 },
];

/** Test-only routes: an export from a database cursor, hostile cells, a source failing early or midway. */
@Controller('csv-probe')
class CsvProbeController {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  @Get('series')
  @Public()
  async series(@Query('rows') rows: string, @Res() response: Response): Promise<void> {
    await sendCsv(response, { filename: 'series.csv', columns: SERIES_COLUMNS, rows: this.rows(Number(rows)) });
  }

  /** The same rows a fetched batch at a time (`rowBatches`). */
  @Get('series-batches')
  @Public()
  async seriesBatches(@Query('rows') rows: string, @Res() response: Response): Promise<void> {
    await sendCsv(response, { filename: 'series.csv', columns: SERIES_COLUMNS, batches: this.batches(Number(rows)) });
  }

  /** The same rows as PostgreSQL writes them (`copyCsv`, `sendCsvText`), as the merchant payments export sends them. */
  @Get('series-copy')
  @Public()
  async seriesCopy(@Query('rows') rows: string, @Res() response: Response): Promise<void> {
    await sendCsvText(response, { filename: 'series.csv', text: this.copy(Number(rows)) });
  }

  /** SERIES_OF_TEXT through `copyCsv`: `rows` goes to the statement as it came. */
  @Get('series-copy-of-text')
  @Public()
  async seriesCopyOfText(@Query('rows') rows: string, @Res() response: Response): Promise<void> {
    const dataSource = this.dataSource;
    await sendCsvText(response, {
      filename: 'series.csv',
      text: (async function* () {
        const runner = dataSource.createQueryRunner();
        await runner.connect();
        try {
          await runner.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
          try {
            yield* copyCsv(executorOn(runner.manager), SERIES_OF_TEXT, [rows]);
          } finally {
            await runner.query('ROLLBACK');
          }
        } finally {
          await runner.release();
        }
      })(),
    });
  }

  /** SLOW_SERIES, read by `rowBatches`, reconciliation's `rowStream` or the merchant payments export's `copyCsv`. */
  @Get('slow-series')
  @Public()
  async slowSeries(
    @Query('rows') rows: string,
    @Query('reader') reader: string,
    @Res() response: Response,
  ): Promise<void> {
    if (reader === 'copy') {
      await sendCsvText(response, { filename: 'series.csv', text: this.copy(Number(rows), SLOW_SERIES) });
      return;
    }
    await sendCsv(response, {
      filename: 'series.csv',
      columns: SERIES_COLUMNS,
      ...(reader === 'batches'
        ? { batches: this.batches(Number(rows), SLOW_SERIES) }
        : { rows: this.rows(Number(rows), SLOW_SERIES) }),
    });
  }

  @Get('hostile')
  @Public()
  async hostile(@Res() response: Response): Promise<void> {
    await sendCsv(response, {
      filename: 'hostile.csv',
      columns: [
        { header: 'text', kind: 'text', value: (row: HostileRow) => row.text },
        { header: 'amount', kind: 'number', value: (row: HostileRow) => row.amount },
      ],
      rows: (async function* () {
        yield* HOSTILE;
      })(),
    });
  }

  @Get('fails')
  @Public()
  async fails(@Query('after') after: string, @Res() response: Response): Promise<void> {
    const rows = this.rows(100_000);
    await sendCsv(response, {
      filename: 'fails.csv',
      columns: SERIES_COLUMNS,
      rows: (async function* () {
        for await (const row of rows) {
          if (row.n > Number(after)) throw new Error('the source failed');
          yield row;
        }
      })(),
    });
  }

  /** As the merchant payments export reads: COPY's CSV in the same kind of transaction. */
  private async *copy(
    count: number,
    statement: Statement<SeriesRow, [count: number]> = SERIES,
  ): AsyncGenerator<Buffer, void, undefined> {
    const runner = this.dataSource.createQueryRunner();
    await runner.connect();
    try {
      await runner.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
      try {
        yield* copyCsv(executorOn(runner.manager), statement, [count]);
      } finally {
        await runner.query('ROLLBACK');
      }
    } finally {
      await runner.release();
    }
  }

  /** rowBatches in a read-only REPEATABLE READ transaction on a connection of its own. */
  private async *batches(
    count: number,
    statement: Statement<SeriesRow, [count: number]> = SERIES,
  ): AsyncGenerator<SeriesRow[], void, undefined> {
    const runner = this.dataSource.createQueryRunner();
    await runner.connect();
    try {
      await runner.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
      try {
        yield* rowBatches(executorOn(runner.manager), statement, [count], { batchSize: 100 });
      } finally {
        await runner.query('ROLLBACK');
      }
    } finally {
      await runner.release();
    }
  }

  /** As reconciliation reads: a read-only REPEATABLE READ transaction on a connection of its own. */
  private async *rows(
    count: number,
    statement: Statement<SeriesRow, [count: number]> = SERIES,
  ): AsyncGenerator<SeriesRow, void, undefined> {
    const runner = this.dataSource.createQueryRunner();
    await runner.connect();
    try {
      await runner.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
      try {
        yield* rowStream(executorOn(runner.manager), statement, [count], { batchSize: 100 });
      } finally {
        await runner.query('ROLLBACK');
      }
    } finally {
      await runner.release();
    }
  }
}

describe('CSV export (platform/http/csv-export.ts): csv-stringify over a database cursor, with backpressure', () => {
  let app: NestExpressApplication;
  let http: ReturnType<typeof request>;
  let port: number;

  beforeAll(async () => {
    app = await createTestApp(undefined, { controllers: [CsvProbeController] });
    await app.listen(0, '127.0.0.1');
    port = (app.getHttpServer().address() as AddressInfo).port;
    http = request(app.getHttpServer());
  });

  afterAll(async () => {
    await app.close();
  });

  const textOf = (path: string) => http.get(path).buffer(true).parse(responseText);

  /** The probe's statement as pg_stat_activity shows it, from any connection but this one. */
  const probeSessions = () =>
    app.get(DataSource).query<{ state: string }[]>(
      `SELECT state FROM pg_stat_activity WHERE query LIKE '%csv-export-probe%' AND pid <> pg_backend_pid()
          AND query NOT LIKE '%pg_stat_activity%'`,
    );
  /** The app's pool: every connection it opened is back, none waited for. */
  const pool = () => {
    const driver = app.get(DataSource).driver as unknown as {
      master: { totalCount: number; idleCount: number; waitingCount: number };
    };
    return driver.master;
  };

  it.each(['series', 'series-batches', 'series-copy'])(
    '%s: streams every row of a cursor as RFC 4180 CSV with a header, as an attachment',
    async (route) => {
      const response = await textOf(`/api/v1/csv-probe/${route}?rows=2500`).expect(200);
      expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(response.headers['content-disposition']).toBe('attachment; filename="series.csv"');
      const text = response.body as string;
      expect(text.startsWith('n,label\r\n1,row 1\r\n2,row 2\r\n')).toBe(true);
      const [header, ...records] = parse(text, { record_delimiter: '\r\n', relax_quotes: false }) as string[][];
      expect(header).toEqual(['n', 'label']);
      expect(records).toHaveLength(2500);
      expect(records[2499]).toEqual(['2500', 'row 2500']);
      await waitFor(probeSessions, (sessions) => sessions.every((s) => s.state === 'idle'), 'the export to end');
    },
  );

  it('defuses hostile text cells (numbers stay numbers) and quotes what RFC 4180 says; csv-parse reads them back', async () => {
    const text = (await textOf('/api/v1/csv-probe/hostile').expect(200)).body as string;
    expect(text).toContain(`text,amount\r\n'=cmd|' /C calc'!A0,1\r\n'+1,-1\r\n'-1,-250000\r\n`);
    expect(text).toContain(`"say ""hi"", twice",4\r\n"line\nbreak and\r\nCRLF",5\r\n`);
    const [header, ...records] = parse(text, { record_delimiter: '\r\n', relax_quotes: false }) as string[][];
    expect(header).toEqual(['text', 'amount']);
    expect(records).toEqual(
      HOSTILE.map((row) => [/^[=+\-@\t\r]/.test(row.text) ? `'${row.text}` : row.text, String(row.amount)]),
    );
  });

  it.each(['series', 'series-batches', 'series-copy'])(
    '%s: a client that hangs up mid-export stops the query and gives the connection back to the pool',
    async (route) => {
      const before = pool().totalCount;
      // Ten million rows: far more than any socket buffer holds, so the export is mid-way when the client leaves.
      const received = await new Promise<number>((resolve, reject) => {
        const call = httpGet(
          `http://127.0.0.1:${port}/api/v1/csv-probe/${route}?rows=10000000`,
          (res: IncomingMessage) => {
            let bytes = 0;
            res.on('data', (chunk: Buffer) => {
              bytes += chunk.length;
              if (bytes > 64 * 1024) {
                res.pause();
                call.destroy();
                resolve(bytes);
              }
            });
          },
        );
        call.on('error', (error) => (call.destroyed ? undefined : reject(error)));
      });
      expect(received).toBeGreaterThan(64 * 1024);
      // The cursor is closed and the transaction rolled back: the session shows no live probe query.
      const sessions = await waitFor(
        probeSessions,
        (rows) => rows.every((row) => row.state === 'idle'),
        'the export query to end after the client left',
      );
      expect(sessions.filter((row) => row.state !== 'idle')).toEqual([]);
      await waitFor(
        pool,
        (state) => state.idleCount === state.totalCount && state.waitingCount === 0,
        'the connection back in the pool',
      );
      expect(pool().totalCount).toBeGreaterThanOrEqual(before);
      // The app still answers from the same pool.
      await textOf('/api/v1/csv-probe/series?rows=3').expect(200);
    },
  );

  it('a source failing mid-stream destroys the socket: the client never gets a file that looks complete', async () => {
    const outcome = await new Promise<{ status: number; complete: boolean; bytes: number }>((resolve, reject) => {
      httpGet(`http://127.0.0.1:${port}/api/v1/csv-probe/fails?after=20000`, (res) => {
        let bytes = 0;
        res.on('data', (chunk: Buffer) => (bytes += chunk.length));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, complete: res.complete, bytes }));
        res.on('error', () => resolve({ status: res.statusCode ?? 0, complete: res.complete, bytes }));
        res.on('aborted', () => resolve({ status: res.statusCode ?? 0, complete: false, bytes }));
      }).on('error', reject);
    });
    expect(outcome.status).toBe(200);
    expect(outcome.bytes).toBeGreaterThan(0);
    expect(outcome.complete).toBe(false);
    await waitFor(probeSessions, (rows) => rows.every((row) => row.state === 'idle'), 'the failed export to end');
    await waitFor(pool, (state) => state.idleCount === state.totalCount, 'the connection back in the pool');
  });

  it("a COPY whose statement fails before its first byte is the ApiError of the server's SQLSTATE, before any CSV header", async () => {
    const text = await textOf('/api/v1/csv-probe/series-copy-of-text?rows=2').expect(200);
    expect(text.body).toBe('n,label\r\n1,row 1\r\n2,row 2\r\n');
    for (const rows of ['many', "2'; SELECT 1; --", 'a\0b']) {
      const response = await http.get('/api/v1/csv-probe/series-copy-of-text').query({ rows }).expect(400);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.headers['content-disposition']).toBeUndefined();
      expectCataloguedApiError(response.body, 'VALIDATION_FAILED');
    }
    await waitFor(pool, (state) => state.idleCount === state.totalCount, 'the connections back in the pool');
  });

  it('a source failing on its first row is an error answer, before any CSV header', async () => {
    const response = await http.get('/api/v1/csv-probe/fails?after=0').expect(500);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expectCataloguedApiError(response.body, 'INTERNAL');
  });
});

/** The app's statement timeout here: far shorter than either export below runs. */
const STATEMENT_TIMEOUT_MS = 200;
/** The export bound here: longer than the long export (3 s of pauses), shorter than the runaway one. */
const EXPORT_STATEMENT_TIMEOUT_MS = 6000;

describe('CSV export under a short statement timeout: the export runs under CSV_EXPORT_STATEMENT_TIMEOUT_MS', () => {
  let app: NestExpressApplication;
  let port: number;

  beforeAll(async () => {
    app = await createTestApp(
      (builder) =>
        builder.overrideProvider(AppConfig).useValue(
          loadConfig({
            ...process.env,
            DATABASE_STATEMENT_TIMEOUT_MS: String(STATEMENT_TIMEOUT_MS),
            CSV_EXPORT_STATEMENT_TIMEOUT_MS: String(EXPORT_STATEMENT_TIMEOUT_MS),
          }),
        ),
      { controllers: [CsvProbeController] },
    );
    await app.listen(0, '127.0.0.1');
    port = (app.getHttpServer().address() as AddressInfo).port;
  });

  afterAll(async () => {
    await app.close();
  });

  /** The whole transfer: status, text, and whether it ended as a complete response. */
  const download = (path: string) =>
    new Promise<{ status: number; text: string; complete: boolean }>((resolve, reject) => {
      httpGet(`http://127.0.0.1:${port}${path}`, (res) => {
        let text = '';
        res.setEncoding('utf8');
        const done = (complete: boolean) => resolve({ status: res.statusCode ?? 0, text, complete });
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => done(res.complete));
        res.on('error', () => done(false));
        res.on('aborted', () => done(false));
      }).on('error', reject);
    });
  const probeSessions = () =>
    app.get(DataSource).query<{ state: string }[]>(
      `SELECT state FROM pg_stat_activity WHERE query LIKE '%csv-export-probe%' AND pid <> pg_backend_pid()
          AND query NOT LIKE '%pg_stat_activity%'`,
    );
  const pool = () =>
    (app.get(DataSource).driver as unknown as { master: { totalCount: number; idleCount: number } }).master;

  it('the app statement timeout is in force: a statement of its own running longer is cancelled', async () => {
    await expect(app.get(DataSource).query('SELECT pg_sleep(1)')).rejects.toThrow(/statement timeout/);
  });

  it.each(['batches', 'rows', 'copy'])(
    '%s: an export whose statement runs past both the statement timeout and the client-side query timeout completes whole',
    async (reader) => {
      // 3000 rows, a pause every hundred: the cursor's statement runs 3 s at least, past the
      // statement timeout (200 ms) and pg's client-side query timeout (200 ms + 2 s) alike.
      const outcome = await download(`/api/v1/csv-probe/slow-series?reader=${reader}&rows=3000`);
      expect(outcome.status).toBe(200);
      expect(outcome.complete).toBe(true);
      const [header, ...records] = parse(outcome.text, { record_delimiter: '\r\n' }) as string[][];
      expect(header).toEqual(['n', 'label']);
      expect(records).toHaveLength(3000);
      expect(records[2999]).toEqual(['3000', 'row 3000']);
      await waitFor(probeSessions, (sessions) => sessions.every((s) => s.state === 'idle'), 'the export to end');
    },
  );

  it("copy: pg's client-side query timer ends with the export instead of outliving it by the whole bound", async () => {
    const { queryTimeoutMs } = (app.get(DataSource).options.extra as Record<string, ExportTimeouts>)[
      EXPORT_TIMEOUTS_OPTION
    ];
    const armed = jest.spyOn(globalThis, 'setTimeout');
    const cleared = jest.spyOn(globalThis, 'clearTimeout');
    try {
      const outcome = await download('/api/v1/csv-probe/slow-series?reader=copy&rows=50');
      expect(outcome.status).toBe(200);
      expect(outcome.complete).toBe(true);
      await waitFor(probeSessions, (sessions) => sessions.every((s) => s.state === 'idle'), 'the export to end');
      // The COPY's read timer: pg arms it with the export's query timeout when it sends the COPY.
      const timers = armed.mock.calls.flatMap((call, index) =>
        call[1] === queryTimeoutMs ? [armed.mock.results[index].value as unknown] : [],
      );
      expect(timers).toHaveLength(1);
      const clearedTimers = new Set(cleared.mock.calls.map(([timer]) => timer as unknown));
      expect(clearedTimers.has(timers[0])).toBe(true);
    } finally {
      armed.mockRestore();
      cleared.mockRestore();
    }
  });

  it.each(['batches', 'copy'])(
    '%s: the export bound still ends a runaway export: the transfer is cut, the query ends, the connection is back with the app timeout',
    async (reader) => {
      // 100 s of pauses: only the export bound (6 s) ends it.
      const outcome = await download(`/api/v1/csv-probe/slow-series?reader=${reader}&rows=100000`);
      expect(outcome.status).toBe(200);
      expect(outcome.complete).toBe(false);
      // Cut by the export bound, not the statement timeout nor the query timeout: past the 3000 rows the long export read.
      const lines = outcome.text.split('\r\n').length - 1;
      expect(lines).toBeGreaterThan(3000);
      expect(lines).toBeLessThan(100_001);
      await waitFor(probeSessions, (sessions) => sessions.every((s) => s.state === 'idle'), 'the export to end');
      await waitFor(pool, (state) => state.idleCount === state.totalCount, 'the connection back in the pool');
      // SET LOCAL ended with the export's transaction: every pooled connection is back to the app's timeout.
      const runner = app.get(DataSource).createQueryRunner();
      try {
        const [{ statement_timeout }] = (await runner.query('SHOW statement_timeout')) as {
          statement_timeout: string;
        }[];
        expect(statement_timeout).toBe(`${STATEMENT_TIMEOUT_MS}ms`);
      } finally {
        await runner.release();
      }
    },
  );
});
