import { Injectable, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Clock } from '../../platform/clock/clock';
import { AppConfig } from '../../platform/config/app-config';
import { transactionRetryingConflicts } from '../../platform/database/conflict-retry';
import { newId } from '../../platform/database/new-id';
import { Page, toPage } from '../../platform/http/pagination';
import { OutboxWriter } from '../../platform/outbox/outbox.writer';
import { BillerError, PaymentQuoteService, SavedAccountsService } from '../billers';
import {
  HOUSEHOLD_PAYING_ROLES,
  HouseholdBillShare,
  HouseholdDirectory,
  HouseholdError,
  type SharedWithCustomer,
} from '../households';
import { type Payment, PaymentCore, PaymentHistory, toPaymentResponse } from '../payments';
import type { Bill } from './bill.entity';
import { billPaid } from './bill-events';
import { BillRepository } from './bill.repository';
import { billRequestFingerprint } from './bill-request-fingerprint';
import { BillStatus, calendarDate, derivedStatus, isOpen } from './bill-status';
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

/** How a bill shared through one of the caller's households shows to them. */
export interface BillSharing {
  householdId: string;
  householdName: string;
  /** The caller owns the bill (and shared it, or its account). */
  sharedByMe: boolean;
  /** The caller may pay it: its owner, or an OWNER, ADMIN or MEMBER of the household (not a VIEWER). */
  canPay: boolean;
}

/** A bill with the status the customer sees today. */
export interface ShownBill {
  bill: Bill;
  status: BillStatus;
  /** Set when the bill is shared through one of the caller's households; absent otherwise. */
  shared?: BillSharing;
}

/**
 * How long a payer holds a bill's payment lease: longer than a payment's rail call, short enough
 * that a crashed request does not keep the bill from being paid for long.
 */
