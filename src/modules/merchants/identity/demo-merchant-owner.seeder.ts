import * as bcrypt from 'bcrypt';
import type { EntityManager } from 'typeorm';
import { newId } from '../../../platform/database/new-id';
import type { Seeder, SeedReport } from '../../../platform/database/seeder';
import { Merchant } from '../onboarding/merchant.entity';
import { MerchantMembership, MerchantUser } from './merchant-identity.entities';

/** Seeds run without the app's configuration; the demo password uses the production default cost. */
const SEED_BCRYPT_COST = 10;

/** The demo merchant's OWNER login (POST /api/v1/merchant/auth/login). */
export const DEMO_MERCHANT_OWNER = {
  email: 'owner@demo-merchant.example',
  password: 'Demo-Merchant-2026',
  name: 'Demo Owner',
} as const;

/**
 * The OWNER of the demo merchant, as if they had accepted its invitation. Does nothing when the
 * merchant is missing (its seeder runs first) or the merchant already has an OWNER; an existing
 * user with the e-mail keeps their password.
 */
export class DemoMerchantOwnerSeeder implements Seeder {
  readonly name = 'demo-merchant-owner';

  constructor(private readonly merchantId: string) {}

  async run(manager: EntityManager): Promise<SeedReport> {
    if (!(await manager.existsBy(Merchant, { id: this.merchantId }))) return { created: 0, existing: 0 };
    const owner = await manager.findOne(MerchantMembership, {
      where: { merchantId: this.merchantId, role: 'OWNER', status: 'ACTIVE' },
    });
    if (owner) return { created: 0, existing: 1 };
    const now = new Date();
    let user = await manager.findOne(MerchantUser, { where: { email: DEMO_MERCHANT_OWNER.email } });
    if (!user) {
      user = {
        id: newId(),
        email: DEMO_MERCHANT_OWNER.email,
        name: DEMO_MERCHANT_OWNER.name,
        passwordHash: await bcrypt.hash(DEMO_MERCHANT_OWNER.password, SEED_BCRYPT_COST),
        lastMembershipId: null,
        createdAt: now,
        updatedAt: now,
      };
      await manager.insert(MerchantUser, user);
    }
    await manager.insert(MerchantMembership, {
      id: newId(),
      userId: user.id,
      merchantId: this.merchantId,
      role: 'OWNER',
      status: 'ACTIVE',
      createdAt: now,
      revokedAt: null,
    } satisfies MerchantMembership);
    return { created: 1, existing: 0 };
  }
}
