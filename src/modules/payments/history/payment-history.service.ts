import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { sqlStatements } from '../../../platform/database/sql-query';
import { executorOn, run } from '../../../platform/database/statement-executor';
import { Payment } from '../core/payment.entity';
import { PaymentRepository } from '../core/payment.repository';
import * as paymentHistory from './sql/payment-history.queries';

/** A payment as another context may see it in a customer's history (no funding details). */
export interface PaymentSummary {
  id: string;
  customerId: string;
  channel: string;
  billerId: string;
  accountReference: string;
  /** Minor units. */
  amount: number;
  currency: string;
  status: string;
  createdAt: Date;
}

const SQL = sqlStatements('payments', paymentHistory);

/** A payment's state as a channel follows it (a schedule run waiting for its payment's outcome). */
export interface PaymentState {
  id: string;
  status: string;
  failureCode: string | null;
}

/**
 * What other contexts may read of payment history, through a narrow port instead of the
 * payments table: who has paid a biller account (the bills context resolves pushed bills with
 * it), and whether a customer already paid a given amount since a moment (a schedule run skips
 * a period that was paid another way).
 */
@Injectable()
export class PaymentHistory {
  constructor(
    private readonly dataSource: DataSource,
    private readonly payments: PaymentRepository,
  ) {}

  /** Account reference -> the customers whose payments to it on `billerId` succeeded. */
  async payersOfAccounts(billerId: string, accountReferences: readonly string[]): Promise<Map<string, string[]>> {
    const found = new Map<string, string[]>();
    if (accountReferences.length === 0) return found;
    const rows = await run(executorOn(this.dataSource.manager), SQL.payersOfAccounts, {
      billerId,
      accountReferences: [...new Set(accountReferences)],
    });
    for (const row of rows) {
      const payers = found.get(row.account_reference) ?? [];
      payers.push(row.customer_id);
      found.set(row.account_reference, payers);
    }
    return found;
  }

  /**
   * What a payer (an agent) took since `since`: payments made, and amount + fee of them, left
   * out the ones that failed or were refunded (their cash goes back).
   */
  async payerActivitySince(payerId: string, since: Date): Promise<{ payments: number; taken: bigint }> {
    const [row] = await run(executorOn(this.dataSource.manager), SQL.payerActivitySince, { payerId, since });
    return { payments: row.payments, taken: BigInt(row.taken) };
  }

  /** What a payer's rolling 24 hours counts against their daily limit, as the payment core counts it. */
  async payerUsedToday(payerId: string, currency: string): Promise<bigint> {
    const [row] = await run(executorOn(this.dataSource.manager), SQL.payerUsedToday, { payerId, currency });
    return BigInt(row.used);
  }

  /** The payments a payer (an agent) made, newest first. */
  async pageByPayer(payerId: string, page: number, size: number): Promise<{ rows: Payment[]; total: number }> {
    return this.payments.pageByPayer(this.dataSource.manager, payerId, page, size);
  }

  /**
   * The customer's own payment (theirs as its customer), whole, or null for another's or an
   * unknown id: for a channel whose refusal answers with the payment it names.
   */
  async ownedPayment(customerId: string, paymentId: string): Promise<Payment | null> {
    return this.payments.findOwned(this.dataSource.manager, paymentId, customerId);
  }

  /** The current status of each payment named (unknown ids are left out), by id. */
  async statusesOf(paymentIds: readonly string[]): Promise<Map<string, PaymentState>> {
    const found = new Map<string, PaymentState>();
    if (paymentIds.length === 0) return found;
    const rows = await run(executorOn(this.dataSource.manager), SQL.paymentStatusesOf, {
      ids: [...new Set(paymentIds)],
    });
    for (const row of rows) found.set(row.id, { id: row.id, status: row.status, failureCode: row.failure_code });
    return found;
  }

  /**
   * The customer's own payment made with `idempotencyKey` (keys are the payer's, and a channel acting for
   * the customer pays as them), or null: whether a channel's attempt already made one.
   */
  async byIdempotencyKey(customerId: string, idempotencyKey: string): Promise<PaymentState | null> {
    const [row] = await run(executorOn(this.dataSource.manager), SQL.paymentByIdempotencyKey, {
      payerId: customerId,
      idempotencyKey,
    });
    return row ? { id: row.id, status: row.status, failureCode: row.failure_code } : null;
  }

  /**
   * The customer's latest payment of exactly `amount` to this biller account created at or after
   * `since` that has not failed (in flight or succeeded), or null.
   */
  async livePaymentSince(
    customerId: string,
    billerId: string,
    accountReference: string,
    amount: number,
    since: Date,
  ): Promise<PaymentSummary | null> {
    const [row] = await run(executorOn(this.dataSource.manager), SQL.livePaymentSince, {
      customerId,
      billerId,
      accountReference,
      amount: String(amount),
      since,
    });
    if (!row) return null;
    return {
      id: row.id,
      customerId: row.customer_id,
      channel: row.channel,
      billerId: row.biller_id,
      accountReference: row.account_reference,
      amount: Number(row.amount),
      currency: row.currency,
      status: row.status,
      createdAt: row.created_at,
    };
  }
}
