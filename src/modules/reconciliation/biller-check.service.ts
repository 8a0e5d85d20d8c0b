import { Injectable, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { sqlStatements } from '../../platform/database/sql-query';
import { executorOn, run } from '../../platform/database/statement-executor';
import { BillerConnector, type BillerEndpoint, PaymentQuoteService, type PaymentStatusOutcome } from '../billers';
import type { ReconciliationWindow } from './reconciliation-break';
import { ReconciliationConfig } from './reconciliation.config';
import * as billerChecks from './sql/biller-checks.queries';

const SQL = sqlStatements('reconciliation', billerChecks);

/** SUCCEEDED payments read per batch; the batch's inquiries run RECONCILIATION_BILLER_CHECK_CONCURRENCY at a time. */
export const BILLER_CHECK_BATCH_SIZE = 100;

type CheckOutcome = 'AGREES' | 'MISSING' | 'AMOUNT_DIFFERS' | 'UNREACHABLE';

export interface BillerCheckSummary {
  checked: number;
  agrees: number;
  missing: number;
  amountDiffers: number;
  unreachable: number;
  /** SUCCEEDED payments of billers with no connector to ask (aggregated billers): not checked. */
  skipped: number;
}

/**
 * The biller-side check: asks each direct biller, through the biller connector, for its record
 * of every SUCCEEDED payment of a window (the status inquiry posting already uses, keyed by
 * our payment id), and records the answer in `reconciliation_biller_checks`. The reconciliation
 * reports a payment the biller does not know, reports FAILED, or took a different amount for as
 * `BILLER_DISAGREES`. Bounded: payments are read in batches of BILLER_CHECK_BATCH_SIZE by key,
 * and at most RECONCILIATION_BILLER_CHECK_CONCURRENCY inquiries are in flight. No transaction is
 * held during a call. Running it again overwrites each payment's answer with the newest.
 */
@Injectable()
export class BillerCheckService {
  private readonly logger = new Logger(BillerCheckService.name);

  constructor(
    private readonly dataSource: DataSource,
    private readonly connector: BillerConnector,
    private readonly quotes: PaymentQuoteService,
    private readonly config: ReconciliationConfig,
  ) {}

  async check(window: ReconciliationWindow): Promise<BillerCheckSummary> {
    const summary: BillerCheckSummary = {
      checked: 0,
      agrees: 0,
      missing: 0,
      amountDiffers: 0,
      unreachable: 0,
      skipped: 0,
    };
    const endpoints = new Map<string, Promise<BillerEndpoint | null>>();
    let after: { createdAt: Date; id: string } = { createdAt: new Date(0), id: '00000000-0000-0000-0000-000000000000' };
    for (;;) {
      const batch = await run(executorOn(this.dataSource.manager), SQL.nextSucceededBatch, {
        from: window.from,
        to: window.to,
        afterCreatedAt: after.createdAt,
        afterId: after.id,
        limit: BILLER_CHECK_BATCH_SIZE,
      });
      if (batch.length === 0) break;
      await inParallel(batch, this.config.RECONCILIATION_BILLER_CHECK_CONCURRENCY, async (payment) => {
        let endpoint = endpoints.get(payment.biller_id);
        if (!endpoint) {
          endpoint = this.quotes.postingEndpoint(payment.biller_id);
          endpoints.set(payment.biller_id, endpoint);
        }
        const resolved = await endpoint;
        if (!resolved) {
          summary.skipped += 1;
          return;
        }
        const outcome = await this.connector.paymentStatus(resolved, payment.id);
        const verdict = judge(outcome, Number(payment.amount), payment.currency);
        await run(executorOn(this.dataSource.manager), SQL.recordBillerCheck, {
          paymentId: payment.id,
          outcome: verdict.outcome,
          billerStatus: outcome.kind === 'FOUND' ? outcome.status : null,
          billerAmount: outcome.kind === 'FOUND' && outcome.amount !== undefined ? outcome.amount : null,
          billerReference: outcome.kind === 'FOUND' ? outcome.billerReference : null,
          expectedAmount: payment.amount,
          currency: payment.currency,
          detail: verdict.detail,
        });
        summary.checked += 1;
        if (verdict.outcome === 'AGREES') summary.agrees += 1;
        else if (verdict.outcome === 'MISSING') summary.missing += 1;
        else if (verdict.outcome === 'AMOUNT_DIFFERS') summary.amountDiffers += 1;
        else summary.unreachable += 1;
      });
      const last = batch[batch.length - 1];
      after = { createdAt: last.created_at, id: last.id };
      if (batch.length < BILLER_CHECK_BATCH_SIZE) break;
    }
    if (summary.unreachable > 0) this.logger.warn(`biller check: ${summary.unreachable} inquiries got no answer`);
    return summary;
  }
}

function judge(
  outcome: PaymentStatusOutcome,
  expected: number,
  currency: string,
): { outcome: CheckOutcome; detail: string } {
  switch (outcome.kind) {
    case 'NOT_FOUND':
      return { outcome: 'MISSING', detail: 'The biller has no record of this payment' };
    case 'TIMEOUT':
      return { outcome: 'UNREACHABLE', detail: 'The biller did not answer in time' };
    case 'UNAVAILABLE':
      return { outcome: 'UNREACHABLE', detail: `The biller could not answer: ${outcome.reason}`.slice(0, 200) };
    case 'FOUND':
      if (outcome.status === 'FAILED') {
        return { outcome: 'MISSING', detail: 'The biller reports this payment FAILED' };
      }
      if (
        outcome.amount !== undefined &&
        (outcome.amount !== expected || (outcome.currency ?? currency) !== currency)
      ) {
        return {
          outcome: 'AMOUNT_DIFFERS',
          detail: `The biller took ${outcome.amount} ${outcome.currency ?? currency}, not ${expected} ${currency}`,
        };
      }
      return { outcome: 'AGREES', detail: `The biller's record agrees (${outcome.status})` };
  }
}

/** Runs `work` over `items` with at most `limit` in flight. */
async function inParallel<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lanes = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const item = items[next];
      next += 1;
      await work(item);
    }
  });
  await Promise.all(lanes);
}
