import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { MerchantApiKeyPrincipal } from '../../../platform/auth/principal';
import { Clock } from '../../../platform/clock/clock';
import { AppConfig } from '../../../platform/config/app-config';
import { newId } from '../../../platform/database/new-id';
import { isUniqueViolation } from '../../../platform/database/unique-violation';
import { ApiException } from '../../../platform/http/api-error';
import type { ClientInfo } from '../../../platform/http/client-info.decorator';
import { OutboxWriter } from '../../../platform/outbox/outbox.writer';
import { requestFingerprint } from '../../payments';
import { MERCHANT_EVENTS } from '../merchants.events';
import { merchantActor, MerchantAuditWriter } from '../onboarding/merchant-audit.writer';
import { CheckoutExpiryScheduler } from './checkout-expiry.scheduler';
import { CheckoutRules } from './checkout-rules';
import { checkoutSessionEventPayload, CheckoutSessionExpiry } from './checkout-session-expiry';
import { MerchantCheckoutSession } from './checkout-session.entity';
import { MerchantCheckoutError } from './checkout.errors';
import { CheckoutSessionsRepository } from './checkout-sessions.repository';
import { DEFAULT_EXPIRY_MINUTES, MerchantCheckoutSessionRequestDto } from './dto/checkout-session.dto';

const IDEMPOTENCY_CONSTRAINT = 'merchant_checkout_sessions_idempotency_key';

/**
 * Where the customer returns: `successUrl` and `cancelUrl`, or the sandbox's one `endpoint` as
 * both (spec 4.11); `checked` names the fields as the request sent them, for the redirect rules'
 * `details`. Mixing the two forms is 400 VALIDATION_FAILED.
 */
function returnUrls(body: MerchantCheckoutSessionRequestDto): {
  successUrl: string;
  cancelUrl: string;
  checked: Record<string, string>;
} {
  if (body.endpoint !== undefined) {
    if (body.successUrl !== undefined || body.cancelUrl !== undefined) {
      throw new ApiException('VALIDATION_FAILED', 'Send either endpoint or successUrl and cancelUrl, not both', [
        { field: 'endpoint', message: 'replaces successUrl and cancelUrl; send one form' },
      ]);
    }
    return { successUrl: body.endpoint, cancelUrl: body.endpoint, checked: { endpoint: body.endpoint } };
  }
  const { successUrl, cancelUrl } = body;
  // The DTO requires both when endpoint is absent; this keeps the service right on its own.
  if (successUrl === undefined || cancelUrl === undefined) {
    throw new ApiException('VALIDATION_FAILED', 'Send successUrl and cancelUrl, or endpoint', [
      { field: successUrl === undefined ? 'successUrl' : 'cancelUrl', message: 'is required without endpoint' },
    ]);
  }
  return { successUrl, cancelUrl, checked: { successUrl, cancelUrl } };
}

/** What creating a session answered: the session, and whether it was made by an earlier request with the same key. */
export interface CreatedCheckoutSession {
  session: MerchantCheckoutSession;
  replayed: boolean;
}

/**
 * Checkout sessions of the merchant API: created with an API key under an Idempotency-Key (the
 * same key and body answer the first session again; another body 409 IDEMPOTENCY_KEY_REUSED),
 * read in the key's mode only, and expired by a delayed job or, whichever comes first, by the
 * first read after `expiresAt`. Completion (OPEN -> COMPLETE) belongs to the payment that pays it.
 */
