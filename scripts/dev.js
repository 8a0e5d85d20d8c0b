#!/usr/bin/env node
'use strict';
/**
 * `npm run dev`: from a fresh clone to a running service. Writes .env from .env.example when
 * missing, builds, creates the database when missing, migrates, seeds the demo data, then runs
 * the API, the worker and the biller simulator until Ctrl-C. Their JSON logs are shown through
 * pino-pretty (a devDependency: the services themselves always log JSON, so production never
 * needs it); once the API is ready, one block names its URLs and the demo logins.
 *
 * Each service runs in its own process group, so the terminal's Ctrl-C reaches this script
 * alone, and the script decides the order: SIGINT to the API and the worker, a wait for their
 * graceful shutdown, then the simulator the worker's posts may still be calling; at most
 * SHUTDOWN_TIMEOUT_MS plus a margin in all. A second Ctrl-C kills what is left at once.
 */
const { spawn, spawnSync } = require('node:child_process');
const { copyFileSync, existsSync } = require('node:fs');
const { join } = require('node:path');
const { createInterface } = require('node:readline');
const { URL } = require('node:url');
const { setTimeout: sleep } = require('node:timers/promises');

const root = join(__dirname, '..');
const envFile = join(root, '.env');
if (!existsSync(envFile)) {
  copyFileSync(join(root, '.env.example'), envFile);
  console.log('dev: wrote .env from .env.example');
}
process.loadEnvFile(envFile);

/** Past the services' own shutdown deadline, how long before they are killed. */
const SHUTDOWN_MARGIN_MS = 5000;
/** How long the API gets to answer its readiness probe. */
const READY_TIMEOUT_MS = 60000;
/**
 * `npm run dev` forwards the terminal's SIGINT to this process, which the terminal also
 * signals: one Ctrl-C arrives twice within milliseconds. Only a signal this much later is a
 * second Ctrl-C.
 */
const REPEATED_SIGNAL_MS = 500;
/** Marks this script's readiness probes, whose access lines would only repeat the ready block. */
const PROBE_REQUEST_ID = 'dev-ready-probe';
/**
 * Nest's bootstrap chatter at info: a line per module and per route on every start, which
 * buries the lines that matter. Swagger UI lists the routes.
 */
const QUIET_CONTEXTS = new Set(['InstanceLoader', 'RoutesResolver', 'RouterExplorer']);
const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

function step(title, command, args) {
  console.log(`dev: ${title}`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: process.env });
  if (result.status !== 0) {
    console.error(`dev: ${title} failed`);
    process.exit(result.status ?? 1);
  }
}

step('building', 'npm', ['run', 'build']);
step('creating the database if missing', process.execPath, ['dist/src/cli/create-database.js']);
step('migrating', process.execPath, ['dist/src/cli/migrate.js']);
step('seeding demo data', process.execPath, ['dist/src/cli/seed.js']);
// This month's demo bills for the demo customer's inbox; unchanged on every later start that month.
step('pushing demo bills', process.execPath, ['dist/src/cli/bills-push-demo.js']);

// The services' own validated configuration (defaults included), not a second reading of .env.
const config = require(join(root, 'dist/src/platform/config/environment.js')).configFromEnvironment();

const prettify = loadPrettifier();
const SERVICES = [
  { name: 'api', entry: 'dist/src/main.js' },
  { name: 'worker', entry: 'dist/src/worker.js' },
  // Stopped last: the worker may be waiting on it for a payment it is posting.
  { name: 'simulator', entry: 'dist/src/simulators/main.js', stopsLast: true },
];
const labelWidth = Math.max(...SERVICES.map((service) => service.name.length));

let stopping = null;
const services = SERVICES.map(start);

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => onSignal(signal));
// Should this process die some other way, the services (in their own process groups) die with it.
process.on('exit', () => {
  for (const service of services) if (running(service)) service.child.kill('SIGKILL');
});

announceWhenReady();

