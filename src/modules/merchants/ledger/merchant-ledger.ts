import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { newId } from '../../../platform/database/new-id';
import { sqlStatements } from '../../../platform/database/sql-query';
import { executorOn, run } from '../../../platform/database/statement-executor';
import { OutboxWriter } from '../../../platform/outbox/outbox.writer';
import { LedgerService, type PostingLine } from '../../ledger';
import { MERCHANT_EVENTS, type MerchantBalanceEventPayload } from '../merchants.events';
import { captureSplit } from './merchant-fee';
import { merchantBalanceAccount, merchantPlatformAccounts } from './merchant-ledger-accounts';
import { MerchantLedgerError } from './merchant-ledger.errors';
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
  /**
   * Where the amount comes from: `RAIL` (the default) the rail's clearing account, as captured;
   * `HOLD` the payments held for review, for a held payment a compliance review released
   * (`recordHeldCapture` booked it there when it was captured).
   */
  source?: 'RAIL' | 'HOLD';
}

/** A captured merchant payment held for a compliance review: its amount waits in the hold account. */
export type MerchantHeldCapture = Pick<MerchantCapture, 'paymentId' | 'livemode' | 'currency' | 'amount' | 'rail'>;

/** A refund of a merchant payment, to be paid back to the customer through the rail that captured it. */
export interface MerchantRefund {
  paymentId: string;
  merchantId: string;
  livemode: boolean;
  currency: string;
  /** What goes back to the customer, minor units (> 0). The fee is not returned to the merchant. */
  amount: MinorUnits;
  rail: string;
}

/** A refund as the ledger booked it: its journal entry and how much came from available and from pending. */
export interface MerchantRefundBooking {
  entryId: string;
  fromAvailable: bigint;
  fromPending: bigint;
}

/** A refund the rail refused for good, to be given back to the merchant's balance as it was spent. */
export interface MerchantRefundReturn extends MerchantRefund, MerchantRefundBooking {
  /** The merchant refund's id, for the entry's memo. */
  refundId: string;
}

/** A dispute (chargeback) of a merchant payment: its amount leaves the merchant's balances for the dispute hold. */
export interface MerchantDisputeHold {
  disputeId: string;
  paymentId: string;
  merchantId: string;
  livemode: boolean;
  currency: string;
  /** What the payer's bank disputes, minor units (> 0). */
  amount: MinorUnits;
}

/** One merchant balance (merchant, mode, currency), minor units; what the platform owes the merchant. */
export interface MerchantBalances {
  pending: bigint;
  available: bigint;
  reserve: bigint;
}

/** Names one merchant balance: a merchant's money in one mode and currency. */
export interface MerchantBalanceKey {
  merchantId: string;
  livemode: boolean;
  currency: string;
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
  constructor(
    private readonly ledger: LedgerService,
    private readonly outbox: OutboxWriter,
  ) {}

  /**
   * The three balances as the manager's transaction sees them (a merchant credit is a negative line of
   * a LIABILITY account, so each balance is minus the sum of its lines).
   */
  async balances(manager: EntityManager, key: MerchantBalanceKey): Promise<MerchantBalances> {
    const { merchantId, livemode, currency } = key;
    const of = async (balance: 'pending' | 'available' | 'reserve') =>
      -(await this.ledger.balance(merchantBalanceAccount(merchantId, livemode, balance, currency).code, manager));
    return { pending: await of('pending'), available: await of('available'), reserve: await of('reserve') };
  }

  /**
   * Opens (and caches) the accounts a capture or refund of this balance through `rail` posts to, outside any
   * transaction: the payment core calls it before its own transaction, so the posting costs no account
   * statement and never opens an account row inside the payment's transaction (LedgerService's note).
   * Harmless if unused; never required.
   */
  async openAccounts(key: MerchantBalanceKey & { rail: string }): Promise<void> {
    const { merchantId, livemode, currency } = key;
    const platform = merchantPlatformAccounts(livemode, key.rail, currency);
    await this.ledger.openAccounts([
      merchantBalanceAccount(merchantId, livemode, 'pending', currency),
      merchantBalanceAccount(merchantId, livemode, 'available', currency),
      merchantBalanceAccount(merchantId, livemode, 'reserve', currency),
      platform.railClearing,
      platform.feeRevenue,
      platform.heldForReview,
    ]);
  }

