import type { EntityManager } from 'typeorm';
import { newId } from '../../../platform/database/new-id';
import type { Seeder, SeedReport } from '../../../platform/database/seeder';
import { Merchant } from '../onboarding/merchant.entity';
import { MerchantPaymentLink } from './payment-link.entity';

/**
 * The demo merchant's test-mode payment link, printed by `npm run dev` and paid in the README's
 * "Pay the demo link in a browser": its page is `${PUBLIC_BASE_URL}/l/demo-coffee`. Test mode, so
 * it never moves money and works whatever the merchant's KYB status; no `redirectUrl`, so the
 * payer lands on the session's own page, which shows `successMessage` once paid.
 */
export const DEMO_PAYMENT_LINK = {
  slug: 'demo-coffee',
  title: 'Demo coffee',
  description: 'A flat white from Demo Merchant Ltd, paid in test mode: no money moves.',
  amount: 250000,
  currency: 'NGN',
  successMessage: 'Thank you! Your demo coffee is paid (test mode: no money moved).',
} as const;

/** The demo link's hosted page at the service's public address. */
export function demoPaymentLinkUrl(publicBaseUrl: string): string {
  return `${publicBaseUrl.replace(/\/+$/, '')}/l/${DEMO_PAYMENT_LINK.slug}`;
}

/**
 * Creates the demo link once: left alone when its slug is already taken (by this seed before, or
 * by anyone: the slug is unique across the service), and skipped when the demo merchant is absent.
 * Written as the merchant's own API would store it, less the audit entry and event (no merchant acted).
 */
export class DemoPaymentLinkSeeder implements Seeder {
  readonly name = 'demo-payment-link';

  constructor(private readonly merchantId: string) {}

  async run(manager: EntityManager): Promise<SeedReport> {
    if (!(await manager.existsBy(Merchant, { id: this.merchantId }))) return { created: 0, existing: 0 };
    if (await manager.existsBy(MerchantPaymentLink, { slug: DEMO_PAYMENT_LINK.slug })) {
      return { created: 0, existing: 1 };
    }
    await manager.insert(MerchantPaymentLink, {
      id: newId(),
      merchantId: this.merchantId,
      livemode: false,
      title: DEMO_PAYMENT_LINK.title,
      description: DEMO_PAYMENT_LINK.description,
      amount: DEMO_PAYMENT_LINK.amount,
      minAmount: null,
      maxAmount: null,
      currency: DEMO_PAYMENT_LINK.currency,
      slug: DEMO_PAYMENT_LINK.slug,
      redirectUrl: null,
      successMessage: DEMO_PAYMENT_LINK.successMessage,
      maxCompletions: null,
      completedCount: 0,
      expiresAt: null,
      metadata: { demo: 'true' },
      createdByApiKeyId: null,
      createdAt: new Date(),
    } satisfies MerchantPaymentLink);
    return { created: 1, existing: 0 };
  }
}
