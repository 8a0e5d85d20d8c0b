import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { newId } from '../../../platform/database/new-id';
import { sqlStatements } from '../../../platform/database/sql-query';
import { executorOn, run } from '../../../platform/database/statement-executor';
import { LedgerService, type PostingLine } from '../../ledger';
import { captureSplit } from './merchant-fee';
import { merchantBalanceAccount, merchantPlatformAccounts } from './merchant-ledger-accounts';
import * as merchantLedger from './sql/merchant-ledger.queries';

const SQL = sqlStatements('merchants', merchantLedger);
const DAY_MS = 24 * 3600 * 1000;

/** Minor units, as a bigint or a safe integer (payments keep amounts as numbers). */
export type MinorUnits = bigint | number;

export const MERCHANT_RELEASE_KINDS = ['PENDING_TO_AVAILABLE', 'RESERVE_RELEASE'] as const;
export type MerchantReleaseKind = (typeof MERCHANT_RELEASE_KINDS)[number];

/** A merchant payment the rail captured, with the figures the payment snapshotted when it was taken. */
export interface MerchantCapture {
  paymentId: string;
  merchantId: string;
  livemode: boolean;
  currency: string;
  /** What the customer paid, minor units (> 0). */
  amount: MinorUnits;
  /** The payment's fee (`merchantFee` of its terms), 0 to `amount`. */
  fee: MinorUnits;
  /** The terms' reserve share of the net (amount - fee), basis points 0-10000. */
  reserveBps: number;
  reserveHoldDays: number;
  payoutDelayDays: number;
  /** The rail code that captured it (`CARD`, `BANK_TRANSFER`, ...): its clearing account is debited. */
  rail: string;
  /** When the rail captured it: the payout delay and the reserve hold count from here. */
  capturedAt: Date;
}

function minorUnits(value: MinorUnits, name: string): bigint {
  if (typeof value === 'number' && !Number.isSafeInteger(value))
    throw new RangeError(`${name} ${value} is not an integer`);
  return BigInt(value);
}

function days(count: number, name: string): number {
  if (!Number.isInteger(count) || count < 0 || count > 3650)
    throw new RangeError(`${name} ${count} is not a day count`);
  return count;
}

/**
 * A merchant's balances in the double-entry ledger, per merchant, mode and currency: pending (captured,
 * waiting for the payout delay), available (may be paid out) and reserve (the rolling reserve, released
 * after its hold). Every method runs in the caller's transaction (the payment core's, for a capture), so
 * the money and the payment's state commit together.
 */
@Injectable()
export class MerchantLedger {
  constructor(private readonly ledger: LedgerService) {}

  /**
   * Records a captured merchant payment: debits the rail's clearing account the amount; credits the
   * merchant's pending the net less the reserve, its reserve `halfEven((amount - fee)·reserveBps/10000)`
   * and the platform's fee revenue the fee; and schedules the pending's release to available at
   * `capturedAt + payoutDelayDays` and the reserve's at `capturedAt + reserveHoldDays`. Answers the
   * journal entry's id. A second capture of the same payment fails on the releases' unique key
   * (`merchant_balance_releases_payment_kind_key`), which rolls the caller's transaction back.
   */
  async recordCapture(manager: EntityManager, capture: MerchantCapture): Promise<string> {
    const amount = minorUnits(capture.amount, 'amount');
    const fee = minorUnits(capture.fee, 'fee');
    const split = captureSplit(amount, fee, capture.reserveBps);
    const delayDays = days(capture.payoutDelayDays, 'payoutDelayDays');
    const holdDays = days(capture.reserveHoldDays, 'reserveHoldDays');
    const { merchantId, livemode, currency } = capture;
    const platform = merchantPlatformAccounts(livemode, capture.rail, currency);
    const lines: PostingLine[] = [{ account: platform.railClearing, amount }];
    if (split.pending > 0n) {
      lines.push({
        account: merchantBalanceAccount(merchantId, livemode, 'pending', currency),
        amount: -split.pending,
      });
    }
    if (split.reserve > 0n) {
      lines.push({
        account: merchantBalanceAccount(merchantId, livemode, 'reserve', currency),
        amount: -split.reserve,
      });
    }
    if (split.fee > 0n) lines.push({ account: platform.feeRevenue, amount: -split.fee });
    const entryId = await this.ledger.post(manager, {
      kind: 'MERCHANT_PAYMENT_CAPTURE',
      referenceType: 'payment',
      referenceId: capture.paymentId,
      currency,
      memo: `Merchant payment ${capture.paymentId}${livemode ? '' : ' (test)'}`,
      lines,
    });
    const releases: { kind: MerchantReleaseKind; amount: bigint; dueAt: Date }[] = [];
    const capturedAt = capture.capturedAt.getTime();
    if (split.pending > 0n) {
      releases.push({
        kind: 'PENDING_TO_AVAILABLE',
        amount: split.pending,
        dueAt: new Date(capturedAt + delayDays * DAY_MS),
      });
    }
    if (split.reserve > 0n) {
      releases.push({
        kind: 'RESERVE_RELEASE',
        amount: split.reserve,
        dueAt: new Date(capturedAt + holdDays * DAY_MS),
      });
    }
    if (releases.length > 0) {
      await run(executorOn(manager), SQL.insertReleases, {
        merchantId,
        livemode,
        currency,
        paymentId: capture.paymentId,
        captureEntryId: entryId,
        createdAt: capture.capturedAt,
        ids: releases.map(() => newId()),
        kinds: releases.map((release) => release.kind),
        amounts: releases.map((release) => release.amount.toString()),
        dueAts: releases.map((release) => release.dueAt),
      });
    }
    return entryId;
  }
}
