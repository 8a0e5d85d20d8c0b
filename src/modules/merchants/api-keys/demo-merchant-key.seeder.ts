import type { EntityManager } from 'typeorm';
import type { AppConfig } from '../../../platform/config/app-config';
import { KeyedHash } from '../../../platform/crypto/keyed-hash';
import { newId } from '../../../platform/database/new-id';
import type { Seeder, SeedReport } from '../../../platform/database/seeder';
import { Merchant } from '../onboarding/merchant.entity';
import { MerchantApiKey } from './merchant-api-key.entity';
import { SECRET_PURPOSE, VISIBLE_PREFIX_LENGTH } from './merchant-api-keys.service';

/**
 * The demo merchant's sandbox key, printed in the README so Swagger UI can be tried at once. A
 * test key: it never reaches live money, and anyone may know it.
 */
export const DEMO_MERCHANT_TEST_KEY = 'sk_test_DemoMerchantSandboxKeyForTheQuickStart00001';

/** Stores the demo test key's digest under the running configuration's KEY_HASH_SECRET, once. */
export class DemoMerchantKeySeeder implements Seeder {
  readonly name = 'demo-merchant-key';

  constructor(
    private readonly merchantId: string,
    private readonly config: AppConfig,
  ) {}

  async run(manager: EntityManager): Promise<SeedReport> {
    if (!(await manager.existsBy(Merchant, { id: this.merchantId }))) return { created: 0, existing: 0 };
    const secretHash = new KeyedHash(this.config).digest(SECRET_PURPOSE, DEMO_MERCHANT_TEST_KEY);
    if (await manager.findOne(MerchantApiKey, { where: { secretHash } })) return { created: 0, existing: 1 };
    await manager.insert(MerchantApiKey, {
      id: newId(),
      merchantId: this.merchantId,
      name: 'Demo sandbox key',
      livemode: false,
      prefix: DEMO_MERCHANT_TEST_KEY.slice(0, VISIBLE_PREFIX_LENGTH),
      last4: DEMO_MERCHANT_TEST_KEY.slice(-4),
      secretHash,
      createdByType: 'STAFF',
      createdByUserId: null,
      createdAt: new Date(),
      lastUsedAt: null,
      revokedAt: null,
      revokedReason: null,
    } satisfies MerchantApiKey);
    return { created: 1, existing: 0 };
  }
}
