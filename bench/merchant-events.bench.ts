/**
 * The merchant event stream (`GET /merchant/events`) under many open streams, against the
 * production build with its worker running:
 *
 * - BENCH_STREAMS (2,000) streams held open at once on one API process, spread evenly over
 *   BENCH_MERCHANTS (100) approved merchants, each with one sandbox key (`sk_test_...`). A key
 *   may hold MERCHANT_EVENTS_MAX_STREAMS_PER_KEY streams (5 in production, at most 100): the API
 *   started here gets the streams per key the spread needs (20 by default), through that setting
 *   of its environment only;
 * - then checkout payments at a steady BENCH_RATE (20) a second for BENCH_SECONDS (30) s, each the
 *   hosted page's pay (`POST /c/{id}/pay`) of a session of the merchants in turn, rendered
 *   beforehand; the worker records each payment's merchant events (`payment.succeeded` and
 *   `checkout_session.completed`) and publishes them on
 *   `{prefix}:merchant-events:{merchant}:test`, and the API fans them out to the streams.
 *
 * For each event a stream client receives: the delay from the outbox row's `created_at` (the
 * envelope's `createdAt`: the start of the transaction that wrote the event) to the frame's
 * arrival. In the same run a bare Redis subscriber on the same channels measures the delay from
 * the same instant to the pub/sub message: the floor (outbox relay, queue, recording, publish),
 * which the API's fan-out adds to. Prints p50/p99 of both and their ratio, the API process's RSS
 * before and after opening the streams (and so the memory a stream holds), and, per stream, the
 * events delivered against those recorded for its merchant since it opened (in order, no gap, no
 * duplicate). Frames are read with eventsource-parser over one keep-alive http.Agent.
 *
 *   npm run bench:events      # nest build, then this file with ts-node (transpile-only)
 *
 * The bench process holds BENCH_STREAMS sockets and the API as many: `ulimit -n` must allow
 * them (4096 or more for 2,000 streams). BENCH_API_NODE_ARGS (e.g. `--cpu-prof
 * --cpu-prof-dir=/tmp/events-prof`) profiles the API: its samples during the payments are summed
 * up by area and function at the end. BENCH_API_LOG names a file for the API's log.
 *
 * 1. Recreates its own database BENCH_DATABASE_URL (`payment_service_bench_events`) with the
 *    project's CLI and seeds it (the demo merchant, APPROVED); BENCH_MERCHANTS - 1 more
 *    merchants are copies of it, each with its own sandbox key.
 * 2. Starts the API and the worker (NODE_ENV=production, LOG_LEVEL=warn, OUTBOX_POLL_INTERVAL_MS
 *    BENCH_OUTBOX_POLL_MS: the service's 500 by default, as deployed, since commits wake the relay;
 *    50 before the wake-ups), opens the BENCH_RATE x BENCH_SECONDS checkout sessions and
 *    renders their pay forms (`GET /c/{id}`), then reads the API's RSS.
 * 3. Opens the streams, BENCH_OPEN_CONCURRENCY (32) at a time, reads the RSS again, subscribes
 *    the floor, and pays the sessions at BENCH_RATE a second.
 * 4. Waits for the worker to settle the payments and for every stream to receive what its
 *    merchant's table holds (at most BENCH_DRAIN_SECONDS, 60), then prints the figures.
 *    Exits 1 when a pay failed, a stream closed, or a stream missed or repeated an event.
 *
 * Not part of the tests.
 */
