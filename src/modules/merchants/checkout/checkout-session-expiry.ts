import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Clock } from '../../../platform/clock/clock';
import { OutboxWriter } from '../../../platform/outbox/outbox.writer';
import { MERCHANT_EVENTS, MerchantCheckoutSessionEventPayload } from '../merchants.events';
import { MerchantCheckoutSession } from './checkout-session.entity';
import { CheckoutSessionsRepository } from './checkout-sessions.repository';

/**
 * OPEN -> EXPIRED, for the expiry job (worker) and the read past `expiresAt` (API) alike: the
 * conditional update and `merchant.checkout_session.expired` in one transaction, so a session
 * expires once whoever gets there first, and never after it was paid.
 */
@Injectable()
export class CheckoutSessionExpiry {
  constructor(
    private readonly dataSource: DataSource,
    private readonly repository: CheckoutSessionsRepository,
    private readonly outbox: OutboxWriter,
    private readonly clock: Clock,
  ) {}

  /**
   * The expiry job's work on one session: `'expired'` when this call expired it, `'final'` for a
   * session already COMPLETE or EXPIRED (or gone), or the due time of one not yet due on this clock.
   */
  async expireIfDue(id: string): Promise<'expired' | 'final' | Date> {
    const session = await this.repository.findById(this.dataSource.manager, id);
    if (!session || session.status !== 'OPEN') return 'final';
    if (session.expiresAt.getTime() > this.clock.now().getTime()) return session.expiresAt;
    return (await this.expire(session)) ? 'expired' : 'final';
  }

  /** Expires the session if it is still OPEN and due; false when it was not (paid or expired meanwhile). */
  expire(session: MerchantCheckoutSession): Promise<boolean> {
    const now = this.clock.now();
    return this.dataSource.transaction(async (manager) => {
      if (!(await this.repository.expireIfDue(manager, session.id, now))) return false;
      await this.outbox.write(manager, {
        eventType: MERCHANT_EVENTS.checkoutSessionExpired,
        aggregateType: 'checkout_session',
        aggregateId: session.id,
        payload: checkoutSessionEventPayload({ ...session, status: 'EXPIRED' }),
      });
      return true;
    });
  }
}

export function checkoutSessionEventPayload(session: MerchantCheckoutSession): MerchantCheckoutSessionEventPayload {
  return {
    merchantId: session.merchantId,
    checkoutSessionId: session.id,
    livemode: session.livemode,
    status: session.status,
    amount: session.amount,
    currency: session.currency,
    merchantReference: session.merchantReference,
    expiresAt: session.expiresAt.toISOString(),
  };
}
