import { Injectable, Logger } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { Clock } from '../../../platform/clock/clock';
import { sqlStatements } from '../../../platform/database/sql-query';
import { executorOn, one, run } from '../../../platform/database/statement-executor';
import { PaymentChannelHooks } from '../core/payment-channel-hooks';
import { PaymentRepository } from '../core/payment.repository';
import * as sandboxOperations from './sql/sandbox-rail-operations.queries';

const SQL = sqlStatements('payments', sandboxOperations);
/** Notices one tick delivers at most (the rest wait for the next tick). */
const TICK_MAX = 100;

/** A rail's notification that the payer's bank disputes a capture (a chargeback). */
export interface RailDisputeNotice {
  rail: string;
  /** Our capture reference: the payment id. */
  reference: string;
  /** The rail's reference of the dispute. */
  railReference: string;
  /** Minor units disputed. */
  amount: bigint;
  currency: string;
  reason: string;
}

/**
 * What a notice did: recorded on the merchant's side; ignored (not a checkout payment, never
 * captured, another currency); or not yet, the capture still being recorded (asked again later).
 */
export type RailDisputeOutcome = 'RECORDED' | 'IGNORED' | 'NOT_YET';

/** What the test clock did to a payment's sandbox dispute. */
export type SandboxDisputeAdvance = { status: 'NONE' } | { status: 'SCHEDULED'; notifyAt: Date } | RailDisputeOutcome;

/**
 * Disputes (chargebacks) the rails notify: `receive` is the one recording path, whoever notifies
 * (the sandbox rail's notices below; a live rail's notification route when one is connected). It
 * hands a dispute of a captured checkout payment to the checkout channel's hook, which records it
 * on the merchant's side, holds its amount and writes `merchant.payment.disputed`, in the
 * caller's transaction. Bill payments' disputes are the customers' (the disputes context).
 *
 * The sandbox rail's disputes (`sandbox_rail_disputes`, recorded at the capture of a "succeed then
 * disputed" test account) are delivered by the worker's tick (`deliverDueSandbox`) once due, or at
 * once by the test clock (`advanceSandbox`).
 */
@Injectable()
export class RailDisputes {
  private readonly logger = new Logger(RailDisputes.name);

  constructor(
    private readonly dataSource: DataSource,
    private readonly payments: PaymentRepository,
    private readonly hooks: PaymentChannelHooks,
    private readonly clock: Clock,
  ) {}

  /** Records a rail's dispute notice in the caller's transaction (the payment locked first). */
  async receive(manager: EntityManager, notice: RailDisputeNotice): Promise<RailDisputeOutcome> {
    const payment = await this.payments.lockById(manager, notice.reference);
    if (!payment || payment.checkout === null || payment.rail !== notice.rail) return 'IGNORED';
    if (payment.status === 'AUTHORIZING' || payment.status === 'PENDING') return 'NOT_YET';
    if (payment.status !== 'SUCCEEDED' || payment.currency !== notice.currency) return 'IGNORED';
    const amount = notice.amount < BigInt(payment.amount) ? Number(notice.amount) : payment.amount;
    await this.hooks.checkout().disputed(manager, payment, {
      railReference: notice.railReference,
      amount,
      reason: notice.reason,
    });
    return 'RECORDED';
  }

  /**
   * The worker's tick: delivers every sandbox dispute due by the clock's now, each in its own
   * transaction (the notice claimed `FOR UPDATE SKIP LOCKED`, so ticks of several workers share
   * them and deliver each once). A notice whose capture is still being recorded waits for the
   * next tick. Answers how many were recorded.
   */
  async deliverDueSandbox(): Promise<number> {
    const now = this.clock.now();
    const waiting: string[] = [];
    let recorded = 0;
    for (let count = 0; count < TICK_MAX; count += 1) {
      const outcome = await this.dataSource.transaction(async (manager) => {
        const [notice] = await run(executorOn(manager), SQL.sandboxClaimDueDisputes, { now, limit: 1, skip: waiting });
        if (!notice) return null;
        const delivered = await this.deliver(manager, toNotice(notice), notice.id, now);
        if (delivered === 'NOT_YET') waiting.push(notice.id);
        return delivered;
      });
      if (outcome === null) break;
      if (outcome === 'RECORDED') recorded += 1;
    }
    if (recorded > 0) this.logger.log(`${recorded} sandbox rail dispute(s) recorded`);
    return recorded;
  }

  /**
   * The test clock on a test payment, in the caller's transaction: its sandbox dispute still to
   * come is brought `seconds` earlier and, when that makes it due, delivered now.
   */
  async advanceSandbox(manager: EntityManager, paymentId: string, seconds: number): Promise<SandboxDisputeAdvance> {
    const executor = executorOn(manager);
    const notice = await one(executor, SQL.sandboxClaimDisputeOf, { reference: paymentId });
    if (!notice) return { status: 'NONE' };
    await run(executor, SQL.sandboxShiftDispute, { id: notice.id, seconds });
    const notifyAt = new Date(notice.notify_at.getTime() - seconds * 1000);
    const now = this.clock.now();
    if (notifyAt.getTime() > now.getTime()) return { status: 'SCHEDULED', notifyAt };
    return this.deliver(manager, toNotice(notice), notice.id, now);
  }

  private async deliver(
    manager: EntityManager,
    notice: RailDisputeNotice,
    id: string,
    now: Date,
  ): Promise<RailDisputeOutcome> {
    const outcome = await this.receive(manager, notice);
    if (outcome !== 'NOT_YET') {
      await run(executorOn(manager), SQL.sandboxMarkDisputeNotified, { id, notifiedAt: now, outcome });
    }
    if (outcome === 'IGNORED')
      this.logger.warn(`sandbox dispute of ${notice.reference} ignored: no captured checkout payment`);
    return outcome;
  }
}

function toNotice(row: {
  reference: string;
  rail: string;
  rail_reference: string;
  amount: string;
  currency: string;
  reason: string;
}): RailDisputeNotice {
  return {
    rail: row.rail,
    reference: row.reference,
    railReference: row.rail_reference,
    amount: BigInt(row.amount),
    currency: row.currency,
    reason: row.reason,
  };
}
