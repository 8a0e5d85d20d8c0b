import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Clock } from '../../../platform/clock/clock';
import { sqlStatements } from '../../../platform/database/sql-query';
import { executorOn, one, run } from '../../../platform/database/statement-executor';
import { OutboxEventReader, type ReceivedOutboxEvent } from '../../../platform/outbox/outbox-event-reader';
import {
  MERCHANT_EVENTS,
  MerchantCheckoutSessionEventPayload,
  MerchantPaymentEventPayload,
  MerchantPaymentLinkViewEventPayload,
  MerchantPaymentRefundEventPayload,
} from '../merchants.events';
import { MerchantsConfig } from '../merchants.config';
import * as analytics from './sql/merchant-analytics.queries';

const SQL = sqlStatements('merchants', analytics);
const DAY_MS = 24 * 3600 * 1000;
const PRUNE_BATCH = 5000;

/**
 * The outbox events analytics counts, with their payload classes (the rollup queue listens to exactly these).
 * `merchant.payment.refunded` is written when the rail confirms one refund (the refund SUCCEEDED): its fact is
 * the refund's amount in `refunds`, at the refund's `refunded_at`. A refund still PENDING or FAILED has no event
 * here and no fact in the view.
 */
export const MERCHANT_ANALYTICS_OUTBOX_EVENTS = new OutboxEventReader({
  [MERCHANT_EVENTS.paymentSucceeded]: MerchantPaymentEventPayload,
  [MERCHANT_EVENTS.paymentFailed]: MerchantPaymentEventPayload,
  [MERCHANT_EVENTS.paymentRefunded]: MerchantPaymentRefundEventPayload,
  [MERCHANT_EVENTS.checkoutSessionCreated]: MerchantCheckoutSessionEventPayload,
  [MERCHANT_EVENTS.checkoutSessionCompleted]: MerchantCheckoutSessionEventPayload,
  [MERCHANT_EVENTS.paymentLinkViewed]: MerchantPaymentLinkViewEventPayload,
});

export type MerchantAnalyticsEvent = ReceivedOutboxEvent<(typeof MERCHANT_ANALYTICS_OUTBOX_EVENTS.events)[number]>;

/** A kind of `merchant_stats_facts` row and the source row it is about. */
export interface AnalyticsFact {
  kind: 'payment' | 'refund' | 'session_opened' | 'session_completed' | 'link_view';
  sourceId: string;
  merchantId: string;
}

/** What an event counts for: the fact of its source row. */
export function factOf(event: MerchantAnalyticsEvent): AnalyticsFact {
  switch (event.eventType) {
    case MERCHANT_EVENTS.paymentSucceeded:
    case MERCHANT_EVENTS.paymentFailed:
      return { kind: 'payment', sourceId: event.payload.paymentId, merchantId: event.payload.merchantId };
    case MERCHANT_EVENTS.paymentRefunded:
      return { kind: 'refund', sourceId: event.payload.refundId, merchantId: event.payload.merchantId };
    case MERCHANT_EVENTS.checkoutSessionCreated:
      return {
        kind: 'session_opened',
        sourceId: event.payload.checkoutSessionId,
        merchantId: event.payload.merchantId,
      };
    case MERCHANT_EVENTS.checkoutSessionCompleted:
      return {
        kind: 'session_completed',
        sourceId: event.payload.checkoutSessionId,
        merchantId: event.payload.merchantId,
      };
    case MERCHANT_EVENTS.paymentLinkViewed:
      return { kind: 'link_view', sourceId: event.payload.viewId, merchantId: event.payload.merchantId };
  }
}

/** What an event did to the rollups. */
export type AppliedOutcome = 'COUNTED' | 'ALREADY_COUNTED' | 'NO_FACT';

/** What a rebuild of one merchant wrote: rows written because they differed, rows deleted, events marked. */
export interface MerchantRebuild {
  merchantId: string;
  hours: number;
  staleHours: number;
  payerDays: number;
  stalePayerDays: number;
  payers: number;
  stalePayers: number;
  eventsMarked: number;
}

