import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { MerchantApiKeyPrincipal } from '../../../platform/auth/principal';
import { newId } from '../../../platform/database/new-id';
import { isUniqueViolation } from '../../../platform/database/unique-violation';
import type { ClientInfo } from '../../../platform/http/client-info.decorator';
import { Page, toPage } from '../../../platform/http/pagination';
import { PaymentRefunds, requestFingerprint, type CheckoutPaymentRefundState } from '../../payments';
import { MerchantLedger } from '../ledger/merchant-ledger';
import { merchantActor, MerchantAuditWriter } from '../onboarding/merchant-audit.writer';
import { MerchantDirectory } from '../onboarding/merchant-directory.service';
import { MerchantCheckoutError } from './checkout.errors';
import { MerchantRefundListQueryDto, MerchantRefundRequestDto } from './dto/merchant-refund.dto';
import { MerchantPaymentRefund } from './merchant-refund';
import { MerchantRefundsRepository } from './merchant-refunds.repository';

const IDEMPOTENCY_CONSTRAINT = 'merchant_refunds_idempotency_key';

/** A refund with its payment as it stands (null only when the payment can no longer be read). */
export interface MerchantRefundView {
  refund: MerchantPaymentRefund;
  payment: CheckoutPaymentRefundState | null;
}

/** What creating a refund answered: the refund, and whether an earlier request with the same key made it. */
export interface CreatedMerchantRefund extends MerchantRefundView {
  replayed: boolean;
}

/**
 * Refunds of checkout payments through the merchant API (`POST /merchant/refunds`), with the API
 * key: full or partial, several per payment, never more than the payment together.
 *
 * One transaction: the merchant's state (live refunds need it APPROVED: 403 MERCHANT_RESTRICTED),
 * then the payment core's `PaymentRefunds.refundPart` (the payment row locked, so concurrent
 * refunds of one payment queue; 404 unless it is this merchant's and mode's checkout payment, 409
 * PAYMENT_NOT_REFUNDABLE unless SUCCEEDED, 422 REFUND_EXCEEDS_REMAINING past what is left; it adds
 * to the payment's `refunded_amount` and records the rail reversal of this refund with its job),
 * the merchant ledger's refund (`MerchantLedger.bookRefund`: available first, then pending; 422
 * INSUFFICIENT_BALANCE when they do not cover it), the `merchant_refunds` row (PENDING) and the
 * audit entry. Any refusal rolls all of it back. The rail's answer settles the refund later
 * (`MerchantRefundSettlement`, through the checkout hook).
 *
 * The Idempotency-Key is required and scoped to the merchant and mode: the same key and body
 * answer the first refund as it stands (`replayed`), another body 409 IDEMPOTENCY_KEY_REUSED.
 */
