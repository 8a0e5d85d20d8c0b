import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AppConfig } from '../../platform/config/app-config';
import { newId } from '../../platform/database/new-id';
import { Page, toPage } from '../../platform/http/pagination';
import { OutboxMessage, OutboxWriter } from '../../platform/outbox/outbox.writer';
import { PAYMENT_EVENTS } from '../../platform/queue/queues';
import { paymentEventPayload } from './payment-event-payload';
import { AccountValidationService } from '../billers/account-validation.service';
import { matchesAccountReference } from '../billers/account-reference-pattern';
import { BillerDirectoryService } from '../billers/biller-directory.service';
import type { BillerForPayment } from '../billers/biller.repository';
import { Biller } from '../billers/biller.entity';
import { SavedAccountsService } from '../billers/saved-accounts.service';
import { CustomerLimitsService } from '../identity/customer-limits.service';
import { LedgerService } from '../ledger/ledger.service';
import { BillerCircuitBreaker } from './biller-circuit-breaker';
import { PaymentRequestDto } from './dto/payment-request.dto';
import { paymentFee } from './payment-fee';
import { Payment } from './payment.entity';
import { PaymentStatusEvent } from './payment-status-event.entity';
import { NewPayment, PaymentRepository } from './payment.repository';
import { PaymentError } from './payments.errors';
import { PostingAttempt } from './posting-attempt.entity';
import { PostingAttemptRepository } from './posting-attempt.repository';
import { CaptureResult, RailCode, RailConnector } from './rail-connector';
import { RailReversalService } from './rail-reversal.service';
import { maskFundingAccount, requestFingerprint } from './request-fingerprint';
import { captureEntry, paymentAccounts } from './payment-ledger';

/** A payment with everything its detail shows. */
export interface PaymentDetail {
  payment: Payment;
  timeline: PaymentStatusEvent[];
  posting: { latest: PostingAttempt; cycles: number } | null;
}

export interface PaymentDraft {
  sourcePaymentId: string;
  biller: Biller;
  accountReference: string;
  amount: number;
  currency: string;
  rail: string;
  fundingAccountHint: string;
  fee: number;
  available: boolean;
  unavailableReason: string | null;
}

/** What a payment is checked against before funds are captured. */
interface PayableBiller {
  biller: Biller;
  rail: BillerForPayment['rails'][number];
  accountReference: string;
  savedAccountId: string | null;
  fee: bigint;
}

const DECLINE_MESSAGES: Record<string, string> = {
  INSUFFICIENT_FUNDS: 'The funding account has insufficient funds',
  DO_NOT_HONOR: 'The funding account was declined',
  ACCOUNT_CLOSED: 'The funding account is closed',
  LIMIT: "The funding account's own limit was reached",
};

/**
 * One-time bill payments. A payment is checked against its biller and the customer's limits,
 * its funds captured on the rail, and recorded in one transaction: the payment row and the
 * first step of its timeline, the balanced journal entry, and the outbox event that makes the
 * worker post it to the biller. The Idempotency-Key is scoped to the customer; see DESIGN.md
 * section 2 and the module README.
 */
