import { Injectable } from '@nestjs/common';
import { EntityManager, In } from 'typeorm';
import { PaymentRail } from './payment-rail.entity';

/** Named queries on `payment_rails`. */
@Injectable()
export class PaymentRailRepository {
  listAll(manager: EntityManager): Promise<PaymentRail[]> {
    return manager.find(PaymentRail, { order: { code: 'ASC' } });
  }

  /** The active rails among `codes`, by code. */
  findActiveByCodes(manager: EntityManager, codes: readonly string[]): Promise<PaymentRail[]> {
    if (codes.length === 0) return Promise.resolve([]);
    return manager.find(PaymentRail, { where: { code: In([...codes]), active: true }, order: { code: 'ASC' } });
  }

  lockById(manager: EntityManager, id: string): Promise<PaymentRail | null> {
    return manager.findOne(PaymentRail, { where: { id }, lock: { mode: 'pessimistic_write' } });
  }

  async insert(manager: EntityManager, rail: PaymentRail): Promise<void> {
    await manager.insert(PaymentRail, rail);
  }

  async update(manager: EntityManager, rail: PaymentRail): Promise<void> {
    const { id, ...changes } = rail;
    await manager.update(PaymentRail, { id }, changes);
  }
}
