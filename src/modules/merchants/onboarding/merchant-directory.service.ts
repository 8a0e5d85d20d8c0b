import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import type { KybStatus } from './merchant.entity';
import { MerchantRepository } from './merchant.repository';

/** What other contexts may know of a merchant. */
export interface MerchantSummary {
  id: string;
  name: string;
  kybStatus: KybStatus;
  contactEmail: string;
  registrationNumber: string;
  createdAt: Date;
}

/** Merchants as onboarding keeps them, read by the other sub-areas (identity, keys, checkout) and other contexts. */
@Injectable()
export class MerchantDirectory {
  constructor(
    private readonly dataSource: DataSource,
    private readonly merchants: MerchantRepository,
  ) {}

  async findById(id: string, manager: EntityManager = this.dataSource.manager): Promise<MerchantSummary | null> {
    const merchant = await this.merchants.findById(manager, id);
    return merchant && summaryOf(merchant);
  }

  /** Locks the merchant row for the caller's transaction (membership and key writes that depend on its state). */
  async lockById(manager: EntityManager, id: string): Promise<MerchantSummary | null> {
    const merchant = await this.merchants.lockById(manager, id);
    return merchant && summaryOf(merchant);
  }
}

function summaryOf(merchant: MerchantSummary): MerchantSummary {
  return {
    id: merchant.id,
    name: merchant.name,
    kybStatus: merchant.kybStatus,
    contactEmail: merchant.contactEmail,
    registrationNumber: merchant.registrationNumber,
    createdAt: merchant.createdAt,
  };
}