@Injectable()
export class MerchantRefundsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly repository: MerchantRefundsRepository,
    private readonly paymentRefunds: PaymentRefunds,
    private readonly merchantLedger: MerchantLedger,
    private readonly merchants: MerchantDirectory,
    private readonly audit: MerchantAuditWriter,
  ) {}

  async create(
    principal: MerchantApiKeyPrincipal,
    idempotencyKey: string | undefined,
    body: MerchantRefundRequestDto,
    client: ClientInfo,
  ): Promise<CreatedMerchantRefund> {
    if (idempotencyKey === undefined) {
      throw new MerchantCheckoutError('IDEMPOTENCY_KEY_REQUIRED', 'Send an Idempotency-Key header to refund', [
        { field: 'Idempotency-Key', message: 'is required' },
      ]);
    }
    const { merchantId, livemode } = principal;
    const fingerprint = requestFingerprint(body);
    const earlier = await this.replayOf(principal, idempotencyKey, fingerprint);
    if (earlier) return { ...earlier, replayed: true };
    try {
      const created = await this.dataSource.transaction(async (manager) => {
        if (livemode) {
          const merchant = await this.merchants.findById(merchantId, manager);
          if (merchant?.kybStatus !== 'APPROVED') {
            const status = merchant?.kybStatus ?? 'UNKNOWN';
            throw new MerchantCheckoutError(
              'MERCHANT_RESTRICTED',
              `Live refunds need an APPROVED merchant; this one is ${status}`,
              [{ field: 'kybStatus', message: status }],
            );
          }
        }
        const refundId = newId();
        const part = await this.paymentRefunds.refundPart(manager, {
          paymentId: body.paymentId,
          refundId,
          merchantId,
          livemode,
          amount: body.amount,
        });
        const booking = await this.merchantLedger.bookRefund(manager, {
          paymentId: part.payment.id,
          merchantId,
          livemode,
          currency: part.payment.currency,
          amount: part.amount,
          rail: part.payment.rail,
        });
        const refund = await this.repository.insert(manager, {
          id: refundId,
          merchantId,
          livemode,
          paymentId: part.payment.id,
          amount: Number(part.amount),
          currency: part.payment.currency,
          reason: body.reason,
          note: body.note ?? null,
          idempotencyKey,
          requestFingerprint: fingerprint,
          createdByApiKeyId: principal.apiKeyId,
          ledgerEntryId: booking.entryId,
          fromAvailable: Number(booking.fromAvailable),
          fromPending: Number(booking.fromPending),
        });
        await this.audit.record(manager, {
          merchantId,
          action: 'REFUND_CREATED',
          actor: merchantActor(principal),
          target: { type: 'refund', id: refund.id },
          client,
          details: {
            livemode,
            paymentId: refund.paymentId,
            amount: refund.amount,
            currency: refund.currency,
            reason: refund.reason,
          },
        });
        const payment: CheckoutPaymentRefundState = {
          id: part.payment.id,
          amount: part.payment.amount,
          refundedAmount: part.payment.refundedAmount,
          currency: part.payment.currency,
          status: part.payment.status,
        };
        return { refund, payment };
      });
      return { ...created, replayed: false };
    } catch (error) {
      // The same key raced in from another request and committed first: answer as its replay.
      if (!isUniqueViolation(error, IDEMPOTENCY_CONSTRAINT)) throw error;
      const winner = await this.replayOf(principal, idempotencyKey, fingerprint);
      if (!winner) throw error;
      return { ...winner, replayed: true };
    }
  }

  /** The refund in the key's merchant and mode, with its payment; 404 for another merchant's or the other mode's. */
  async get(principal: MerchantApiKeyPrincipal, id: string): Promise<MerchantRefundView> {
    const refund = await this.repository.findOf(this.dataSource.manager, principal.merchantId, principal.livemode, id);
    if (!refund) throw new MerchantCheckoutError('NOT_FOUND', 'No such refund');
    return (await this.withPayments(principal, [refund]))[0];
  }

  /** The key mode's refunds, newest first, optionally of one payment; paged. */
  async list(principal: MerchantApiKeyPrincipal, query: MerchantRefundListQueryDto): Promise<Page<MerchantRefundView>> {
    const { rows, total } = await this.repository.page(
      this.dataSource.manager,
      { merchantId: principal.merchantId, livemode: principal.livemode, paymentId: query.paymentId ?? null },
      query.size,
      query.offset,
    );
    return toPage(await this.withPayments(principal, rows), total, query);
  }

  private async withPayments(
    principal: MerchantApiKeyPrincipal,
    refunds: MerchantPaymentRefund[],
  ): Promise<MerchantRefundView[]> {
    const payments = await this.paymentRefunds.refundStates(
      principal.merchantId,
      principal.livemode,
      refunds.map((refund) => refund.paymentId),
    );
    return refunds.map((refund) => ({ refund, payment: payments.get(refund.paymentId) ?? null }));
  }

  /** The refund an earlier request with this key made, as it stands; 409 when that request's body differs. */
  private async replayOf(
    principal: MerchantApiKeyPrincipal,
    idempotencyKey: string,
    fingerprint: string,
  ): Promise<MerchantRefundView | null> {
    const earlier = await this.repository.findByKey(
      this.dataSource.manager,
      principal.merchantId,
      principal.livemode,
      idempotencyKey,
    );
    if (!earlier) return null;
    if (earlier.requestFingerprint !== fingerprint) {
      throw new MerchantCheckoutError(
        'IDEMPOTENCY_KEY_REUSED',
        'This Idempotency-Key made a refund with a different request; use a new key for a new refund',
        [{ field: 'refundId', message: earlier.id }],
      );
    }
    return (await this.withPayments(principal, [earlier]))[0];
  }
}