@Injectable()
export class CheckoutSessionsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly repository: CheckoutSessionsRepository,
    private readonly rules: CheckoutRules,
    private readonly audit: MerchantAuditWriter,
    private readonly outbox: OutboxWriter,
    private readonly scheduler: CheckoutExpiryScheduler,
    private readonly expiry: CheckoutSessionExpiry,
    private readonly clock: Clock,
    private readonly config: AppConfig,
  ) {}

  /** The hosted page of a session: `/c/{id}` at the service's public address (served by a later part of checkout). */
  hostedUrl(id: string): string {
    return `${this.config.PUBLIC_BASE_URL.replace(/\/+$/, '')}/c/${id}`;
  }

  /**
   * Opens a session in the key's mode. 409 IDEMPOTENCY_KEY_REQUIRED without a key; a replay of
   * the key answers the first session as it stands (`replayed`), another body under it 409
   * IDEMPOTENCY_KEY_REUSED. Live: 403 MERCHANT_RESTRICTED unless the merchant is APPROVED, and
   * redirect URLs on VERIFIED origins only (422 REDIRECT_URL_NOT_ALLOWED). 422
   * CURRENCY_NOT_SUPPORTED for a currency none of the merchant's settlement accounts has.
   * Audited `CHECKOUT_SESSION_CREATED`, `merchant.checkout_session.created` in the same transaction.
   */
  async create(
    principal: MerchantApiKeyPrincipal,
    idempotencyKey: string | undefined,
    body: MerchantCheckoutSessionRequestDto,
    client: ClientInfo,
  ): Promise<CreatedCheckoutSession> {
    if (idempotencyKey === undefined) {
      throw new MerchantCheckoutError('IDEMPOTENCY_KEY_REQUIRED', 'Send an Idempotency-Key header to open a session', [
        { field: 'Idempotency-Key', message: 'is required' },
      ]);
    }
    const urls = returnUrls(body);
    const { merchantId, livemode } = principal;
    const fingerprint = requestFingerprint(body);
    const earlier = await this.replayOf(merchantId, livemode, idempotencyKey, fingerprint);
    if (earlier) return { session: earlier, replayed: true };

    const now = this.clock.now();
    const minutes = body.expiresInMinutes ?? DEFAULT_EXPIRY_MINUTES;
    const session: MerchantCheckoutSession = {
      id: newId(),
      merchantId,
      livemode,
      status: 'OPEN',
      source: 'API',
      paymentLinkId: null,
      amount: body.amount,
      currency: body.currency,
      merchantReference: body.merchantReference,
      title: body.title ?? null,
      successUrl: urls.successUrl,
      cancelUrl: urls.cancelUrl,
      customerEmail: body.customerEmail ?? null,
      metadata: body.metadata ?? {},
      paymentId: null,
      idempotencyKey,
      requestFingerprint: fingerprint,
      createdByApiKeyId: principal.apiKeyId,
      expiresAt: new Date(now.getTime() + minutes * 60_000),
      completedAt: null,
      expiredAt: null,
      createdAt: now,
    };
    try {
      await this.dataSource.transaction(async (manager) => {
        await this.rules.check(manager, merchantId, livemode, body.currency, urls.checked);
        await this.repository.insert(manager, session);
        await this.audit.record(manager, {
          merchantId,
          action: 'CHECKOUT_SESSION_CREATED',
          actor: merchantActor(principal),
          target: { type: 'checkout_session', id: session.id },
          client,
          details: {
            livemode,
            amount: session.amount,
            currency: session.currency,
            merchantReference: session.merchantReference,
            expiresAt: session.expiresAt,
          },
        });
        await this.outbox.write(manager, {
          eventType: MERCHANT_EVENTS.checkoutSessionCreated,
          aggregateType: 'checkout_session',
          aggregateId: session.id,
          payload: checkoutSessionEventPayload(session),
        });
      });
    } catch (error) {
      // The same key raced in from another request and committed first: answer as its replay.
      if (!isUniqueViolation(error, IDEMPOTENCY_CONSTRAINT)) throw error;
      const winner = await this.replayOf(merchantId, livemode, idempotencyKey, fingerprint);
      if (!winner) throw error;
      return { session: winner, replayed: true };
    }
    await this.scheduler.schedule(session.id, session.expiresAt);
    return { session, replayed: false };
  }

  /** The session in the key's mode, EXPIRED when read past `expiresAt`; 404 for another merchant's or the other mode's. */
  async get(principal: MerchantApiKeyPrincipal, id: string): Promise<MerchantCheckoutSession> {
    const session = await this.repository.findOf(this.dataSource.manager, principal.merchantId, principal.livemode, id);
    if (!session) throw new MerchantCheckoutError('NOT_FOUND', 'No such checkout session');
    return this.current(session);
  }

  /**
   * Any session by id, whatever its merchant and mode, as it stands now (EXPIRED once past
   * `expiresAt`): for its hosted page, which the id alone opens. Null when there is none.
   */
  async findForHostedPage(id: string): Promise<MerchantCheckoutSession | null> {
    const session = await this.repository.findById(this.dataSource.manager, id);
    return session && this.current(session);
  }

  /** The session as it stands now: an OPEN one past its expiry is expired first. */
  private async current(session: MerchantCheckoutSession): Promise<MerchantCheckoutSession> {
    if (session.status !== 'OPEN' || session.expiresAt.getTime() > this.clock.now().getTime()) return session;
    await this.expiry.expire(session);
    return (await this.repository.findById(this.dataSource.manager, session.id)) ?? session;
  }

  /** The session an earlier request with this key made, as it stands; 409 when that request's body differs. */
  private async replayOf(
    merchantId: string,
    livemode: boolean,
    idempotencyKey: string,
    fingerprint: string,
  ): Promise<MerchantCheckoutSession | null> {
    const earlier = await this.repository.findByIdempotencyKey(
      this.dataSource.manager,
      merchantId,
      livemode,
      idempotencyKey,
    );
    if (!earlier) return null;
    if (earlier.requestFingerprint !== fingerprint) {
      throw new MerchantCheckoutError(
        'IDEMPOTENCY_KEY_REUSED',
        'This Idempotency-Key opened a session with a different request; use a new key for a new session',
        [{ field: 'checkoutSessionId', message: earlier.id }],
      );
    }
    return this.current(earlier);
  }
}
