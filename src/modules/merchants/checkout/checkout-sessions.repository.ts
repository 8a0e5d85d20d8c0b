import { Injectable } from '@nestjs/common';
import { EntityManager, IsNull, LessThan, LessThanOrEqual } from 'typeorm';
import { MerchantOrigin } from '../origins/merchant-origin.entity';
import { MerchantSettlementAccount } from '../onboarding/merchant-terms.entities';
import { MerchantCheckoutSession } from './checkout-session.entity';

/** Named reads and writes of checkout sessions (TypeORM, one table at a time, no joins). */
@Injectable()
export class CheckoutSessionsRepository {
  /** The session of this merchant in this mode; another merchant's or the other mode's is null. */
  findOf(manager: EntityManager, merchantId: string, livemode: boolean, id: string) {
    return manager.findOne(MerchantCheckoutSession, { where: { id, merchantId, livemode } });
  }

  findById(manager: EntityManager, id: string) {
    return manager.findOne(MerchantCheckoutSession, { where: { id } });
  }

  findByIdempotencyKey(manager: EntityManager, merchantId: string, livemode: boolean, idempotencyKey: string) {
    return manager.findOne(MerchantCheckoutSession, { where: { merchantId, livemode, idempotencyKey } });
  }

  async insert(manager: EntityManager, session: MerchantCheckoutSession): Promise<void> {
    await manager.insert(MerchantCheckoutSession, session);
  }

  /**
   * OPEN and due to EXPIRED, once: true when this call moved it. A session a payment is paying
   * (`payment_id` set while OPEN) does not expire: the payer was admitted before `expiresAt`, and
   * the payment either completes it or, failing, frees it (and expires it when due).
   */
  /**
   * OPEN sessions due before `dueBefore` and not being paid, oldest due first, at most `limit`
   * (the open-expiry index): what the sweep expires when their delayed jobs were lost.
   */
  overdueOpen(manager: EntityManager, dueBefore: Date, limit: number): Promise<MerchantCheckoutSession[]> {
    return manager.find(MerchantCheckoutSession, {
      where: { status: 'OPEN', expiresAt: LessThan(dueBefore), paymentId: IsNull() },
      order: { expiresAt: 'ASC' },
      take: limit,
    });
  }

  async expireIfDue(manager: EntityManager, id: string, now: Date): Promise<boolean> {
    const result = await manager.update(
      MerchantCheckoutSession,
      { id, status: 'OPEN', expiresAt: LessThanOrEqual(now), paymentId: IsNull() },
      { status: 'EXPIRED', expiredAt: now },
    );
    return (result.affected ?? 0) > 0;
  }

  /**
   * The session, locked for the payment core's admission transaction, with the transaction's
   * `now()`: the `created_at` the payment inserted in it gets (null when the session is unknown).
   */
  async lockForPayment(
    manager: EntityManager,
    id: string,
  ): Promise<{ session: MerchantCheckoutSession; transactionNow: Date } | null> {
    const { entities, raw } = await manager
      .createQueryBuilder(MerchantCheckoutSession, 'session')
      .addSelect('now()', 'transaction_now')
      .where('session.id = :id', { id })
      .setLock('pessimistic_write')
      .getRawAndEntities<{ transaction_now: Date }>();
    const [session] = entities;
    return session ? { session, transactionNow: raw[0].transaction_now } : null;
  }

  /** Records the payment paying an OPEN, unpaid session: true when this call did. */
  async markPaying(manager: EntityManager, id: string, paymentId: string): Promise<boolean> {
    const result = await manager.update(
      MerchantCheckoutSession,
      { id, status: 'OPEN', paymentId: IsNull() },
      { paymentId },
    );
    return (result.affected ?? 0) > 0;
  }

  /** OPEN -> COMPLETE by the payment paying it, once: true when this call completed it. */
  async complete(manager: EntityManager, id: string, paymentId: string, completedAt: Date): Promise<boolean> {
    const result = await manager.update(
      MerchantCheckoutSession,
      { id, status: 'OPEN', paymentId },
      { status: 'COMPLETE', completedAt },
    );
    return (result.affected ?? 0) > 0;
  }

  /** Frees an OPEN session of a payment that failed, for the payer's next try: true when it did. */
  async releasePayment(manager: EntityManager, id: string, paymentId: string): Promise<boolean> {
    const result = await manager.update(
      MerchantCheckoutSession,
      { id, status: 'OPEN', paymentId },
      { paymentId: null },
    );
    return (result.affected ?? 0) > 0;
  }

  /** The merchant's VERIFIED origins (canonical form) a live redirect may go to: not the test-mode localhost ones. */
  async liveOrigins(manager: EntityManager, merchantId: string): Promise<Set<string>> {
    const origins = await manager.find(MerchantOrigin, {
      where: { merchantId, status: 'VERIFIED', testModeOnly: false },
      select: { origin: true },
    });
    return new Set(origins.map((row) => row.origin));
  }

  /**
   * The VERIFIED origins that may frame a hosted page of this mode: live, those proven (not the
   * test-mode localhost ones); test, every VERIFIED origin.
   */
  async frameOrigins(manager: EntityManager, merchantId: string, livemode: boolean): Promise<string[]> {
    const origins = await manager.find(MerchantOrigin, {
      where: livemode ? { merchantId, status: 'VERIFIED', testModeOnly: false } : { merchantId, status: 'VERIFIED' },
      select: { origin: true },
    });
    return origins.map((row) => row.origin).sort();
  }

  /** The currencies of the merchant's current settlement accounts (empty when none is set up). */
  async settlementCurrencies(manager: EntityManager, merchantId: string): Promise<string[]> {
    const accounts = await manager.find(MerchantSettlementAccount, {
      where: { merchantId, replacedAt: IsNull() },
      select: { currency: true },
    });
    return [...new Set(accounts.map((row) => row.currency))].sort();
  }
}