import { createParser } from 'eventsource-parser';
import Redis from 'ioredis';
import { createHmac, randomBytes } from 'node:crypto';
import { ChildProcess, spawn } from 'node:child_process';
import { openSync, readFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { resolve } from 'node:path';
import { Client } from 'pg';
import { DEMO_MERCHANT_TEST_KEY } from '../src/modules/merchants/api-keys/demo-merchant-key.seeder';
import { DEMO_MERCHANT } from '../src/modules/merchants/onboarding/demo-merchant.seeder';
import {
  answers,
  benchSettings,
  describeLoad,
  log,
  productionEnvironment,
  recreateSeeded,
  ROOT,
  setting,
  startBuilt,
  stopChildren,
  track,
} from './support/bench-kit';
import { hrtimeUs, profileDirOf, summariseProfile } from './support/cpu-profile';
import { openSession, PayForm, renderPayForms, RETURN_URL, sessionRequest } from './support/hosted-checkout';

const { databaseUrl, apiPort, poolSize } = benchSettings({ database: 'payment_service_bench_events', apiPort: 3108 });
const streamCount = setting('BENCH_STREAMS', 2000);
const merchantCount = setting('BENCH_MERCHANTS', 100);
const rate = setting('BENCH_RATE', 20);
const seconds = setting('BENCH_SECONDS', 30);
const openConcurrency = setting('BENCH_OPEN_CONCURRENCY', 32);
const drainSeconds = setting('BENCH_DRAIN_SECONDS', 60);
/** The worker's OUTBOX_POLL_INTERVAL_MS. */
const outboxPollMs = setting('BENCH_OUTBOX_POLL_MS', 500);
const apiNodeArgs = (process.env.BENCH_API_NODE_ARGS ?? '').split(' ').filter(Boolean);
/** The setting's own ceiling (merchants.config.ts). */
const MAX_STREAMS_PER_KEY = 100;
const streamsPerKey = Math.ceil(streamCount / merchantCount);
/** merchant-api-keys.service.ts: the digest's purpose, and the visible prefix (mode and 6 characters). */
const KEY_PURPOSE = 'merchant-api-key';
const VISIBLE_PREFIX_LENGTH = 'sk_test_'.length + 6;

interface BenchMerchant {
  id: string;
  secret: string;
  /** `merchant_event_sequences.last_seq` when the streams opened: they start after it. */
  startSeq: number;
}

interface StreamClient {
  merchant: BenchMerchant;
  /** The `id:` of each event frame, in arrival order. */
  ids: string[];
  closed: boolean;
}

/** When each event happened (its envelope's `createdAt`, ms), read once per event id. */
const createdAtById = new Map<string, number>();
const streamDelays: number[] = [];
const floorDelays: number[] = [];

async function main(): Promise<void> {
  if (streamsPerKey > MAX_STREAMS_PER_KEY) {
    throw new Error(`${streamCount} streams over ${merchantCount} merchants is over ${MAX_STREAMS_PER_KEY} a key`);
  }
  const redisKeyPrefix = `ps-bench-events-${randomBytes(3).toString('hex')}`;
  const env = productionEnvironment({
    port: apiPort,
    databaseUrl,
    redisKeyPrefix,
    poolSize,
    extra: {
      OUTBOX_POLL_INTERVAL_MS: String(outboxPollMs),
      MERCHANT_EVENTS_MAX_STREAMS_PER_KEY: String(Math.max(5, streamsPerKey)),
    },
  });
  const db = await recreateSeeded(databaseUrl, env);
  const agent = new Agent({ keepAlive: true, maxSockets: Infinity });
  const floor = new Redis(env.REDIS_URL as string, { lazyConnect: true });
  const clients: StreamClient[] = [];
  try {
    const merchants = await insertMerchants(db, env.KEY_HASH_SECRET as string);
    const baseUrl = `http://127.0.0.1:${apiPort}`;
    const api = await startApi(env, `${baseUrl}/api/v1/health/ready`);
    await startBuilt('dist/src/worker.js', env);
    log(`API ready at ${baseUrl} with its worker; ${merchants.length} merchants, ${streamsPerKey} streams a key`);

    const payments = rate * seconds;
    const sessions = await openSessions(baseUrl, merchants, payments);
    const { csrfCookie, forms } = await renderPayForms(baseUrl, sessions);
    log(`${forms.length} checkout sessions opened and their pay forms rendered`);
    await sleep(2000);
    const rssBefore = rssKb(api.pid as number);

    for (const merchant of merchants) merchant.startSeq = await lastSeq(db, merchant.id);
    const opening = Date.now();
    let next = 0;
    await Promise.all(
      Array.from({ length: openConcurrency }, async () => {
        while (next < streamCount) {
          const index = next;
          next += 1;
          clients.push(await openStream(agent, apiPort, merchants[index % merchants.length]));
        }
      }),
    );
    log(`${clients.length} streams open in ${((Date.now() - opening) / 1000).toFixed(1)} s; ${describeLoad()}`);
    await sleep(2000);
    const rssAfter = rssKb(api.pid as number);

    const floorSeen = new Map<string, Set<number>>();
    floor.on('message', (channel: string, text: string) => {
      const at = Date.now();
      const message = JSON.parse(text) as { seq: number; id: string; body: string };
      let seen = floorSeen.get(channel);
      if (!seen) floorSeen.set(channel, (seen = new Set()));
      if (seen.has(message.seq)) return;
      seen.add(message.seq);
      floorDelays.push(at - createdAtOf(message.id, message.body));
    });
    await floor.connect();
    await floor.subscribe(...merchants.map((merchant) => channelOf(redisKeyPrefix, merchant.id)));

    log(`paying ${payments} sessions at ${rate}/s for ${seconds} s`);
    const window = { fromUs: hrtimeUs(), toUs: 0 };
    const pay = await payAtRate(baseUrl, forms, csrfCookie);
    window.toUs = hrtimeUs();
    const rssDuring = rssKb(api.pid as number);
    log(`pay: ${pay.paid} paid (303 to the success URL), ${pay.failed} failed; ${describeLoad()}`);

    const expected = await awaitDelivery(db, merchants, clients);
    const failures: string[] = [];
    if (pay.failed > 0) failures.push(`${pay.failed} pays failed`);
    const check = checkStreams(clients, expected);
    failures.push(...check.failures);

    log('');
    log(
      `${clients.length} streams over ${merchants.length} merchants (${streamsPerKey} a key), ${pay.paid} checkout payments at ${rate}/s for ${seconds} s`,
    );
    log('| delay from the event\u2019s commit to | events | p50 | p99 | max |');
    log('|---|---|---|---|---|');
    log(`| the Redis pub/sub message (floor) | ${floorDelays.length} | ${describeDelays(floorDelays)} |`);
    log(`| the frame at the stream client | ${streamDelays.length} | ${describeDelays(streamDelays)} |`);
    const ratio = (q: number) => (percentile(streamDelays, q) / Math.max(1, percentile(floorDelays, q))).toFixed(2);
    log(`stream / floor: p50 ${ratio(0.5)}, p99 ${ratio(0.99)}`);
    log(
      `API RSS: ${mb(rssBefore)} MB before the streams, ${mb(rssAfter)} MB with them open (${(((rssAfter - rssBefore) * 1024) / clients.length / 1024).toFixed(1)} kB a stream), ${mb(rssDuring)} MB after the payments`,
    );
    log(
      `delivery: ${check.delivered} event frames of ${check.expected} expected; ${check.complete} of ${clients.length} streams got exactly their merchant's events in order (${check.missing} missing, ${check.duplicates} duplicated, ${check.outOfOrder} streams out of order, ${check.closed} closed)`,
    );
    log(failures.length === 0 ? 'checks: all passed' : `checks FAILED:\n  ${failures.join('\n  ')}`);
    if (failures.length > 0) process.exitCode = 1;

    for (const client of clients) client.closed = true;
    agent.destroy();
    await stopChildren();
    const profileDir = profileDirOf(apiNodeArgs);
    if (profileDir) summariseProfile(profileDir, window, 'API');
  } finally {
    agent.destroy();
    floor.disconnect();
    await db.end();
    await stopChildren();
  }
}

/**
 * The API as `startBuilt` starts it; with BENCH_API_LOG, its log (stdout, LOG_LEVEL warn) goes to
 * that file, to see what a failed stream or pay was.
 */
async function startApi(env: NodeJS.ProcessEnv, readyUrl: string): Promise<ChildProcess> {
  const logFile = process.env.BENCH_API_LOG;
  if (!logFile) return startBuilt('dist/src/main.js', env, readyUrl, apiNodeArgs);
  const child = track(
    spawn(process.execPath, [...apiNodeArgs, resolve(ROOT, 'dist/src/main.js')], {
      env,
      cwd: tmpdir(),
      stdio: ['ignore', openSync(logFile, 'w'), 'inherit'],
    }),
  );
  const deadline = Date.now() + 60_000;
  while (!(await answers(readyUrl))) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`the API was not ready at ${readyUrl}`);
    await sleep(250);
  }
  return child;
}

