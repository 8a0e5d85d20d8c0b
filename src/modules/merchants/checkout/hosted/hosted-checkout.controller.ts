import { Controller, Get, Logger, Post, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { Public } from '../../../../platform/auth/auth.decorators';
import { ApiException } from '../../../../platform/http/api-error';
import { AcceptsContentTypes } from '../../../../platform/http/content-type.guard';
import type { CheckoutPayOutcome } from '../checkout-payments';
import type { MerchantCheckoutSession } from '../checkout-session.entity';
import { PaymentLinkVisitsService } from '../payment-link-visits.service';
import { readCookie } from './cookie-header';
import {
  CheckoutSummary,
  completePage,
  HostedRail,
  expiredPage,
  isHostedRail,
  linkAmountPage,
  messagePage,
  payPage,
  processingPage,
  RenderedPage,
} from './hosted-checkout-pages';
import { HostedCheckoutService, HostedSessionView } from './hosted-checkout.service';
import {
  CSRF_COOKIE,
  CSRF_COOKIE_PATH,
  HostedCheckoutTokens,
  VISITOR_COOKIE,
  VISITOR_COOKIE_PATH,
} from './hosted-checkout-tokens';
import { HostedPagePolicy, hostedPageHeaders, newNonce } from './hosted-page-policy';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const SLUG = /^[a-z0-9-]{3,64}$/;
const FUNDING_ACCOUNT = /^\+?[0-9A-Za-z-]{4,34}$/;
const NO_FRAMES: HostedPagePolicy = { formTargets: [], frameAncestors: [] };
const VISITOR_MAX_AGE_MS = 24 * 3_600_000;

/** Decline reasons the rails give, in words for the payer (anything else is shown as the core says it). */
const DECLINE_WORDS: Readonly<Record<string, string>> = {
  DO_NOT_HONOR: 'Your bank declined the payment. Try another card or account.',
  INSUFFICIENT_FUNDS: 'There is not enough money in this account. Try another card or account.',
  ACCOUNT_CLOSED: 'This account is closed. Try another card or account.',
};

/**
 * The hosted checkout pages, at the root beside the API (`/c/{id}`, `/c/{id}/pay`, `/l/{slug}`):
 * server-rendered HTML that works without JavaScript, a strict CSP with a nonce per response,
 * a signed double-submit CSRF token on the pay form, never cached. They answer HTML for every
 * outcome a payer can meet (unknown, expired, paid, declined, refused form); they are not API
 * operations and stay out of the OpenAPI document. They write Express responses themselves
 * (headers, cookies, redirects), as the streaming handlers do.
 */
@ApiExcludeController()
@Controller()
export class HostedCheckoutController {
  private readonly logger = new Logger(HostedCheckoutController.name);

  constructor(
    private readonly hosted: HostedCheckoutService,
    private readonly visits: PaymentLinkVisitsService,
    private readonly tokens: HostedCheckoutTokens,
  ) {}

  /** The session's page: the pay form while OPEN, else what became of it. */
  @Get('c/:id')
  @Public()
  async page(@Req() request: Request, @Res() response: Response): Promise<void> {
    const id = String(request.params.id);
    const view = UUID.test(id) ? await this.hosted.view(id.toLowerCase()) : null;
    if (!view) return this.send(response, notFoundPage(newNonce()), NO_FRAMES);
    // A payment under way (the core names it on the OPEN session until the rail answers), or the
    // processing page's refresh while the session is still OPEN: the in-progress page, no form.
    const { session } = view;
    if (session.status === 'OPEN' && (session.paymentId !== null || request.query.awaiting === '1')) {
      return this.processing(response, view);
    }
    this.render(request, response, view);
  }

  /** The pay form's POST: CSRF checked, then one payment through the core under the form's attempt. */
  @Post('c/:id/pay')
  @Public()
  @AcceptsContentTypes('application/x-www-form-urlencoded')
  async pay(@Req() request: Request, @Res() response: Response): Promise<void> {
    const id = String(request.params.id);
    // The session alone first: the success path (a 303) needs neither the merchant nor its frame
    // origins, which are read only when a page is rendered.
    const session = UUID.test(id) ? await this.hosted.session(id.toLowerCase()) : null;
    if (!session) return this.send(response, notFoundPage(newNonce()), NO_FRAMES);
    const body = formOf(request);
    const cookie = readCookie(request.headers.cookie, CSRF_COOKIE);
    if (!this.tokens.verifyPayForm(cookie, session.id, { attempt: body.attempt, csrf: body.csrf })) {
      return this.send(
        response,
        messagePage({
          nonce: newNonce(),
          status: 403,
          title: 'This form has expired',
          message: 'The payment form was not sent by this page, or it is too old. Open the checkout again and retry.',
          link: { href: `/c/${session.id}`, text: 'Open the checkout again' },
        }),
        policyOf(await this.hosted.viewOf(session)),
      );
    }
    // A session no longer OPEN shows what became of it (paid in another tab, expired).
    if (session.status !== 'OPEN') return this.seeOther(response, `/c/${session.id}`);
    const rail = isHostedRail(body.rail) ? body.rail : undefined;
    const fundingAccount = (body.fundingAccount ?? '').replace(/[\s]/g, '');
    if (!rail || !FUNDING_ACCOUNT.test(fundingAccount)) {
      const problem = !rail
        ? 'Choose how to pay.'
        : 'Enter a card, account or mobile number (4 to 34 letters or digits).';
      return this.renderForm(request, response, await this.hosted.viewOf(session), {
        status: 422,
        error: problem,
        rail,
      });
    }
    let outcome: CheckoutPayOutcome;
    try {
      outcome = await this.hosted.pay({
        sessionId: session.id,
        session,
        rail,
        fundingAccount,
        idempotencyKey: this.tokens.idempotencyKey(session.id, body.attempt as string),
      });
    } catch (error) {
      return this.payFailed(request, response, session, rail, error);
    }
    if (outcome.outcome === 'PAID') {
      return this.seeOther(response, this.hosted.returnUrl(session) ?? `/c/${session.id}`);
    }
    const view = await this.hosted.viewOf(session);
    if (outcome.outcome === 'PROCESSING') return this.processing(response, view);
    return this.renderForm(request, response, view, { status: 402, error: declineWords(outcome.reason), rail });
  }

  /**
   * A payment link's page: logs the visit (once per visitor and link every 30 minutes), then
   * sends the visitor to its session (opened now, or its OPEN one from the window); a link
   * whose amount the payer chooses asks for it first (`?amount=`, in major units).
   */
  @Get('l/:slug')
  @Public()
  async link(@Req() request: Request, @Res() response: Response): Promise<void> {
    const path = String(request.params.slug);
    if (!SLUG.test(path)) return this.send(response, linkGonePage('NOT_FOUND', null), NO_FRAMES);
    let visitor = readCookie(request.headers.cookie, VISITOR_COOKIE);
    if (!this.tokens.isSecret(visitor)) {
      visitor = this.tokens.newSecret();
      response.cookie(VISITOR_COOKIE, visitor, {
        httpOnly: true,
        secure: request.secure,
        sameSite: 'lax',
        path: VISITOR_COOKIE_PATH,
        maxAge: VISITOR_MAX_AGE_MS,
      });
    }
    const amount = typeof request.query.amount === 'string' ? request.query.amount : undefined;
    const visit = await this.visits.visit(path, this.tokens.visitorKey(visitor), amount);
    if (visit.kind === 'session') return this.seeOther(response, `/c/${visit.sessionId}`);
    if (visit.kind === 'unavailable') {
      return this.send(response, linkGonePage(visit.reason, visit.merchantName), NO_FRAMES);
    }
    const { link } = visit;
    return this.send(
      response,
      linkAmountPage({
        nonce: newNonce(),
        status: visit.error ? 422 : 200,
        path: `/l/${path}`,
        merchantName: visit.merchantName,
        title: link.title,
        description: link.description,
        currency: link.currency,
        minAmount: link.minAmount ?? 1,
        maxAmount: link.maxAmount ?? Number.MAX_SAFE_INTEGER,
        error: visit.error,
      }),
      NO_FRAMES,
    );
  }

  private render(request: Request, response: Response, view: HostedSessionView): void {
    const { session } = view;
    const checkout = summaryOf(view);
    if (session.status === 'OPEN') return this.renderForm(request, response, view, { status: 200 });
    const nonce = newNonce();
    if (session.status === 'COMPLETE') {
      return this.send(
        response,
        completePage({ nonce, checkout, returnUrl: view.returnUrl, message: view.successMessage }),
        policyOf(view),
      );
    }
    const cancelUrl = session.source === 'PAYMENT_LINK' ? null : session.cancelUrl;
    return this.send(response, expiredPage({ nonce, checkout, cancelUrl }), policyOf(view));
  }

  /** The pay form with a fresh attempt; the CSRF cookie is kept (other tabs' forms stay valid) or set. */
  private renderForm(
    request: Request,
    response: Response,
    view: HostedSessionView,
    options: { status: number; error?: string; rail?: HostedRail },
  ): void {
    let secret = readCookie(request.headers.cookie, CSRF_COOKIE);
    if (!this.tokens.isSecret(secret)) {
      secret = this.tokens.newSecret();
      response.cookie(CSRF_COOKIE, secret, {
        httpOnly: true,
        secure: request.secure,
        sameSite: 'strict',
        path: CSRF_COOKIE_PATH,
      });
    }
    const { session } = view;
    const page = payPage({
      nonce: newNonce(),
      status: options.status,
      checkout: summaryOf(view),
      sessionId: session.id,
      tokens: this.tokens.payForm(secret, session.id),
      cancelUrl: session.source === 'PAYMENT_LINK' ? null : session.cancelUrl,
      error: options.error,
      rail: options.rail,
      livemode: session.livemode,
    });
    this.send(response, page, policyOf(view));
  }

  private async payFailed(
    request: Request,
    response: Response,
    session: MerchantCheckoutSession,
    rail: HostedRail,
    error: unknown,
  ): Promise<void> {
    if (error instanceof ApiException) {
      if (error.code === 'NOT_FOUND') return this.send(response, notFoundPage(newNonce()), NO_FRAMES);
      if ((error.code as string) === 'CHECKOUT_SESSION_NOT_OPEN') {
        const now = await this.hosted.view(session.id);
        // Still OPEN: another tab's payment of it is live.
        if (now?.session.status === 'OPEN') return this.processing(response, now);
        return this.seeOther(response, `/c/${session.id}`);
      }
      if (error.status < 500) {
        return this.renderForm(request, response, await this.hosted.viewOf(session), {
          status: error.status,
          error: error.message,
          rail,
        });
      }
    }
    this.logger.error({ err: error, checkoutSessionId: session.id }, 'hosted checkout payment failed');
    return this.send(
      response,
      messagePage({
        nonce: newNonce(),
        status: 503,
        title: 'Payment not available',
        message: 'We could not take this payment just now. Open the checkout again to see its status before retrying.',
        link: { href: `/c/${session.id}`, text: 'Open the checkout again' },
      }),
      policyOf(await this.hosted.viewOf(session)),
    );
  }

  private processing(response: Response, view: HostedSessionView): void {
    this.send(
      response,
      processingPage({ nonce: newNonce(), checkout: summaryOf(view), sessionId: view.session.id }),
      policyOf(view),
    );
  }

  private send(response: Response, page: RenderedPage, policy: HostedPagePolicy): void {
    for (const [name, value] of Object.entries(hostedPageHeaders(page.nonce, policy))) {
      response.setHeader(name, value);
    }
    // CSP frame-ancestors decides; helmet's X-Frame-Options would contradict a merchant's origins.
    if (policy.frameAncestors.length > 0) response.removeHeader('X-Frame-Options');
    else response.setHeader('X-Frame-Options', 'DENY');
    response.status(page.status).send(page.markup);
  }

  private seeOther(response: Response, location: string): void {
    response.setHeader('Cache-Control', 'no-store');
    response.setHeader('Referrer-Policy', 'no-referrer');
    response.redirect(303, location);
  }
}

/** The urlencoded form's fields, strings only (a repeated field arrives as an array: refused as absent). */
function formOf(request: Request): Record<'rail' | 'fundingAccount' | 'attempt' | 'csrf', string | undefined> {
  const body = (request.body ?? {}) as Record<string, unknown>;
  const text = (name: string) => (typeof body[name] === 'string' ? body[name] : undefined);
  return { rail: text('rail'), fundingAccount: text('fundingAccount'), attempt: text('attempt'), csrf: text('csrf') };
}

function summaryOf(view: HostedSessionView): CheckoutSummary {
  const { session } = view;
  return {
    merchantName: view.merchantName,
    title: session.title,
    merchantReference: session.merchantReference,
    amount: session.amount,
    currency: session.currency,
  };
}

/** Form posts may be redirected to the success URL's origin; the merchant's verified origins may frame the page. */
function policyOf(view: HostedSessionView): HostedPagePolicy {
  return {
    formTargets: view.returnUrl ? [new URL(view.returnUrl).origin] : [],
    frameAncestors: view.frameOrigins,
  };
}

/** The core's reason for a decline in words for the payer: a known rail code's own, else its message as given. */
function declineWords(reason: string): string {
  const known = DECLINE_WORDS[reason];
  if (known) return known;
  if (/^[A-Z][A-Z0-9_]*$/.test(reason)) return `The payment was declined (${reason}). Try another card or account.`;
  return `${reason.replace(/\.?\s*$/, '.')} Try another card or account.`;
}

function notFoundPage(nonce: string): RenderedPage {
  return messagePage({
    nonce,
    status: 404,
    title: 'Checkout not found',
    message: 'There is no checkout at this address. Check the link you were given, or ask the merchant for a new one.',
  });
}

function linkGonePage(
  reason: 'NOT_FOUND' | 'EXPIRED' | 'COMPLETED' | 'RESTRICTED',
  merchantName: string | null,
): RenderedPage {
  const nonce = newNonce();
  const who = merchantName ? ` Contact ${merchantName} for another way to pay.` : '';
  const pages = {
    NOT_FOUND: { status: 404, title: 'Payment link not found', message: 'There is no payment link at this address.' },
    EXPIRED: { status: 410, title: 'Payment link expired', message: `This payment link has expired.${who}` },
    COMPLETED: {
      status: 410,
      title: 'Payment link closed',
      message: `This payment link has taken all the payments it was for.${who}`,
    },
    RESTRICTED: {
      status: 403,
      title: 'Payment link unavailable',
      message: `This payment link cannot take payments at the moment.${who}`,
    },
  } as const;
  return messagePage({ nonce, ...pages[reason] });
}
