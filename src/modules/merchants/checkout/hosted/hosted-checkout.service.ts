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
    const session = await this.sessions.findForHostedPage(id);
    if (!session) return null;
    const manager = this.dataSource.manager;
    const [merchant, frameOrigins, link] = await Promise.all([
      this.merchants.findById(session.merchantId),
      this.sessionsRepository.frameOrigins(manager, session.merchantId, session.livemode),
      session.paymentLinkId ? this.links.findById(manager, session.paymentLinkId) : Promise.resolve(null),
    ]);
    const ownPage = session.successUrl === this.sessions.hostedUrl(session.id);
    return {
      session,
      merchantName: merchant?.name ?? '',
      frameOrigins,
      successMessage: link?.successMessage ?? null,
      returnUrl: ownPage ? null : withSessionId(session.successUrl, session.id),
    };
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