  /**
   * Records the capture of a merchant payment held for a compliance review: debits the rail's
   * clearing account the amount and credits the held-for-review account, so the payer's money is
   * booked but nothing is owed to the merchant, no fee is earned and no release is scheduled. The
   * review then either releases it (`recordCapture` with `source: 'HOLD'`) or rejects it (the
   * payment core reverses this entry and refunds the payer on the rail). Answers the entry's id.
   */
  async recordHeldCapture(manager: EntityManager, capture: MerchantHeldCapture): Promise<string> {
    const amount = minorUnits(capture.amount, 'amount');
    const platform = merchantPlatformAccounts(capture.livemode, capture.rail, capture.currency);
    return this.ledger.post(manager, {
      kind: 'MERCHANT_PAYMENT_HELD',
      referenceType: 'payment',
      referenceId: capture.paymentId,
      currency: capture.currency,
      memo: `Merchant payment ${capture.paymentId} held for review${capture.livemode ? '' : ' (test)'}`,
      lines: [
        { account: platform.railClearing, amount },
        { account: platform.heldForReview, amount: -amount },
      ],
    });
  }

  /**
   * Records a captured merchant payment: debits the rail's clearing account the amount (the
   * held-for-review account for a held payment released, `source: 'HOLD'`); credits the
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
    const source = capture.source === 'HOLD' ? platform.heldForReview : platform.railClearing;
    const lines: PostingLine[] = [{ account: source, amount }];
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

  /**
   * Records a refund of a merchant payment: debits the merchant's available balance first, then its
   * pending, and credits the rail's clearing account (the rail pays the customer back). The reserve is
   * never spent (it stands for disputes), the fee is not returned, and no balance goes below zero: when
   * available and pending together fall short, 422 `INSUFFICIENT_BALANCE` (nothing written; the merchant
   * waits for captures, or support tops the balance up). The part taken from pending comes off the
   * scheduled releases (this payment's first, then the furthest due), so the releases never make more
   * available than is pending. Raises `merchant.balance_updated`. Answers the journal entry's id.
   *
   * Refunds of one balance are serialised (a transaction-scoped advisory lock), and the balance's unreleased
   * pending releases are locked before the balances are read, so a release job and a refund never both spend
   * the same pending money. Checking the amount against what the payment may still refund is the caller's
   * (the payment core's) rule.
   */
  async recordRefund(manager: EntityManager, refund: MerchantRefund): Promise<string> {
    return (await this.bookRefund(manager, refund)).entryId;
  }

