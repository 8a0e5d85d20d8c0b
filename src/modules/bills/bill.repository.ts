import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { BillerSnapshot } from '../billers';
import { oneOf } from '../../platform/database/column-values';
import { toMinorUnits } from '../../platform/database/minor-units.transformer';
import { sqlStatements } from '../../platform/database/sql-query';
import { executorOn, one, run } from '../../platform/database/statement-executor';
import { Bill, BillLineItem, STORED_BILL_STATUSES, StoredBillStatus } from './bill.entity';
import * as bills from './sql/bills.queries';

/**
 * `sql/bills.sql`: every statement answering bills names the same columns (dates as `YYYY-MM-DD`
 * text, never a Date at local midnight); statements locking several bills lock them in id order
 * (see the README's lock order).
 */
const SQL = sqlStatements('bills', bills);

type BillRow = bills.FindBillByIdResult;

/** Who holds a bill's payment lease, and the key they pay with (null for a lease older than the key). */
export interface PaymentLeaseHolder {
  customerId: string;
  idempotencyKey: string | null;
}

export type PaymentLeaseOutcome =
  | { outcome: 'taken'; expired: PaymentLeaseHolder | null }
  | { outcome: 'busy'; holder: PaymentLeaseHolder };

/** What a customer sees shared through their households: bills by id, and biller accounts, with their owners. */
export interface SharedBillsFilter {
  bills: { billId: string; ownerId: string }[];
  accounts: { billerId: string; accountReference: string; ownerId: string }[];
}

/** A new bill of a batch. */
export interface NewBill {
  id: string;
  billReference: string;
  accountReference: string;
  customerId: string | null;
  amountDue: number;
  currency: string;
  billDate: string;
  dueDate: string;
  lineItems: BillLineItem[];
}

/** The new state of an existing unpaid bill. */
export interface BillChange {
  id: string;
  customerId: string | null;
  amountDue: number;
  billDate: string;
  dueDate: string;
  lineItems: BillLineItem[];
  status: StoredBillStatus;
}

/** Named queries on `bills`. Writes that touch many bills take arrays: one statement per batch. */
@Injectable()
export class BillRepository {
  /** Serialises work on one key (a biller's ingestion, one biller account) until the transaction ends. */
  async lock(manager: EntityManager, key: string): Promise<void> {
    await run(executorOn(manager), SQL.lockKey, { key });
  }

  async lockedByReferences(manager: EntityManager, billerId: string, references: string[]): Promise<Bill[]> {
    return (await run(executorOn(manager), SQL.lockedByReferences, { billerId, billReferences: references })).map(
      toBill,
    );
  }

  /** Inserts the bills; answers the ids it inserted. */
  async insertMany(
    manager: EntityManager,
    biller: BillerSnapshot,
    newBills: NewBill[],
    now: Date,
  ): Promise<Set<string>> {
    if (newBills.length === 0) return new Set();
    const rows = await run(executorOn(manager), SQL.insertBills, {
      billerId: biller.id,
      billerName: biller.name,
      billerSlug: biller.slug,
      ids: newBills.map((bill) => bill.id),
      billReferences: newBills.map((bill) => bill.billReference),
      accountReferences: newBills.map((bill) => bill.accountReference),
      customerIds: newBills.map((bill) => bill.customerId ?? ''),
      amounts: newBills.map((bill) => String(bill.amountDue)),
      currencies: newBills.map((bill) => bill.currency),
      billDates: newBills.map((bill) => bill.billDate),
      dueDates: newBills.map((bill) => bill.dueDate),
      lineItems: newBills.map((bill) => JSON.stringify(bill.lineItems)),
      now,
    });
    return new Set(rows.map((row) => row.id));
  }

  /** Applies the changes to bills still unpaid; answers the ids it changed. */
  async updateMany(manager: EntityManager, changes: BillChange[], now: Date): Promise<Set<string>> {
    if (changes.length === 0) return new Set();
    const rows = await run(executorOn(manager), SQL.updateBills, {
      ids: changes.map((change) => change.id),
      customerIds: changes.map((change) => change.customerId ?? ''),
      amounts: changes.map((change) => String(change.amountDue)),
      billDates: changes.map((change) => change.billDate),
      dueDates: changes.map((change) => change.dueDate),
      lineItems: changes.map((change) => JSON.stringify(change.lineItems)),
      statuses: changes.map((change) => change.status),
      now,
    });
    return new Set(rows.map((row) => row.id));
  }

