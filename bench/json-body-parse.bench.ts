/**
 * JSON body parsing: what the key check (`findJsonKeyProblem`: forbidden and duplicate keys)
 * adds to the parse every request with a JSON body pays.
 *
 *   npx ts-node bench/json-body-parse.bench.ts
 *
 * For a body of about BENCH_BODY_BYTES (1024) bytes, and a 100 KB one, times in this process:
 * - `parse`: what body-parser's json parser does with a read body: decode UTF-8, JSON.parse;
 * - `scan + parse`: the key check on the bytes, then the same;
 * - `middleware`: Express's json parser (the one `useBodyParser('json')` installs) on a request
 *   stream, without and with the `verify` hook that runs the key check.
 * Each figure is the median of BENCH_ROUNDS (7) rounds of BENCH_ITERATIONS (200,000, scaled
 * down for the large body) calls, in microseconds per call.
 */
import { json } from 'body-parser';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import { findJsonKeyProblem } from '../src/platform/http/json-key-scanner';

const BODY_BYTES = Number(process.env.BENCH_BODY_BYTES ?? 1024);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7);
const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 200_000);

/** A payment-like body: a few scalars, a nested object, an array of small objects. */
function bodyOf(bytes: number): Buffer {
  const body: Record<string, unknown> = {
    billerId: '0193f5c2-7d1e-7c4a-9b2f-5e6d7c8b9a01',
    accountReference: '0123456789',
    amount: 250000,
    currency: 'NGN',
    confirmDuplicate: false,
    funding: { rail: 'CARD', account: '4242424242424242', holderName: 'Ada Obi' },
    note: 'Electricity for flat 4B, March',
    items: [] as unknown[],
  };
  const items = body.items as unknown[];
  for (let index = 0; JSON.stringify(body).length < bytes; index += 1) {
    items.push({ code: `ITEM-${index}`, description: 'Meter top-up', quantity: 1, unitAmount: 1250 + index });
  }
  return Buffer.from(JSON.stringify(body), 'utf8');
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

/** Microseconds per call of `run`, median of the rounds. */
function time(iterations: number, run: () => unknown): number {
  for (let warm = 0; warm < Math.min(iterations, 10_000); warm += 1) run();
  const rounds: number[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    const started = process.hrtime.bigint();
    for (let index = 0; index < iterations; index += 1) run();
    rounds.push(Number(process.hrtime.bigint() - started) / 1e3 / iterations);
  }
  return median(rounds);
}

/** Microseconds per request through an Express body parser middleware, median of the rounds. */
async function timeMiddleware(
  body: Buffer,
  iterations: number,
  middleware: (request: IncomingMessage, response: ServerResponse, next: (error?: unknown) => void) => void,
): Promise<number> {
  const once = () =>
    new Promise<void>((resolve, reject) => {
      const request = Readable.from([body]) as unknown as IncomingMessage;
      request.headers = { 'content-type': 'application/json', 'content-length': String(body.length) };
      middleware(request, {} as ServerResponse, (error) => (error ? reject(error as Error) : resolve()));
    });
  for (let warm = 0; warm < Math.min(iterations, 5_000); warm += 1) await once();
  const rounds: number[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    const started = process.hrtime.bigint();
    for (let index = 0; index < iterations; index += 1) await once();
    rounds.push(Number(process.hrtime.bigint() - started) / 1e3 / iterations);
  }
  return median(rounds);
}

async function main(): Promise<void> {
  const plain = json({ limit: '1mb' });
  const checked = json({
    limit: '1mb',
    verify: (_request, _response, buffer) => {
      if (findJsonKeyProblem(buffer)) throw new Error('unexpected key problem');
    },
  });
  const rows: string[][] = [['body', 'parse', 'scan + parse', 'scan alone', 'middleware', 'middleware + scan']];
  for (const size of [BODY_BYTES, 100 * 1024]) {
    const body = bodyOf(size);
    const iterations = Math.max(200, Math.round((ITERATIONS * BODY_BYTES) / size));
    const parse = time(iterations, () => JSON.parse(body.toString('utf8')));
    const scanThenParse = time(iterations, () => findJsonKeyProblem(body) ?? JSON.parse(body.toString('utf8')));
    const scan = time(iterations, () => findJsonKeyProblem(body));
    const middlewareIterations = Math.max(100, Math.round(iterations / 10));
    const middleware = await timeMiddleware(body, middlewareIterations, plain);
    const middlewareChecked = await timeMiddleware(body, middlewareIterations, checked);
    rows.push(
      [`${body.length} B`, parse, scanThenParse, scan, middleware, middlewareChecked].map((cell) =>
        typeof cell === 'number' ? `${cell.toFixed(2)} µs` : cell,
      ),
    );
  }
  const widths = rows[0].map((_, column) => Math.max(...rows.map((row) => row[column].length)));
  for (const row of rows)
    process.stdout.write(`${row.map((cell, column) => cell.padStart(widths[column])).join('  ')}\n`);
  process.stdout.write(`node ${process.version}, medians of ${ROUNDS} rounds\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