  /** `recordRefund`, answering how the refund spent the balance as well as its entry. */
  async bookRefund(manager: EntityManager, refund: MerchantRefund): Promise<MerchantRefundBooking> {
    const amount = minorUnits(refund.amount, 'amount');
    if (amount <= 0n) throw new RangeError('a refund amount is positive');
    const { merchantId, livemode, currency } = refund;
    const executor = executorOn(manager);
    await run(executor, SQL.lockBalance, { key: `merchant-balance:${merchantId}:${livemode}:${currency}` });
    const releases = await run(executor, SQL.lockUnreleasedPending, {
      merchantId,
      livemode,
      currency,
      paymentId: refund.paymentId,
    });
    const before = await this.balances(manager, refund);
    const available = before.available > 0n ? before.available : 0n;
    const pending = before.pending > 0n ? before.pending : 0n;
    if (available + pending < amount) {
      throw new MerchantLedgerError(
        'INSUFFICIENT_BALANCE',
        `The merchant's available (${available}) and pending (${pending}) ${currency} balances do not cover a refund of ${amount}`,
        [{ field: 'amount', message: `available ${available} + pending ${pending} < ${amount}` }],
      );
    }
    const fromAvailable = available < amount ? available : amount;
    const fromPending = amount - fromAvailable;
    const platform = merchantPlatformAccounts(livemode, refund.rail, currency);
    const lines = spentLines({ merchantId, livemode, currency }, fromAvailable, fromPending);
    lines.push({ account: platform.railClearing, amount: -amount });
    const entryId = await this.ledger.post(manager, {
      kind: 'MERCHANT_PAYMENT_REFUND',
      referenceType: 'payment',
      referenceId: refund.paymentId,
      currency,
      memo: `Refund of merchant payment ${refund.paymentId}${livemode ? '' : ' (test)'}`,
      lines,
    });
    await reducePendingReleases(executor, releases, fromPending);
    await this.balanceUpdated(manager, refund, 'REFUND');
    return { entryId, fromAvailable, fromPending };
  }

  /**
   * Gives back a refund the rail refused for good, as it was spent: debits the rail's clearing
   * account and credits the merchant's available what came from available, and its pending what
   * came from pending, added back to the payment's own unreleased pending release so the releases
   * still add up to the pending balance. When that release has been made meanwhile (or the
   * payment has none), the pending part is credited to available instead: the payout delay it
   * waited for has passed. Serialised with the balance's refunds (the same advisory lock); the
   * release row's lock orders it with the release job. Raises `merchant.balance_updated`
   * (`REFUND`). Answers the entry's id.
   */
  async returnRefund(manager: EntityManager, refund: MerchantRefundReturn): Promise<string> {
    const amount = minorUnits(refund.amount, 'amount');
    if (refund.fromAvailable + refund.fromPending !== amount) {
      throw new RangeError(`refund ${refund.refundId}: available and pending parts do not add up to ${amount}`);
    }
    const { merchantId, livemode, currency } = refund;
    const executor = executorOn(manager);
    await run(executor, SQL.lockBalance, { key: `merchant-balance:${merchantId}:${livemode}:${currency}` });
    let toPending = 0n;
    if (refund.fromPending > 0n) {
      const restored = await run(executor, SQL.restorePendingRelease, {
        paymentId: refund.paymentId,
        by: refund.fromPending.toString(),
      });
      if (restored.length > 0) toPending = refund.fromPending;
    }
    const toAvailable = amount - toPending;
    const platform = merchantPlatformAccounts(livemode, refund.rail, currency);
    const lines: PostingLine[] = [{ account: platform.railClearing, amount }];
    if (toAvailable > 0n) {
      lines.push({
        account: merchantBalanceAccount(merchantId, livemode, 'available', currency),
        amount: -toAvailable,
      });
    }
    if (toPending > 0n) {
      lines.push({ account: merchantBalanceAccount(merchantId, livemode, 'pending', currency), amount: -toPending });
    }
    const entryId = await this.ledger.post(manager, {
      kind: 'MERCHANT_REFUND_RETURNED',
      referenceType: 'payment',
      referenceId: refund.paymentId,
      currency,
      memo: `Refund ${refund.refundId} of merchant payment ${refund.paymentId} refused by the rail${livemode ? '' : ' (test)'}`,
      lines,
    });
    await this.balanceUpdated(manager, refund, 'REFUND');
    return entryId;
  }

