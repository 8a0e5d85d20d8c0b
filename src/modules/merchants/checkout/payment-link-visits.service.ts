import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { Clock } from '../../../platform/clock/clock';
import { newId } from '../../../platform/database/new-id';
import { ApiException } from '../../../platform/http/api-error';
import { OutboxWriter } from '../../../platform/outbox/outbox.writer';
import { MERCHANT_EVENTS } from '../merchants.events';
import { MerchantDirectory } from '../onboarding/merchant-directory.service';
import { CheckoutExpiryScheduler } from './checkout-expiry.scheduler';
import { CheckoutRules } from './checkout-rules';
import { checkoutSessionEventPayload } from './checkout-session-expiry';
import { MerchantCheckoutSession } from './checkout-session.entity';
import { CheckoutSessionsRepository } from './checkout-sessions.repository';
import { CheckoutSessionsService } from './checkout-sessions.service';
import { DEFAULT_EXPIRY_MINUTES } from './dto/checkout-session.dto';
import { MerchantPaymentLink } from './payment-link.entity';
import { PaymentLinksRepository } from './payment-links.repository';
import { PaymentLinksService } from './payment-links.service';
import { parseMajorAmount } from './hosted/hosted-amount';
import { formatMinorUnits } from '../../../platform/money/money-format';

/** A visitor counts as one view of a link per this window; within it, the visitor's OPEN session is reused. */
export const LINK_VIEW_DEDUPE_MS = 30 * 60_000;

/** Why a link's page takes no payment. */
export type LinkUnavailableReason = 'NOT_FOUND' | 'EXPIRED' | 'COMPLETED' | 'RESTRICTED';

/** What a visit to `/l/{slug}` comes to. */
export type LinkVisit =
  | { kind: 'unavailable'; reason: LinkUnavailableReason; merchantName: string | null }
  /** The payer chooses the amount first, within `minAmount..maxAmount` of the link; `error` after a bad one. */
  | { kind: 'choose-amount'; link: MerchantPaymentLink; merchantName: string; error?: string }
  /** The session to pay, new or the visitor's OPEN one from this window. */
  | { kind: 'session'; sessionId: string; reused: boolean };

/**
 * Visits to payment links' hosted pages: a view logged at most once per visitor and link every
 * 30 minutes (`merchant_payment_link_views`, for the funnel), and a checkout session opened for
 * the visitor (`source: PAYMENT_LINK`), or the one it opened in the window if still OPEN for the
 * same amount. The session is opened under the rules a merchant's own sessions meet (the
 * merchant's row locked: live needs APPROVED, the currency one it settles in, the redirect URL
 * still allowed), which also serializes a visitor's concurrent visits.
 */
