import { randomBytes } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import type { Seeder, SeedReport } from '../../../platform/database/seeder';
import { sqlStatements } from '../../../platform/database/sql-query';
import { executorOn, run } from '../../../platform/database/statement-executor';
import type { BusinessType, KybStatus, RiskTier } from './merchant.entity';
import * as merchants from './sql/merchants.queries';

const SQL = sqlStatements('merchants', merchants);

/** The demo merchant the README's merchant quick start signs in to (a fixed id, so the other seeders find it). */
export const DEMO_MERCHANT = {
  id: '01930000-0000-7000-8000-00000000d001',
  name: 'Demo Merchant Ltd',
  registrationNumber: 'RC0000001',
  contactEmail: 'owner@demo-merchant.example',
} as const;

/**
 * One APPROVED merchant, as if registered and reviewed (its owner and key come from the
 * merchant-identity and API key seeders). Left alone when its id, registration number or
 * e-mail is already taken.
 */
export class DemoMerchantSeeder implements Seeder {
  readonly name = 'demo-merchant';

  async run(manager: EntityManager): Promise<SeedReport> {
    const now = new Date();
    const inserted = await run(executorOn(manager), SQL.insertDemoMerchant, {
      ...DEMO_MERCHANT,
      contactPhone: '+2348000000100',
      country: 'NG',
      businessType: 'LIMITED_COMPANY' satisfies BusinessType,
      website: 'https://demo-merchant.example',
      kybStatus: 'APPROVED' satisfies KybStatus,
      kybReasonCode: null,
      kybNote: null,
      requestedDocuments: [],
      requirementsDeadline: null,
      // Approved already: no onboarding token was handed out, and this digest matches none.
      onboardingTokenHash: randomBytes(32).toString('hex'),
      onboardingTokenExpiresAt: now,
      now,
      approvedAt: now,
      riskTier: 'STANDARD' satisfies RiskTier,
      riskReason: null,
      riskUpdatedAt: null,
    });
    return inserted.length > 0 ? { created: 1, existing: 0 } : { created: 0, existing: 1 };
  }
}
