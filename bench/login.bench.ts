/**
 * Login throughput: `POST /api/v1/auth/login` with bcrypt at the server's cost.
 *
 *   BENCH_URL=http://127.0.0.1:3000 npx ts-node bench/login.bench.ts
 *
 * Against a running API started with DEV_MAILBOX=true (the bench reads each customer's OTP
 * from the dev mailbox). It first signs up BENCH_USERS customers (register, verify, set PIN),
 * then drives login with BENCH_CONNECTIONS connections for BENCH_SECONDS seconds, cycling
 * through the customers, and prints requests/s, p50, p99 and the bcrypt cost of the stored
 * hashes (read from DATABASE_URL when it is set). Keep the customers many enough that no
 * number passes RATE_LIMIT_LOGIN_PER_PHONE in its window (the default 50 customers stay under
 * the default 20 per 15 minutes at a few hundred logins in 10 s); each run registers
 * BENCH_USERS new numbers from one address, so raise RATE_LIMIT_REGISTER_PER_IP for repeated runs.
 * Not part of the test suite.
 */
import autocannon from 'autocannon';
import { randomInt } from 'node:crypto';
import { Client } from 'pg';

const baseUrl = (process.env.BENCH_URL ?? 'http://127.0.0.1:3000').replace(/\/$/, '');
const users = Number(process.env.BENCH_USERS ?? 50);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 32);
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const PIN = '480264';

async function call(method: string, path: string, body?: unknown, token?: string): Promise<unknown> {
  const response = await fetch(`${baseUrl}/api/v1${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
  return text ? (JSON.parse(text) as unknown) : undefined;
}

async function signUp(phone: string): Promise<void> {
  await call('POST', '/auth/register', { phone });
  const messages = (await call('GET', `/dev/messages?phone=${encodeURIComponent(phone)}`)) as { body: string }[];
  const otp = /\b(\d{6})\b/.exec(messages[0]?.body ?? '')?.[1];
  if (!otp) throw new Error(`no OTP for ${phone}: is the API running with DEV_MAILBOX=true?`);
  const verified = (await call('POST', '/auth/verify', { phone, otp, deviceName: 'bench' })) as { accessToken: string };
  await call('POST', '/auth/pin', { pin: PIN }, verified.accessToken);
}

async function bcryptCost(phone: string): Promise<string> {
  if (!process.env.DATABASE_URL) return 'unknown (set DATABASE_URL to read it from the stored hashes)';
  const client = new Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    const { rows } = await client.query<{ pin_hash: string }>(`SELECT pin_hash FROM users WHERE phone = $1`, [phone]);
    return rows[0]?.pin_hash.split('$')[2] ?? 'unknown (customer not found in DATABASE_URL)';
  } finally {
    await client.end();
  }
}

async function main(): Promise<void> {
  const phones = Array.from({ length: users }, () => `+234809${randomInt(0, 10_000_000).toString().padStart(7, '0')}`);
  process.stdout.write(`signing up ${users} customers at ${baseUrl} ...\n`);
  for (let index = 0; index < phones.length; index += 8) await Promise.all(phones.slice(index, index + 8).map(signUp));

  let next = 0;
  const result = await autocannon({
    url: baseUrl,
    connections,
    duration: seconds,
    requests: [
      {
        method: 'POST',
        path: '/api/v1/auth/login',
        headers: { 'content-type': 'application/json' },
        setupRequest: (request) => {
          const phone = phones[next++ % phones.length];
          return { ...request, body: JSON.stringify({ phone, pin: PIN, deviceName: 'bench' }) };
        },
      },
    ],
  });

  const cost = await bcryptCost(phones[0]);
  const failures = result.non2xx + result.errors + result.timeouts;
  process.stdout.write(
    [
      '',
      `POST /api/v1/auth/login, ${connections} connections, ${seconds} s, ${users} customers`,
      `bcrypt cost:    ${cost}`,
      `requests/s:     ${result.requests.average.toFixed(1)} (total ${result.requests.total})`,
      `latency p50:    ${result.latency.p50} ms`,
      `latency p99:    ${result.latency.p99} ms`,
      `non-2xx/errors: ${result.non2xx} / ${result.errors} (timeouts ${result.timeouts})`,
      '',
    ].join('\n'),
  );
  if (failures > 0) {
    process.stdout.write(
      'some requests failed: a 429 means a number passed RATE_LIMIT_LOGIN_PER_PHONE; use more customers\n',
    );
    process.exitCode = 1;
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`bench failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
