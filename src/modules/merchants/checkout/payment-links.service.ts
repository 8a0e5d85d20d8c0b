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
import { MERCHANT_EVENTS } from '../merchants.events';
import { merchantActor, MerchantAuditWriter } from '../onboarding/merchant-audit.writer';
import { CheckoutRules } from './checkout-rules';
import { MerchantCheckoutError } from './checkout.errors';
import { MerchantPaymentLinkRequestDto } from './dto/payment-link.dto';
import { MerchantPaymentLink } from './payment-link.entity';
import { PaymentLinksRepository } from './payment-links.repository';

const SLUG_CONSTRAINT = 'merchant_payment_links_slug_key';

/**
 * Payment links of the merchant API, in the key's mode: a fixed amount or the customer's
 * choice within bounds, an optional slug unique across the service, an optional completion cap
 * and expiry. A visit to the hosted page (a later part of checkout) opens a session of the link.
 */
@Injectable()
export class PaymentLinksService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly repository: PaymentLinksRepository,
    private readonly rules: CheckoutRules,
    private readonly audit: MerchantAuditWriter,
    private readonly outbox: OutboxWriter,
    private readonly clock: Clock,
    private readonly config: AppConfig,
  ) {}

  /** The hosted page of a link: `/l/{slug}`, or `/l/{id}` without a slug, at the service's public address. */
  hostedUrl(link: Pick<MerchantPaymentLink, 'id' | 'slug'>): string {
    return `${this.config.PUBLIC_BASE_URL.replace(/\/+$/, '')}/l/${link.slug ?? link.id}`;
  }

  /**
   * Creates a link. 400 for an amount given with bounds, bounds missing without one, `minAmount`
   * above `maxAmount`, or an `expiresAt` not in the future; then the rules every checkout object
   * meets (403 MERCHANT_RESTRICTED, 422 CURRENCY_NOT_SUPPORTED, 422 REDIRECT_URL_NOT_ALLOWED for
   * `redirectUrl`); 409 SLUG_TAKEN. Audited `PAYMENT_LINK_CREATED`, `merchant.payment_link.created`.
   */
  async create(
    principal: MerchantApiKeyPrincipal,
    body: MerchantPaymentLinkRequestDto,
    client: ClientInfo,
  ): Promise<MerchantPaymentLink> {
    const now = this.clock.now();
    checkAmounts(body);
    const expiresAt = body.expiresAt === undefined ? null : new Date(body.expiresAt);
    if (expiresAt && expiresAt.getTime() <= now.getTime()) {
      throw new ApiException('VALIDATION_FAILED', 'Request validation failed', [
        { field: 'expiresAt', message: 'must be in the future' },
      ]);
    }
    const { merchantId, livemode } = principal;
    const link: MerchantPaymentLink = {
      id: newId(),
      merchantId,
      livemode,
      title: body.title,
      description: body.description ?? null,
      amount: body.amount ?? null,
      minAmount: body.amount === undefined ? (body.minAmount ?? null) : null,
      maxAmount: body.amount === undefined ? (body.maxAmount ?? null) : null,
      currency: body.currency,
      slug: body.slug ?? null,
      redirectUrl: body.redirectUrl ?? null,
      successMessage: body.successMessage ?? null,
      maxCompletions: body.maxCompletions ?? null,
      completedCount: 0,
      expiresAt,
      metadata: body.metadata ?? {},
      createdByApiKeyId: principal.apiKeyId,
      createdAt: now,
    };
    try {
      await this.dataSource.transaction(async (manager) => {
        await this.rules.check(manager, merchantId, livemode, body.currency, { redirectUrl: body.redirectUrl });
        await this.repository.insert(manager, link);
        await this.audit.record(manager, {
          merchantId,
          action: 'PAYMENT_LINK_CREATED',
          actor: merchantActor(principal),
          target: { type: 'payment_link', id: link.id },
          client,
          details: {
            livemode,
            title: link.title,
            amount: link.amount,
            minAmount: link.minAmount,
            maxAmount: link.maxAmount,
            currency: link.currency,
            slug: link.slug,
          },
        });
        await this.outbox.write(manager, {
          eventType: MERCHANT_EVENTS.paymentLinkCreated,
          aggregateType: 'payment_link',
          aggregateId: link.id,
          payload: {
            merchantId,
            paymentLinkId: link.id,
            livemode,
            amount: link.amount,
            currency: link.currency,
            slug: link.slug,
          },
        });
      });
    } catch (error) {
      if (isUniqueViolation(error, SLUG_CONSTRAINT)) {
        throw new MerchantCheckoutError('SLUG_TAKEN', `The slug ${link.slug} is taken; choose another`, [
          { field: 'slug', message: link.slug ?? '' },
        ]);
      }
      throw error;
    }
    return link;
  }

  /** The merchant's links in the key's mode, newest first (the newest 100). */
  list(principal: MerchantApiKeyPrincipal): Promise<MerchantPaymentLink[]> {
    return this.repository.listOf(this.dataSource.manager, principal.merchantId, principal.livemode);
  }

  now(): Date {
    return this.clock.now();
  }
}

/** A fixed amount alone, or both bounds with `minAmount <= maxAmount` (400 VALIDATION_FAILED otherwise). */
function checkAmounts(body: MerchantPaymentLinkRequestDto): void {
  const problem = (field: string, message: string) =>
    new ApiException('VALIDATION_FAILED', 'Request validation failed', [{ field, message }]);
  if (body.amount !== undefined) {
    if (body.minAmount !== undefined || body.maxAmount !== undefined) {
      throw problem('amount', 'a fixed amount takes no minAmount or maxAmount');
    }
    return;
  }
  if (body.minAmount === undefined || body.maxAmount === undefined) {
    throw problem('amount', 'give a fixed amount, or minAmount and maxAmount for the customer to choose within');
  }
  if (body.minAmount > body.maxAmount) throw problem('minAmount', 'must not be above maxAmount');
}
