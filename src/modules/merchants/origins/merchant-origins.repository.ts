import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { MerchantOrigin } from './merchant-origin.entity';

/** Named reads and writes of the merchants context's origins (TypeORM, one table, no joins). */
@Injectable()
export class MerchantOriginsRepository {
  /** The merchant's origins, oldest first (at most 20 exist). */
  listOf(manager: EntityManager, merchantId: string): Promise<MerchantOrigin[]> {
    return manager.find(MerchantOrigin, { where: { merchantId }, order: { createdAt: 'ASC', id: 'ASC' } });
  }

  countOf(manager: EntityManager, merchantId: string): Promise<number> {
    return manager.count(MerchantOrigin, { where: { merchantId } });
  }

  findOf(manager: EntityManager, merchantId: string, id: string): Promise<MerchantOrigin | null> {
    return manager.findOne(MerchantOrigin, { where: { id, merchantId } });
  }

  lockOf(manager: EntityManager, merchantId: string, id: string): Promise<MerchantOrigin | null> {
    return manager.findOne(MerchantOrigin, { where: { id, merchantId }, lock: { mode: 'pessimistic_write' } });
  }

  findByOrigin(manager: EntityManager, merchantId: string, origin: string): Promise<MerchantOrigin | null> {
    return manager.findOne(MerchantOrigin, { where: { merchantId, origin } });
  }

  async insert(manager: EntityManager, origin: MerchantOrigin): Promise<void> {
    await manager.insert(MerchantOrigin, origin);
  }

  async recordCheck(
    manager: EntityManager,
    id: string,
    change: Pick<MerchantOrigin, 'status' | 'verificationMethod' | 'verifiedAt' | 'lastCheckedAt' | 'lastError'>,
  ): Promise<void> {
    await manager.update(MerchantOrigin, { id }, change);
  }

  /** What a weekly re-check records (merchant-origin-recheck.ts); the claim is released with it. */
  async recordRecheck(
    manager: EntityManager,
    id: string,
    change: Partial<
      Pick<
        MerchantOrigin,
        | 'status'
        | 'verificationMethod'
        | 'verifiedAt'
        | 'lastCheckedAt'
        | 'lastError'
        | 'failingSince'
        | 'recheckClaimedUntil'
      >
    >,
  ): Promise<void> {
    await manager.update(MerchantOrigin, { id }, change);
  }

  /** True when the row was there to delete. */
  async delete(manager: EntityManager, id: string): Promise<boolean> {
    const result = await manager.delete(MerchantOrigin, { id });
    return (result.affected ?? 0) > 0;
  }
}
