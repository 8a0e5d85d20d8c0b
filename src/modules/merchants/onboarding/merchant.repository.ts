import { Injectable } from '@nestjs/common';
import { EntityManager, In, IsNull, Not } from 'typeorm';
import { oneOf } from '../../../platform/database/column-values';
import { sqlStatements } from '../../../platform/database/sql-query';
import { executorOn, one, run } from '../../../platform/database/statement-executor';
import { MerchantKybDocument } from './merchant-kyb-document.entity';
import { MerchantPricingVersion, MerchantSettlementAccount, MerchantVelocityCap } from './merchant-terms.entities';
import {
  BUSINESS_TYPES,
  KYB_DOCUMENT_TYPES,
  KYB_STATUSES,
  KybDocumentType,
  KybStatus,
  Merchant,
  RISK_TIERS,
} from './merchant.entity';
import * as merchants from './sql/merchants.queries';

const SQL = sqlStatements('merchants', merchants);

/** The admin list's filters; null leaves one out. */
export interface MerchantListFilter {
  kybStatus: KybStatus | null;
  /** Part of the name, registration number or contact e-mail. */
  q: string | null;
  page: number;
  size: number;
}

/** LIKE wildcards in a search term match themselves (the statements escape with `=`). */
function likePattern(term: string): string {
  return `%${term.replace(/[=%_]/g, (character) => `=${character}`)}%`;
}

/** Named queries on merchants and their terms (onboarding). */
@Injectable()
export class MerchantRepository {
  findById(manager: EntityManager, id: string): Promise<Merchant | null> {
    return manager.findOne(Merchant, { where: { id } });
  }

  lockById(manager: EntityManager, id: string): Promise<Merchant | null> {
    return manager.findOne(Merchant, { where: { id }, lock: { mode: 'pessimistic_write' } });
  }

  findByOnboardingTokenHash(manager: EntityManager, tokenHash: string): Promise<Merchant | null> {
    return manager.findOne(Merchant, { where: { onboardingTokenHash: tokenHash } });
  }

  async insert(manager: EntityManager, merchant: Merchant): Promise<void> {
    await manager.insert(Merchant, merchant);
  }

  async update(manager: EntityManager, id: string, changes: Partial<Merchant>): Promise<void> {
    await manager.update(Merchant, { id }, changes);
  }

  /** Newest first. */
  async list(manager: EntityManager, filter: MerchantListFilter): Promise<{ items: Merchant[]; total: number }> {
    const executor = executorOn(manager);
    const filters = { kybStatus: filter.kybStatus, pattern: filter.q ? likePattern(filter.q) : null };
    const rows = await run(executor, SQL.listMerchants, {
      ...filters,
      limit: filter.size,
      offset: filter.page * filter.size,
    });
    const count = await one(executor, SQL.countMerchants, filters);
    return { items: rows.map(toMerchant), total: count?.total ?? 0 };
  }

  /** Marks the current document of a type SUPERSEDED (before its successor is inserted). */
  async supersede(manager: EntityManager, merchantId: string, documentType: KybDocumentType, now: Date): Promise<void> {
    await run(executorOn(manager), SQL.supersedeKybDocument, { merchantId, documentType, now });
  }

  async insertDocument(manager: EntityManager, document: MerchantKybDocument): Promise<void> {
    await manager.insert(MerchantKybDocument, document);
  }

  /** Every pricing version of these merchants, newest `effectiveAt` first. */
  pricingVersions(manager: EntityManager, merchantIds: readonly string[]): Promise<MerchantPricingVersion[]> {
    if (merchantIds.length === 0) return Promise.resolve([]);
    return manager.find(MerchantPricingVersion, {
      where: { merchantId: In([...merchantIds]) },
      order: { effectiveAt: 'DESC', id: 'DESC' },
    });
  }

  /** The settlement accounts in use (not replaced) of these merchants. */
  currentSettlementAccounts(
    manager: EntityManager,
    merchantIds: readonly string[],
  ): Promise<MerchantSettlementAccount[]> {
    if (merchantIds.length === 0) return Promise.resolve([]);
    return manager.find(MerchantSettlementAccount, {
      where: { merchantId: In([...merchantIds]), replacedAt: IsNull() },
    });
  }

  async insertPricingVersion(manager: EntityManager, version: MerchantPricingVersion): Promise<void> {
    await manager.insert(MerchantPricingVersion, version);
  }

  /** Marks the account in use replaced and inserts its successor. */
  async replaceSettlementAccount(manager: EntityManager, account: MerchantSettlementAccount): Promise<void> {
    await manager.update(
      MerchantSettlementAccount,
      { merchantId: account.merchantId, replacedAt: IsNull() },
      { replacedAt: account.createdAt },
    );
    await manager.insert(MerchantSettlementAccount, account);
  }

  velocityCaps(manager: EntityManager, merchantId: string): Promise<MerchantVelocityCap[]> {
    return manager.find(MerchantVelocityCap, {
      where: { merchantId },
      order: { scope: 'ASC', window: 'ASC', currency: 'ASC' },
    });
  }

  /** The merchant's caps become exactly `caps`. */
  async replaceVelocityCaps(manager: EntityManager, merchantId: string, caps: MerchantVelocityCap[]): Promise<void> {
    await manager.delete(MerchantVelocityCap, { merchantId });
    if (caps.length > 0) await manager.insert(MerchantVelocityCap, caps);
  }

  /** The documents that count: every upload not superseded by a newer one of its type. */
  currentDocuments(manager: EntityManager, merchantIds: readonly string[]): Promise<MerchantKybDocument[]> {
    if (merchantIds.length === 0) return Promise.resolve([]);
    return manager.find(MerchantKybDocument, {
      where: { merchantId: In([...merchantIds]), status: Not('SUPERSEDED') },
      order: { createdAt: 'ASC' },
    });
  }
}

function toMerchant(row: merchants.ListMerchantsResult): Merchant {
  return Object.assign(new Merchant(), {
    id: row.id,
    name: row.name,
    registrationNumber: row.registration_number,
    contactEmail: row.contact_email,
    contactPhone: row.contact_phone,
    country: row.country,
    businessType: oneOf(BUSINESS_TYPES, row.business_type, 'merchants.business_type'),
    website: row.website,
    kybStatus: oneOf(KYB_STATUSES, row.kyb_status, 'merchants.kyb_status'),
    kybReasonCode: row.kyb_reason_code,
    kybNote: row.kyb_note,
    requestedDocuments: row.requested_documents.map((type) =>
      oneOf(KYB_DOCUMENT_TYPES, type, 'merchants.requested_documents'),
    ),
    requirementsDeadline: row.requirements_deadline,
    onboardingTokenHash: row.onboarding_token_hash,
    onboardingTokenExpiresAt: row.onboarding_token_expires_at,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    approvedAt: row.approved_at,
    riskTier: oneOf(RISK_TIERS, row.risk_tier, 'merchants.risk_tier'),
    riskReason: row.risk_reason,
    riskUpdatedAt: row.risk_updated_at,
  } satisfies Merchant);
}