@Injectable()
export class PaymentLinkVisitsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly links: PaymentLinksRepository,
    private readonly linksService: PaymentLinksService,
    private readonly sessions: CheckoutSessionsRepository,
    private readonly sessionsService: CheckoutSessionsService,
    private readonly rules: CheckoutRules,
    private readonly merchants: MerchantDirectory,
    private readonly outbox: OutboxWriter,
    private readonly scheduler: CheckoutExpiryScheduler,
    private readonly clock: Clock,
  ) {}

  /**
   * A visit by `visitorKey` (a keyed digest of the visitor's cookie). `amountInput` is the
   * payer's choice, in major units as typed, on a link without a fixed amount (absent on the
   * first visit to such a link); one that is not a number or is out of bounds asks again.
   */
  async visit(path: string, visitorKey: string, amountInput?: string): Promise<LinkVisit> {
    const manager = this.dataSource.manager;
    const link = await this.links.findByPath(manager, path);
    if (!link) return { kind: 'unavailable', reason: 'NOT_FOUND', merchantName: null };
    const merchant = await this.merchants.findById(link.merchantId);
    const merchantName = merchant?.name ?? '';
    const now = this.clock.now();
    if (link.expiresAt && link.expiresAt.getTime() <= now.getTime()) {
      return { kind: 'unavailable', reason: 'EXPIRED', merchantName };
    }
    if (link.maxCompletions !== null && link.completedCount >= link.maxCompletions) {
      return { kind: 'unavailable', reason: 'COMPLETED', merchantName };
    }
    const choice = link.amount === null ? chosenAmount(link, amountInput) : { amount: link.amount };
    if ('error' in choice) return { kind: 'choose-amount', link, merchantName, error: choice.error };
    const chosen = choice.amount;
    let opened: MerchantCheckoutSession | null = null;
    let visit: LinkVisit;
    try {
      visit = await this.dataSource.transaction(async (tx) => {
        await this.rules.check(tx, link.merchantId, link.livemode, link.currency, {
          redirectUrl: link.redirectUrl ?? undefined,
        });
        const latest = await this.links.latestViewSince(
          tx,
          link.id,
          visitorKey,
          new Date(now.getTime() - LINK_VIEW_DEDUPE_MS),
        );
        if (chosen === undefined) {
          if (!latest) await this.insertView(tx, link, visitorKey, null, now);
          return { kind: 'choose-amount', link, merchantName } as const;
        }
        if (latest?.checkoutSessionId) {
          const earlier = await this.sessions.findById(tx, latest.checkoutSessionId);
          if (earlier?.status === 'OPEN' && earlier.expiresAt.getTime() > now.getTime() && earlier.amount === chosen) {
            return { kind: 'session', sessionId: earlier.id, reused: true } as const;
          }
        }
        opened = await this.openSession(tx, link, chosen, now);
        if (latest) await this.links.setViewSession(tx, latest.id, opened.id);
        else await this.insertView(tx, link, visitorKey, opened.id, now);
        return { kind: 'session', sessionId: opened.id, reused: false } as const;
      });
    } catch (error) {
      // The merchant may no longer take this link's payments (restricted, currency, redirect URL).
      if (error instanceof ApiException && error.status < 500) {
        return { kind: 'unavailable', reason: 'RESTRICTED', merchantName };
      }
      throw error;
    }
    const session = opened as MerchantCheckoutSession | null;
    if (session) await this.scheduler.schedule(session.id, session.expiresAt);
    return visit;
  }

  /** Logs the view and, in the same transaction, `merchant.payment_link.viewed` (the funnel's analytics count it). */
  private async insertView(
    manager: EntityManager,
    link: MerchantPaymentLink,
    visitorKey: string,
    checkoutSessionId: string | null,
    now: Date,
  ): Promise<void> {
    const id = newId();
    await this.links.insertView(manager, {
      id,
      paymentLinkId: link.id,
      merchantId: link.merchantId,
      livemode: link.livemode,
      visitorKey,
      checkoutSessionId,
      viewedAt: now,
    });
    await this.outbox.write(manager, {
      eventType: MERCHANT_EVENTS.paymentLinkViewed,
      aggregateType: 'payment_link',
      aggregateId: link.id,
      payload: {
        merchantId: link.merchantId,
        livemode: link.livemode,
        paymentLinkId: link.id,
        viewId: id,
        viewedAt: now.toISOString(),
      },
    });
  }

  /**
   * A session of the link: its amount (or the payer's), currency, title and metadata; the
   * reference is the link's slug (or id); the success URL the link's `redirectUrl`, or the
   * session's own page, which then shows the link's success message; cancel goes back to the
   * link. It expires in 24 hours, or with the link if that is sooner.
   */
  private async openSession(
    manager: EntityManager,
    link: MerchantPaymentLink,
    amount: number,
    now: Date,
  ): Promise<MerchantCheckoutSession> {
    const id = newId();
    const dayLater = now.getTime() + DEFAULT_EXPIRY_MINUTES * 60_000;
    const expiresAt = new Date(link.expiresAt ? Math.min(dayLater, link.expiresAt.getTime()) : dayLater);
    const session: MerchantCheckoutSession = {
      id,
      merchantId: link.merchantId,
      livemode: link.livemode,
      status: 'OPEN',
      source: 'PAYMENT_LINK',
      paymentLinkId: link.id,
      amount,
      currency: link.currency,
      merchantReference: link.slug ?? link.id,
      title: link.title,
      successUrl: link.redirectUrl ?? this.sessionsService.hostedUrl(id),
      cancelUrl: this.linksService.hostedUrl(link),
      customerEmail: null,
      metadata: link.metadata,
      paymentId: null,
      idempotencyKey: null,
      requestFingerprint: null,
      createdByApiKeyId: null,
      expiresAt,
      completedAt: null,
      expiredAt: null,
      createdAt: now,
    };
    await this.sessions.insert(manager, session);
    await this.outbox.write(manager, {
      eventType: MERCHANT_EVENTS.checkoutSessionCreated,
      aggregateType: 'checkout_session',
      aggregateId: session.id,
      payload: checkoutSessionEventPayload(session),
    });
    return session;
  }
}

/** The payer's amount for a link without a fixed one: undefined before the payer chose, or an error to show. */
function chosenAmount(
  link: MerchantPaymentLink,
  input: string | undefined,
): { amount: number | undefined } | { error: string } {
  if (input === undefined) return { amount: undefined };
  const min = link.minAmount ?? 1;
  const max = link.maxAmount ?? Number.MAX_SAFE_INTEGER;
  const amount = parseMajorAmount(input, link.currency);
  if (amount === null || amount < min || amount > max) {
    return {
      error: `Enter an amount from ${formatMinorUnits(min, link.currency)} to ${formatMinorUnits(max, link.currency)}.`,
    };
  }
  return { amount };
}
