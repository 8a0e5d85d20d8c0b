import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Page, toPage } from '../../../platform/http/pagination';
import { PaymentQuoteService, SavedAccountsService } from '../../billers';
import { BillerCircuitBreaker } from '../posting/biller-circuit-breaker';
import { PaymentRequestDto } from './dto/payment-request.dto';
import { PaymentCore } from './payment-core.service';
import { Payment } from './payment.entity';
import { PaymentStatusEvent } from './payment-status-event.entity';
import { PaymentRepository } from './payment.repository';
import { PaymentError } from '../payments.errors';
import { PostingAttempt } from '../posting/posting-attempt.entity';
import { PostingAttemptRepository } from '../posting/posting-attempt.repository';
import { requestFingerprint } from './request-fingerprint';

/** A payment with everything its detail shows. */
export interface PaymentDetail {
  payment: Payment;
  timeline: PaymentStatusEvent[];
  posting: { latest: PostingAttempt; cycles: number } | null;
}

export interface PaymentDraft {
  sourcePaymentId: string;
  biller: { id: string; slug: string; name: string };
  accountReference: string;
  amount: number;
  currency: string;
  rail: string;
  fundingAccountHint: string;
  fee: number;
  available: boolean;
  unavailableReason: string | null;
}

/**
 * A customer's own payments: `POST /payments` (one caller of the payment core, channel `APP`),
 * the history, the detail and reorder drafts. The Idempotency-Key is scoped to the customer;
 * see DESIGN.md section 2 and the module README.
 */
@Injectable()
export class PaymentsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly payments: PaymentRepository,
    private readonly attempts: PostingAttemptRepository,
    private readonly core: PaymentCore,
    private readonly quotes: PaymentQuoteService,
    private readonly savedAccounts: SavedAccountsService,
    private readonly circuit: BillerCircuitBreaker,
  ) {}

  async create(customerId: string, idempotencyKey: string | undefined, request: PaymentRequestDto): Promise<Payment> {
    if (idempotencyKey === undefined) throw PaymentError.keyRequired();
    const account = await this.account(customerId, request);
    return this.core.pay({
      channel: 'APP',
      payer: { type: 'CUSTOMER', id: customerId },
      customerId,
      idempotencyKey,
      requestHash: requestFingerprint(request),
      biller: account.biller,
      accountReference: account.accountReference,
      savedAccountId: request.savedAccountId ?? null,
      amount: request.amount,
      currency: request.currency,
      rail: request.rail,
      fundingAccount: request.fundingAccount,
      confirmDuplicate: request.confirmDuplicate === true,
    });
  }

  async list(customerId: string, query: { page: number; size: number }): Promise<Page<Payment>> {
    const { rows, total } = await this.payments.pageOwnedBy(
      this.dataSource.manager,
      customerId,
      query.page,
      query.size,
    );
    return toPage(rows, total, query);
  }

  async detail(customerId: string, paymentId: string): Promise<PaymentDetail> {
    const manager = this.dataSource.manager;
    const payment = await this.payments.findOwned(manager, paymentId, customerId);
    if (!payment) throw PaymentError.notFound();
    const [timeline, posting] = await Promise.all([
      this.payments.timeline(manager, paymentId),
      this.attempts.latestOf(manager, paymentId),
    ]);
    return { payment, timeline, posting };
  }

  /** A new payment prefilled from an earlier one, priced and checked against the biller now. */
  async reorder(customerId: string, paymentId: string): Promise<PaymentDraft> {
    const payment = await this.payments.findOwned(this.dataSource.manager, paymentId, customerId);
    if (!payment) throw PaymentError.notFound();
    const preview = await this.quotes.preview(payment.biller.id, payment.rail, payment.amount);
    if (!preview) throw PaymentError.notFound();
    const unavailableReason = preview.unavailableReason ?? (await this.circuitReason(payment.biller.id));
    return {
      sourcePaymentId: payment.id,
      biller: { id: preview.biller.id, slug: preview.biller.slug, name: preview.biller.name },
      accountReference: payment.accountReference,
      amount: payment.amount,
      currency: payment.currency,
      rail: payment.rail,
      fundingAccountHint: payment.fundingAccountMasked,
      fee: preview.fee ?? payment.fee,
      available: unavailableReason === null,
      unavailableReason,
    };
  }

  /**
   * Why a draft cannot be paid now as far as the biller's circuit goes. A draft is a preview:
   * a circuit Redis cannot read makes it unavailable for now rather than failing the request.
   */
  private async circuitReason(billerId: string): Promise<string | null> {
    try {
      return (await this.circuit.isOpen(billerId)) ? 'the biller is not answering' : null;
    } catch {
      return "the biller's availability cannot be checked right now";
    }
  }

  /** The biller and reference the request names, directly or through one of the customer's saved accounts. */
  private async account(
    customerId: string,
    request: PaymentRequestDto,
  ): Promise<{ biller: string; accountReference: string }> {
    if ((request.accountReference === undefined) === (request.savedAccountId === undefined)) {
      throw new PaymentError('VALIDATION_FAILED', 'Name the account by accountReference or savedAccountId', [
        { field: 'accountReference', message: 'send exactly one of accountReference and savedAccountId' },
      ]);
    }
    if (request.savedAccountId === undefined) {
      return { biller: request.biller, accountReference: request.accountReference as string };
    }
    const saved = await this.savedAccounts.findOwned(customerId, request.savedAccountId);
    const named = await this.quotes.preview(request.biller, request.rail, request.amount);
    if (!named || named.biller.id !== saved.billerId) {
      throw new PaymentError('VALIDATION_FAILED', 'The saved account belongs to another biller', [
        { field: 'savedAccountId', message: 'is not an account of this biller' },
      ]);
    }
    return { biller: saved.billerId, accountReference: saved.accountReference };
  }
}
