import { EntityManager } from 'typeorm';
import { newId } from '../../../platform/database/new-id';
import type { Seeder, SeedReport } from '../../../platform/database/seeder';
import { sqlStatements } from '../../../platform/database/sql-query';
import { executorOn, run } from '../../../platform/database/statement-executor';
import type { BillersConfig } from '../billers.config';
import { POPULARITY_WINDOW_DAYS } from '../directory/biller-popularity.service';
import { billerSearchTexts } from '../directory/biller-search-text';
import { DEMO_BILLERS, DEMO_CATEGORIES, DEMO_RAILS } from './demo-catalogue';
import * as seed from './sql/catalogue-seed.queries';

const SQL = sqlStatements('billers', seed);

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
    const executor = executorOn(manager);
    const report: SeedReport = { created: 0, existing: 0 };
    const count = (rows: unknown[]) => {
      const inserted = rows.length > 0;
      if (inserted) report.created += 1;
      else report.existing += 1;
      return inserted;
    };

    for (const category of DEMO_CATEGORIES) {
      count(
        await run(executor, SQL.insertDemoCategory, {
          id: newId(),
          slug: category.slug,
          name: category.name,
          icon: category.icon,
          sortOrder: category.sortOrder,
        }),
      );
    }
    for (const rail of DEMO_RAILS) {
      count(
        await run(executor, SQL.insertDemoRail, {
          id: newId(),
          code: rail.code,
          name: rail.name,
          feeFlat: rail.feeFlat,
          feePercentBps: rail.feePercentBps,
          minAmount: rail.minAmount,
          maxAmount: rail.maxAmount,
        }),
      );
    }

    const categoryIds = new Map(
      (await run(executor, SQL.categoryIdsBySlug, { slugs: DEMO_CATEGORIES.map((category) => category.slug) })).map(
        (row) => [row.slug, row.id],
      ),
    );
    const simulatorUrl = this.config().BILLER_SIMULATOR_URL.replace(/\/+$/, '');
    for (const biller of DEMO_BILLERS) {
      const id = newId();
      const categoryId = categoryIds.get(biller.categorySlug);
      if (categoryId === undefined) throw new Error(`demo biller ${biller.slug}: no category ${biller.categorySlug}`);
      const { searchName, searchText } = billerSearchTexts(biller.name, biller.aliases);
      const inserted = count(
        await run(executor, SQL.insertDemoBiller, {
          id,
          slug: biller.slug,
          name: biller.name,
          aliases: biller.aliases,
          categoryId,
          logoUrl: `https://cdn.example.com/billers/${biller.slug}.png`,
          acceptedRails: biller.acceptedRails,
          feeFlat: biller.feeFlat,
          feePercentBps: biller.feePercentBps,
          minAmount: biller.minAmount,
          maxAmount: biller.maxAmount,
          accountReferenceLabel: biller.accountReferenceLabel,
          accountReferencePattern: biller.accountReferencePattern,
          amountRule: biller.amountRule,
          validatesDirectly: biller.validatesDirectly,
          connectorBaseUrl: `${simulatorUrl}/billers/${biller.slug}`,
          connectorSecretRef: SIMULATOR_SECRET_REF,
          popularity: biller.monthlyPayments,
          searchName,
          searchText,
        }),
      );
      // Spread evenly over the popularity window, ending today.
      if (inserted) {
        await run(executor, SQL.seedDemoPopularity, {
          billerId: id,
          total: biller.monthlyPayments,
          days: POPULARITY_WINDOW_DAYS,
        });
      }
    }

    const [{ completed }] = await run(executor, SQL.completeDemoConnectors, {
      simulatorUrl,
      secretRef: SIMULATOR_SECRET_REF,
      slugs: DEMO_BILLERS.map((biller) => biller.slug),
    });
    report.updated = completed;
    return report;
  }
}
