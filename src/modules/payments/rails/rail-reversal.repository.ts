import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { oneOf } from '../../../platform/database/column-values';
import { toMinorUnits } from '../../../platform/database/minor-units.transformer';
import { newId } from '../../../platform/database/new-id';
import { sqlStatements } from '../../../platform/database/sql-query';
import { executorOn, one, run } from '../../../platform/database/statement-executor';
import {
  RAIL_REVERSAL_ACTIONS,
  RAIL_REVERSAL_STATUSES,
  RailReversal,
  RailReversalAction,
} from './rail-reversal.entity';
import * as railReversals from './sql/rail-reversals.queries';

const SQL = sqlStatements('payments', railReversals);

/** Named queries on `rail_reversals`. */
@Injectable()
export class RailReversalRepository {
  /**
   * Records that a payment's own funds must go back (a failed payment's refund or cancel, a
   * dispute's refund), due `pickupGraceMs` from now (its job normally takes it at once). A second
   * request for the same payment changes nothing.
   */
  async request(
    manager: EntityManager,
    reversal: {
      paymentId: string;
      action: RailReversalAction;
      amount: bigint;
      currency: string;
      pickupGraceMs: number;
    },
  ): Promise<void> {
    await run(executorOn(manager), SQL.requestRailReversal, {
      id: newId(),
      paymentId: reversal.paymentId,
      action: reversal.action,
      amount: reversal.amount.toString(),
      currency: reversal.currency,
      pickupGraceMs: reversal.pickupGraceMs,
    });
  }

  /**
   * Records that part or all of a payment goes back for one refund (`refundId`, the caller's),
   * due `pickupGraceMs` from now; answers the reversal's id. A second request for the same refund
   * changes nothing and answers the first one's id.
   */
  async requestRefund(
    manager: EntityManager,
    reversal: { paymentId: string; refundId: string; amount: bigint; currency: string; pickupGraceMs: number },
  ): Promise<string> {
    const [row] = await run(executorOn(manager), SQL.requestRefundReversal, {
      id: newId(),
      paymentId: reversal.paymentId,
      refundId: reversal.refundId,
      amount: reversal.amount.toString(),
      currency: reversal.currency,
      pickupGraceMs: reversal.pickupGraceMs,
    });
    return row.id;
  }

  /** The id of the payment's own reversal (the one without a refund), or null when it has none. */
  async ownOf(manager: EntityManager, paymentId: string): Promise<string | null> {
    const row = await one(executorOn(manager), SQL.paymentOwnRailReversal, { paymentId });
    return row?.id ?? null;
  }

  /**
   * Takes a pending reversal for one try, leased for `leaseMs`, unless another worker holds it.
   * `whenDue` leaves alone one whose next try is not due yet (the sweeper); the job that was sent
   * for it takes it at once.
   */
  async claim(manager: EntityManager, id: string, leaseMs: number, whenDue: boolean): Promise<RailReversal | null> {
    const row = await one(executorOn(manager), SQL.claimRailReversal, { id, leaseMs, whenDue });
    return row === null ? null : toRailReversal(row);
  }

  /** Ids of pending reversals that are due and not leased, oldest first. */
  async due(manager: EntityManager, limit: number): Promise<string[]> {
    const rows = await run(executorOn(manager), SQL.dueRailReversals, { limit });
    return rows.map((row) => row.id);
  }

  /** The rail confirmed: answers false when the reversal was already completed (nothing changed). */
  async complete(manager: EntityManager, id: string, railReference: string): Promise<boolean> {
    const rows = await run(executorOn(manager), SQL.completeRailReversal, { id, railReference });
    return rows.length > 0;
  }

  /** The rail refused the refund for good: answers false when the reversal was no longer pending (nothing changed). */
  async fail(manager: EntityManager, id: string, error: string): Promise<boolean> {
    const rows = await run(executorOn(manager), SQL.failRailReversal, { id, error: error.slice(0, 300) });
    return rows.length > 0;
  }

  /** The try failed or was cut short: try again after `delayMs`; `giveBackTry` when it never reached the rail. */
  async reschedule(
    manager: EntityManager,
    id: string,
    change: { delayMs: number; error: string; giveBackTry?: boolean },
  ): Promise<void> {
    await run(executorOn(manager), SQL.rescheduleRailReversal, {
      id,
      delayMs: change.delayMs,
      error: change.error.slice(0, 300),
      giveBackTry: change.giveBackTry === true,
    });
  }
}

function toRailReversal(row: railReversals.ClaimRailReversalResult): RailReversal {
  return Object.assign(new RailReversal(), {
    id: row.id,
    paymentId: row.payment_id,
    action: oneOf(RAIL_REVERSAL_ACTIONS, row.action, 'rail_reversals.action'),
    refundId: row.refund_id,
    amount: toMinorUnits(row.amount),
    currency: row.currency,
    status: oneOf(RAIL_REVERSAL_STATUSES, row.status, 'rail_reversals.status'),
    tries: row.tries,
    nextAttemptAt: row.next_attempt_at,
    leaseUntil: row.lease_until,
    lastError: row.last_error,
    railReference: row.rail_reference,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    completedAt: row.completed_at,
  } satisfies RailReversal);
}
