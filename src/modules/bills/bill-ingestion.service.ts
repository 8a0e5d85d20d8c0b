import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { Clock } from '../../platform/clock/clock';
import { newId } from '../../platform/database/new-id';
import { OutboxWriter } from '../../platform/outbox/outbox.writer';
import { BillerFacts, PaymentQuoteService } from '../billers';
import { Bill, BillLineItem, StoredBillStatus } from './bill.entity';
import { billReceived } from './bill-events';
import { BillChange, BillRepository, NewBill } from './bill.repository';
import { BillResolver } from './bill-resolver.service';
import { isOpen } from './bill-status';
import { BillsError } from './bills.errors';
import type { CustomerHints } from './customer-hints';
import type { BillIngestionOutcome, BillRejectionCode } from './dto/bill-ingestion.dto';

/** One bill as a biller sends it. Money in minor units; dates `YYYY-MM-DD`. */
export interface IncomingBill {
  billReference: string;
  accountReference: string;
  amountDue: number;
  currency: string;
  billDate: string;
  dueDate: string;
  lineItems: BillLineItem[];
  customer?: CustomerHints | null;
  withdrawn?: boolean;
}

export interface IngestedItem {
  index: number;
  billReference: string;
  outcome: BillIngestionOutcome;
  billId: string | null;
  matched: boolean;
  error: { code: BillRejectionCode; message: string } | null;
}

export interface IngestionReport {
  billerId: string;
  received: number;
  counts: Record<'created' | 'updated' | 'unchanged' | 'withdrawn' | 'alreadyPaid' | 'rejected', number>;
  items: IngestedItem[];
}

const COUNT_KEYS: Record<BillIngestionOutcome, keyof IngestionReport['counts']> = {
  CREATED: 'created',
  UPDATED: 'updated',
  UNCHANGED: 'unchanged',
  WITHDRAWN: 'withdrawn',
  ALREADY_PAID: 'alreadyPaid',
  REJECTED: 'rejected',
};

/**
 * Takes a biller's batch of bills (`POST /internal/bills`, the demo push): idempotent per biller
 * and bill reference. Everything is set-based, so a batch of 1,000 costs about ten statements:
 * the four of resolution, then in one transaction the biller's ingestion lock, the existing
 * bills (locked), one INSERT of the new ones, one UPDATE of the changed ones and one outbox
 * write. A bill changes only while it is unpaid and only when something differs, so the same
 * batch sent twice answers UNCHANGED for every bill and writes nothing the second time.
 *
 * A bill keeps the customer it was matched to (by resolution or a claim); an unmatched one is
 * resolved again each time it is sent. `bill.received` is written for a matched bill that is
 * new, newly matched, reissued, or whose amount or due date changed.
 */
