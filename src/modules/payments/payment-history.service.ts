import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Payment } from './payment.entity';
import { defineStatement } from '../../platform/database/prepared-statement';
import { executorOn, run } from '../../platform/database/statement-executor';

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

const PAYERS_OF_ACCOUNTS = defineStatement<
  { account_reference: string; customer_id: string },
  [billerId: string, accountReferences: string[]]
>(
  'payment-history.payers-of-accounts',
  `SELECT DISTINCT p.account_reference, p.customer_id
     FROM payments p
    WHERE p.biller_id = $1 AND p.account_reference = ANY ($2::text[]) AND p.status = 'SUCCEEDED'`,
);

const LIVE_PAYMENT_SINCE = defineStatement<
  {
    id: string;
    customer_id: string;
    channel: string;
    biller_id: string;
    account_reference: string;
    amount: string;
    currency: string;
    status: string;
    created_at: Date;
  },
  [customerId: string, billerId: string, accountReference: string, amount: string, since: Date]
>(
  'payment-history.live-payment-since',
  `SELECT p.id, p.customer_id, p.channel, p.biller_id, p.account_reference, p.amount, p.currency,
          p.status, p.created_at
     FROM payments p
    WHERE p.customer_id = $1 AND p.biller_id = $2 AND p.account_reference = $3 AND p.amount = $4::bigint
      AND p.created_at >= $5 AND p.status IN ('AUTHORIZING', 'PENDING', 'PROCESSING', 'SUCCEEDED')
    ORDER BY p.created_at DESC
    LIMIT 1`,
);

const STATUSES_OF = defineStatement<{ id: string; status: string; failure_code: string | null }, [ids: string[]]>(
  'payment-history.statuses-of',
  `SELECT p.id, p.status, p.failure_code FROM payments p WHERE p.id = ANY ($1::uuid[])`,
);

const BY_IDEMPOTENCY_KEY = defineStatement<
  { id: string; status: string; failure_code: string | null },
  [customerId: string, idempotencyKey: string]
>(
  'payment-history.by-idempotency-key',
  `SELECT p.id, p.status, p.failure_code FROM payments p WHERE p.payer_id = $1 AND p.idempotency_key = $2`,
);

const PAYER_ACTIVITY_SINCE = defineStatement<{ payments: number; taken: string }, [payerId: string, since: Date]>(
  'payment-history.payer-activity-since',
  `SELECT count(*)::int AS payments, coalesce(sum(p.amount + p.fee), 0)::text AS taken
     FROM payments p
    WHERE p.payer_id = $1 AND p.created_at >= $2 AND p.status NOT IN ('FAILED', 'REFUNDED')`,
);

const PAYER_USED_24H = defineStatement<{ used: string }, [payerId: string, currency: string]>(
  'payment-history.payer-used-24h',
  `SELECT coalesce(sum(p.amount), 0)::text AS used
     FROM payments p
    WHERE p.payer_id = $1 AND p.created_at > now() - interval '24 hours' AND p.status <> 'FAILED' AND p.currency = $2`,
);

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
  constructor(private readonly dataSource: DataSource) {}

  /** Account reference -> the customers whose payments to it on `billerId` succeeded. */
  async payersOfAccounts(billerId: string, accountReferences: readonly string[]): Promise<Map<string, string[]>> {
    const found = new Map<string, string[]>();
    if (accountReferences.length === 0) return found;
    const rows = await run(executorOn(this.dataSource.manager), PAYERS_OF_ACCOUNTS, [
      billerId,
      [...new Set(accountReferences)],
    ]);
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
    const [row] = await run(executorOn(this.dataSource.manager), PAYER_ACTIVITY_SINCE, [payerId, since]);
    return { payments: row.payments, taken: BigInt(row.taken) };
  }

  /** What a payer's rolling 24 hours counts against their daily limit, as the payment core counts it. */
  async payerUsedToday(payerId: string, currency: string): Promise<bigint> {
    const [row] = await run(executorOn(this.dataSource.manager), PAYER_USED_24H, [payerId, currency]);
    return BigInt(row.used);
  }

  /** The payments a payer (an agent) made, newest first. */
  async pageByPayer(payerId: string, page: number, size: number): Promise<{ rows: Payment[]; total: number }> {
    const [rows, total] = await this.dataSource.manager.findAndCount(Payment, {
      where: { payerId },
      order: { createdAt: 'DESC', id: 'DESC' },
      skip: page * size,
      take: size,
    });
    return { rows, total };
  }

  /**
   * The customer's own payment (theirs as its customer), whole, or null for another's or an
   * unknown id: for a channel whose refusal answers with the payment it names.
   */
  async ownedPayment(customerId: string, paymentId: string): Promise<Payment | null> {
    return this.dataSource.manager.findOneBy(Payment, { id: paymentId, customerId });
  }

  /** The current status of each payment named (unknown ids are left out), by id. */
  async statusesOf(paymentIds: readonly string[]): Promise<Map<string, PaymentState>> {
    const found = new Map<string, PaymentState>();
    if (paymentIds.length === 0) return found;
    const rows = await run(executorOn(this.dataSource.manager), STATUSES_OF, [[...new Set(paymentIds)]]);
    for (const row of rows) found.set(row.id, { id: row.id, status: row.status, failureCode: row.failure_code });
    return found;
  }

  /**
   * The customer's own payment made with `idempotencyKey` (keys are the payer's, and a channel acting for
   * the customer pays as them), or null: whether a channel's attempt already made one.
   */
  async byIdempotencyKey(customerId: string, idempotencyKey: string): Promise<PaymentState | null> {
    const [row] = await run(executorOn(this.dataSource.manager), BY_IDEMPOTENCY_KEY, [customerId, idempotencyKey]);
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
    const [row] = await run(executorOn(this.dataSource.manager), LIVE_PAYMENT_SINCE, [
      customerId,
      billerId,
      accountReference,
      String(amount),
      since,
    ]);
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