/**
 * The demo merchant and `merchantCount - 1` copies of it (its row with a new id, name,
 * registration number, e-mail, phone and onboarding digest), each with a sandbox key stored as
 * the API checks it (HMAC under KEY_HASH_SECRET); the demo merchant keeps its seeded key.
 */
async function insertMerchants(db: Client, keyHashSecret: string): Promise<BenchMerchant[]> {
  const merchants: BenchMerchant[] = [{ id: DEMO_MERCHANT.id, secret: DEMO_MERCHANT_TEST_KEY, startSeq: 0 }];
  for (let index = 1; index < merchantCount; index += 1) {
    const { rows } = await db.query<{ id: string }>(
      `INSERT INTO merchants
       SELECT (jsonb_populate_record(NULL::merchants, to_jsonb(m) || jsonb_build_object(
                 'id', gen_random_uuid(),
                 'name', 'Bench Merchant ' || $2::text,
                 'registration_number', 'RCB' || lpad($2::text, 7, '0'),
                 'contact_email', 'owner-' || $2::text || '@bench-merchant.example',
                 'contact_phone', '+234801' || lpad($2::text, 7, '0'),
                 'onboarding_token_hash', encode(sha256(gen_random_uuid()::text::bytea), 'hex')))).*
         FROM merchants m WHERE m.id = $1
       RETURNING id`,
      [DEMO_MERCHANT.id, String(index)],
    );
    const secret = `sk_test_${randomBytes(32).toString('base64url')}`;
    await db.query(
      `INSERT INTO merchant_api_keys (id, merchant_id, name, livemode, prefix, last4, secret_hash, created_by_type, created_at)
       VALUES (gen_random_uuid(), $1, 'Bench sandbox key', false, $2, $3, $4, 'STAFF', now())`,
      [
        rows[0].id,
        secret.slice(0, VISIBLE_PREFIX_LENGTH),
        secret.slice(-4),
        createHmac('sha256', keyHashSecret).update(`${KEY_PURPOSE}\u0000${secret}`).digest('hex'),
      ],
    );
    merchants.push({ id: rows[0].id, secret, startSeq: 0 });
  }
  return merchants;
}

