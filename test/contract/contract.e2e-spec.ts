import type { NestExpressApplication } from '@nestjs/platform-express';
import { execFile } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { promisify } from 'node:util';
import pino from 'pino';
import request from 'supertest';
import type { AppConfig } from '../../src/platform/config/app-config';
import { ROOT_LOGGER } from '../../src/platform/logging/logging.module';
import { describeMetricsSecurity } from '../../src/platform/metrics/metrics-openapi';
import { buildOpenApiDocument } from '../../src/platform/openapi/openapi-document';
import { createIsolatedDatabase, IsolatedDatabase } from '../support/isolated-database';
import { createTestHarness, SimulatedBillers, TestHarness } from '../support/test-harness';
import { coverageReport } from './coverage-report';
import { UserRole } from '../../src/platform/auth/principal';
import { createStaffUser } from '../factories/staff-user.factory';
import { Credentials, fixtureCredentials, forgedCredentials, freshCredentialFor } from './credentials';
import { invalidRequests } from './invalid-requests';
import { describeOperation, OpenApiDocument, OperationModel, operationsOf, resolve } from './openapi-model';
import { GOOD_INPUT_FIXTURES } from './good-input-fixtures';
import { isOptedOut, OPT_OUTS } from './opt-outs';
import type { RunningBillerSimulator } from '../../src/simulators/biller-simulator';
import { describeRequest, HarnessRequest, validRequest } from './request-builder';
import { ResponseValidator } from './response-validator';

/**
 * The contract harness: every operation of the served OpenAPI document is linted, attacked with
 * forged credentials, fed schema-breaking input and called with valid input, and every
 * response is checked against the document. CONTRACT_REQUESTS_PER_OPERATION raises the number
 * of bad-input requests (e.g. 200 for a nightly run); CONTRACT_SEED replays a run.
 */
const REQUESTS_PER_OPERATION = Number(process.env.CONTRACT_REQUESTS_PER_OPERATION ?? 20);
const SEED = Number(process.env.CONTRACT_SEED ?? Date.now() % 2 ** 31);
const run = promisify(execFile);

