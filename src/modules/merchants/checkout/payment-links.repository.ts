import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { MerchantPaymentLink } from './payment-link.entity';

/** The most links a list answers (design section 5: the newest 100). */
export const PAYMENT_LINK_LIST_SIZE = 100;

/** Named reads and writes of payment links (TypeORM, one table, no joins). */
@Injectable()
export class PaymentLinksRepository {
  async insert(manager: EntityManager, link: MerchantPaymentLink): Promise<void> {
    await manager.insert(MerchantPaymentLink, link);
  }

  /** Counts a completed session of the link, in the completing transaction. */
  async countCompletion(manager: EntityManager, id: string): Promise<void> {
    await manager.increment(MerchantPaymentLink, { id }, 'completedCount', 1);
  }

  /** The merchant's links in one mode, newest first, at most PAYMENT_LINK_LIST_SIZE. */
  listOf(manager: EntityManager, merchantId: string, livemode: boolean): Promise<MerchantPaymentLink[]> {
    return manager.find(MerchantPaymentLink, {
      where: { merchantId, livemode },
      order: { createdAt: 'DESC', id: 'DESC' },
      take: PAYMENT_LINK_LIST_SIZE,
    });
  }
}