@Injectable()
export class PaymentsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly config: AppConfig,
    private readonly payments: PaymentRepository,
    private readonly attempts: PostingAttemptRepository,
    private readonly directory: BillerDirectoryService,
    private readonly accountValidation: AccountValidationService,
    private readonly savedAccounts: SavedAccountsService,
    private readonly customerLimits: CustomerLimitsService,
    private readonly ledger: LedgerService,
    private readonly outbox: OutboxWriter,
    private readonly rails: RailConnector,
    private readonly circuit: BillerCircuitBreaker,
    private readonly reversals: RailReversalService,
  ) {}

  async create(customerId: string, idempotencyKey: string | undefined, request: PaymentRequestDto): Promise<Payment> {
    if (idempotencyKey === undefined) throw PaymentError.keyRequired();
    const requestHash = requestFingerprint(request);
    const payable = await this.checkPayable(customerId, request);
    const amount = BigInt(request.amount);
    const paymentId = newId();
    // Before the transaction: a posting inside it must never wait for a second connection.
    const accounts = paymentAccounts({ billerId: payable.biller.id, currency: request.currency, rail: request.rail });
    await this.ledger.openAccounts([accounts.railClearing, accounts.billerPayable, accounts.feeRevenue]);

    return this.dataSource.transaction(async (manager) => {
      await this.payments.lockCustomer(manager, customerId);
      const customer = await this.customerLimits.limitsOf(manager, customerId, request.currency);
      if (!customer) throw PaymentError.notFound();
      if (!customer.limits) throw PaymentError.limitNotConfigured(request.currency);
      const check = await this.payments.precheck(manager, {
        customerId,
        idempotencyKey,
        currency: request.currency,
        billerId: payable.biller.id,
        accountReference: payable.accountReference,
        amount: request.amount,
        duplicateWindowSeconds: this.config.PAYMENT_DUPLICATE_WINDOW_SECONDS,
      });
      if (check.existing) {
        if (check.existing.requestHash !== requestHash) throw PaymentError.keyReused(check.existing.id);
        throw PaymentError.duplicate(check.existing.id, check.existing.status);
      }
      if (check.recentDuplicateId && request.confirmDuplicate !== true) {
        throw PaymentError.possibleDuplicate(check.recentDuplicateId, this.config.PAYMENT_DUPLICATE_WINDOW_SECONDS);
      }
      // Limits hold in every currency: a currency without configured limits was refused above.
      const perPayment = BigInt(customer.limits.perPayment);
      const daily = BigInt(customer.limits.daily);
      if (amount > perPayment) throw PaymentError.limitExceeded('per-payment', perPayment, 0n, amount);
      if (check.usedToday + amount > daily) throw PaymentError.limitExceeded('daily', daily, check.usedToday, amount);

      const capture = await this.rails.capture({
        rail: request.rail as RailCode,
        accountNumber: request.fundingAccount,
        amount: amount + payable.fee,
        currency: request.currency,
        reference: paymentId,
      });
      const payment = this.newPayment(paymentId, customerId, idempotencyKey, requestHash, request, payable, capture);
      if (capture.status === 'CAPTURED') {
        payment.journalEntryId = await this.ledger.post(manager, captureEntry(payment));
      }
      const createdAt = await this.payments.insert(
        manager,
        payment,
        timelineNote(payment),
        this.config.JOB_PICKUP_GRACE_MS,
      );
      const stored: Payment = { ...payment, createdAt, updatedAt: createdAt };
      // A capture that timed out may still have taken the funds: the worker cancels it on the rail.
      if (capture.status === 'TIMEOUT') await this.reversals.request(manager, stored, 'CANCEL');
      await this.outbox.write(manager, ...this.captureEvents(stored, capture));
      return stored;
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
    const found = await this.directory.findForPayment(payment.billerId);
    if (!found) throw PaymentError.notFound();
    const { biller } = found;
    const rail = found.rails.find((candidate) => candidate.code === payment.rail);
    const unavailableReason = !found.visible
      ? 'the biller is no longer in the directory'
      : !biller.available
        ? 'the biller is temporarily unavailable'
        : !rail
          ? `the biller no longer takes ${payment.rail}`
          : await this.circuitReason(biller.id);
    const fee = rail ? paymentFee(biller, rail, BigInt(payment.amount)) : BigInt(payment.fee);
    return {
      sourcePaymentId: payment.id,
      biller,
      accountReference: payment.accountReference,
      amount: payment.amount,
      currency: payment.currency,
      rail: payment.rail,
      fundingAccountHint: payment.fundingAccountMasked,
      fee: Number(fee),
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

  /** Checks made before the transaction: they read the catalogue and may ask the biller. */
  private async checkPayable(customerId: string, request: PaymentRequestDto): Promise<PayableBiller> {
    if ((request.accountReference === undefined) === (request.savedAccountId === undefined)) {
      throw new PaymentError('VALIDATION_FAILED', 'Name the account by accountReference or savedAccountId', [
        { field: 'accountReference', message: 'send exactly one of accountReference and savedAccountId' },
      ]);
    }
    let accountReference = request.accountReference;
    let billerKey = request.biller;
    if (request.savedAccountId !== undefined) {
      const saved = await this.savedAccounts.findOwned(customerId, request.savedAccountId);
      const named = await this.directory.find(request.biller);
      if (!named || named.biller.id !== saved.billerId) {
        throw new PaymentError('VALIDATION_FAILED', 'The saved account belongs to another biller', [
          { field: 'savedAccountId', message: 'is not an account of this biller' },
        ]);
      }
      accountReference = saved.accountReference;
      billerKey = saved.billerId;
    }
    const found = await this.directory.findForPayment(billerKey);
    if (!found) {
      throw new PaymentError('NOT_FOUND', 'Biller not found', [{ field: 'biller', message: 'names no biller' }]);
    }
    const { biller } = found;
    if (!found.visible) throw PaymentError.billerUnavailable('the biller is no longer in the directory');
    if (!biller.available) throw PaymentError.billerUnavailable('the biller is temporarily unavailable');
    if (await this.circuit.isOpen(biller.id)) throw PaymentError.billerUnavailable('the biller is not answering');
    if (request.currency !== biller.currency) {
      throw new PaymentError('VALIDATION_FAILED', `This biller is paid in ${biller.currency}`, [
        { field: 'currency', message: `must be ${biller.currency}` },
      ]);
    }
    if (!this.customerLimits.hasLimitsIn(biller.currency)) throw PaymentError.limitNotConfigured(biller.currency);
    const reference = accountReference as string;
    if (!matchesAccountReference(biller.accountReferencePattern, reference)) {
      throw new PaymentError(
        'VALIDATION_FAILED',
        `The ${biller.accountReferenceLabel} does not have this biller's format`,
        [{ field: 'accountReference', message: `is not a valid ${biller.accountReferenceLabel}` }],
      );
    }
    const rail = found.rails.find((candidate) => candidate.code === request.rail);
    if (!rail) throw PaymentError.railUnavailable(request.rail);
    await this.checkAmount(biller, rail, reference, request.amount);
    return {
      biller,
      rail,
      accountReference: reference,
      savedAccountId: request.savedAccountId ?? null,
      fee: paymentFee(biller, rail, BigInt(request.amount)),
    };
  }

  private async checkAmount(
    biller: Biller,
    rail: BillerForPayment['rails'][number],
    accountReference: string,
    amount: number,
  ) {
    if (amount < biller.minAmount) throw PaymentError.amountNotAllowed(`The biller takes at least ${biller.minAmount}`);
    if (amount > biller.maxAmount) throw PaymentError.amountNotAllowed(`The biller takes at most ${biller.maxAmount}`);
    if (amount < rail.minAmount) throw PaymentError.amountNotAllowed(`${rail.code} takes at least ${rail.minAmount}`);
    if (amount > rail.maxAmount) throw PaymentError.amountNotAllowed(`${rail.code} takes at most ${rail.maxAmount}`);
    if (biller.amountRule === 'ANY' || !biller.validatesDirectly) return;
    const account = await this.accountValidation.validate(biller.id, accountReference);
    if (!account.valid) {
      throw new PaymentError('ACCOUNT_NOT_PAYABLE', `The biller cannot take payments for this account`, [
        { field: 'accountReference', message: account.reason ?? 'is not payable' },
      ]);
    }
    const outstanding = account.outstandingAmount;
    if (outstanding === null) return;
    if (biller.amountRule === 'EXACT' && amount !== outstanding) {
      throw PaymentError.amountNotAllowed(`The biller takes exactly the outstanding ${outstanding}`);
    }
    if (biller.amountRule === 'AT_LEAST' && amount < outstanding) {
      throw PaymentError.amountNotAllowed(`The biller takes at least the outstanding ${outstanding}`);
    }
    if (biller.amountRule === 'AT_MOST' && amount > outstanding) {
      throw PaymentError.amountNotAllowed(`The biller takes at most the outstanding ${outstanding}`);
    }
  }

  private newPayment(
    id: string,
    customerId: string,
    idempotencyKey: string,
    requestHash: string,
    request: PaymentRequestDto,
    payable: PayableBiller,
    capture: CaptureResult,
  ): NewPayment {
    const failure = captureFailure(capture);
    return {
      id,
      customerId,
      idempotencyKey,
      requestHash,
      billerId: payable.biller.id,
      billerName: payable.biller.name,
      billerSlug: payable.biller.slug,
      accountReference: payable.accountReference,
      savedAccountId: payable.savedAccountId,
      amount: request.amount,
      fee: Number(payable.fee),
      currency: request.currency,
      rail: request.rail,
      fundingAccountMasked: maskFundingAccount(request.fundingAccount),
      railReference: capture.status === 'CAPTURED' ? capture.railReference : null,
      status: failure ? 'FAILED' : 'PENDING',
      failureCode: failure?.code ?? null,
      failureMessage: failure?.message ?? null,
      billerReference: null,
      journalEntryId: null,
      reversalEntryId: null,
      railReversalReference: null,
      completedAt: failure ? new Date() : null,
    };
  }

  private captureEvents(payment: Payment, capture: CaptureResult): OutboxMessage[] {
    const payload = paymentEventPayload(payment);
    if (capture.status === 'CAPTURED') {
      return [{ eventType: PAYMENT_EVENTS.captured, aggregateType: 'payment', aggregateId: payment.id, payload }];
    }
    const events: OutboxMessage[] = [
      { eventType: PAYMENT_EVENTS.failed, aggregateType: 'payment', aggregateId: payment.id, payload },
    ];
    if (capture.status === 'TIMEOUT') {
      events.push({
        eventType: PAYMENT_EVENTS.railReversalRequested,
        aggregateType: 'payment',
        aggregateId: payment.id,
        payload: { ...payload, action: 'CANCEL' },
      });
    }
    return events;
  }
}

function captureFailure(capture: CaptureResult): { code: string; message: string } | null {
  switch (capture.status) {
    case 'CAPTURED':
      return null;
    case 'DECLINED':
      return {
        code: capture.reason === 'INSUFFICIENT_FUNDS' ? 'INSUFFICIENT_FUNDS' : 'RAIL_DECLINED',
        message: DECLINE_MESSAGES[capture.reason] ?? 'The funding account was declined',
      };
    case 'TIMEOUT':
      return { code: 'RAIL_TIMEOUT', message: 'The payment rail did not answer in time; no funds were kept' };
  }
}

function timelineNote(payment: NewPayment): string {
  return payment.status === 'PENDING'
    ? `Funds captured by ${payment.rail}`
    : `Capture by ${payment.rail} failed: ${payment.failureCode}`;
}
