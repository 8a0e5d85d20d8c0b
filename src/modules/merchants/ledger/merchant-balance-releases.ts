import { Injectable, Logger } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { Clock } from '../../../platform/clock/clock';
import { sqlStatements } from '../../../platform/database/sql-query';
import { executorOn, run } from '../../../platform/database/statement-executor';
import { LedgerService } from '../../ledger';
import { MerchantsConfig } from '../merchants.config';
import { type MerchantBalanceKey, MerchantLedger, type MerchantReleaseKind } from './merchant-ledger';
import { merchantBalanceAccount } from './merchant-ledger-accounts';
import * as merchantLedger from './sql/merchant-ledger.queries';

const SQL = sqlStatements('merchants', merchantLedger);

type ClaimedRelease = merchantLedger.ClaimDueReleasesResult;

/**
 * The release job's work: every scheduled release due by the clock's now is posted (pending to available
 * after the payout delay, reserve to available after its hold) and marked released, in batches of
 * MERCHANT_BALANCE_RELEASE_BATCH, each batch one transaction that claims its rows with
 * `FOR UPDATE SKIP LOCKED`. Idempotent: a release is posted by the transaction that marks it, so a tick
 * run twice, or by two workers at once, posts each release once. Each balance a batch moved gets one
 * `merchant.balance_updated`.
 */
@Injectable()
export class MerchantBalanceReleases {
  private readonly logger = new Logger(MerchantBalanceReleases.name);

  constructor(
    private readonly dataSource: DataSource,
    private readonly ledger: LedgerService,
    private readonly merchantLedger: MerchantLedger,
    private readonly clock: Clock,
    private readonly settings: MerchantsConfig,
  ) {}

  /** Posts every release due now; answers how many it posted. */
  async releaseDue(): Promise<number> {
    const now = this.clock.now();
    const batch = this.settings.MERCHANT_BALANCE_RELEASE_BATCH;
    let released = 0;
    for (;;) {
      const count = await this.releaseBatch(now, batch);
      released += count;
      if (count < batch) break;
    }
    if (released > 0) this.logger.log(`${released} merchant balance release(s) posted`);
    return released;
  }

  /**
   * The test clock's work on one payment, in the caller's transaction: its releases due by `now`, posted and
   * marked as the job would (with `merchant.balance_updated`). Answers what it released.
   */
  async releaseDueOfPayment(
    manager: EntityManager,
    paymentId: string,
    now: Date,
  ): Promise<{ kind: MerchantReleaseKind; amount: bigint }[]> {
    const due = await run(executorOn(manager), SQL.claimDueReleasesOfPayment, { paymentId, now });
    await this.post(manager, due, now);
    return due.map((release) => ({ kind: release.kind as MerchantReleaseKind, amount: BigInt(release.amount) }));
  }

  private releaseBatch(now: Date, limit: number): Promise<number> {
    return this.dataSource.transaction(async (manager) => {
      const due = await run(executorOn(manager), SQL.claimDueReleases, { now, limit });
      await this.post(manager, due, now);
      return due.length;
    });
  }

  /** Posts and marks claimed releases; each balance moved gets one `merchant.balance_updated`. */
  private async post(manager: EntityManager, due: readonly ClaimedRelease[], now: Date): Promise<void> {
    const executor = executorOn(manager);
    const moved = new Map<string, MerchantBalanceKey>();
    for (const release of due) {
      const key = { merchantId: release.merchant_id, livemode: release.livemode, currency: release.currency };
      const amount = BigInt(release.amount);
      let entryId: string | null = null;
      // A release a refund brought to zero has nothing left to move: marked, no entry.
      if (amount > 0n) {
        const kind = release.kind as MerchantReleaseKind;
        const from = kind === 'PENDING_TO_AVAILABLE' ? 'pending' : 'reserve';
        entryId = await this.ledger.post(manager, {
          kind: kind === 'PENDING_TO_AVAILABLE' ? 'MERCHANT_PENDING_RELEASE' : 'MERCHANT_RESERVE_RELEASE',
          referenceType: 'payment',
          referenceId: release.payment_id,
          currency: release.currency,
          memo: `${from === 'pending' ? 'Pending' : 'Reserve'} of merchant payment ${release.payment_id} made available`,
          lines: [
            { account: merchantBalanceAccount(key.merchantId, key.livemode, from, key.currency), amount },
            {
              account: merchantBalanceAccount(key.merchantId, key.livemode, 'available', key.currency),
              amount: -amount,
            },
          ],
        });
        moved.set(`${key.merchantId}:${key.livemode}:${key.currency}`, key);
      }
      await run(executor, SQL.markReleased, { id: release.id, releasedAt: now, releaseEntryId: entryId });
    }
    for (const key of moved.values()) await this.merchantLedger.balanceUpdated(manager, key, 'RELEASE');
  }
}
