import { AgentFloatSeeder } from '../modules/agents/agent-float.seeder';
import { BillerCatalogueSeeder } from '../modules/billers/catalogue/biller-catalogue.seeder';
import { DEMO_AGENT_PHONE, IdentitySeeder } from '../modules/identity/identity.seeder';
import { DemoMerchantKeySeeder } from '../modules/merchants/api-keys/demo-merchant-key.seeder';
import { DemoPaymentLinkSeeder } from '../modules/merchants/checkout/demo-payment-link.seeder';
import { DemoMerchantOwnerSeeder } from '../modules/merchants/identity/demo-merchant-owner.seeder';
import { DEMO_MERCHANT, DemoMerchantSeeder } from '../modules/merchants/onboarding/demo-merchant.seeder';
import { BillersConfig } from '../modules/billers/billers.config';
import type { Configuration } from '../platform/config/configuration';
import type { Seeder } from '../platform/database/seeder';

/** Every context's seeder, in dependency order. */
export function seeders(configuration: Configuration): Seeder[] {
  const config = configuration.platform;
  return [
    // The demo national id is encrypted under this configuration's KEY_HASH_SECRET, as the API reads it.
    new IdentitySeeder(config),
    new BillerCatalogueSeeder(() => configuration.get(BillersConfig)),
    // Agents' floats are in LIMITS_CURRENCY, the currency their limits are set in.
    new AgentFloatSeeder(DEMO_AGENT_PHONE, config.LIMITS_CURRENCY),
    new DemoMerchantSeeder(),
    new DemoMerchantOwnerSeeder(DEMO_MERCHANT.id),
    // The key's digest is keyed with this configuration's KEY_HASH_SECRET, as the API checks it.
    new DemoMerchantKeySeeder(DEMO_MERCHANT.id, config),
    // A test-mode link of the demo merchant, printed by `npm run dev` for a first payment in a browser.
    new DemoPaymentLinkSeeder(DEMO_MERCHANT.id),
  ];
}
