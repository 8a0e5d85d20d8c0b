import { EntityManager } from 'typeorm';
import { newId } from '../../platform/database/new-id';
import type { Seeder, SeedReport } from '../../platform/database/seeder';
import type { BillersConfig } from './billers.config';
import { POPULARITY_WINDOW_DAYS } from './biller-popularity.service';
import { billerSearchTexts } from './biller-search-text';
import { DEMO_BILLERS, DEMO_CATEGORIES, DEMO_RAILS } from './demo-catalogue';

/** The signing secret the biller simulator shares with us (BILLER_SIMULATOR_SECRET). */
const SIMULATOR_SECRET_REF = 'simulator';

/**
 * Loads the demo catalogue: categories, the four rails and the billers, each looked up by its
 * slug or code and inserted only when missing (existing rows, and admins' edits to them, are
 * left alone). Every biller, direct or not, has its connector at BILLER_SIMULATOR_URL: a
 * payment is posted through it whether or not account validation asks the biller, so a demo
 * biller without one could take no payment. An earlier seed left the airtime billers without
 * one; a run completes a demo biller's missing connector, and only that. A biller created here
 * also gets its month of demo payment counts, so `sort=popular` has an order from the start.
 */
export class BillerCatalogueSeeder implements Seeder {
  readonly name = 'billers';

  constructor(private readonly config: () => Pick<BillersConfig, 'BILLER_SIMULATOR_URL'>) {}

  async run(manager: EntityManager): Promise<SeedReport> {
    const report: SeedReport = { created: 0, existing: 0 };
    const count = (inserted: boolean) => (inserted ? (report.created += 1) : (report.existing += 1));

    for (const category of DEMO_CATEGORIES) {
      count(
        await insertIfMissing(
          manager,
          `INSERT INTO biller_categories (id, slug, name, icon, sort_order, active)
           VALUES ($1, $2, $3, $4, $5, true) ON CONFLICT (slug) DO NOTHING RETURNING id`,
          [newId(), category.slug, category.name, category.icon, category.sortOrder],
        ),
      );
    }
    for (const rail of DEMO_RAILS) {
      count(
        await insertIfMissing(
          manager,
          `INSERT INTO payment_rails (id, code, name, active, fee_flat, fee_percent_bps, min_amount, max_amount)
           VALUES ($1, $2, $3, true, $4, $5, $6, $7) ON CONFLICT (code) DO NOTHING RETURNING id`,
          [newId(), rail.code, rail.name, rail.feeFlat, rail.feePercentBps, rail.minAmount, rail.maxAmount],
        ),
      );
    }

    const categoryIds = new Map(
      (
        await manager.query<{ id: string; slug: string }[]>(
          `SELECT id, slug FROM biller_categories WHERE slug = ANY($1)`,
          [DEMO_CATEGORIES.map((category) => category.slug)],
        )
      ).map((row) => [row.slug, row.id]),
    );
    const simulatorUrl = this.config().BILLER_SIMULATOR_URL.replace(/\/+$/, '');
    for (const biller of DEMO_BILLERS) {
      const id = newId();
      const { searchName, searchText } = billerSearchTexts(biller.name, biller.aliases);
      const inserted = await insertIfMissing(
        manager,
        `INSERT INTO billers (id, slug, name, aliases, category_id, logo_url, country, currency, accepted_rails,
                              fee_flat, fee_percent_bps, min_amount, max_amount, account_reference_label,
                              account_reference_pattern, amount_rule, validates_directly, connector_base_url,
                              connector_secret_ref, connector_timeout_ms, active, available, popularity, search_name,
                              search_text)
         VALUES ($1, $2, $3, $4, $5, $6, 'NG', 'NGN', $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, 5000,
                 true, true, $18, $19, $20)
         ON CONFLICT (slug) DO NOTHING RETURNING id`,
        [
          id,
          biller.slug,
          biller.name,
          biller.aliases,
          categoryIds.get(biller.categorySlug),
          `https://cdn.example.com/billers/${biller.slug}.png`,
          biller.acceptedRails,
          biller.feeFlat,
          biller.feePercentBps,
          biller.minAmount,
          biller.maxAmount,
          biller.accountReferenceLabel,
          biller.accountReferencePattern,
          biller.amountRule,
          biller.validatesDirectly,
          `${simulatorUrl}/billers/${biller.slug}`,
          SIMULATOR_SECRET_REF,
          biller.monthlyPayments,
          searchName,
          searchText,
        ],
      );
      count(inserted);
      if (inserted) await seedPopularity(manager, id, biller.monthlyPayments);
    }

    // Counted by a SELECT over the UPDATE: TypeORM answers a bare UPDATE with [rows, count].
    const [{ completed }] = await manager.query<{ completed: number }[]>(
      `WITH completed AS (
         UPDATE billers b
            SET connector_base_url = COALESCE(b.connector_base_url, $1 || '/billers/' || b.slug),
                connector_secret_ref = COALESCE(b.connector_secret_ref, $2),
                updated_at = now()
          WHERE b.slug = ANY($3) AND (b.connector_base_url IS NULL OR b.connector_secret_ref IS NULL)
          RETURNING 1
       )
       SELECT count(*)::int AS completed FROM completed`,
      [simulatorUrl, SIMULATOR_SECRET_REF, DEMO_BILLERS.map((biller) => biller.slug)],
    );
    report.updated = completed;
    return report;
  }
}

async function insertIfMissing(manager: EntityManager, sql: string, parameters: unknown[]): Promise<boolean> {
  const rows = await manager.query<unknown[]>(sql, parameters);
  return rows.length > 0;
}

/** Spreads `total` successful payments evenly over the popularity window, ending today. */
async function seedPopularity(manager: EntityManager, billerId: string, total: number): Promise<void> {
  await manager.query(
    `INSERT INTO biller_popularity (biller_id, day, successful_payments)
     SELECT $1, (now() AT TIME ZONE 'UTC')::date - d, $2::integer / $3 + CASE WHEN d < $2::integer % $3 THEN 1 ELSE 0 END
       FROM generate_series(0, $3 - 1) AS d`,
    [billerId, total, POPULARITY_WINDOW_DAYS],
  );
}
