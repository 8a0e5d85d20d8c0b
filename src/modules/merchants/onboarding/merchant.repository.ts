import { Injectable } from '@nestjs/common';
import { EntityManager, IsNull } from 'typeorm';
import { MerchantKybDocument } from './merchant-kyb-document.entity';
import { MerchantPricingVersion, MerchantSettlementAccount, MerchantVelocityCap } from './merchant-terms.entities';
import { KybDocumentType, KybStatus, Merchant } from './merchant.entity';

/** The admin list's filters; null leaves one out. */
export interface MerchantListFilter {
  kybStatus: KybStatus | null;
  /** Part of the name, registration number or contact e-mail. */
  q: string | null;
  page: number;
  size: number;
}

/** LIKE wildcards in a search term match themselves. */
function likePattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
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
    const query = manager
      .createQueryBuilder(Merchant, 'm')
      .orderBy('m.created_at', 'DESC')
      .addOrderBy('m.id', 'DESC')
      .offset(filter.page * filter.size)
      .limit(filter.size);
    if (filter.kybStatus) query.andWhere('m.kyb_status = :status', { status: filter.kybStatus });
    if (filter.q) {
      query.andWhere(
        `(m.name ILIKE :pattern ESCAPE '\\' OR m.registration_number ILIKE :pattern ESCAPE '\\' OR m.contact_email ILIKE :pattern ESCAPE '\\')`,
        { pattern: likePattern(filter.q) },
      );
    }
    const [items, total] = await query.getManyAndCount();
    return { items, total };
  }

  /** Marks the current document of a type SUPERSEDED (before its successor is inserted). */
  async supersede(manager: EntityManager, merchantId: string, documentType: KybDocumentType, now: Date): Promise<void> {
    await manager
      .createQueryBuilder()
      .update(MerchantKybDocument)
      .set({ status: 'SUPERSEDED', supersededAt: now })
      .where(`merchant_id = :merchantId AND document_type = :documentType AND status <> 'SUPERSEDED'`, {
        merchantId,
        documentType,
      })
      .execute();
  }

  async insertDocument(manager: EntityManager, document: MerchantKybDocument): Promise<void> {
    await manager.insert(MerchantKybDocument, document);
  }

  /** Every pricing version of these merchants, newest `effectiveAt` first. */
  pricingVersions(manager: EntityManager, merchantIds: readonly string[]): Promise<MerchantPricingVersion[]> {
    if (merchantIds.length === 0) return Promise.resolve([]);
    return manager
      .createQueryBuilder(MerchantPricingVersion, 'v')
      .where('v.merchant_id IN (:...ids)', { ids: merchantIds })
      .orderBy('v.effective_at', 'DESC')
      .addOrderBy('v.id', 'DESC')
      .getMany();
  }

  /** The settlement accounts in use (not replaced) of these merchants. */
  currentSettlementAccounts(
    manager: EntityManager,
    merchantIds: readonly string[],
  ): Promise<MerchantSettlementAccount[]> {
    if (merchantIds.length === 0) return Promise.resolve([]);
    return manager
      .createQueryBuilder(MerchantSettlementAccount, 'a')
      .where('a.merchant_id IN (:...ids)', { ids: merchantIds })
      .andWhere('a.replaced_at IS NULL')
      .getMany();
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
    return manager
      .createQueryBuilder(MerchantKybDocument, 'd')
      .where('d.merchant_id IN (:...ids)', { ids: merchantIds })
      .andWhere(`d.status <> 'SUPERSEDED'`)
      .orderBy('d.created_at', 'ASC')
      .getMany();
  }
}
