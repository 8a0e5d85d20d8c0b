import { Injectable } from '@nestjs/common';
import { EntityManager, MoreThan } from 'typeorm';
import { MerchantPaymentLinkView } from './payment-link-view.entity';
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

  /** The link a hosted page path names: by its slug, or by its id (`/l/{id}` for a link without one). */
  async findByPath(manager: EntityManager, slugOrId: string): Promise<MerchantPaymentLink | null> {
    const bySlug = await manager.findOne(MerchantPaymentLink, { where: { slug: slugOrId } });
    if (bySlug || !UUID.test(slugOrId)) return bySlug;
    return manager.findOne(MerchantPaymentLink, { where: { id: slugOrId } });
  }

  findById(manager: EntityManager, id: string): Promise<MerchantPaymentLink | null> {
    return manager.findOne(MerchantPaymentLink, { where: { id } });
  }

  /** The visitor's latest view of the link after `since` (the dedupe window), or null. */
  latestViewSince(
    manager: EntityManager,
    paymentLinkId: string,
    visitorKey: string,
    since: Date,
  ): Promise<MerchantPaymentLinkView | null> {
    return manager.findOne(MerchantPaymentLinkView, {
      where: { paymentLinkId, visitorKey, viewedAt: MoreThan(since) },
      order: { viewedAt: 'DESC' },
    });
  }

  async insertView(manager: EntityManager, view: MerchantPaymentLinkView): Promise<void> {
    await manager.insert(MerchantPaymentLinkView, view);
  }

  /** Names the session a view led to (a visitor back within the window who needed a new one). */
  async setViewSession(manager: EntityManager, viewId: string, checkoutSessionId: string): Promise<void> {
    await manager.update(MerchantPaymentLinkView, { id: viewId }, { checkoutSessionId });
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
