import type { TestingModuleBuilder } from '@nestjs/testing';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { randomBytes } from 'node:crypto';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { BillerPopularityService } from '../../../src/modules/billers/biller-popularity.service';
import { AppConfig, loadConfig } from '../../../src/platform/config/app-config';
import { RunningBillerSimulator, startBillerSimulator } from '../../../src/simulators/biller-simulator';
import { signInCustomer, signInStaff, SignedInUser } from '../../factories/user-tokens.factory';
import { createTestApp } from '../../support/test-app';

export type Http = ReturnType<typeof request>;

export interface BillersApp {
  app: NestExpressApplication;
  http: Http;
  db: DataSource;
  config: AppConfig;
  simulator: RunningBillerSimulator;
  /** Requests the simulator answered, as `METHOD path status`. */
  simulatorLog: string[];
  /** Requests the simulator received, as `METHOD path`, answered or not. */
  simulatorReceived: string[];
  admin: SignedInUser;
  customer: SignedInUser;
  /** A prefix unique to this spec file, for slugs that must not collide with other specs. */
  prefix: string;
  close(): Promise<void>;
}

/**
 * The real app plus a biller simulator on a free port, an admin and a customer. Specs share the
 * run's database, so each builds its own categories and billers under `prefix` and filters by
 * them.
 */
export async function createBillersApp(
  options: {
    config?: Record<string, string>;
    slowResponseMs?: number;
    confirmAfterMs?: number;
    /** Replaces providers beyond the configuration (a fault-injecting one, say). */
    override?: (builder: TestingModuleBuilder) => TestingModuleBuilder;
  } = {},
): Promise<BillersApp> {
  const config = loadConfig({
    ...process.env,
    BCRYPT_COST: '4',
    RATE_LIMIT_REGISTER_PER_IP: '1000000',
    ...options.config,
  });
  const simulatorLog: string[] = [];
  const simulatorReceived: string[] = [];
  const simulator = await startBillerSimulator({
    onRequestReceived: (line) => simulatorReceived.push(line),
    secret: config.BILLER_SIMULATOR_SECRET,
    slowResponseMs: options.slowResponseMs ?? 150,
    confirmAfterMs: options.confirmAfterMs ?? 300,
    onRequest: (line) => simulatorLog.push(line),
  });
  const override = options.override ?? ((builder: TestingModuleBuilder) => builder);
  const app = await createTestApp((builder) => override(builder.overrideProvider(AppConfig).useValue(config)));
  const [admin, customer] = await Promise.all([signInStaff(app, 'ADMIN'), signInCustomer(app)]);
  return {
    app,
    http: request(app.getHttpServer()),
    db: app.get(DataSource),
    config,
    simulator,
    simulatorLog,
    simulatorReceived,
    admin,
    customer,
    prefix: `t${randomBytes(3).toString('hex')}`,
    close: async () => {
      await app.close();
      await simulator.close();
    },
  };
}

export interface CategoryInput {
  slug: string;
  name?: string;
  icon?: string;
  sortOrder?: number;
  active?: boolean;
}

/** Creates a category through the admin API; answers its body. */
export async function createCategory(kit: BillersApp, input: CategoryInput): Promise<{ id: string; slug: string }> {
  const response = await kit.http
    .post('/api/v1/admin/biller-categories')
    .set(kit.admin.headers)
    .send({ name: input.slug, icon: 'bolt', ...input })
    .expect(201);
  return response.body as { id: string; slug: string };
}

/** A valid AdminBillerRequest for `categoryId`; `overrides` change any field. */
export function billerRequest(
  kit: BillersApp,
  categoryId: string,
  slug: string,
  overrides: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    slug,
    name: slug,
    aliases: [],
    categoryId,
    logoUrl: `https://cdn.example.com/billers/${slug}.png`,
    country: 'NG',
    currency: 'NGN',
    acceptedRails: ['CARD'],
    feeFlat: 10_000,
    feePercentBps: 0,
    minAmount: 100_000,
    maxAmount: 50_000_000,
    accountReferenceLabel: 'Meter number',
    accountReferencePattern: '\\d{11}',
    amountRule: 'ANY',
    validatesDirectly: true,
    connectorBaseUrl: kit.simulator.billerUrl(slug),
    connectorSecretRef: 'simulator',
    connectorTimeoutMs: 1000,
    ...overrides,
  };
}

/** Creates a biller through the admin API; answers its AdminBillerResponse body. */
export async function createBiller(
  kit: BillersApp,
  categoryId: string,
  slug: string,
  overrides: Record<string, unknown> = {},
): Promise<Record<string, unknown> & { id: string; slug: string }> {
  const response = await kit.http
    .post('/api/v1/admin/billers')
    .set(kit.admin.headers)
    .send(billerRequest(kit, categoryId, slug, overrides));
  if (response.status !== 201) throw new Error(`biller ${slug}: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body as Record<string, unknown> & { id: string; slug: string };
}

/**
 * Gives billers their popularity the way production does: successful payments counted today,
 * then the refresh. Specs share the database and any of them may refresh, so a counter set by
 * hand would not survive; counted payments do.
 */
export async function setPopularity(kit: BillersApp, popularityById: Record<string, number>): Promise<void> {
  const popularity = kit.app.get(BillerPopularityService);
  await kit.db.transaction(async (manager) => {
    for (const [billerId, count] of Object.entries(popularityById)) {
      if (count > 0) await popularity.countSuccessfulPayment(manager, billerId, new Date(), count);
    }
  });
  await refreshPopularity(kit);
}

/** Runs the popularity refresh, waiting for one that starts after now if another spec's is running. */
export async function refreshPopularity(kit: BillersApp, now = new Date()): Promise<number> {
  const popularity = kit.app.get(BillerPopularityService);
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const changed = await popularity.refresh(now);
    if (changed !== null) return changed;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the popularity refresh stayed locked');
}

/** Ensures the four standard rails exist (the run's database is not seeded). */
export async function ensureStandardRails(kit: BillersApp): Promise<void> {
  for (const code of ['CARD', 'BANK_TRANSFER', 'MOBILE_MONEY', 'WALLET']) {
    await kit.db.query(
      `INSERT INTO payment_rails (id, code, name, active, fee_flat, fee_percent_bps, min_amount, max_amount)
       VALUES (gen_random_uuid(), $1, $1, true, 0, 0, 1, 1000000000) ON CONFLICT (code) DO NOTHING`,
      [code],
    );
  }
}

export function expectApiError(body: unknown, code: string): void {
  expect(body).toEqual(expect.objectContaining({ code, message: expect.any(String), requestId: expect.any(String) }));
}
