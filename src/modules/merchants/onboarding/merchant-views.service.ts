import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { Clock } from '../../../platform/clock/clock';
import { MerchantResponseDto, toMerchantResponse } from './dto/merchant-response.dto';
import { kybRequirements } from './kyb-requirements';
import { capabilitiesOf } from './kyb-transitions';
import type { Merchant } from './merchant.entity';
import { MerchantRepository } from './merchant.repository';

/** Builds MerchantResponse: the merchant with its requirements (from its current documents) and capabilities. */
@Injectable()
export class MerchantViews {
  constructor(
    private readonly merchants: MerchantRepository,
    private readonly clock: Clock,
  ) {}

  async one(
    manager: EntityManager,
    merchant: Merchant,
    onboardingToken: string | null = null,
  ): Promise<MerchantResponseDto> {
    const [view] = await this.many(manager, [merchant]);
    return onboardingToken ? { ...view, onboardingToken } : view;
  }

  /** One query for the documents of every merchant of a page. */
  async many(manager: EntityManager, merchants: readonly Merchant[]): Promise<MerchantResponseDto[]> {
    const ids = merchants.map((merchant) => merchant.id);
    // One after the other: inside a transaction the three share one connection.
    const documents = await this.merchants.currentDocuments(manager, ids);
    const versions = await this.merchants.pricingVersions(manager, ids);
    const accounts = await this.merchants.currentSettlementAccounts(manager, ids);
    const now = this.clock.now();
    return merchants.map((merchant) => {
      const own = versions.filter((version) => version.merchantId === merchant.id);
      const pricing = own.find((version) => version.effectiveAt <= now) ?? null;
      // The earliest version still to come (the list is newest first).
      const scheduledPricing = own.filter((version) => version.effectiveAt > now).at(-1) ?? null;
      return toMerchantResponse(
        merchant,
        kybRequirements(
          merchant,
          documents.filter((document) => document.merchantId === merchant.id),
          now,
        ),
        capabilitiesOf(merchant.kybStatus),
        {
          pricing,
          scheduledPricing,
          settlementAccount: accounts.find((account) => account.merchantId === merchant.id) ?? null,
        },
      );
    });
  }
}