describe(`contract harness (seed ${SEED}; replay with CONTRACT_SEED=${SEED})`, () => {
  let database: IsolatedDatabase;
  let harness: TestHarness & SimulatedBillers;
  let app: NestExpressApplication;
  let http: ReturnType<typeof request>;
  let config: AppConfig;
  let document: OpenApiDocument;
  let operations: OperationModel[];
  let validator: ResponseValidator;
  let credentials: Credentials;
  let adminHeaders: Record<string, string>;
  let simulator: RunningBillerSimulator;
  const serverErrors: string[] = [];
  const logLines: string[] = [];
  const stats = { requests: 0, operations: new Set<string>(), skipped: [] as string[] };

  beforeAll(async () => {
    database = await createIsolatedDatabase();
    const logSink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        logLines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
        done();
      },
    });
    harness = await createTestHarness({
      config: { DATABASE_URL: database.url, SWAGGER_ENABLED: 'true' },
      // The simulator's own timings, as in development: no check here waits on them.
      simulator: { slowResponseMs: 1500, confirmAfterMs: 5000 },
      override: (builder) => builder.overrideProvider(ROOT_LOGGER).useValue(pino({ level: 'error' }, logSink)),
    });
    ({ app, http, config, simulator } = harness);
    document = (await http.get('/api/v1/openapi.json').expect(200)).body;
    operations = operationsOf(document);
    validator = new ResponseValidator(document);
    credentials = await fixtureCredentials(app);
    adminHeaders = { authorization: (await createStaffUser(app, 'ADMIN')).headers.Authorization };
    process.stdout.write(`contract harness: seed ${SEED}, ${operations.length} operations\n`);
  }, 60_000);

  afterAll(async () => {
    const lines = [
      `contract harness: ${stats.operations.size} of ${operations?.length ?? 0} operations exercised, ${stats.requests} requests sent, seed ${SEED}`,
      ...coverageReport(operations ?? []),
      `opt-outs (${OPT_OUTS.length}):`,
      ...OPT_OUTS.map((optOut) => `  ${optOut.operationId} ${optOut.check}: ${optOut.reason}`),
      `skipped for want of a credential fixture (${stats.skipped.length}):`,
      ...stats.skipped.map((line) => `  ${line}`),
    ];
    process.stdout.write(`${lines.join('\n')}\n`);
    await harness?.close();
    await database?.drop();
  });

  const MULTIPART_FILE = Buffer.from('%PDF-1.7\n1 0 obj << >> endobj\n%%EOF\n', 'latin1');
  const isRecord = (value: unknown): value is Record<string, unknown> =>
    typeof value === 'object' && value !== null && !Array.isArray(value);

  /** Sends a request, checks the response against the document, and records any 5xx. */
  async function send(operation: OperationModel, spec: HarnessRequest) {
    let call = http[spec.method](spec.path).query(spec.query);
    for (const [name, value] of Object.entries(spec.headers)) call = call.set(name, value);
    if (spec.rawBody !== undefined) call = call.send(spec.rawBody);
    else if (operation.bodyMediaType === 'multipart/form-data' && isRecord(spec.body)) {
      // A form: text parts as they are, a `format: binary` part as a small valid PDF.
      const properties = resolve(document, operation.bodySchema).properties ?? {};
      for (const [name, value] of Object.entries(spec.body)) {
        if (properties[name]?.format === 'binary') call = call.attach(name, MULTIPART_FILE, 'contract.pdf');
        else call = call.field(name, typeof value === 'string' ? value : JSON.stringify(value));
      }
    } else if (spec.body !== undefined && (typeof spec.body !== 'object' || spec.body === null)) {
      // superagent only serialises objects and arrays; a scalar JSON body goes out as its text.
      call = call.type('application/json').send(JSON.stringify(spec.body));
    } else if (spec.body !== undefined) call = call.send(spec.body as object);
    const response = await call;
    stats.requests += 1;
    stats.operations.add(operation.operationId);
    const where = `${describeOperation(operation)} ${describeRequest(spec)} (seed ${SEED})`;
    if (response.status >= 500) {
      const requestId = String(response.headers['x-request-id'] ?? '');
      const logged = logLines.filter((line) => line.includes(requestId)).join('\n');
      serverErrors.push(`${response.status} for ${where}\nserver log:\n${logged || '(no line with that request id)'}`);
    }
    const body = response.headers['content-type']?.startsWith('application/json') ? response.body : response.text;
    const problems = validator.problems(operation, response.status, response.headers['content-type'], body);
    return { response, where, problems };
  }

  const staffCredentials = new Map<string, Record<string, string>>();

  /** A valid credential for `operation`, shared across calls; staff routes get a user with their role. */
  async function credentialFor(operation: OperationModel): Promise<Record<string, string> | undefined> {
    if (operation.isPublic) return {};
    const [role] = operation.requiredRoles as UserRole[];
    if (role && operation.security.includes('bearerAuth')) {
      if (!staffCredentials.has(role)) {
        const staff = await createStaffUser(app, role);
        staffCredentials.set(role, { authorization: staff.headers.Authorization });
      }
      return staffCredentials.get(role);
    }
    for (const scheme of operation.security) if (credentials[scheme]) return credentials[scheme];
    return undefined;
  }

  /** `redocly lint` with the repository's redocly.yaml (recommended rules): its problems, one line each. */
  async function lintProblems(linted: object): Promise<string[]> {
    const file = join(tmpdir(), `openapi-${process.pid}-${Date.now()}.json`);
    writeFileSync(file, JSON.stringify(linted));
    const root = join(__dirname, '../..');
    // Exits 1 when it finds an error; the JSON report on stdout says what either way. The CLI's own
    // entry point under this Node, as `npx redocly` would run it, without npx's process in front.
    const cli = join(root, 'node_modules/@redocly/cli/bin/cli.js');
    const result = await run(
      process.execPath,
      [cli, 'lint', '--config', join(root, 'redocly.yaml'), '--format', 'json', file],
      { cwd: root, maxBuffer: 64 * 1024 * 1024 },
    )
      .catch((error: { stdout: string; stderr: string }) => error)
      .finally(() => rmSync(file, { force: true }));
    let report: {
      totals: { errors: number; warnings: number };
      problems: { ruleId: string; severity: string; message: string; location: { pointer: string }[] }[];
    };
    try {
      report = JSON.parse(result.stdout) as typeof report;
    } catch {
      throw new Error(`redocly lint gave no JSON report:\n${result.stdout}\n${result.stderr}`);
    }
    const problems = report.problems.map(
      (problem) =>
        `${problem.severity} ${problem.ruleId} at ${problem.location.map((place) => place.pointer).join(', ')}: ${problem.message}`,
    );
    expect(problems).toHaveLength(report.totals.errors + report.totals.warnings);
    return problems;
  }

  it('publishes a document that passes redocly lint with no error and no warning', async () => {
    expect(await lintProblems(document)).toEqual([]);
  }, 120_000);

  it('passes redocly lint as a server with METRICS_TOKEN documents itself too', async () => {
    const guarded = describeMetricsSecurity(buildOpenApiDocument(app), {
      METRICS_TOKEN: 'a-metrics-token-only-this-test-uses-0123456789',
    });
    expect(guarded.components?.securitySchemes).toHaveProperty('metricsToken');
    expect(await lintProblems(guarded)).toEqual([]);
  }, 120_000);

  /**
   * An error response's schema: ApiError, or a schema that extends it (PaymentConflictError):
   * every member of ApiError, each required one required, beside members of its own.
   */
  function isApiError(ref: string | undefined): boolean {
    const prefix = '#/components/schemas/';
    if (ref === `${prefix}ApiError`) return true;
    const base = document.components.schemas.ApiError;
    const schema = ref?.startsWith(prefix) ? document.components.schemas[ref.slice(prefix.length)] : undefined;
    return (
      schema !== undefined &&
      Object.entries(base.properties ?? {}).every(
        ([name, property]) => JSON.stringify(schema.properties?.[name]) === JSON.stringify(property),
      ) &&
      (base.required ?? []).every((name) => schema.required?.includes(name))
    );
  }

  it('documents, for each operation, its security (or public), success schema and ApiError responses', () => {
    const problems: string[] = [];
    for (const operation of operations) {
      const where = describeOperation(operation);
      if (!operation.isPublic && operation.security.length === 0) problems.push(`${where}: neither secured nor public`);
      const statuses = Object.keys(operation.responses);
      if (!statuses.some((status) => status.startsWith('2'))) problems.push(`${where}: no success response`);
      if (!statuses.some((status) => /^[45]/.test(status))) problems.push(`${where}: no error response`);
      if (!operation.isPublic && !statuses.includes('401')) problems.push(`${where}: secured but no 401 documented`);
      // What redocly's operation-4xx-response would ask, where it fits: an operation that takes
      // input can refuse it (redocly.yaml says why the rule itself is off).
      const takesInput = operation.parameters.some((parameter) => parameter.in !== 'header') || !!operation.bodySchema;
      if (takesInput && !statuses.includes('400')) problems.push(`${where}: takes input but no 400 documented`);
      for (const status of statuses.filter((candidate) => /^[45]/.test(candidate))) {
        const schema = operation.responses[status].content?.['application/json']?.schema;
        if (!isApiError(schema?.$ref)) problems.push(`${where}: ${status} is not an ApiError`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('refuses forged, missing and wrong-kind credentials on every secured operation, changing nothing', async () => {
    const failures: string[] = [];
    const before = await fingerprint(database);
    for (const operation of operations.filter((candidate) => !candidate.isPublic)) {
      if (isOptedOut(operation.operationId, 'authentication')) continue;
      const base = validRequest(document, operation);
      for (const forged of forgedCredentials(operation.security, config, credentials)) {
        const spec = { ...base, label: forged.label, headers: forged.headers };
        const { response, where, problems } = await send(operation, spec);
        if (response.status !== 401 && response.status !== 403) failures.push(`${response.status} for ${where}`);
        failures.push(...problems.map((problem) => `${where}: ${problem}`));
      }
    }
    expect(failures).toEqual([]);
    expect(await fingerprint(database)).toEqual(before);
  }, 120_000);

  it(`refuses at least ${REQUESTS_PER_OPERATION} schema-breaking requests per operation with a catalogued 4xx`, async () => {
    const failures: string[] = [];
    const catalogue = new Set(document['x-error-codes'].map((entry) => entry.code));
    for (const operation of operations) {
      if (isOptedOut(operation.operationId, 'badInput')) continue;
      const headers = await credentialFor(operation);
      const requests = invalidRequests(document, operation, REQUESTS_PER_OPERATION, SEED);
      if (requests.length === 0) continue;
      if (!headers) {
        stats.skipped.push(`${describeOperation(operation)}: bad input (no ${operation.security.join('/')} fixture)`);
        continue;
      }
      expect(requests.length).toBeGreaterThanOrEqual(REQUESTS_PER_OPERATION);
      for (const spec of requests) {
        spec.headers = { ...spec.headers, ...headers };
        const { response, where, problems } = await send(operation, spec);
        if (response.status < 400 || response.status >= 500) failures.push(`${response.status} for ${where}`);
        else if (!catalogue.has(response.body?.code))
          failures.push(`code ${response.body?.code} not in the catalogue: ${where}`);
        failures.push(...problems.map((problem) => `${where}: ${problem}`));
      }
    }
    expect(failures).toEqual([]);
  }, 180_000);

  it('answers valid requests built from the document with a documented success', async () => {
    const failures: string[] = [];
    for (const operation of operations) {
      if (isOptedOut(operation.operationId, 'goodInput')) continue;
      // A fresh user per call: a valid logout or session revoke must not end the shared fixture.
      const headers = await freshCredentialFor(app, operation, credentials);
      if (!headers) {
        stats.skipped.push(`${describeOperation(operation)}: good input (no ${operation.security.join('/')} fixture)`);
        continue;
      }
      const fixture = GOOD_INPUT_FIXTURES[operation.operationId];
      const overrides = fixture ? await fixture({ http, headers, adminHeaders, simulator, app }) : {};
      const spec = validRequest(document, operation, overrides);
      spec.headers = { ...headers, ...overrides.headers };
      const { response, where, problems } = await send(operation, spec);
      if (response.status < 200 || response.status >= 300)
        failures.push(`${response.status} for ${where}: ${JSON.stringify(response.body)}`);
      failures.push(...problems.map((problem) => `${where}: ${problem}`));
    }
    expect(failures).toEqual([]);
  }, 120_000);

  it('saw no 5xx during the whole run', () => {
    expect(serverErrors).toEqual([]);
  });
});

/** A digest of every application table's rows: equal digests mean nothing was written. */
async function fingerprint(database: IsolatedDatabase): Promise<Record<string, string>> {
  const { rows: tables } = await database.admin.query<{ name: string }>(
    `SELECT quote_ident(table_name) AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'`,
  );
  const { Client } = await import('pg');
  const client = new Client({ connectionString: database.url });
  await client.connect();
  try {
    const digest: Record<string, string> = {};
    for (const { name } of tables) {
      const { rows } = await client.query<{ digest: string | null }>(
        `SELECT md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), '')) AS digest FROM ${name} t`,
      );
      digest[name] = rows[0].digest ?? '';
    }
    return digest;
  } finally {
    await client.end();
  }
}
