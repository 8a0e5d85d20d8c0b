import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { sqlStatements } from '../../../platform/database/sql-query';
import { executorOn, one } from '../../../platform/database/statement-executor';
import * as receipts from './sql/receipts.queries';

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

const SQL = sqlStatements('payments', receipts);

/** Named queries for receipts (sql/receipts.sql): one row of `payments`, by id alone or scoped to its customer. */
@Injectable()
export class ReceiptRepository {
  async findById(manager: EntityManager, paymentId: string): Promise<ReceiptPayment | null> {
    const row = await one(executorOn(manager), SQL.receiptById, { paymentId });
    return row === null ? null : toReceiptPayment(row);
  }

  async findOwnedBy(manager: EntityManager, paymentId: string, customerId: string): Promise<ReceiptPayment | null> {
    const row = await one(executorOn(manager), SQL.receiptOwnedBy, { paymentId, customerId });
    return row === null ? null : toReceiptPayment(row);
  }
}

function toReceiptPayment(row: receipts.ReceiptByIdResult | receipts.ReceiptOwnedByResult): ReceiptPayment {
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
  } satisfies ReceiptPayment;
}