@Injectable()
export class BillIngestionService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly bills: BillRepository,
    private readonly resolver: BillResolver,
    private readonly quotes: PaymentQuoteService,
    private readonly outbox: OutboxWriter,
    private readonly clock: Clock,
  ) {}

  async ingest(billerIdOrSlug: string, incoming: IncomingBill[]): Promise<IngestionReport> {
    const facts = await this.quotes.facts(billerIdOrSlug);
    if (!facts) throw BillsError.billerNotFound();
    const items: IngestedItem[] = incoming.map((bill, index) => ({
      index,
      billReference: bill.billReference,
      outcome: 'UNCHANGED',
      billId: null,
      matched: false,
      error: null,
    }));
    const accepted = this.screen(facts, incoming, items);
    const resolutions = await this.resolver.resolve(
      facts.biller.id,
      accepted.map((index) => ({
        accountReference: incoming[index].accountReference,
        hints: incoming[index].customer,
      })),
    );
    const resolvedTo = new Map(
      accepted.map((index, position) => {
        const resolution = resolutions[position];
        return [index, resolution.matched ? resolution.customerId : null];
      }),
    );
    await this.dataSource.transaction((manager) => this.apply(manager, facts, incoming, items, resolvedTo));
    const counts: IngestionReport['counts'] = {
      created: 0,
      updated: 0,
      unchanged: 0,
      withdrawn: 0,
      alreadyPaid: 0,
      rejected: 0,
    };
    for (const item of items) counts[COUNT_KEYS[item.outcome]] += 1;
    return { billerId: facts.biller.id, received: incoming.length, counts, items };
  }

  /** Rejects what no state of the database could make right; answers the indexes left. */
  private screen(facts: BillerFacts, incoming: IncomingBill[], items: IngestedItem[]): number[] {
    const seen = new Set<string>();
    const accepted: number[] = [];
    incoming.forEach((bill, index) => {
      const reject = (code: BillRejectionCode, message: string) => {
        items[index].outcome = 'REJECTED';
        items[index].error = { code, message };
      };
      if (seen.has(bill.billReference)) {
        reject('DUPLICATE_IN_BATCH', 'This bill reference appears earlier in the batch');
      } else if (!facts.accountReferenceFits(bill.accountReference)) {
        reject(
          'ACCOUNT_REFERENCE_MISMATCH',
          `The account reference is not a valid ${facts.accountReferenceLabel} of this biller`,
        );
      } else if (bill.currency !== facts.currency) {
        reject('CURRENCY_MISMATCH', `This biller bills in ${facts.currency}`);
      } else if (bill.dueDate < bill.billDate) {
        reject('DUE_BEFORE_BILL_DATE', 'The due date is before the bill date');
      } else {
        accepted.push(index);
      }
      seen.add(bill.billReference);
    });
    return accepted;
  }

  private async apply(
    manager: EntityManager,
    facts: BillerFacts,
    incoming: IncomingBill[],
    items: IngestedItem[],
    resolvedTo: Map<number, string | null>,
  ): Promise<void> {
    // One batch of a biller at a time: two batches never race to insert or update one bill.
    await this.bills.lock(manager, `bills-ingestion:${facts.biller.id}`);
    const indexes = [...resolvedTo.keys()];
    const existing = new Map(
      (
        await this.bills.lockedByReferences(
          manager,
          facts.biller.id,
          indexes.map((index) => incoming[index].billReference),
        )
      ).map((bill) => [bill.billReference, bill]),
    );
    const now = this.clock.now();
    const inserts: NewBill[] = [];
    const changes: BillChange[] = [];
    const received: Bill[] = [];
    for (const index of indexes) {
      const bill = incoming[index];
      const item = items[index];
      const lineItems = canonicalLineItems(bill.lineItems);
      const current = existing.get(bill.billReference);
      if (!current) {
        if (bill.withdrawn === true) {
          item.outcome = 'REJECTED';
          item.error = { code: 'UNKNOWN_BILL', message: 'There is no such bill to withdraw' };
          continue;
        }
        const created: NewBill = {
          id: newId(),
          billReference: bill.billReference,
          accountReference: bill.accountReference,
          customerId: resolvedTo.get(index) ?? null,
          amountDue: bill.amountDue,
          currency: bill.currency,
          billDate: bill.billDate,
          dueDate: bill.dueDate,
          lineItems,
        };
        inserts.push(created);
        Object.assign(item, { outcome: 'CREATED', billId: created.id, matched: created.customerId !== null });
        if (created.customerId) received.push(asBill(facts, created, now));
        continue;
      }
      item.billId = current.id;
      item.matched = current.customerId !== null;
      if (current.status === 'PAID') {
        item.outcome = 'ALREADY_PAID';
        continue;
      }
      if (current.accountReference !== bill.accountReference) {
        item.outcome = 'REJECTED';
        item.error = {
          code: 'ACCOUNT_REFERENCE_CHANGED',
          message: 'A bill keeps its account reference; issue a new bill reference instead',
        };
        continue;
      }
      const status = nextStatus(current, bill.withdrawn === true);
      const change: BillChange = {
        id: current.id,
        customerId: current.customerId ?? resolvedTo.get(index) ?? null,
        amountDue: bill.amountDue,
        billDate: bill.billDate,
        dueDate: bill.dueDate,
        lineItems,
        status,
      };
      if (!differs(current, change)) continue;
      changes.push(change);
      item.matched = change.customerId !== null;
      item.outcome = status === 'WITHDRAWN' ? 'WITHDRAWN' : 'UPDATED';
      const reachesInbox =
        change.customerId !== null &&
        status !== 'WITHDRAWN' &&
        (current.customerId === null ||
          current.status === 'WITHDRAWN' ||
          current.amountDue !== change.amountDue ||
          current.dueDate !== change.dueDate);
      if (reachesInbox) received.push({ ...current, ...change, currency: bill.currency });
    }
    const inserted = await this.bills.insertMany(manager, facts.biller, inserts, now);
    // Under the biller's lock nothing else inserts its bills, so every insert lands.
    if (inserted.size !== inserts.length) throw new Error('bill ingestion: an insert conflicted under the lock');
    await this.bills.updateMany(manager, changes, now);
    await this.outbox.write(manager, ...received.map(billReceived));
  }
}

/** The state a re-sent bill moves to: withdrawn, reissued (back to open), or as it is. */
function nextStatus(current: Bill, withdrawn: boolean): StoredBillStatus {
  if (withdrawn) return 'WITHDRAWN';
  if (isOpen(current.status)) return current.status;
  return current.viewedAt ? 'VIEWED' : 'UNVIEWED';
}

function differs(current: Bill, change: BillChange): boolean {
  return (
    current.customerId !== change.customerId ||
    current.amountDue !== change.amountDue ||
    current.billDate !== change.billDate ||
    current.dueDate !== change.dueDate ||
    current.status !== change.status ||
    JSON.stringify(canonicalLineItems(current.lineItems)) !== JSON.stringify(change.lineItems)
  );
}

/** Line items with their fields in one order, so stored and sent ones compare as text. */
function canonicalLineItems(items: readonly BillLineItem[]): BillLineItem[] {
  return items.map((item) => ({ description: item.description, amount: Number(item.amount) }));
}

function asBill(facts: BillerFacts, bill: NewBill, now: Date): Bill {
  return {
    ...bill,
    biller: facts.biller,
    status: 'UNVIEWED',
    paymentId: null,
    paymentAttempt: 0,
    viewedAt: null,
    paidAt: null,
    withdrawnAt: null,
    createdAt: now,
    updatedAt: now,
  };
}