const PAYMENT_LEASE_MS = 2 * 60_000;

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
    private readonly households: HouseholdDirectory,
  ) {}

  /** The customer's bills and the bills shared with them through their households, each marked `shared`. */
  async list(customerId: string, query: { status?: BillStatus; page: number; size: number }): Promise<Page<ShownBill>> {
    const today = this.today();
    const shared = await this.households.sharedWith(customerId);
    const { bills, total } = await this.bills.pageVisibleTo(
      this.dataSource.manager,
      customerId,
      {
        // The caller's own shares add nothing: their bills are listed anyway.
        bills: shared.bills
          .filter((share) => share.sharedBy !== customerId)
          .map((share) => ({ billId: share.billId, ownerId: share.sharedBy })),
        accounts: shared.accounts
          .filter((account) => account.sharedBy !== customerId)
          .map((account) => ({
            billerId: account.billerId,
            accountReference: account.accountReference,
            ownerId: account.sharedBy,
          })),
      },
      { status: query.status ?? null, today, limit: query.size, offset: query.page * query.size },
    );
    return toPage(
      bills.map((bill) => this.shown(bill, today, sharingOf(bill, customerId, shared))),
      total,
      query,
    );
  }

  /**
   * The customer's bill (reading it marks it VIEWED), or a bill shared with them through a
   * household (read as it is: its owner's VIEWED state is theirs).
   */
  async detail(customerId: string, billId: string): Promise<ShownBill> {
    const manager = this.dataSource.manager;
    const bill =
      (await this.bills.markViewed(manager, billId, customerId, this.clock.now())) ??
      (await this.bills.findById(manager, billId));
    if (!bill || bill.customerId === null) throw BillsError.notFound();
    const sharing = sharingOf(bill, customerId, await this.households.sharedWith(customerId));
    if (bill.customerId !== customerId && !sharing) throw BillsError.notFound();
    return this.shown(bill, this.today(), sharing);
  }

  /**
   * Shares the customer's bill with a household they belong to; 404 for a bill that is not
   * theirs or a household they are not in. Sharing again answers the same share.
   */
  async share(customerId: string, billId: string, householdId: string): Promise<HouseholdBillShare> {
    const bill = await this.bills.findById(this.dataSource.manager, billId);
    if (!bill || bill.customerId !== customerId) throw BillsError.notFound();
    return this.households.shareBill(customerId, householdId, billId);
  }

  /** Ends the share of the customer's bill with the household; 404 when it is not shared there. */
  async unshare(customerId: string, billId: string, householdId: string): Promise<void> {
    const bill = await this.bills.findById(this.dataSource.manager, billId);
    if (!bill || bill.customerId !== customerId) throw BillsError.notFound();
    await this.households.unshareBill(customerId, householdId, billId);
  }

  /**
   * Claims the unmatched open bills of a biller account: they join the customer's inbox and the
   * account is saved for them. 400 for a reference not of the biller's format; 404 when nothing
   * is waiting or the account's bills are someone else's. Claiming again answers the same bill.
   */
  async claim(customerId: string, billerIdOrSlug: string, accountReference: string): Promise<ShownBill> {
    const facts = await this.quotes.facts(billerIdOrSlug);
    if (!facts) throw BillsError.nothingClaimable();
    if (!facts.accountReferenceFits(accountReference)) throw BillsError.referenceMismatch(facts.accountReferenceLabel);
    const claimed = await this.dataSource.transaction(async (manager) => {
      await this.bills.lock(manager, `bills-account:${facts.biller.id}:${accountReference}`);
      const open = await this.bills.lockedOpenOfAccount(manager, facts.biller.id, accountReference);
      // Another customer's bills on this account: not handed to a second person by a claim.
      if (open.length === 0 || open.some((bill) => bill.customerId !== null && bill.customerId !== customerId)) {
        throw BillsError.nothingClaimable();
      }
      const unmatched = open.filter((bill) => bill.customerId === null).map((bill) => bill.id);
      await this.bills.assign(manager, unmatched, customerId, this.clock.now());
      // The most recent bill of the account, now the customer's.
      return (await this.bills.findById(manager, open[0].id)) as Bill;
    });
    await this.saveAccount(customerId, facts.biller.id, accountReference);
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
      billerId: bill.biller.id,
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

  /**
   * Pays the bill once, whoever pays (its owner, a household member, a schedule) and whatever
   * their keys and flags: every payment of a bill goes through its lease, taken under the bill
   * row's lock after checking it is still open, and only the lease's holder calls the payment
   * core. The lease ends with the payment's outcome recorded on the bill (PAID, or the next
   * attempt after a FAILED one), or when the core refuses.
   */
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
    // A bill shared through a household: any of its members but a VIEWER pays it (channel BILL only).
    const sharing =
      request.channel === 'BILL'
        ? sharingOf(bill, customerId, await this.households.sharedWith(customerId))
        : undefined;
    if (bill.customerId !== customerId) {
      if (!sharing) throw BillsError.notFound();
      if (!sharing.canPay) {
        throw HouseholdError.roleRequired('A VIEWER of the household sees its shared bills but cannot pay them');
      }
    }
    const ownerId = bill.customerId;
    if (request.channel === 'SCHEDULE' && isOpen(bill.status)) await this.refuseIfPaidAnotherWay(bill, customerId);
    const lease = await this.takePaymentLease(bill.id, customerId, request.idempotencyKey);
    // The bill as it stands under the lease: its amount due and attempt count are the ones to pay.
    const current = lease.bill;
    const amount = request.amount ?? current.amountDue;
    let payment: CorePayment;
    try {
      payment = await this.core.pay({
        channel: request.channel,
        payer: { type: 'CUSTOMER', id: customerId },
        customerId,
        idempotencyKey: lease.idempotencyKey,
        requestHash: billRequestFingerprint({
          billId: current.id,
          amount,
          rail: request.rail,
          fundingAccount: request.fundingAccount,
          confirmDuplicate: request.confirmDuplicate === true,
        }),
        biller: current.biller.id,
        accountReference: current.accountReference,
        savedAccountId: null,
        amount,
        currency: current.currency,
        rail: request.rail,
        fundingAccount: request.fundingAccount,
        confirmDuplicate: request.confirmDuplicate === true,
        amountDue: current.amountDue,
      });
    } catch (error) {
      await this.bills.releasePaymentLease(this.dataSource.manager, current.id, lease.token);
      throw error;
    }
    await this.recordOutcome(current, ownerId, lease.token, payment);
    return payment;
  }

  /**
   * Records the payment's outcome on the bill and ends the lease, in one transaction that locks
   * the bill row before the lease row (the lock order of every transaction on both; README).
   * Nothing in it reaches outside the database, so a deadlock or serialization failure that
   * still happens runs it again.
   */
  private async recordOutcome(
    bill: Bill,
    ownerId: string,
    token: string,
    payment: { id: string; status: string; amount: number },
  ): Promise<void> {
    await transactionRetryingConflicts(this.dataSource, async (manager) => {
      const now = this.clock.now();
      await this.bills.lockById(manager, bill.id);
      await this.bills.releasePaymentLease(manager, bill.id, token);
      if (payment.status === 'FAILED') {
        // The next tap without a key is a new attempt, not a replay of this declined one.
        await this.bills.countFailedAttempt(manager, bill.id, bill.paymentAttempt, now);
        return;
      }
      // The bill stays its owner's whoever paid it.
      const paid = await this.bills.markPaid(manager, bill.id, payment.id, ownerId, now);
      if (paid) {
        await this.outbox.write(manager, billPaid(paid, { amountPaid: payment.amount, viaBillPay: true }));
      }
    });
  }

  /**
   * A schedule pays a bill only when the customer has not paid it another way: a payment of the
   * bill's biller, account and amount made since the bill arrived, not failed, and not already
   * the payment of another bill (which settles that one) counts as this bill's, although the
   * bill is not marked PAID until that payment succeeds and its event reaches this context.
   */
  private async refuseIfPaidAnotherWay(bill: Bill, customerId: string): Promise<void> {
    const live = await this.history.livePaymentSince(
      bill.customerId as string,
      bill.biller.id,
      bill.accountReference,
      bill.amountDue,
      bill.createdAt,
    );
    if (!live || (await this.bills.findByPayment(this.dataSource.manager, live.id))) return;
    throw await this.alreadyPaid(customerId, live.id);
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

  /**
   * Takes the bill's payment lease for the payer, in a short transaction that locks the bill row
   * and checks it is still open, so two payments of one bill never both get past the check.
   * Refuses with 409 BILL_ALREADY_PAID a paid bill (naming its payment) and a bill whose lease
   * someone holds (another payer, or the same payer under another key or retrying the same
   * one); with the caller's own payment in the body when there is one. A lease left by a
   * request that died is taken over, unless the payment that request made is live: then that
   * payment is the bill's, recorded now as its request would have.
   */
  private async takePaymentLease(
    billId: string,
    customerId: string,
    idempotencyKey: string | undefined,
  ): Promise<{ bill: Bill; token: string; idempotencyKey: string }> {
    const token = newId();
    const decision = await transactionRetryingConflicts(this.dataSource, async (manager) => {
      const now = this.clock.now();
      const bill = await this.bills.lockById(manager, billId);
      if (!bill) throw BillsError.notFound();
      if (bill.status === 'PAID') return { kind: 'paid' as const, paymentId: bill.paymentId };
      if (bill.status === 'WITHDRAWN') throw BillsError.unresolvable();
      const key = idempotencyKey ?? defaultKey(bill);
      const lease = await this.bills.takePaymentLease(manager, {
        billId,
        customerId,
        idempotencyKey: key,
        token,
        now,
        expiresAt: new Date(now.getTime() + PAYMENT_LEASE_MS),
      });
      if (lease.outcome === 'busy') return { kind: 'busy' as const, holder: lease.holder };
      return { kind: 'taken' as const, bill, idempotencyKey: key, expired: lease.expired };
    });
    switch (decision.kind) {
      case 'paid':
        throw await this.alreadyPaid(customerId, decision.paymentId);
      case 'busy': {
        const { holder } = decision;
        const own =
          holder.customerId === customerId && holder.idempotencyKey
            ? await this.paymentByKey(customerId, holder.idempotencyKey)
            : null;
        throw BillsError.beingPaid(own ? toPaymentResponse(own) : undefined);
      }
      case 'taken': {
        const { bill, expired } = decision;
        const orphan = expired?.idempotencyKey
          ? await this.paymentByKey(expired.customerId, expired.idempotencyKey)
          : null;
        if (orphan && (await this.isOrphanOf(orphan, bill))) {
          await this.recordOutcome(bill, bill.customerId as string, token, orphan);
          throw BillsError.alreadyPaid(
            orphan.id,
            orphan.customerId === customerId ? toPaymentResponse(orphan) : undefined,
          );
        }
        return { bill, token, idempotencyKey: decision.idempotencyKey };
      }
    }
  }

  /**
   * Whether the payment an expired lease's key made is the bill's, never recorded: live, of the
   * bill's biller account, and not the payment of another bill.
   */
  private async isOrphanOf(payment: Payment, bill: Bill): Promise<boolean> {
    if (payment.status === 'FAILED' || payment.status === 'REFUNDED') return false;
    if (payment.biller?.id !== bill.biller.id || payment.accountReference !== bill.accountReference) return false;
    return !(await this.bills.findByPayment(this.dataSource.manager, payment.id));
  }

  /** 409 BILL_ALREADY_PAID naming the payment, with it in the body when it is the caller's. */
  private async alreadyPaid(customerId: string, paymentId: string | null): Promise<BillsError> {
    const payment = paymentId ? await this.history.ownedPayment(customerId, paymentId) : null;
    return BillsError.alreadyPaid(paymentId, payment ? toPaymentResponse(payment) : undefined);
  }

  /** The customer's payment made with the key, whole, or null. */
  private async paymentByKey(customerId: string, idempotencyKey: string): Promise<Payment | null> {
    const made = await this.history.byIdempotencyKey(customerId, idempotencyKey);
    return made && this.history.ownedPayment(customerId, made.id);
  }

  private shown(bill: Bill, today: string, shared?: BillSharing | null): ShownBill {
    const shown: ShownBill = { bill, status: derivedStatus(bill.status, bill.dueDate, today) };
    if (shared) shown.shared = shared;
    return shown;
  }

  /** Today in the business time zone, where bills fall due. */
  private today(): string {
    return calendarDate(this.clock.now(), this.config.SCHEDULE_TIME_ZONE);
  }
}