  async pageOwnedBy(
    manager: EntityManager,
    customerId: string,
    filter: { status: string | null; today: string; limit: number; offset: number },
  ): Promise<{ bills: Bill[]; total: number }> {
    const executor = executorOn(manager);
    const [rows, count] = await Promise.all([
      run(executor, SQL.pageOwned, { customerId, ...filter }),
      one(executor, SQL.countOwned, { customerId, status: filter.status, today: filter.today }),
    ]);
    return { bills: rows.map(toBill), total: Number(count?.total ?? 0) };
  }

  /** Like `pageOwnedBy`, with the bills shared with the customer through their households. */
  async pageVisibleTo(
    manager: EntityManager,
    customerId: string,
    shared: SharedBillsFilter,
    filter: { status: string | null; today: string; limit: number; offset: number },
  ): Promise<{ bills: Bill[]; total: number }> {
    if (shared.bills.length === 0 && shared.accounts.length === 0) {
      return this.pageOwnedBy(manager, customerId, filter);
    }
    const executor = executorOn(manager);
    const visible = {
      customerId,
      status: filter.status,
      today: filter.today,
      sharedBillIds: shared.bills.map((share) => share.billId),
      sharedBillOwners: shared.bills.map((share) => share.ownerId),
      sharedBillerIds: shared.accounts.map((account) => account.billerId),
      sharedAccountReferences: shared.accounts.map((account) => account.accountReference),
      sharedAccountOwners: shared.accounts.map((account) => account.ownerId),
    };
    const [rows, count] = await Promise.all([
      run(executor, SQL.pageVisible, { ...visible, limit: filter.limit, offset: filter.offset }),
      one(executor, SQL.countVisible, visible),
    ]);
    return { bills: rows.map(toBill), total: Number(count?.total ?? 0) };
  }

  async lockById(manager: EntityManager, id: string): Promise<Bill | null> {
    const row = await one(executorOn(manager), SQL.lockBillById, { id });
    return row && toBill(row);
  }

  /**
   * Takes the bill's payment lease for the payer's key until `expiresAt`, in the transaction
   * that locked the bill row (`lockById`): `taken` when there was none or it had expired (with
   * the expired holder, whose payment may be live although never recorded on the bill), `busy`
   * with the holder of a live one, whoever they are and whatever their key.
   */
  async takePaymentLease(
    manager: EntityManager,
    lease: { billId: string; customerId: string; idempotencyKey: string; token: string; now: Date; expiresAt: Date },
  ): Promise<PaymentLeaseOutcome> {
    const executor = executorOn(manager);
    const current = await one(executor, SQL.paymentLeaseOf, { billId: lease.billId });
    const holder = current && { customerId: current.customer_id, idempotencyKey: current.idempotency_key };
    if (holder && current && current.expires_at > lease.now) return { outcome: 'busy', holder };
    await run(executor, SQL.writePaymentLease, {
      billId: lease.billId,
      customerId: lease.customerId,
      token: lease.token,
      idempotencyKey: lease.idempotencyKey,
      expiresAt: lease.expiresAt,
    });
    return { outcome: 'taken', expired: holder };
  }

  /** Gives the lease up, only if it still is this token's. */
  async releasePaymentLease(manager: EntityManager, billId: string, token: string): Promise<void> {
    await run(executorOn(manager), SQL.releasePaymentLease, { billId, token });
  }

  async findById(manager: EntityManager, id: string): Promise<Bill | null> {
    const row = await one(executorOn(manager), SQL.findBillById, { id });
    return row && toBill(row);
  }

  /** Marks the customer's UNVIEWED bill VIEWED; null when it is not theirs or not UNVIEWED. */
  async markViewed(manager: EntityManager, id: string, customerId: string, now: Date): Promise<Bill | null> {
    const row = await one(executorOn(manager), SQL.markViewed, { id, customerId, now });
    return row && toBill(row);
  }

  /** The open bills of one biller account, most recent first, locked (in id order, like every multi-row lock). */
  async lockedOpenOfAccount(manager: EntityManager, billerId: string, accountReference: string): Promise<Bill[]> {
    const bills = (await run(executorOn(manager), SQL.openOfAccount, { billerId, accountReference })).map(toBill);
    return bills.sort(
      (first, second) =>
        compare(second.billDate, first.billDate) ||
        second.createdAt.getTime() - first.createdAt.getTime() ||
        compare(second.id, first.id),
    );
  }

  /** Gives the unmatched open bills among `ids` to the customer. */
  async assign(manager: EntityManager, ids: string[], customerId: string, now: Date): Promise<number> {
    if (ids.length === 0) return 0;
    return (await run(executorOn(manager), SQL.assignBills, { ids, customerId, now })).length;
  }

