import type { INestApplication } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { BillerPopularityService } from '../../src/modules/billers/directory/biller-popularity.service';
import { AppTarget, appOf, dbOf, httpOf, partsOf } from '../support/app-target';
import { adminOf } from './staff-user.factory';

export type BillerBody = Record<string, unknown> & { id: string; slug: string };

export interface CategoryOverrides {
  slug?: string;
  name?: string;
  icon?: string;
  sortOrder?: number;
  active?: boolean;
}

/** Any AdminBillerRequest field, plus where the biller goes and its slug. */
export type BillerOverrides = Record<string, unknown> & { categoryId?: string; slug?: string };

export const STANDARD_RAILS = ['CARD', 'BANK_TRANSFER', 'MOBILE_MONEY', 'WALLET'] as const;

/** An unreachable connector: nothing listens on the discard port. */
export const UNREACHABLE_BILLER_URL = 'http://127.0.0.1:9/billers/nowhere';

/** `<spec prefix>-<what>-<random>`: unique in the run's shared database. */
export function uniqueSlug(target: AppTarget, what: string): string {
  const prefix = partsOf(target).prefix ?? `t${randomBytes(3).toString('hex')}`;
  return `${prefix}-${what}-${randomBytes(3).toString('hex')}`;
}

const railsEnsured = new WeakMap<INestApplication, Promise<void>>();

/**
 * The four standard rails, free and allowing 1 to 1,000,000,000, as the seed makes them (the
 * run's database is not seeded). Once per app; a rail that exists is left as it is.
 */
export function ensureStandardRails(target: AppTarget): Promise<void> {
  const app = appOf(target);
  let ensured = railsEnsured.get(app);
  if (!ensured) {
    ensured = insertStandardRails(target).catch((error: unknown) => {
      railsEnsured.delete(app);
      throw error;
    });
    railsEnsured.set(app, ensured);
  }
  return ensured;
}

async function insertStandardRails(target: AppTarget): Promise<void> {
  for (const code of STANDARD_RAILS) {
    await dbOf(target).query(
      `INSERT INTO payment_rails (id, code, name, active, fee_flat, fee_percent_bps, min_amount, max_amount)
       VALUES (gen_random_uuid(), $1, $1, true, 0, 0, 1, 1000000000) ON CONFLICT (code) DO NOTHING`,
      [code],
    );
  }
}

/** Creates a category through the admin API; answers its body. */
export async function createBillerCategory(
  target: AppTarget,
  overrides: CategoryOverrides = {},
): Promise<{ id: string; slug: string }> {
  const slug = overrides.slug ?? uniqueSlug(target, 'category');
  const response = await httpOf(target)
    .post('/api/v1/admin/biller-categories')
    .set((await adminOf(target)).headers)
    .send({ name: slug, icon: 'bolt', ...overrides, slug })
    .expect(201);
  return response.body as { id: string; slug: string };
}

/**
 * A valid AdminBillerRequest: an electricity biller on the simulator, validating meter numbers
 * directly, CARD only, 100.00 flat fee, 1,000.00 to 500,000.00. `overrides` change any field;
 * `categoryId` is required here (createBiller makes one when it is missing).
 */
export function billerRequest(target: AppTarget, overrides: BillerOverrides): Record<string, unknown> {
  const { categoryId, slug = uniqueSlug(target, 'biller'), ...fields } = overrides;
  if (!categoryId) throw new Error('billerRequest: no categoryId');
  const simulator = partsOf(target).simulator;
  if (!simulator && !('connectorBaseUrl' in fields)) {
    throw new Error('billerRequest: no biller simulator to point the connector at; pass connectorBaseUrl');
  }
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
    connectorBaseUrl: simulator?.billerUrl(slug),
    connectorSecretRef: 'simulator',
    connectorTimeoutMs: 1000,
    ...fields,
  };
}

/**
 * Creates a biller through the admin API, in a new category unless `overrides.categoryId`
 * names one, with the standard rails in place; answers its AdminBillerResponse body.
 */
export async function createBiller(target: AppTarget, overrides: BillerOverrides = {}): Promise<BillerBody> {
  await ensureStandardRails(target);
  const categoryId = overrides.categoryId ?? (await createBillerCategory(target)).id;
  const body = billerRequest(target, { ...overrides, categoryId });
  const response = await httpOf(target)
    .post('/api/v1/admin/billers')
    .set((await adminOf(target)).headers)
    .send(body);
  if (response.status !== 201) {
    throw new Error(`biller ${String(body.slug)}: ${response.status} ${JSON.stringify(response.body)}`);
  }
  return response.body as BillerBody;
}

/**
 * Gives billers their popularity the way production does: successful payments counted today,
 * then the refresh. Specs share the database and any of them may refresh, so a counter set by
 * hand would not survive; counted payments do.
 */
export async function setBillerPopularity(target: AppTarget, popularityById: Record<string, number>): Promise<void> {
  const popularity = appOf(target).get(BillerPopularityService);
  await dbOf(target).transaction(async (manager) => {
    for (const [billerId, count] of Object.entries(popularityById)) {
      if (count > 0) await popularity.countSuccessfulPayment(manager, billerId, new Date(), count);
    }
  });
  await refreshBillerPopularity(target);
}

/** Runs the popularity refresh, waiting for one that starts after now if another spec's is running. */
export async function refreshBillerPopularity(target: AppTarget, now = new Date()): Promise<number> {
  const popularity = appOf(target).get(BillerPopularityService);
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const changed = await popularity.refresh(now);
    if (changed !== null) return changed;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the popularity refresh stayed locked');
}

/** Runs `work` with the biller's connector pointing nowhere, then points it back where it was. */
export async function withBillerUnreachable<T>(
  target: AppTarget,
  biller: { id: string },
  work: () => Promise<T>,
): Promise<T> {
  const db = dbOf(target);
  const [{ url }] = await db.query<{ url: string | null }[]>(
    `SELECT connector_base_url AS url FROM billers WHERE id = $1`,
    [biller.id],
  );
  await db.query(`UPDATE billers SET connector_base_url = $2 WHERE id = $1`, [biller.id, UNREACHABLE_BILLER_URL]);
  try {
    return await work();
  } finally {
    await db.query(`UPDATE billers SET connector_base_url = $2 WHERE id = $1`, [biller.id, url]);
  }
}