  /**
   * Holds a disputed amount: debits the merchant's available balance first, then its pending, and credits the
   * balance's dispute hold account (`merchant:...:dispute:{cur}`), so the money stays the merchant's but can be
   * neither paid out nor refunded while the dispute is open. The bank has already taken the money back, so a
   * dispute is never refused: what available and pending do not cover is taken from available, which goes below
   * zero (the merchant owes it; later captures make it up). The reserve is left to its release schedule. As for a
   * refund, the pending spent comes off the unreleased pending releases (the disputed payment's first), under the
   * same advisory lock, so releases never make available more than is pending. Raises `merchant.balance_updated`
   * (`DISPUTE`). Answers the journal entry's id.
   */
  async recordDisputeHold(manager: EntityManager, hold: MerchantDisputeHold): Promise<string> {
    const amount = minorUnits(hold.amount, 'amount');
    if (amount <= 0n) throw new RangeError('a disputed amount is positive');
    const { merchantId, livemode, currency } = hold;
    const executor = executorOn(manager);
    await run(executor, SQL.lockBalance, { key: `merchant-balance:${merchantId}:${livemode}:${currency}` });
    const releases = await run(executor, SQL.lockUnreleasedPending, {
      merchantId,
      livemode,
      currency,
      paymentId: hold.paymentId,
    });
    const before = await this.balances(manager, hold);
    const available = before.available > 0n ? before.available : 0n;
    const pending = before.pending > 0n ? before.pending : 0n;
    const fromPending = pending < amount - available ? pending : amount - available > 0n ? amount - available : 0n;
    const fromAvailable = amount - fromPending;
    const lines = spentLines({ merchantId, livemode, currency }, fromAvailable, fromPending);
    lines.push({ account: merchantBalanceAccount(merchantId, livemode, 'dispute', currency), amount: -amount });
    const entryId = await this.ledger.post(manager, {
      kind: 'MERCHANT_DISPUTE_HOLD',
      referenceType: 'merchant_payment_dispute',
      referenceId: hold.disputeId,
      currency,
      memo: `Dispute of merchant payment ${hold.paymentId}${livemode ? '' : ' (test)'}`,
      lines,
    });
    await reducePendingReleases(executor, releases, fromPending);
    await this.balanceUpdated(manager, hold, 'DISPUTE');
    return entryId;
  }

  /** Writes `merchant.balance_updated` with the balances as this transaction leaves them. */
  async balanceUpdated(
    manager: EntityManager,
    key: MerchantBalanceKey,
    reason: MerchantBalanceEventPayload['reason'],
  ): Promise<void> {
    const balances = await this.balances(manager, key);
    await this.outbox.write(manager, {
      eventType: MERCHANT_EVENTS.balanceUpdated,
      aggregateType: 'merchant',
      aggregateId: key.merchantId,
      payload: {
        merchantId: key.merchantId,
        livemode: key.livemode,
        currency: key.currency,
        reason,
        pending: Number(balances.pending),
        available: Number(balances.available),
        reserve: Number(balances.reserve),
      },
    });
  }
}

/** The debits of what was spent from a merchant balance: available first, then pending (zero lines left out). */
function spentLines(
  key: { merchantId: string; livemode: boolean; currency: string },
  fromAvailable: bigint,
  fromPending: bigint,
): PostingLine[] {
  const lines: PostingLine[] = [];
  if (fromAvailable > 0n) {
    lines.push({
      account: merchantBalanceAccount(key.merchantId, key.livemode, 'available', key.currency),
      amount: fromAvailable,
    });
  }
  if (fromPending > 0n) {
    lines.push({
      account: merchantBalanceAccount(key.merchantId, key.livemode, 'pending', key.currency),
      amount: fromPending,
    });
  }
  return lines;
}

/**
 * Takes what was spent from pending off the balance's scheduled releases, oldest first (`releases` as
 * locked by the caller), so the release job never makes available money that is already gone.
 */
async function reducePendingReleases(
  executor: Parameters<typeof run>[0],
  releases: readonly { id: string; amount: string | number | bigint }[],
  fromPending: bigint,
): Promise<void> {
  let left = fromPending;
  for (const release of releases) {
    if (left === 0n) break;
    const scheduled = BigInt(release.amount);
    const by = scheduled < left ? scheduled : left;
    if (by === 0n) continue;
    await run(executor, SQL.reduceRelease, { id: release.id, by: by.toString() });
    left -= by;
  }
}