  /** Marks an open bill (the customer's, or unmatched) PAID by the payment; null when it no longer is open. */
  async markPaid(
    manager: EntityManager,
    id: string,
    paymentId: string,
    customerId: string,
    now: Date,
  ): Promise<Bill | null> {
    const row = await one(executorOn(manager), SQL.markPaid, { id, paymentId, customerId, now });
    return row && toBill(row);
  }

  /** Moves the bill to its next payment attempt after a failed one, once per attempt. */
  async countFailedAttempt(manager: EntityManager, id: string, attempt: number, now: Date): Promise<void> {
    await run(executorOn(manager), SQL.countFailedAttempt, { id, attempt, now });
  }

  async findByPayment(manager: EntityManager, paymentId: string): Promise<Bill | null> {
    const row = await one(executorOn(manager), SQL.billByPayment, { paymentId });
    return row && toBill(row);
  }

  /**
   * Whether a payment made another way may settle a bill: an open one `lockedSettleable` would
   * take exists and no bill names the payment yet. Read without a lock, so the caller settles
   * under the account's lock and checks again.
   */
  async hasSettlementCandidate(
    manager: EntityManager,
    payment: {
      paymentId: string;
      billerId: string;
      accountReference: string;
      amount: number;
      currency: string;
      customerId: string;
    },
  ): Promise<boolean> {
    const row = await one(executorOn(manager), SQL.billsSettlementCandidate, {
      paymentId: payment.paymentId,
      billerId: payment.billerId,
      accountReference: payment.accountReference,
      amount: String(payment.amount),
      currency: payment.currency,
      payerId: payment.customerId,
    });
    return row?.candidate === true;
  }

  /** The open bill a payment made another way settles: the payer's oldest, else an unmatched one; locked. */
  async lockedSettleable(
    manager: EntityManager,
    payment: { billerId: string; accountReference: string; amount: number; currency: string; customerId: string },
  ): Promise<Bill | null> {
    const row = await one(executorOn(manager), SQL.settleable, {
      billerId: payment.billerId,
      accountReference: payment.accountReference,
      amount: String(payment.amount),
      currency: payment.currency,
      payerId: payment.customerId,
    });
    return row && toBill(row);
  }

  /** Reopens the bill the payment had settled (VIEWED, no payment); answers whether one was. */
  async reopenPaidBy(manager: EntityManager, paymentId: string, now: Date): Promise<boolean> {
    return (await run(executorOn(manager), SQL.reopenPaidBy, { paymentId, now })).length > 0;
  }

  async openOwnedOfAccount(
    manager: EntityManager,
    customerId: string,
    billerId: string,
    accountReference: string,
  ): Promise<Bill[]> {
    return (await run(executorOn(manager), SQL.openOwnedOfAccount, { customerId, billerId, accountReference })).map(
      toBill,
    );
  }
}

function compare(first: string, second: string): number {
  return first < second ? -1 : first > second ? 1 : 0;
}

function toBill(row: BillRow): Bill {
  return {
    id: row.id,
    biller: BillerSnapshot.of({ id: row.biller_id, name: row.biller_name, slug: row.biller_slug }),
    billReference: row.bill_reference,
    accountReference: row.account_reference,
    customerId: row.customer_id,
    amountDue: toMinorUnits(row.amount_due),
    currency: row.currency,
    billDate: row.bill_date,
    dueDate: row.due_date,
    lineItems: lineItemsOf(row.line_items),
    status: oneOf(STORED_BILL_STATUSES, row.status, 'bills.status'),
    paymentId: row.payment_id,
    paymentAttempt: row.payment_attempt,
    viewedAt: row.viewed_at,
    paidAt: row.paid_at,
    withdrawnAt: row.withdrawn_at,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  } satisfies Bill;
}

/** `bills.line_items`: the lines as the biller itemised them, checked as they are read. */
function lineItemsOf(value: unknown): BillLineItem[] {
  if (!Array.isArray(value)) throw new Error('bills.line_items: expected a JSON array');
  return value.map((item: unknown): BillLineItem => {
    if (
      typeof item === 'object' &&
      item !== null &&
      'description' in item &&
      typeof item.description === 'string' &&
      'amount' in item &&
      typeof item.amount === 'number'
    ) {
      return { description: item.description, amount: item.amount };
    }
    throw new Error('bills.line_items: a line needs a description and an amount');
  });
}