function start({ name, entry, stopsLast = false }) {
  const child = spawn(process.execPath, [entry], {
    cwd: root,
    env: process.env,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: process.platform !== 'win32',
  });
  const service = { name, child, stopsLast, signalled: false, ended: null };
  relayLines(child.stdout, name, process.stdout);
  relayLines(child.stderr, name, process.stderr);
  // 'close', not 'exit': the service's last log lines are printed before how it ended.
  child.on('close', (code, signal) => {
    service.ended = { code, signal };
    if (!stopping) {
      console.error(`dev: ${name} ${describeEnd(service)} on its own; stopping the others`);
      stop('SIGTERM', 1);
    } else {
      console.log(`dev: ${name} ${describeEnd(service)}`);
      advanceShutdown();
    }
  });
  child.on('error', (error) => console.error(`dev: ${name} could not start: ${error.message}`));
  return service;
}

function relayLines(stream, name, out) {
  const prefix = `${name.padEnd(labelWidth)} | `;
  createInterface({ input: stream, crlfDelay: Infinity }).on('line', (line) => {
    const log = parseLog(line);
    if (log && !worthShowing(log)) return;
    const text = prettify ? prettify(log ?? line) : `${line}\n`;
    if (!text) return;
    out.write(
      text
        .replace(/\n$/, '')
        .split('\n')
        .map((part) => prefix + part)
        .join('\n') + '\n',
    );
  });
}

/** A pino log line as an object; null for anything else (the simulator's plain lines). */
function parseLog(line) {
  if (!line.startsWith('{')) return null;
  try {
    const log = JSON.parse(line);
    return log !== null && typeof log === 'object' && typeof log.level === 'number' ? log : null;
  } catch {
    return null;
  }
}

function worthShowing(log) {
  if (log.level > 30) return true;
  return !QUIET_CONTEXTS.has(log.context) && log.reqId !== PROBE_REQUEST_ID;
}

/** pino-pretty's line formatter, or null (logs stay JSON) when dev dependencies are not installed. */
function loadPrettifier() {
  let prettyFactory;
  try {
    ({ prettyFactory } = require('pino-pretty'));
  } catch (error) {
    const why =
      error.code === 'MODULE_NOT_FOUND'
        ? 'is not installed (`npm install` adds it)'
        : `failed to load: ${error.message}`;
    console.log(`dev: pino-pretty ${why}; logs are shown as JSON`);
    return null;
  }
  return prettyFactory({
    translateTime: 'SYS:HH:MM:ss.l',
    singleLine: true,
    // Every line is this service's; the access line's fields are in its message.
    ignore: 'pid,hostname,service,context,req,res,responseTime',
    messageFormat: (log, messageKey) => {
      const context = typeof log.context === 'string' ? `[${log.context}] ` : '';
      if (log.req && log.res && typeof log.responseTime === 'number') {
        return `${context}${log.req.method} ${log.req.url} ${log.res.statusCode} ${log.responseTime.toFixed(1)} ms`;
      }
      return `${context}${log[messageKey] ?? ''}`;
    },
  });
}

function onSignal(signal) {
  if (!stopping) {
    console.log(`\ndev: ${signal}: stopping the API, worker and simulator (Ctrl-C again to force)`);
    stop(signal === 'SIGHUP' ? 'SIGTERM' : signal, 0);
  } else if (Date.now() - stopping.at >= REPEATED_SIGNAL_MS) {
    force('a second signal');
  }
}

function stop(signal, exitCode) {
  stopping = { at: Date.now(), signal, exitCode };
  const deadline = config.SHUTDOWN_TIMEOUT_MS + SHUTDOWN_MARGIN_MS;
  setTimeout(() => force(`no end within ${deadline} ms`), deadline).unref();
  advanceShutdown();
}

/** Signals the services still to stop, the last ones once the others have ended; exits when all have. */
function advanceShutdown() {
  const left = services.filter(running);
  if (left.length === 0) {
    const clean = services.every((service) => service.ended.code === 0);
    process.exit(clean ? stopping.exitCode : 1);
  }
  const stage = left.some((service) => !service.stopsLast) ? left.filter((service) => !service.stopsLast) : left;
  for (const service of stage) {
    if (service.signalled) continue;
    service.signalled = true;
    service.child.kill(stopping.signal);
  }
}

function force(reason) {
  const left = services.filter(running);
  if (left.length === 0) return;
  console.error(`dev: ${reason}: killing ${left.map((service) => service.name).join(', ')}`);
  stopping.exitCode = 1;
  for (const service of left) service.child.kill('SIGKILL');
}

function running(service) {
  return service.ended === null;
}

