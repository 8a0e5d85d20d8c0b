import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { MerchantDirectory } from '../onboarding/merchant-directory.service';
import { MerchantCheckoutError } from './checkout.errors';
import { CheckoutSessionsRepository } from './checkout-sessions.repository';
import { checkRedirectUrl } from './redirect-url';

/**
 * What every checkout object (session, payment link) must satisfy at creation, checked in the
 * creating transaction: the merchant may take payments in this mode, in this currency, and send
 * the customer back to these URLs.
 */
@Injectable()
export class CheckoutRules {
  constructor(
    private readonly merchants: MerchantDirectory,
    private readonly repository: CheckoutSessionsRepository,
  ) {}

  /**
   * Locks the merchant's row for the transaction and checks it may create in this mode: live
   * needs APPROVED (403 MERCHANT_RESTRICTED otherwise); then the currency and the redirect URLs
   * (`urls`: field name to URL, absent ones skipped).
   */
  async check(
    manager: EntityManager,
    merchantId: string,
    livemode: boolean,
    currency: string,
    urls: Record<string, string | undefined>,
  ): Promise<void> {
    const merchant = await this.merchants.lockById(manager, merchantId);
    if (!merchant) throw new MerchantCheckoutError('NOT_FOUND', 'No such merchant');
    if (livemode && merchant.kybStatus !== 'APPROVED') {
      throw new MerchantCheckoutError(
        'MERCHANT_RESTRICTED',
        `Live checkout needs an APPROVED merchant; this one is ${merchant.kybStatus}`,
        [{ field: 'kybStatus', message: merchant.kybStatus }],
      );
    }
    const currencies = await this.repository.settlementCurrencies(manager, merchantId);
    if (currencies.length > 0 && !currencies.includes(currency)) {
      throw new MerchantCheckoutError(
        'CURRENCY_NOT_SUPPORTED',
        `The merchant settles in ${currencies.join(', ')}, not ${currency}`,
        [{ field: 'currency', message: `one of ${currencies.join(', ')}` }],
      );
    }
    const liveOrigins = livemode ? await this.repository.liveOrigins(manager, merchantId) : new Set<string>();
    for (const [field, url] of Object.entries(urls)) {
      if (url === undefined) continue;
      const checked = checkRedirectUrl(url, livemode, liveOrigins);
      if (!checked.ok) {
        throw new MerchantCheckoutError('REDIRECT_URL_NOT_ALLOWED', `${field} ${checked.reason}`, [
          { field, message: checked.reason },
        ]);
      }
    }
  }
}