/**
 * Keeps the analytics rollups (`merchant_stats_hourly`, `merchant_stats_payers_daily` with its cumulative totals,
 * `merchant_stats_payers`):
 *
 * - `apply`: the worker's consumer. The event's id is recorded and its source row's fact added to the hour and the
 *   payer's lifetime row in one statement, so a redelivered event adds nothing; then, in the same transaction, the
 *   payer's day and the cumulative totals of its later days in a second statement. The first holds the payer's
 *   lifetime row until commit, so facts of one payer applied at once go one after the other, and the second's
 *   fresh snapshot (READ COMMITTED) sees the days every earlier one wrote. The fact is read from the source row
 *   (the `merchant_stats_facts` view the rebuild reads too), not from the payload: both count the same row alike,
 *   at the same hour.
 * - `rebuild`: recomputes a merchant's rollups from its payments, succeeded refunds, sessions and link views in
 *   one statement under the merchant's exclusive lock (consumers take it shared), and marks the outbox events of
 *   the rows it counted as applied, so an event the worker consumes afterwards does not count twice and one
 *   committed after the rebuild's snapshot is counted by the worker.
 */
@Injectable()
export class MerchantAnalyticsRollups {
  constructor(
    private readonly dataSource: DataSource,
    private readonly settings: MerchantsConfig,
    private readonly clock: Clock,
  ) {}

  async apply(event: MerchantAnalyticsEvent): Promise<AppliedOutcome> {
    const fact = factOf(event);
    // READ COMMITTED: the payer's day statement takes a snapshot of its own, after the payer's lifetime row is held.
    return this.dataSource.transaction('READ COMMITTED', async (manager) => {
      const executor = executorOn(manager);
      await one(executor, SQL.analyticsLockMerchantShared, { merchantId: fact.merchantId });
      const result = await one(executor, SQL.analyticsApplyFact, {
        eventId: event.eventId,
        merchantId: fact.merchantId,
        occurredAt: event.occurredAt,
        kind: fact.kind,
        sourceId: fact.sourceId,
      });
      if (!result || result.applied === 0) return 'ALREADY_COUNTED';
      if (result.payerDay !== null) {
        // The payer's lifetime row is held by this transaction since the statement above: an earlier fact of the
        // payer has committed its days, and a later one waits for these.
        await one(executor, SQL.analyticsPayerAddDay, {
          merchantId: fact.merchantId,
          livemode: result.livemode!,
          currency: result.currency!,
          customerKey: result.customerKey!,
          day: result.payerDay,
          displayMasked: result.displayMasked!,
          volume: result.volume!,
          paidAt: result.paidAt!,
        });
      }
      return result.counted > 0 ? 'COUNTED' : 'NO_FACT';
    });
  }

  /** Rebuilds one merchant's rollups, or every merchant's (one transaction each) when `merchantId` is null. */
  async rebuild(merchantId: string | null): Promise<MerchantRebuild[]> {
    const ids =
      merchantId !== null
        ? [merchantId]
        : (await run(executorOn(this.dataSource.manager), SQL.analyticsMerchantIds, undefined)).map((row) => row.id);
    const rebuilt: MerchantRebuild[] = [];
    for (const id of ids) rebuilt.push(await this.rebuildOne(id));
    return rebuilt;
  }

  private rebuildOne(merchantId: string): Promise<MerchantRebuild> {
    return this.dataSource.transaction('READ COMMITTED', async (manager) => {
      const executor = executorOn(manager);
      await one(executor, SQL.analyticsLockMerchantExclusive, { merchantId });
      // After the lock: the statement's snapshot sees every consumer that held it.
      const result = await one(executor, SQL.analyticsRebuildMerchant, {
        merchantId,
        eventTypes: [...MERCHANT_ANALYTICS_OUTBOX_EVENTS.events],
        eventsSince: this.retentionStart(),
      });
      if (!result) throw new Error(`analytics rebuild of ${merchantId} returned no row`);
      return { merchantId, ...result };
    });
  }

  /** Deletes the ids of counted events past the retention, in batches; how many went. */
  async prune(): Promise<number> {
    let total = 0;
    for (;;) {
      const result = await one(executorOn(this.dataSource.manager), SQL.analyticsPruneAppliedEvents, {
        before: this.retentionStart(),
        limit: PRUNE_BATCH,
      });
      const pruned = result?.pruned ?? 0;
      total += pruned;
      if (pruned < PRUNE_BATCH) return total;
    }
  }

  private retentionStart(): Date {
    return new Date(
      this.clock.now().getTime() - this.settings.MERCHANT_ANALYTICS_APPLIED_EVENTS_RETENTION_DAYS * DAY_MS,
    );
  }
}