function describeEnd(service) {
  const { code, signal } = service.ended;
  const after = stopping ? ` after ${((Date.now() - stopping.at) / 1000).toFixed(1)} s` : '';
  if (signal) return `was killed by ${signal}${after}`;
  return code === 0 ? `stopped cleanly${after}` : `exited with code ${code}${after}`;
}

async function announceWhenReady() {
  const readyUrl = `http://127.0.0.1:${config.PORT}/api/v1/health/ready`;
  const started = Date.now();
  while (!stopping && Date.now() - started < READY_TIMEOUT_MS) {
    try {
      if ((await fetch(readyUrl, { headers: { 'x-request-id': PROBE_REQUEST_ID } })).ok) {
        if (!stopping) console.log(readyBlock());
        return;
      }
    } catch {
      // not listening yet
    }
    await sleep(500);
  }
  if (!stopping) console.error(`dev: the API did not become ready at ${readyUrl} within ${READY_TIMEOUT_MS / 1000} s`);
}

function readyBlock() {
  const api = `http://localhost:${config.PORT}/api/v1`;
  const simulator = `http://127.0.0.1:${config.SIMULATOR_PORT}`;
  const rows = [
    ['API', api],
    ['Swagger UI', config.SWAGGER_ENABLED ? `${api}/docs` : 'off (SWAGGER_ENABLED=false)'],
    ['OpenAPI JSON', config.SWAGGER_ENABLED ? `${api}/openapi.json` : 'off (SWAGGER_ENABLED=false)'],
    ['Biller simulator', simulator],
  ];
  const lines = rows.map(([what, where]) => `  ${what.padEnd(17)}${where}`);
  const target = new URL(config.BILLER_SIMULATOR_URL);
  if (!LOOPBACK_HOSTS.has(target.hostname) || Number(target.port || 80) !== config.SIMULATOR_PORT) {
    lines.push(`  (the demo billers call BILLER_SIMULATOR_URL=${config.BILLER_SIMULATOR_URL}, not this simulator)`);
  }
  lines.push('', `  Demo logins (POST ${api}/auth/login {"phone", "pin"}):`, ...demoLogins());
  lines.push('', `  Demo merchant (POST ${api}/merchant/auth/login {"email", "password"}):`, ...demoMerchant());
  lines.push('', '  Demo payment link (test mode: card 4242 4242 4242 4242 pays, 4000 0000 0000 0002 declines):');
  lines.push(...demoPaymentLink());
  const rule = '-'.repeat(72);
  return `\n${rule}\ndev: ready\n${lines.join('\n')}\n\n  Ctrl-C stops everything gracefully; twice forces.\n${rule}\n`;
}

/** The demo merchant's owner login and sandbox key, read from their seeders. */
function demoMerchant() {
  try {
    const owner = require(
      join(root, 'dist/src/modules/merchants/identity/demo-merchant-owner.seeder.js'),
    ).DEMO_MERCHANT_OWNER;
    const key = require(
      join(root, 'dist/src/modules/merchants/api-keys/demo-merchant-key.seeder.js'),
    ).DEMO_MERCHANT_TEST_KEY;
    return [`    Owner     ${owner.email}  password ${owner.password}  (APPROVED merchant)`, `    Test key  ${key}`];
  } catch (error) {
    return [`    (see the README's Demo logins: ${error.message.split('\n')[0]})`];
  }
}

/** The demo merchant's test-mode payment link at PUBLIC_BASE_URL, read from its seeder. */
function demoPaymentLink() {
  try {
    const { demoPaymentLinkUrl } = require(
      join(root, 'dist/src/modules/merchants/checkout/demo-payment-link.seeder.js'),
    );
    return [`    ${demoPaymentLinkUrl(config.PUBLIC_BASE_URL)}`];
  } catch (error) {
    return [`    (see the README's Pay the demo link in a browser: ${error.message.split('\n')[0]})`];
  }
}

/** Read from the seed itself, so a demo account added there is listed here too. */
function demoLogins() {
  let users;
  try {
    users = require(join(root, 'dist/src/modules/identity/identity.seeder.js')).DEMO_USERS;
  } catch (error) {
    return [`    (see the README's Demo logins: ${error.message.split('\n')[0]})`];
  }
  const width = Math.max(...users.map((user) => user.displayName.length));
  return users.map(
    (user) =>
      `    ${user.displayName.padEnd(width)}  phone ${user.phone}  PIN ${user.pin}  (${user.role}, KYC ${user.kycTier})`,
  );
}