/**
 * How the bill shows to `customerId` through their households: shared by id by its owner, or
 * of an account its owner shared; the household where the caller may pay is preferred. Null
 * when no household of the caller has it.
 */
function sharingOf(bill: Bill, customerId: string, shared: SharedWithCustomer): BillSharing | null {
  const owner = bill.customerId;
  if (owner === null) return null;
  const candidates = [
    ...shared.bills.filter((share) => share.billId === bill.id && share.sharedBy === owner),
    ...shared.accounts.filter(
      (account) =>
        account.billerId === bill.biller.id &&
        account.accountReference === bill.accountReference &&
        account.sharedBy === owner,
    ),
  ];
  if (candidates.length === 0) return null;
  const best = candidates.find((candidate) => HOUSEHOLD_PAYING_ROLES.includes(candidate.role)) ?? candidates[0];
  const sharedByMe = owner === customerId;
  return {
    householdId: best.householdId,
    householdName: best.householdName,
    sharedByMe,
    canPay: sharedByMe || HOUSEHOLD_PAYING_ROLES.includes(best.role),
  };
}

/** `bill:{id}` for the first attempt, `bill:{id}:{n}` after n failed ones. */
function defaultKey(bill: Bill): string {
  return bill.paymentAttempt === 0 ? `bill:${bill.id}` : `bill:${bill.id}:${bill.paymentAttempt}`;
}
