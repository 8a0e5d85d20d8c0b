import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Clock } from '../../../platform/clock/clock';
import { OutboxWriter } from '../../../platform/outbox/outbox.writer';
import { MERCHANT_EVENTS, MerchantCheckoutSessionEventPayload } from '../merchants.events';
import { MerchantCheckoutSession } from './checkout-session.entity';
import { CheckoutSessionsRepository } from './checkout-sessions.repository';

/** How long past its due time a session waits for its delayed job before the sweep expires it. */
export const SWEEP_GRACE_MS = 60_000;
const SWEEP_BATCH = 200;
/** Sessions a sweep expires at most (the rest wait for the next tick). */
const SWEEP_MAX_BATCHES = 10;

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

  /**
   * Expires, in batches, OPEN sessions overdue by more than SWEEP_GRACE_MS (their delayed job
   * normally comes first): PostgreSQL is the truth, so a job lost with Redis leaves no session OPEN
   * past its time without its `merchant.checkout_session.expired`. Answers how many it expired.
   */
  async sweep(): Promise<number> {
    const dueBy = new Date(this.clock.now().getTime() - SWEEP_GRACE_MS);
    let expired = 0;
    for (let batch = 0; batch < SWEEP_MAX_BATCHES; batch += 1) {
      const overdue = await this.repository.overdueOpen(this.dataSource.manager, dueBy, SWEEP_BATCH);
      for (const session of overdue) if (await this.expire(session)) expired += 1;
      if (overdue.length < SWEEP_BATCH) break;
    }
    return expired;
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
