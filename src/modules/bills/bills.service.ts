import { Injectable, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Clock } from '../../platform/clock/clock';
import { AppConfig } from '../../platform/config/app-config';
import { Page, toPage } from '../../platform/http/pagination';
import { OutboxWriter } from '../../platform/outbox/outbox.writer';
import { BillerError, PaymentQuoteService, SavedAccountsService } from '../billers';
import { PaymentCore, PaymentHistory } from '../payments';
import type { Bill } from './bill.entity';
import { billEvent } from './bill-events';
import { BillRepository } from './bill.repository';
import { billRequestFingerprint } from './bill-request-fingerprint';
import { BillStatus, calendarDate, derivedStatus, isOpen } from './bill-status';
import { BILL_EVENTS } from './bills.events';
import { BillsError } from './bills.errors';

/** One of a customer's open bills: unpaid, not withdrawn. Money in minor units. */
export interface OpenBill {
  id: string;
  billerId: string;
  accountReference: string;
  amountDue: number;
  currency: string;
  /** `YYYY-MM-DD`. */
  dueDate: string;
  overdue: boolean;
  /** The biller's reference of the bill. */
  billReference?: string;
}

/** How a channel asks to pay a bill. */
export interface PayBillRequest {
  /** Minor units; defaults to the bill's amount due. */
  amount?: number;
  rail: string;
  fundingAccount: string;
  idempotencyKey: string;
  channel: 'BILL' | 'SCHEDULE';
  /** Pay although the same biller, account and amount were paid moments ago. */
  confirmDuplicate?: boolean;
}

export interface PayBillResult {
  paymentId: string;
  status: string;
}

/** The payment the core answered, as the bills context hands it on (PaymentCore.pay's result). */
export type CorePayment = Awaited<ReturnType<PaymentCore['pay']>>;

/** A bill with the status the customer sees today. */
export interface ShownBill {
  bill: Bill;
  status: BillStatus;
}

/**
 * The pushed-bill inbox: listing, reading (which marks a bill VIEWED), claiming unmatched bills
 * of an account, and paying a bill once through the payment core. Also the bills context's
 * service for other contexts (schedules): a customer's open bills and paying one with the same
 * checks the route makes.
 *
 * Ownership: a bill matched to another customer is 404 everywhere. An unmatched open bill is
 * nobody's yet: its detail is 404, paying it is 409 CLAIM_REQUIRED.
 */
@Injectable()
export class BillsService {
  private readonly logger = new Logger(BillsService.name);

  constructor(
    private readonly dataSource: DataSource,
    private readonly bills: BillRepository,
    private readonly quotes: PaymentQuoteService,
    private readonly savedAccounts: SavedAccountsService,
    private readonly core: PaymentCore,
    private readonly outbox: OutboxWriter,
    private readonly clock: Clock,
    private readonly config: AppConfig,
    private readonly history: PaymentHistory,
  ) {}

  async list(customerId: string, query: { status?: BillStatus; page: number; size: number }): Promise<Page<ShownBill>> {
    const today = this.today();
    const { bills, total } = await this.bills.pageOwnedBy(this.dataSource.manager, customerId, {
      status: query.status ?? null,
      today,
      limit: query.size,
      offset: query.page * query.size,
    });
    return toPage(
      bills.map((bill) => this.shown(bill, today)),
      total,
      query,
    );
  }

  /** The customer's bill; reading it marks it VIEWED. */
  async detail(customerId: string, billId: string): Promise<ShownBill> {
    const manager = this.dataSource.manager;
    const bill =
      (await this.bills.markViewed(manager, billId, customerId, this.clock.now())) ??
      (await this.bills.findById(manager, billId));
    if (!bill || bill.customerId !== customerId) throw BillsError.notFound();
    return this.shown(bill, this.today());
  }

  /**
   * Claims the unmatched open bills of a biller account: they join the customer's inbox and the
   * account is saved for them. 400 for a reference not of the biller's format; 404 when nothing
   * is waiting or the account's bills are someone else's. Claiming again answers the same bill.
   */
  async claim(customerId: string, billerIdOrSlug: string, accountReference: string): Promise<ShownBill> {
    const biller = await this.quotes.facts(billerIdOrSlug);
    if (!biller) throw BillsError.nothingClaimable();
    if (!biller.accountReferenceFits(accountReference))
      throw BillsError.referenceMismatch(biller.accountReferenceLabel);
    const claimed = await this.dataSource.transaction(async (manager) => {
      await this.bills.lock(manager, `bills-account:${biller.billerId}:${accountReference}`);
      const open = await this.bills.lockedOpenOfAccount(manager, biller.billerId, accountReference);
      // Another customer's bills on this account: not handed to a second person by a claim.
      if (open.length === 0 || open.some((bill) => bill.customerId !== null && bill.customerId !== customerId)) {
        throw BillsError.nothingClaimable();
      }
      const unmatched = open.filter((bill) => bill.customerId === null).map((bill) => bill.id);
      await this.bills.assign(manager, unmatched, customerId, this.clock.now());
      // The most recent bill of the account, now the customer's.
      return (await this.bills.findById(manager, open[0].id)) as Bill;
    });
    await this.saveAccount(customerId, biller.billerId, accountReference);
    return this.shown(claimed, this.today());
  }