/** `count` checkout sessions, of the merchants in turn, 16 at a time; their ids. */
async function openSessions(baseUrl: string, merchants: BenchMerchant[], count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let start = 0; start < count; start += 16) {
    const batch = Array.from({ length: Math.min(16, count - start) }, (_, offset) => start + offset);
    ids.push(
      ...(await Promise.all(
        batch.map((index) =>
          openSession(
            baseUrl,
            merchants[index % merchants.length].secret,
            sessionRequest(`bench-${index}-${randomBytes(4).toString('hex')}`, 1000 + index),
          ),
        ),
      )),
    );
  }
  return ids;
}

/** One stream: resolves once the API answered 200 (it is subscribed by then); frames are read as they come. */
function openStream(agent: Agent, port: number, merchant: BenchMerchant): Promise<StreamClient> {
  const client: StreamClient = { merchant, ids: [], closed: false };
  return new Promise((resolve, reject) => {
    const call = request(
      {
        agent,
        host: '127.0.0.1',
        port,
        path: '/api/v1/merchant/events',
        headers: { authorization: `Bearer ${merchant.secret}`, accept: 'text/event-stream' },
      },
      (response) => {
        response.setEncoding('utf8');
        if (response.statusCode !== 200) {
          let body = '';
          response.on('data', (chunk: string) => (body += chunk));
          response.on('end', () => reject(new Error(`GET /merchant/events: ${response.statusCode} ${body}`)));
          return;
        }
        const parser = createParser({
          onEvent: (event) => {
            if (!event.id) return;
            const at = Date.now();
            client.ids.push(event.id);
            streamDelays.push(at - createdAtOf(event.id, event.data));
          },
        });
        response.on('data', (chunk: string) => parser.feed(chunk));
        response.on('close', () => (client.closed = true));
        resolve(client);
      },
    );
    call.on('error', (error) => (client.closed ? undefined : reject(error)));
    call.end();
  });
}

