import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';

/** What a receipt shows of a payment. Amounts stay the exact integers the database holds. */
export interface ReceiptPayment {
  id: string;
  customerId: string;
  status: string;
  billerName: string;
  billerSlug: string;
  accountReference: string;
  /** Minor units. */
  amount: bigint;
  /** Minor units. */
  fee: bigint;
  currency: string;
  rail: string;
  fundingAccountMasked: string;
  railReference: string | null;
  billerReference: string | null;
  createdAt: Date;
  completedAt: Date | null;
}

interface RawReceiptRow {
  id: string;
  customer_id: string;
  status: string;
  biller_name: string;
  biller_slug: string;
  account_reference: string;
  amount: string;
  fee: string;
  currency: string;
  rail: string;
  funding_account_masked: string;
  rail_reference: string | null;
  biller_reference: string | null;
  created_at: Date;
  completed_at: Date | null;
}

const RECEIPT_COLUMNS = `id, customer_id, status, biller_name, biller_slug, account_reference, amount, fee, currency,
       rail, funding_account_masked, rail_reference, biller_reference, created_at, completed_at`;

/** Named queries for receipts: one row of `payments`, by id alone or scoped to its customer. */
@Injectable()
export class ReceiptRepository {
  async findById(manager: EntityManager, paymentId: string): Promise<ReceiptPayment | null> {
    const rows = await manager.query<RawReceiptRow[]>(`SELECT ${RECEIPT_COLUMNS} FROM payments WHERE id = $1`, [
      paymentId,
    ]);
    return rows.length > 0 ? toReceiptPayment(rows[0]) : null;
  }

  async findOwnedBy(manager: EntityManager, paymentId: string, customerId: string): Promise<ReceiptPayment | null> {
    const rows = await manager.query<RawReceiptRow[]>(
      `SELECT ${RECEIPT_COLUMNS} FROM payments WHERE id = $1 AND customer_id = $2`,
      [paymentId, customerId],
    );
    return rows.length > 0 ? toReceiptPayment(rows[0]) : null;
  }
}

function toReceiptPayment(row: RawReceiptRow): ReceiptPayment {
  return {
    id: row.id,
    customerId: row.customer_id,
    status: row.status,
    billerName: row.biller_name,
    billerSlug: row.biller_slug,
    accountReference: row.account_reference,
    amount: BigInt(row.amount),
    fee: BigInt(row.fee),
    currency: row.currency,
    rail: row.rail,
    fundingAccountMasked: row.funding_account_masked,
    railReference: row.rail_reference,
    billerReference: row.biller_reference,
    createdAt: row.created_at,
    completedAt: row.completed_at,
  };
}
