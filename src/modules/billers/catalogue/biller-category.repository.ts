import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { BillerCategory } from './biller-category.entity';

/** Named queries on `biller_categories`. */
@Injectable()
export class BillerCategoryRepository {
  /** Every category (admins) or the active ones (customers), in display order. */
  list(manager: EntityManager, options: { activeOnly: boolean }): Promise<BillerCategory[]> {
    return manager.find(BillerCategory, {
      where: options.activeOnly ? { active: true } : {},
      order: { sortOrder: 'ASC', name: 'ASC', id: 'ASC' },
    });
  }

  findById(manager: EntityManager, id: string): Promise<BillerCategory | null> {
    return manager.findOneBy(BillerCategory, { id });
  }

  lockById(manager: EntityManager, id: string): Promise<BillerCategory | null> {
    return manager.findOne(BillerCategory, { where: { id }, lock: { mode: 'pessimistic_write' } });
  }

  async insert(manager: EntityManager, category: BillerCategory): Promise<void> {
    await manager.insert(BillerCategory, category);
  }

  async update(manager: EntityManager, category: BillerCategory): Promise<void> {
    const { id, ...changes } = category;
    await manager.update(BillerCategory, { id }, changes);
  }
}