/** The envelope's `createdAt` of event `id`, parsed the first time the id is seen. */
function createdAtOf(id: string, envelope: string): number {
  let at = createdAtById.get(id);
  if (at === undefined) {
    at = Date.parse((JSON.parse(envelope) as { createdAt: string }).createdAt);
    createdAtById.set(id, at);
  }
  return at;
}

/** Posts the forms at `rate` a second, each once with the CSRF cookie, on schedule whatever the answers take. */
async function payAtRate(
  baseUrl: string,
  forms: PayForm[],
  csrfCookie: string,
): Promise<{ paid: number; failed: number }> {
  let paid = 0;
  let failed = 0;
  const outcomes = new Map<string, number>();
  const started = Date.now();
  const calls: Promise<void>[] = [];
  for (const [index, form] of forms.entries()) {
    const due = started + (index * 1000) / rate;
    if (due > Date.now()) await sleep(due - Date.now());
    calls.push(
      fetch(`${baseUrl}/c/${form.sessionId}/pay`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: csrfCookie },
        body: form.body,
      }).then(
        async (response) => {
          await response.arrayBuffer();
          const location = response.headers.get('location') ?? '';
          if (response.status === 303 && location.startsWith(`${RETURN_URL}/success`)) paid += 1;
          else {
            failed += 1;
            outcomes.set(`${response.status} ${location}`, (outcomes.get(`${response.status} ${location}`) ?? 0) + 1);
          }
        },
        (error: unknown) => {
          failed += 1;
          outcomes.set(String(error), (outcomes.get(String(error)) ?? 0) + 1);
        },
      ),
    );
  }
  await Promise.all(calls);
  if (outcomes.size > 0) log(`pay failures: ${JSON.stringify(Object.fromEntries(outcomes))}`);
  return { paid, failed };
}

/**
 * Waits for the worker to settle the payments and record their events, then for every stream to
 * hold as many events as its merchant recorded since the streams opened; answers those events'
 * ids per merchant, in order.
 */
async function awaitDelivery(
  db: Client,
  merchants: BenchMerchant[],
  clients: StreamClient[],
): Promise<Map<string, string[]>> {
  const started = Date.now();
  const deadline = started + drainSeconds * 1000;
  let expected = new Map<string, string[]>();
  let stableSince = 0;
  let total = -1;
  while (Date.now() < deadline) {
    const { rows: busy } = await db.query<{ payments: number; events: number }>(
      `SELECT (SELECT count(*)::int FROM payments WHERE status IN ('AUTHORIZING', 'PENDING', 'PROCESSING')) AS payments,
              (SELECT count(*)::int FROM outbox_events WHERE status = 'PENDING') AS events`,
    );
    expected = await recordedIds(db, merchants);
    const now = [...expected.values()].reduce((sum, ids) => sum + ids.length, 0);
    if (now !== total) {
      total = now;
      stableSince = Date.now();
    }
    const settled = busy[0].payments === 0 && busy[0].events === 0 && Date.now() - stableSince >= 2000;
    const delivered = clients.every((client) => client.ids.length >= (expected.get(client.merchant.id)?.length ?? 0));
    if (settled && delivered) break;
    await sleep(250);
  }
  log(`delivery: waited ${((Date.now() - started) / 1000).toFixed(1)} s past the last pay for the events to arrive`);
  return expected;
}

