import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { MerchantDirectory } from '../../onboarding/merchant-directory.service';
import { CheckoutPayments, CheckoutPayOutcome, CheckoutPayRequest } from '../checkout-payments';
import { MerchantCheckoutSession } from '../checkout-session.entity';
import { CheckoutSessionsRepository } from '../checkout-sessions.repository';
import { CheckoutSessionsService } from '../checkout-sessions.service';
import { PaymentLinksRepository } from '../payment-links.repository';

/** What a session's hosted page shows and who may frame it. */
export interface HostedSessionView {
  session: MerchantCheckoutSession;
  merchantName: string;
  /** The merchant's VERIFIED origins for the session's mode (CSP frame-ancestors). */
  frameOrigins: string[];
  /** A payment link's success message, for a session opened from a link. */
  successMessage: string | null;
  /** The URL the payer goes to once paid, `session_id` appended; null when that is this page itself. */
  returnUrl: string | null;
}

/**
 * The hosted page's reads and its one write: a session as the payer sees it (any session by
 * id: the id is the page's capability, as a Stripe Checkout URL is), and paying it through the
 * payment core (`CheckoutPayments`), which completes it once.
 */
@Injectable()
export class HostedCheckoutService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly sessions: CheckoutSessionsService,
    private readonly sessionsRepository: CheckoutSessionsRepository,
    private readonly links: PaymentLinksRepository,
    private readonly merchants: MerchantDirectory,
    private readonly payments: CheckoutPayments,
  ) {}

  async view(id: string): Promise<HostedSessionView | null> {
    const session = await this.session(id);
    return session && this.viewOf(session);
  }

  /**
   * The session alone, as it stands now (EXPIRED once past `expiresAt`): what the pay POST needs
   * to check its form and pay; the page's other reads wait until a page is rendered.
   */
  session(id: string): Promise<MerchantCheckoutSession | null> {
    return this.sessions.findForHostedPage(id);
  }

  /** What the page of a session already read shows: its merchant's name, frame origins and link. */
  async viewOf(session: MerchantCheckoutSession): Promise<HostedSessionView> {
    const manager = this.dataSource.manager;
    const [merchant, frameOrigins, link] = await Promise.all([
      this.merchants.findById(session.merchantId),
      this.sessionsRepository.frameOrigins(manager, session.merchantId, session.livemode),
      session.paymentLinkId ? this.links.findById(manager, session.paymentLinkId) : Promise.resolve(null),
    ]);
    return {
      session,
      merchantName: merchant?.name ?? '',
      frameOrigins,
      successMessage: link?.successMessage ?? null,
      returnUrl: this.returnUrl(session),
    };
  }

  /** The URL the payer goes to once paid, `session_id` appended; null when that is the hosted page itself. */
  returnUrl(session: MerchantCheckoutSession): string | null {
    return session.successUrl === this.sessions.hostedUrl(session.id)
      ? null
      : withSessionId(session.successUrl, session.id);
  }

  pay(request: CheckoutPayRequest): Promise<CheckoutPayOutcome> {
    return this.payments.pay(request);
  }
}

/** The success URL with `session_id` set in its query (the URL API keeps its other parameters and fragment). */
export function withSessionId(successUrl: string, sessionId: string): string {
  const url = new URL(successUrl);
  url.searchParams.set('session_id', sessionId);
  return url.href;
}
