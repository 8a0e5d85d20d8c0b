import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { toMinorUnits } from '../../platform/database/minor-units.transformer';
import { defineStatement } from '../../platform/database/prepared-statement';
import { executorOn, one, run } from '../../platform/database/statement-executor';
import type { Bill, BillLineItem, StoredBillStatus } from './bill.entity';

interface BillRow {
  id: string;
  biller_id: string;
  biller_name: string;
  biller_slug: string;
  bill_reference: string;
  account_reference: string;
  customer_id: string | null;
  amount_due: string;
  currency: string;
  bill_date: string;
  due_date: string;
  line_items: BillLineItem[];
  status: StoredBillStatus;
  payment_id: string | null;
  payment_attempt: number;
  viewed_at: Date | null;
  paid_at: Date | null;
  withdrawn_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

/** Every column of a bill row, dates as `YYYY-MM-DD` text (never a Date at local midnight). */
const COLUMNS = `b.id, b.biller_id, b.biller_name, b.biller_slug, b.bill_reference, b.account_reference, b.customer_id,
  b.amount_due, b.currency, b.bill_date::text AS bill_date, b.due_date::text AS due_date, b.line_items, b.status,
  b.payment_id, b.payment_attempt, b.viewed_at, b.paid_at, b.withdrawn_at, b.created_at, b.updated_at`;

/** The status a customer sees, in SQL: OVERDUE for an open bill due before `today`. */
const DERIVED_STATUS = (today: string) =>
  `CASE WHEN b.status IN ('UNVIEWED', 'VIEWED') AND b.due_date < ${today}::date THEN 'OVERDUE' ELSE b.status END`;

const OPEN = `b.status IN ('UNVIEWED', 'VIEWED')`;

const LOCK = defineStatement<{ locked: string }, [key: string]>(
  'bills.lock',
  `SELECT pg_advisory_xact_lock(hashtextextended($1, 0))::text AS locked`,
);

const BY_REFERENCES = defineStatement<BillRow, [billerId: string, billReferences: string[]]>(
  'bills.by-references',
  // Rows locked in id order, as every statement locking several bills does (see the README's lock order).
  `SELECT ${COLUMNS} FROM bills b WHERE b.biller_id = $1 AND b.bill_reference = ANY ($2::text[]) ORDER BY b.id FOR UPDATE`,
);

const INSERT_MANY = defineStatement<
  { id: string },
  [
    billerId: string,
    billerName: string,
    billerSlug: string,
    ids: string[],
    billReferences: string[],
    accountReferences: string[],
    customerIds: (string | null)[],
    amounts: string[],
    currencies: string[],
    billDates: string[],
    dueDates: string[],
    lineItems: string[],
    now: Date,
  ]
>(
  'bills.insert-many',
  `INSERT INTO bills (id, biller_id, biller_name, biller_slug, bill_reference, account_reference, customer_id,
                      amount_due, currency, bill_date, due_date, line_items, status, created_at, updated_at)
   SELECT i.id, $1, $2, $3, i.bill_reference, i.account_reference, i.customer_id, i.amount_due, i.currency,
          i.bill_date, i.due_date, i.line_items, 'UNVIEWED', $13, $13
     FROM unnest($4::uuid[], $5::text[], $6::text[], $7::uuid[], $8::bigint[], $9::text[], $10::date[], $11::date[],
                 $12::jsonb[])
          AS i(id, bill_reference, account_reference, customer_id, amount_due, currency, bill_date, due_date, line_items)
   ON CONFLICT (biller_id, bill_reference) DO NOTHING
   RETURNING id`,
);

const UPDATE_MANY = defineStatement<
  { id: string },
  [
    ids: string[],
    customerIds: (string | null)[],
    amounts: string[],
    billDates: string[],
    dueDates: string[],
    lineItems: string[],
    statuses: string[],
    now: Date,
  ]
>(
  'bills.update-many',
  `UPDATE bills b
      SET customer_id = u.customer_id, amount_due = u.amount_due, bill_date = u.bill_date, due_date = u.due_date,
          line_items = u.line_items, status = u.status,
          withdrawn_at = CASE WHEN u.status = 'WITHDRAWN' THEN coalesce(b.withdrawn_at, $8) END,
          updated_at = $8
     FROM unnest($1::uuid[], $2::uuid[], $3::bigint[], $4::date[], $5::date[], $6::jsonb[], $7::text[])
          AS u(id, customer_id, amount_due, bill_date, due_date, line_items, status)
    WHERE b.id = u.id AND b.status <> 'PAID'
    RETURNING b.id`,
);

const PAGE_OWNED = defineStatement<
  BillRow,
  [customerId: string, status: string | null, today: string, limit: number, offset: number]
>(
  'bills.page-owned',
  `SELECT ${COLUMNS} FROM bills b
    WHERE b.customer_id = $1 AND ($2::text IS NULL OR ${DERIVED_STATUS('$3')} = $2::text)
    ORDER BY b.created_at DESC, b.id DESC
    LIMIT $4 OFFSET $5`,
);

const COUNT_OWNED = defineStatement<{ total: string }, [customerId: string, status: string | null, today: string]>(
  'bills.count-owned',
  `SELECT count(*)::text AS total FROM bills b
    WHERE b.customer_id = $1 AND ($2::text IS NULL OR ${DERIVED_STATUS('$3')} = $2::text)`,
);

const FIND_BY_ID = defineStatement<BillRow, [id: string]>(
  'bills.find-by-id',
  `SELECT ${COLUMNS} FROM bills b WHERE b.id = $1`,
);

const MARK_VIEWED = defineStatement<BillRow, [id: string, customerId: string, now: Date]>(
  'bills.mark-viewed',
  `UPDATE bills b SET status = 'VIEWED', viewed_at = $3, updated_at = $3
    WHERE b.id = $1 AND b.customer_id = $2 AND b.status = 'UNVIEWED'
    RETURNING ${COLUMNS}`,
);

const OPEN_OF_ACCOUNT = defineStatement<BillRow, [billerId: string, accountReference: string]>(
  'bills.open-of-account',
  `SELECT ${COLUMNS} FROM bills b
    WHERE b.biller_id = $1 AND b.account_reference = $2 AND ${OPEN}
    ORDER BY b.id
    FOR UPDATE`,
);

const ASSIGN = defineStatement<{ id: string }, [ids: string[], customerId: string, now: Date]>(
  'bills.assign',
  `UPDATE bills b SET customer_id = $2, updated_at = $3
    WHERE b.id = ANY ($1::uuid[]) AND b.customer_id IS NULL AND ${OPEN}
    RETURNING b.id`,
);

const MARK_PAID = defineStatement<BillRow, [id: string, paymentId: string, customerId: string, now: Date]>(
  'bills.mark-paid',
  `UPDATE bills b SET status = 'PAID', payment_id = $2, customer_id = $3, paid_at = $4, updated_at = $4
    WHERE b.id = $1 AND ${OPEN} AND (b.customer_id IS NULL OR b.customer_id = $3)
    RETURNING ${COLUMNS}`,
);

const COUNT_FAILED_ATTEMPT = defineStatement<{ id: string }, [id: string, attempt: number, now: Date]>(
  'bills.count-failed-attempt',
  `UPDATE bills b SET payment_attempt = b.payment_attempt + 1, updated_at = $3
    WHERE b.id = $1 AND b.payment_attempt = $2 AND ${OPEN}
    RETURNING b.id`,
);

const BY_PAYMENT = defineStatement<BillRow, [paymentId: string]>(
  'bills.by-payment',
  `SELECT ${COLUMNS} FROM bills b WHERE b.payment_id = $1`,
);

const SETTLEABLE = defineStatement<
  BillRow,
  [billerId: string, accountReference: string, amount: string, currency: string, payerId: string]
>(
  'bills.settleable',
  `SELECT ${COLUMNS} FROM bills b
    WHERE b.biller_id = $1 AND b.account_reference = $2 AND b.amount_due = $3::bigint AND b.currency = $4
      AND ${OPEN} AND (b.customer_id = $5 OR b.customer_id IS NULL)
    ORDER BY (b.customer_id IS NULL), b.due_date, b.created_at, b.id
    LIMIT 1
    FOR UPDATE`,
);

const REOPEN = defineStatement<{ id: string }, [paymentId: string, now: Date]>(
  'bills.reopen',
  `UPDATE bills b SET status = 'VIEWED', payment_id = NULL, paid_at = NULL, viewed_at = coalesce(b.viewed_at, $2),
          payment_attempt = b.payment_attempt + 1, updated_at = $2
    WHERE b.payment_id = $1 AND b.status = 'PAID'
    RETURNING b.id`,
);

const OPEN_OWNED_OF_ACCOUNT = defineStatement<
  BillRow,
  [customerId: string, billerId: string, accountReference: string]
>(
  'bills.open-owned-of-account',
  `SELECT ${COLUMNS} FROM bills b
    WHERE b.customer_id = $1 AND b.biller_id = $2 AND b.account_reference = $3 AND ${OPEN}
    ORDER BY b.due_date, b.created_at, b.id`,
);

/**
 * The bills a customer sees: their own, plus bills shared with them through a household, named
 * by id (`bill_shares`) or by a shared biller account, each only while the sharer still owns it.
 */
const visible = (n: number) => `(b.customer_id = $1
    OR EXISTS (SELECT 1 FROM unnest($${n}::uuid[], $${n + 1}::uuid[]) AS s(bill_id, owner_id)
                WHERE s.bill_id = b.id AND s.owner_id = b.customer_id)
    OR EXISTS (SELECT 1 FROM unnest($${n + 2}::uuid[], $${n + 3}::text[], $${n + 4}::uuid[])
                  AS a(biller_id, account_reference, owner_id)
                WHERE a.biller_id = b.biller_id AND a.account_reference = b.account_reference
                  AND a.owner_id = b.customer_id))`;

type SharedParams = [
  sharedBillIds: string[],
  sharedBillOwners: string[],
  sharedBillerIds: string[],
  sharedAccountReferences: string[],
  sharedAccountOwners: string[],
];

const PAGE_VISIBLE = defineStatement<
  BillRow,
  [customerId: string, status: string | null, today: string, limit: number, offset: number, ...SharedParams]
>(
  'bills.page-visible',
  `SELECT ${COLUMNS} FROM bills b
    WHERE ${visible(6)} AND ($2::text IS NULL OR ${DERIVED_STATUS('$3')} = $2::text)
    ORDER BY b.created_at DESC, b.id DESC
    LIMIT $4 OFFSET $5`,
);

const COUNT_VISIBLE = defineStatement<
  { total: string },
  [customerId: string, status: string | null, today: string, ...SharedParams]
>(
  'bills.count-visible',
  `SELECT count(*)::text AS total FROM bills b
    WHERE ${visible(4)} AND ($2::text IS NULL OR ${DERIVED_STATUS('$3')} = $2::text)`,
);

/** The bill's payment lease as it stands, locked (the bill row is locked first: see the README's lock order). */
const LEASE_OF = defineStatement<
  { customer_id: string; idempotency_key: string | null; expires_at: Date },
  [billId: string]
>(
  'bills.payment-lease-of',
  `SELECT l.customer_id, l.idempotency_key, l.expires_at FROM bill_payment_leases l WHERE l.bill_id = $1 FOR UPDATE`,
);

/** Gives the bill's payment lease to the payer, in place of none or of an expired one. */
const WRITE_LEASE = defineStatement<
  object,
  [billId: string, customerId: string, token: string, idempotencyKey: string, expiresAt: Date]
>(
  'bills.write-payment-lease',
  `INSERT INTO bill_payment_leases AS l (bill_id, customer_id, token, idempotency_key, expires_at)
   VALUES ($1, $2, $3, $4, $5)
   ON CONFLICT (bill_id) DO UPDATE SET customer_id = EXCLUDED.customer_id, token = EXCLUDED.token,
          idempotency_key = EXCLUDED.idempotency_key, expires_at = EXCLUDED.expires_at`,
);

const RELEASE_LEASE = defineStatement<{ bill_id: string }, [billId: string, token: string]>(
  'bills.release-payment-lease',
  `DELETE FROM bill_payment_leases l WHERE l.bill_id = $1 AND l.token = $2 RETURNING l.bill_id`,
);

const LOCK_BY_ID = defineStatement<BillRow, [id: string]>(
  'bills.lock-by-id',
  `SELECT ${COLUMNS} FROM bills b WHERE b.id = $1 FOR UPDATE`,
);

/** Who holds a bill's payment lease, and the key they pay with (null for a lease older than the key). */
export interface PaymentLeaseHolder {
  customerId: string;
  idempotencyKey: string | null;
}

export type PaymentLeaseOutcome =
  { outcome: 'taken'; expired: PaymentLeaseHolder | null } | { outcome: 'busy'; holder: PaymentLeaseHolder };

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
    await run(executorOn(manager), LOCK, [key]);
  }

  async lockedByReferences(manager: EntityManager, billerId: string, references: string[]): Promise<Bill[]> {
    return (await run(executorOn(manager), BY_REFERENCES, [billerId, references])).map(toBill);
  }

  /** Inserts the bills; answers the ids it inserted. */
  async insertMany(
    manager: EntityManager,
    biller: { id: string; name: string; slug: string },
    bills: NewBill[],
    now: Date,
  ): Promise<Set<string>> {
    if (bills.length === 0) return new Set();
    const rows = await run(executorOn(manager), INSERT_MANY, [
      biller.id,
      biller.name,
      biller.slug,
      bills.map((bill) => bill.id),
      bills.map((bill) => bill.billReference),
      bills.map((bill) => bill.accountReference),
      bills.map((bill) => bill.customerId),
      bills.map((bill) => String(bill.amountDue)),
      bills.map((bill) => bill.currency),
      bills.map((bill) => bill.billDate),
      bills.map((bill) => bill.dueDate),
      bills.map((bill) => JSON.stringify(bill.lineItems)),
      now,
    ]);
    return new Set(rows.map((row) => row.id));
  }

  /** Applies the changes to bills still unpaid; answers the ids it changed. */
  async updateMany(manager: EntityManager, changes: BillChange[], now: Date): Promise<Set<string>> {
    if (changes.length === 0) return new Set();
    const rows = await run(executorOn(manager), UPDATE_MANY, [
      changes.map((change) => change.id),
      changes.map((change) => change.customerId),
      changes.map((change) => String(change.amountDue)),
      changes.map((change) => change.billDate),
      changes.map((change) => change.dueDate),
      changes.map((change) => JSON.stringify(change.lineItems)),
      changes.map((change) => change.status),
      now,
    ]);
    return new Set(rows.map((row) => row.id));
  }

  async pageOwnedBy(
    manager: EntityManager,
    customerId: string,
    filter: { status: string | null; today: string; limit: number; offset: number },
  ): Promise<{ bills: Bill[]; total: number }> {
    const executor = executorOn(manager);
    const [rows, count] = await Promise.all([
      run(executor, PAGE_OWNED, [customerId, filter.status, filter.today, filter.limit, filter.offset]),
      one(executor, COUNT_OWNED, [customerId, filter.status, filter.today]),
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
    const sharedParams: SharedParams = [
      shared.bills.map((share) => share.billId),
      shared.bills.map((share) => share.ownerId),
      shared.accounts.map((account) => account.billerId),
      shared.accounts.map((account) => account.accountReference),
      shared.accounts.map((account) => account.ownerId),
    ];
    const [rows, count] = await Promise.all([
      run(executor, PAGE_VISIBLE, [
        customerId,
        filter.status,
        filter.today,
        filter.limit,
        filter.offset,
        ...sharedParams,
      ]),
      one(executor, COUNT_VISIBLE, [customerId, filter.status, filter.today, ...sharedParams]),
    ]);
    return { bills: rows.map(toBill), total: Number(count?.total ?? 0) };
  }

  async lockById(manager: EntityManager, id: string): Promise<Bill | null> {
    const row = await one(executorOn(manager), LOCK_BY_ID, [id]);
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
    const current = await one(executor, LEASE_OF, [lease.billId]);
    const holder = current && { customerId: current.customer_id, idempotencyKey: current.idempotency_key };
    if (holder && (current as { expires_at: Date }).expires_at > lease.now) return { outcome: 'busy', holder };
    await run(executor, WRITE_LEASE, [
      lease.billId,
      lease.customerId,
      lease.token,
      lease.idempotencyKey,
      lease.expiresAt,
    ]);
    return { outcome: 'taken', expired: holder };
  }

  /** Gives the lease up, only if it still is this token's. */
  async releasePaymentLease(manager: EntityManager, billId: string, token: string): Promise<void> {
    await run(executorOn(manager), RELEASE_LEASE, [billId, token]);
  }

  async findById(manager: EntityManager, id: string): Promise<Bill | null> {
    const row = await one(executorOn(manager), FIND_BY_ID, [id]);
    return row && toBill(row);
  }

  /** Marks the customer's UNVIEWED bill VIEWED; null when it is not theirs or not UNVIEWED. */
  async markViewed(manager: EntityManager, id: string, customerId: string, now: Date): Promise<Bill | null> {
    const row = await one(executorOn(manager), MARK_VIEWED, [id, customerId, now]);
    return row && toBill(row);
  }

  /** The open bills of one biller account, most recent first, locked (in id order, like every multi-row lock). */
  async lockedOpenOfAccount(manager: EntityManager, billerId: string, accountReference: string): Promise<Bill[]> {
    const bills = (await run(executorOn(manager), OPEN_OF_ACCOUNT, [billerId, accountReference])).map(toBill);
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
    return (await run(executorOn(manager), ASSIGN, [ids, customerId, now])).length;
  }

  /** Marks an open bill (the customer's, or unmatched) PAID by the payment; null when it no longer is open. */
  async markPaid(
    manager: EntityManager,
    id: string,
    paymentId: string,
    customerId: string,
    now: Date,
  ): Promise<Bill | null> {
    const row = await one(executorOn(manager), MARK_PAID, [id, paymentId, customerId, now]);
    return row && toBill(row);
  }

  /** Moves the bill to its next payment attempt after a failed one, once per attempt. */
  async countFailedAttempt(manager: EntityManager, id: string, attempt: number, now: Date): Promise<void> {
    await run(executorOn(manager), COUNT_FAILED_ATTEMPT, [id, attempt, now]);
  }

  async findByPayment(manager: EntityManager, paymentId: string): Promise<Bill | null> {
    const row = await one(executorOn(manager), BY_PAYMENT, [paymentId]);
    return row && toBill(row);
  }

  /** The open bill a payment made another way settles: the payer's oldest, else an unmatched one; locked. */
  async lockedSettleable(
    manager: EntityManager,
    payment: { billerId: string; accountReference: string; amount: number; currency: string; customerId: string },
  ): Promise<Bill | null> {
    const row = await one(executorOn(manager), SETTLEABLE, [
      payment.billerId,
      payment.accountReference,
      String(payment.amount),
      payment.currency,
      payment.customerId,
    ]);
    return row && toBill(row);
  }

  /** Reopens the bill the payment had settled (VIEWED, no payment); answers whether one was. */
  async reopenPaidBy(manager: EntityManager, paymentId: string, now: Date): Promise<boolean> {
    return (await run(executorOn(manager), REOPEN, [paymentId, now])).length > 0;
  }

  async openOwnedOfAccount(
    manager: EntityManager,
    customerId: string,
    billerId: string,
    accountReference: string,
  ): Promise<Bill[]> {
    return (await run(executorOn(manager), OPEN_OWNED_OF_ACCOUNT, [customerId, billerId, accountReference])).map(
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
    billerId: row.biller_id,
    billerName: row.biller_name,
    billerSlug: row.biller_slug,
    billReference: row.bill_reference,
    accountReference: row.account_reference,
    customerId: row.customer_id,
    amountDue: toMinorUnits(row.amount_due),
    currency: row.currency,
    billDate: row.bill_date,
    dueDate: row.due_date,
    lineItems: row.line_items,
    status: row.status,
    paymentId: row.payment_id,
    paymentAttempt: row.payment_attempt,
    viewedAt: row.viewed_at,
    paidAt: row.paid_at,
    withdrawnAt: row.withdrawn_at,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}
