import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { oneOf } from '../../../platform/database/column-values';
import { sqlStatements } from '../../../platform/database/sql-query';
import { executorOn, one, run } from '../../../platform/database/statement-executor';
import { MERCHANT_REFUND_REASONS, MERCHANT_REFUND_STATUSES, MerchantPaymentRefund } from './merchant-refund';
import * as merchantRefunds from './sql/merchant-refunds.queries';

const SQL = sqlStatements('merchants', merchantRefunds);

/** A refund as the caller inserts it: the row less what the database sets. */
export type NewMerchantRefund = Omit<
  MerchantPaymentRefund,
  | 'status'
  | 'failureReason'
  | 'reversalEntryId'
  | 'railReference'
  | 'createdAt'
  | 'updatedAt'
  | 'refundedAt'
  | 'failedAt'
>;

/** Named statements on `merchant_refunds`; every merchant read is scoped to the merchant and the key's mode. */
@Injectable()
export class MerchantRefundsRepository {
  /** Inserts the refund PENDING; answers it as stored. */
  async insert(manager: EntityManager, refund: NewMerchantRefund): Promise<MerchantPaymentRefund> {
    const [row] = await run(executorOn(manager), SQL.insertMerchantRefund, {
      id: refund.id,
      merchantId: refund.merchantId,
      livemode: refund.livemode,
      paymentId: refund.paymentId,
      amount: refund.amount,
      currency: refund.currency,
      reason: refund.reason,
      note: refund.note,
      idempotencyKey: refund.idempotencyKey,
      requestFingerprint: refund.requestFingerprint,
      createdByApiKeyId: refund.createdByApiKeyId,
      ledgerEntryId: refund.ledgerEntryId,
      fromAvailable: refund.fromAvailable,
      fromPending: refund.fromPending,
    });
    return {
      ...refund,
      status: 'PENDING',
      failureReason: null,
      reversalEntryId: null,
      railReference: null,
      createdAt: row.created_at,
      updatedAt: row.updated_at,
      refundedAt: null,
      failedAt: null,
    };
  }

  async findByKey(
    manager: EntityManager,
    merchantId: string,
    livemode: boolean,
    idempotencyKey: string,
  ): Promise<MerchantPaymentRefund | null> {
    const row = await one(executorOn(manager), SQL.merchantRefundByKey, { merchantId, livemode, idempotencyKey });
    return row === null ? null : toRefund(row);
  }

  /** The refund of this merchant in this mode; another merchant's or the other mode's is null. */
  async findOf(
    manager: EntityManager,
    merchantId: string,
    livemode: boolean,
    id: string,
  ): Promise<MerchantPaymentRefund | null> {
    const row = await one(executorOn(manager), SQL.merchantRefundOf, { id, merchantId, livemode });
    return row === null ? null : toRefund(row);
  }

  /** Any refund by id, locked until the transaction ends (settling it with its rail reversal). */
  async lock(manager: EntityManager, id: string): Promise<MerchantPaymentRefund | null> {
    const row = await one(executorOn(manager), SQL.lockMerchantRefund, { id });
    return row === null ? null : toRefund(row);
  }

  /** One page of the merchant's refunds in a mode, newest first, optionally of one payment, and how many there are. */
  async page(
    manager: EntityManager,
    filter: { merchantId: string; livemode: boolean; paymentId: string | null },
    limit: number,
    offset: number,
  ): Promise<{ rows: MerchantPaymentRefund[]; total: number }> {
    const executor = executorOn(manager);
    const rows = await run(executor, SQL.merchantRefundPage, { ...filter, limit, offset });
    if (rows.length > 0) return { rows: rows.map(toRefund), total: Number(rows[0].total) };
    if (offset === 0) return { rows: [], total: 0 };
    const counted = await one(executor, SQL.countMerchantRefunds, filter);
    return { rows: [], total: counted?.total ?? 0 };
  }

  /** PENDING -> SUCCEEDED; false when it was not PENDING (nothing changed). */
  async markSucceeded(manager: EntityManager, id: string, railReference: string, at: Date): Promise<boolean> {
    return (await run(executorOn(manager), SQL.markMerchantRefundSucceeded, { id, railReference, at })).length > 0;
  }

  /** PENDING -> FAILED with the entry that gave the balance back; false when it was not PENDING. */
  async markFailed(
    manager: EntityManager,
    id: string,
    change: { failureReason: string; reversalEntryId: string; at: Date },
  ): Promise<boolean> {
    const rows = await run(executorOn(manager), SQL.markMerchantRefundFailed, {
      id,
      failureReason: change.failureReason.slice(0, 300),
      reversalEntryId: change.reversalEntryId,
      at: change.at,
    });
    return rows.length > 0;
  }
}

function toRefund(row: merchantRefunds.MerchantRefundByKeyResult): MerchantPaymentRefund {
  return {
    id: row.id,
    merchantId: row.merchant_id,
    livemode: row.livemode,
    paymentId: row.payment_id,
    amount: Number(row.amount),
    currency: row.currency,
    reason: oneOf(MERCHANT_REFUND_REASONS, row.reason, 'merchant_refunds.reason'),
    note: row.note,
    status: oneOf(MERCHANT_REFUND_STATUSES, row.status, 'merchant_refunds.status'),
    failureReason: row.failure_reason,
    idempotencyKey: row.idempotency_key,
    requestFingerprint: row.request_fingerprint,
    createdByApiKeyId: row.created_by_api_key_id,
    ledgerEntryId: row.ledger_entry_id,
    fromAvailable: Number(row.from_available),
    fromPending: Number(row.from_pending),
    reversalEntryId: row.reversal_entry_id,
    railReference: row.rail_reference,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    refundedAt: row.refunded_at,
    failedAt: row.failed_at,
  };
}
