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
import { defineStatement } from '../../src/platform/database/prepared-statement';
import { executorOn, rowBatches, rowStream } from '../../src/platform/database/statement-executor';
import { CsvColumn, sendCsv } from '../../src/platform/http/csv-export';
import { expectCataloguedApiError } from '../support/assertions';
import { createTestApp } from '../support/test-app';
import { waitFor } from '../support/wait-for';

interface SeriesRow {
  n: number;
  label: string;
}

/** A long result, marked so pg_stat_activity can find it. */
const SERIES = defineStatement<SeriesRow, [count: number]>(
  'test.csv-export-series',
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

  /** The same rows a fetched batch at a time (`rowBatches`), as the merchant payments export reads. */
  @Get('series-batches')
  @Public()
  async seriesBatches(@Query('rows') rows: string, @Res() response: Response): Promise<void> {
    await sendCsv(response, { filename: 'series.csv', columns: SERIES_COLUMNS, batches: this.batches(Number(rows)) });
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

  /** As the merchant payments export reads: rowBatches in the same kind of transaction. */
  private async *batches(count: number): AsyncGenerator<SeriesRow[], void, undefined> {
    const runner = this.dataSource.createQueryRunner();
    await runner.connect();
    try {
      await runner.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
      try {
        yield* rowBatches(executorOn(runner.manager), SERIES, [count], { batchSize: 100 });
      } finally {
        await runner.query('ROLLBACK');
      }
    } finally {
      await runner.release();
    }
  }

  /** As reconciliation reads: a read-only REPEATABLE READ transaction on a connection of its own. */
  private async *rows(count: number): AsyncGenerator<SeriesRow, void, undefined> {
    const runner = this.dataSource.createQueryRunner();
    await runner.connect();
    try {
      await runner.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
      try {
        yield* rowStream(executorOn(runner.manager), SERIES, [count], { batchSize: 100 });
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

  const textOf = (path: string) =>
    http
      .get(path)
      .buffer(true)
      .parse((res, done) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => done(null, text));
      });

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

  it.each(['series', 'series-batches'])(
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

  it.each(['series', 'series-batches'])(
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

  it('a source failing on its first row is an error answer, before any CSV header', async () => {
    const response = await http.get('/api/v1/csv-probe/fails?after=0').expect(500);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expectCataloguedApiError(response.body, 'INTERNAL');
  });
});