async function recordedIds(db: Client, merchants: BenchMerchant[]): Promise<Map<string, string[]>> {
  const { rows } = await db.query<{ merchant_id: string; ids: string[] }>(
    `SELECT e.merchant_id, array_agg(e.id::text ORDER BY e.seq) AS ids
       FROM merchant_events e
       JOIN unnest($1::uuid[], $2::bigint[]) AS s(merchant_id, start_seq) ON s.merchant_id = e.merchant_id
      WHERE NOT e.livemode AND e.seq > s.start_seq
      GROUP BY e.merchant_id`,
    [merchants.map((merchant) => merchant.id), merchants.map((merchant) => merchant.startSeq)],
  );
  return new Map(rows.map((row) => [row.merchant_id, row.ids]));
}

function checkStreams(
  clients: StreamClient[],
  expected: Map<string, string[]>,
): {
  failures: string[];
  delivered: number;
  expected: number;
  complete: number;
  missing: number;
  duplicates: number;
  outOfOrder: number;
  closed: number;
} {
  let delivered = 0;
  let wanted = 0;
  let complete = 0;
  let missing = 0;
  let duplicates = 0;
  let outOfOrder = 0;
  let closed = 0;
  for (const client of clients) {
    const ids = expected.get(client.merchant.id) ?? [];
    delivered += client.ids.length;
    wanted += ids.length;
    const received = new Set(client.ids);
    duplicates += client.ids.length - received.size;
    missing += ids.filter((id) => !received.has(id)).length;
    const exact = client.ids.length === ids.length && client.ids.every((id, index) => id === ids[index]);
    if (exact) complete += 1;
    else if (received.size === ids.length && ids.every((id) => received.has(id))) outOfOrder += 1;
    if (client.closed) closed += 1;
  }
  const failures: string[] = [];
  if (complete !== clients.length)
    failures.push(`${clients.length - complete} streams did not get exactly their events`);
  if (closed > 0) failures.push(`${closed} streams closed`);
  if (wanted === 0) failures.push('no event was recorded');
  return { failures, delivered, expected: wanted, complete, missing, duplicates, outOfOrder, closed };
}

async function lastSeq(db: Client, merchantId: string): Promise<number> {
  const { rows } = await db.query<{ last_seq: string }>(
    `SELECT last_seq FROM merchant_event_sequences WHERE merchant_id = $1 AND NOT livemode`,
    [merchantId],
  );
  return rows.length === 0 ? 0 : Number(rows[0].last_seq);
}

/** merchant-stream-events.ts's `merchantEventsChannel`, test mode. */
function channelOf(redisKeyPrefix: string, merchantId: string): string {
  return `${redisKeyPrefix}:merchant-events:${merchantId}:test`;
}

/** A process's resident set (VmRSS), in kB. */
function rssKb(pid: number): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) : 0;
}

const mb = (kb: number) => (kb / 1024).toFixed(0);

function percentile(values: number[], q: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
}

function describeDelays(values: number[]): string {
  return `${percentile(values, 0.5)} ms | ${percentile(values, 0.99)} ms | ${values.reduce((max, value) => Math.max(max, value), 0)} ms`;
}

function sleep(ms: number): Promise<void> {
  return new Promise((done) => setTimeout(done, ms));
}

main().catch(async (error: unknown) => {
  await stopChildren();
  process.stderr.write(`merchant events bench failed: ${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
