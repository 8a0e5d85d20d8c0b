import type { ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Bull from 'bull';
import {
  MERCHANT_STATEMENTS_QUEUE,
  STATEMENT_TICK_JOB,
  statementJobId,
} from '../../src/modules/merchants/statements/merchant-statement-queues';
import { previousStatementPeriod } from '../../src/modules/merchants/statements/statement-period';
import { FileStore } from '../../src/platform/files/file-store';
import { plantMerchantCapture } from '../factories/merchant-ledger.factory';
import { approvedMerchant } from '../factories/merchant.factory';
import { startWorkerProcess } from '../payments/support/service-process';
import { createIsolatedDatabase, IsolatedDatabase } from '../support/isolated-database';
import { createTestHarness, TestHarness } from '../support/test-harness';
import { waitFor } from '../support/wait-for';

const MERCHANTS = 6;
const DAY = 86_400_000;

interface StatementRowRead {
  id: string;
  merchant_id: string;
  livemode: boolean;
  period: string;
  currency: string;
  status: string;
  gross_volume: string;
  fees: string;
  files: { format: string; key: string; sizeBytes: number; sha256: string }[];
}

/**
 * Two real worker processes (src/worker.ts) make the month's statements at once: each has a Redis key prefix,
 * so a Bull queue, of its own, and is handed the monthly tick there at the same moment. Each fans the month out
 * to the same jobs (one per merchant and mode with activity) and runs every one of them, so the only thing
 * between them is the statements' unique key and claim in PostgreSQL (`MerchantStatementGenerator`): exactly one
 * statement per merchant, mode, month and currency, READY, with its two files stored once, and no job failed in
 * either worker.
 */
describe('monthly statements made by two workers at once', () => {
  let database: IsolatedDatabase;
  let harness: TestHarness;
  let dataDir: string;
  const workers: ChildProcess[] = [];
  const queues: Bull.Queue[] = [];

  beforeAll(async () => {
    database = await createIsolatedDatabase();
    dataDir = mkdtempSync(join(tmpdir(), 'paysvc-statement-workers-'));
    harness = await createTestHarness({
      redisNamespace: 'statement-workers',
      config: { DATABASE_URL: database.url, DATA_DIR: dataDir, OUTBOX_POLL_INTERVAL_MS: '200' },
    });
  }, 60_000);

  afterAll(async () => {
    for (const worker of workers) if (worker.exitCode === null) worker.kill('SIGKILL');
    for (const queue of queues) await queue.close().catch(() => undefined);
    await harness?.close();
    await database?.drop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  /** A worker process under its own Redis key prefix, and the spec's handle on that prefix's statements queue. */
  function startWorker(name: string): Bull.Queue {
    const environment = harness.configuration.environment;
    const prefix = `${environment.REDIS_KEY_PREFIX}:${name}`;
    workers.push(startWorkerProcess(environment, { REDIS_KEY_PREFIX: prefix }).child);
    const queue = new Bull(MERCHANT_STATEMENTS_QUEUE, { prefix: `${prefix}:bull`, redis: environment.REDIS_URL });
    queues.push(queue);
    return queue;
  }

  it('makes one statement per merchant, mode, month and currency, with its files, however many workers run it', async () => {
    const month = previousStatementPeriod(new Date());
    const merchants: string[] = [];
    for (let index = 0; index < MERCHANTS; index += 1) {
      const { merchant } = await approvedMerchant(harness);
      merchants.push(merchant.id);
      for (const livemode of [true, false]) {
        for (const day of [2, 9 + index]) {
          await plantMerchantCapture(
            harness,
            { merchantId: merchant.id, livemode },
            new Date(month.start.getTime() + day * DAY + 3_600_000),
            { amount: 100_000 * (index + 1), fee: 1_500, reserve: 0 },
          );
        }
      }
    }
    const jobIds = merchants.flatMap((merchantId) =>
      [true, false].map((livemode) => statementJobId({ merchantId, livemode, period: month.period })),
    );

    const [first, second] = [startWorker('w1'), startWorker('w2')];
    // Both workers ready (their statements processor listening), then the tick in both at once.
    await waitFor(
      () => Promise.all([first, second].map((queue) => queue.getWorkers())),
      (lists) => lists.every((list) => list.length > 0),
      'both workers to listen on their statements queue',
      90,
      200,
    );
    await Promise.all([first, second].map((queue) => queue.add(STATEMENT_TICK_JOB, {}, { jobId: 'tick-now' })));

    // Each worker fans out to every job and runs it.
    for (const [index, queue] of [first, second].entries()) {
      await waitFor(
        () => Promise.all(jobIds.map(async (id) => (await queue.getJob(id))?.getState() ?? 'absent')),
        (states) => states.every((state) => state === 'completed' || state === 'failed' || state === 'delayed'),
        `worker ${index + 1} to run every statement job`,
        120,
        250,
      );
      for (const id of jobIds) {
        const job = await queue.getJob(id);
        expect({ id, worker: index + 1, state: await job?.getState(), failures: job?.stacktrace ?? [] }).toEqual({
          id,
          worker: index + 1,
          state: 'completed',
          failures: [],
        });
      }
    }

    const rows = await harness.db.query<StatementRowRead[]>(
      `SELECT id, merchant_id, livemode, period, currency, status, gross_volume::text, fees::text, files
         FROM merchant_statements ORDER BY merchant_id, livemode`,
    );
    expect(rows.map((row) => [row.merchant_id, row.livemode, row.period, row.currency, row.status])).toEqual(
      [...merchants]
        .sort()
        .flatMap((merchantId) => [false, true].map((livemode) => [merchantId, livemode, month.period, 'NGN', 'READY'])),
    );
    const files = harness.app.get(FileStore);
    for (const row of rows) {
      const index = merchants.indexOf(row.merchant_id);
      expect({ gross: row.gross_volume, fees: row.fees }).toEqual({
        gross: String(2 * 100_000 * (index + 1)),
        fees: String(2 * 1_500),
      });
      expect(row.files.map((file) => file.format)).toEqual(['pdf', 'csv']);
      for (const file of row.files) {
        const content = await files.read(file.key);
        expect(createHash('sha256').update(content).digest('hex')).toBe(file.sha256);
      }
    }
    // Nothing else stored: the two files of each statement, under its own id.
    for (const merchantId of merchants) {
      const stored = readdirSync(join(dataDir, 'files', 'statements', merchantId), {
        recursive: true,
        withFileTypes: true,
      })
        .filter((entry) => entry.isFile())
        .map((entry) => join(entry.parentPath, entry.name).slice(join(dataDir, 'files').length + 1));
      expect(stored.sort()).toEqual(
        rows
          .filter((row) => row.merchant_id === merchantId)
          .flatMap((row) => row.files.map((file) => join(...file.key.split('/'))))
          .sort(),
      );
    }
  }, 300_000);
});