  /** `POST /bills/{billId}/pay`: without a key, the bill is the scope, so a double tap pays once. */
  async pay(
    customerId: string,
    billId: string,
    idempotencyKey: string | undefined,
    request: { amount?: number; rail: string; fundingAccount: string; confirmDuplicate?: boolean },
  ): Promise<CorePayment> {
    return this.payThrough(customerId, billId, { ...request, idempotencyKey, channel: 'BILL' });
  }

  async openBillsFor(customerId: string, billerId: string, accountReference: string): Promise<OpenBill[]> {
    const today = this.today();
    const bills = await this.bills.openOwnedOfAccount(this.dataSource.manager, customerId, billerId, accountReference);
    return bills.map((bill) => ({
      id: bill.id,
      billerId: bill.billerId,
      accountReference: bill.accountReference,
      amountDue: bill.amountDue,
      currency: bill.currency,
      dueDate: bill.dueDate,
      overdue: bill.dueDate < today,
      billReference: bill.billReference,
    }));
  }

  async payBill(customerId: string, billId: string, request: PayBillRequest): Promise<PayBillResult> {
    const payment = await this.payThrough(customerId, billId, request);
    return { paymentId: payment.id, status: payment.status };
  }

  private async payThrough(
    customerId: string,
    billId: string,
    request: Omit<PayBillRequest, 'idempotencyKey'> & { idempotencyKey: string | undefined },
  ): Promise<CorePayment> {
    const bill = await this.bills.findById(this.dataSource.manager, billId);
    if (!bill) throw BillsError.notFound();
    if (bill.customerId === null) {
      if (!isOpen(bill.status)) throw BillsError.notFound();
      throw BillsError.claimRequired();
    }
    if (bill.customerId !== customerId) throw BillsError.notFound();
    if (bill.status === 'PAID') throw BillsError.alreadyPaid(bill.paymentId);
    if (bill.status === 'WITHDRAWN') throw BillsError.unresolvable();
    if (request.channel === 'SCHEDULE') await this.refuseIfPaidAnotherWay(bill);
    const amount = request.amount ?? bill.amountDue;
    const payment = await this.core.pay({
      channel: request.channel,
      payer: { type: 'CUSTOMER', id: customerId },
      customerId,
      idempotencyKey: request.idempotencyKey ?? defaultKey(bill),
      requestHash: billRequestFingerprint({
        billId: bill.id,
        amount,
        rail: request.rail,
        fundingAccount: request.fundingAccount,
        confirmDuplicate: request.confirmDuplicate === true,
      }),
      biller: bill.billerId,
      accountReference: bill.accountReference,
      savedAccountId: null,
      amount,
      currency: bill.currency,
      rail: request.rail,
      fundingAccount: request.fundingAccount,
      confirmDuplicate: request.confirmDuplicate === true,
      amountDue: bill.amountDue,
    });
    await this.dataSource.transaction(async (manager) => {
      const now = this.clock.now();
      if (payment.status === 'FAILED') {
        // The next tap without a key is a new attempt, not a replay of this declined one.
        await this.bills.countFailedAttempt(manager, bill.id, bill.paymentAttempt, now);
        return;
      }
      const paid = await this.bills.markPaid(manager, bill.id, payment.id, customerId, now);
      if (paid) {
        await this.outbox.write(
          manager,
          billEvent(BILL_EVENTS.paid, paid, { amountPaid: payment.amount, viaBillPay: true }),
        );
      }
    });
    return payment;
  }

  /**
   * A schedule pays a bill only when the customer has not paid it another way: a payment of the
   * bill's biller, account and amount made since the bill arrived, not failed, and not already
   * the payment of another bill (which settles that one) counts as this bill's, although the
   * bill is not marked PAID until that payment succeeds and its event reaches this context.
   */
  private async refuseIfPaidAnotherWay(bill: Bill): Promise<void> {
    const live = await this.history.livePaymentSince(
      bill.customerId as string,
      bill.billerId,
      bill.accountReference,
      bill.amountDue,
      bill.createdAt,
    );
    if (!live || (await this.bills.findByPayment(this.dataSource.manager, live.id))) return;
    throw BillsError.alreadyPaid(live.id);
  }

  private async saveAccount(customerId: string, billerId: string, accountReference: string): Promise<void> {
    try {
      await this.savedAccounts.save(customerId, { billerId, accountReference });
    } catch (error) {
      // Already saved, the saved-account limit, a biller switched off: the claim stands anyway.
      if (!(error instanceof BillerError)) throw error;
      this.logger.debug(`claim: account not saved for ${customerId}: ${error.message}`);
    }
  }

  private shown(bill: Bill, today: string): ShownBill {
    return { bill, status: derivedStatus(bill.status, bill.dueDate, today) };
  }

  /** Today in the business time zone, where bills fall due. */
  private today(): string {
    return calendarDate(this.clock.now(), this.config.SCHEDULE_TIME_ZONE);
  }
}

/** `bill:{id}` for the first attempt, `bill:{id}:{n}` after n failed ones. */
function defaultKey(bill: Bill): string {
  return bill.paymentAttempt === 0 ? `bill:${bill.id}` : `bill:${bill.id}:${bill.paymentAttempt}`;
}
