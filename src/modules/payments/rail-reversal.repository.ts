import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { EntityRow, hydrateEntity } from '../../platform/database/prepared-entity-read';
import { newId } from '../../platform/database/new-id';
import { defineStatement } from '../../platform/database/prepared-statement';
import { executorOn, one, run } from '../../platform/database/statement-executor';
import { RailReversal, RailReversalAction } from './rail-reversal.entity';

/** SQL for the time `parameter` milliseconds from now. */
const msFromNow = (parameter: string) => `now() + make_interval(secs => ${parameter}::double precision / 1000)`;

const REQUEST = defineStatement<
  object,
  [id: string, paymentId: string, action: RailReversalAction, amount: string, currency: string, pickupGraceMs: number]
>(
  'rail-reversals.request',
  `INSERT INTO rail_reversals (id, payment_id, action, amount, currency, next_attempt_at)
    VALUES ($1, $2, $3, $4, $5, ${msFromNow('$6')})
    ON CONFLICT (payment_id) DO NOTHING`,
);

const CLAIM = defineStatement<EntityRow, [paymentId: string, leaseMs: number, whenDue: boolean]>(
  'rail-reversals.claim',
  (schema) => `WITH claimed AS (
    UPDATE rail_reversals
       SET lease_until = ${msFromNow('$2')}, tries = tries + 1, updated_at = now()
     WHERE payment_id = $1 AND status = 'PENDING'
       AND (NOT $3 OR next_attempt_at <= now())
       AND (lease_until IS NULL OR lease_until < now())
    RETURNING ${schema.columns(RailReversal, 'rail_reversals')}
  )
  SELECT ${schema.columns(RailReversal, 'claimed')} FROM claimed`,
);

const DUE = defineStatement<{ payment_id: string }, [limit: number]>(
  'rail-reversals.due',
  `SELECT payment_id FROM rail_reversals
    WHERE status = 'PENDING' AND next_attempt_at <= now()
      AND (lease_until IS NULL OR lease_until < now())
    ORDER BY next_attempt_at LIMIT $1`,
);

const COMPLETE = defineStatement<{ id: string }, [id: string, railReference: string]>(
  'rail-reversals.complete',
  `WITH done AS (
     UPDATE rail_reversals
        SET status = 'COMPLETED', rail_reference = $2, lease_until = NULL, last_error = NULL,
            completed_at = now(), updated_at = now()
      WHERE id = $1 AND status = 'PENDING'
      RETURNING id
   )
   SELECT id FROM done`,
);

const RESCHEDULE = defineStatement<object, [id: string, delayMs: number, error: string, giveBackTry: boolean]>(
  'rail-reversals.reschedule',
  `UPDATE rail_reversals
      SET next_attempt_at = ${msFromNow('$2')}, last_error = $3, lease_until = NULL,
          tries = CASE WHEN $4 THEN greatest(tries - 1, 0) ELSE tries END, updated_at = now()
    WHERE id = $1 AND status = 'PENDING'`,
);

/** Named queries on `rail_reversals`. */
@Injectable()
export class RailReversalRepository {
  /**
   * Records that a payment's funds must go back, due `pickupGraceMs` from now (its job
   * normally takes it at once). A second request for the same payment changes nothing.
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
    await run(executorOn(manager), REQUEST, [
      newId(),
      reversal.paymentId,
      reversal.action,
      reversal.amount.toString(),
      reversal.currency,
      reversal.pickupGraceMs,
    ]);
  }

  /**
   * Takes a payment's pending reversal for one try, leased for `leaseMs`, unless another worker
   * holds it. `whenDue` leaves alone one whose next try is not due yet (the sweeper); the job
   * that was sent for it takes it at once.
   */
  async claim(
    manager: EntityManager,
    paymentId: string,
    leaseMs: number,
    whenDue: boolean,
  ): Promise<RailReversal | null> {
    const row = await one(executorOn(manager), CLAIM, [paymentId, leaseMs, whenDue]);
    return row ? hydrateEntity(manager, RailReversal, row) : null;
  }

  /** Payment ids of pending reversals that are due and not leased, oldest first. */
  async due(manager: EntityManager, limit: number): Promise<string[]> {
    const rows = await run(executorOn(manager), DUE, [limit]);
    return rows.map((row) => row.payment_id);
  }

  /** The rail confirmed: answers false when the reversal was already completed (nothing changed). */
  async complete(manager: EntityManager, id: string, railReference: string): Promise<boolean> {
    const rows = await run(executorOn(manager), COMPLETE, [id, railReference]);
    return rows.length > 0;
  }

  /** The try failed or was cut short: try again after `delayMs`; `giveBackTry` when it never reached the rail. */
  async reschedule(
    manager: EntityManager,
    id: string,
    change: { delayMs: number; error: string; giveBackTry?: boolean },
  ): Promise<void> {
    await run(executorOn(manager), RESCHEDULE, [
      id,
      change.delayMs,
      change.error.slice(0, 300),
      change.giveBackTry === true,
    ]);
  }
}
