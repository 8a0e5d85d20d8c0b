import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { oneOf } from '../../../platform/database/column-values';
import { newId } from '../../../platform/database/new-id';
import { sqlStatements } from '../../../platform/database/sql-query';
import { executorOn, one, run } from '../../../platform/database/statement-executor';
import { POSTING_ATTEMPT_STATUSES, PostingAttempt, PostingAttemptStatus } from './posting-attempt.entity';
import * as postingAttempts from './sql/posting-attempts.queries';

/** An attempt a worker claimed, and whether the previous call's outcome is unknown. */
export interface ClaimedAttempt {
  attempt: PostingAttempt;
  /** The last call to the biller never had its answer recorded: ask before posting again. */
  wasUnknown: boolean;
}

const OPEN: PostingAttemptStatus[] = ['PENDING', 'RETRYING'];

const SQL = sqlStatements('payments', postingAttempts);

/** Named queries on `posting_attempts`. */
@Injectable()
export class PostingAttemptRepository {
  /** Opens a cycle unless the payment has an open one; answers the open cycle either way. */
  async openCycle(
    manager: EntityManager,
    paymentId: string,
    options: { requestedBy?: string; outcomeUnknown?: boolean } = {},
  ): Promise<PostingAttempt> {
    const executor = executorOn(manager);
    const opened = await one(executor, SQL.openPostingCycle, {
      id: newId(),
      paymentId,
      outcomeUnknown: options.outcomeUnknown ?? false,
      requestedBy: options.requestedBy ?? null,
    });
    const attempt = opened ? await this.findById(manager, opened.id) : await this.findOpen(manager, paymentId);
    if (!attempt) throw new Error(`payment ${paymentId} has no open posting cycle`);
    return attempt;
  }

  /**
   * Claims the first cycle of a payment that has just moved to PROCESSING, for the first try
   * (leased, `tries` + 1, `outcome_unknown` set), as `claim` would but without waiting for the
   * cycle to fall due: the worker that moved the payment posts it at once. A payment captured
   * without a cycle (before cycles were opened with the capture) gets it here, claimed. Answers
   * null when another worker holds the cycle.
   */
  async claimFirstCycle(manager: EntityManager, paymentId: string, leaseMs: number): Promise<ClaimedAttempt | null> {
    const row = await one(executorOn(manager), SQL.claimFirstPostingCycle, {
      firstCycleId: newId(),
      paymentId,
      leaseMs,
    });
    return row ? { attempt: toPostingAttempt(row), wasUnknown: row.was_unknown } : null;
  }

  /**
   * Takes the attempt for one try if it is open, due and not leased to another worker. The
   * lease and `outcome_unknown` are set in the same statement, before the biller is called:
   * a worker that dies mid-call leaves an attempt whose next try asks the biller first.
   */
  async claim(manager: EntityManager, id: string, leaseMs: number): Promise<ClaimedAttempt | null> {
    const row = await one(executorOn(manager), SQL.claimPostingAttempt, { id, leaseMs });
    return row ? { attempt: toPostingAttempt(row), wasUnknown: row.was_unknown } : null;
  }

  /** Ids of open attempts that are due and not leased, oldest first. */
  async due(manager: EntityManager, limit: number): Promise<string[]> {
    const rows = await run(executorOn(manager), SQL.duePostingAttempts, { limit });
    return rows.map((row) => row.id);
  }

  /** Records a try whose answer leaves the attempt open, to be tried again after `delayMs`. */
  async reschedule(
    manager: EntityManager,
    id: string,
    change: {
      status: 'PENDING' | 'RETRYING';
      delayMs: number;
      outcome: string;
      error: string | null;
      unknown: boolean;
      /** The try never got an answer through no fault of the biller's: it does not count. */
      giveBackTry?: boolean;
    },
  ): Promise<void> {
    await run(executorOn(manager), SQL.reschedulePostingAttempt, {
      id,
      status: change.status,
      delayMs: change.delayMs,
      outcome: change.outcome,
      error: change.error,
      unknown: change.unknown,
      giveBackTry: change.giveBackTry === true,
    });
  }

  /** Makes the payment's open, unleased cycle due now (its job reached a worker that is stopping). */
  async makeDue(manager: EntityManager, paymentId: string): Promise<void> {
    await run(executorOn(manager), SQL.makePostingAttemptDue, { paymentId });
  }

  /** Closes the attempt as CONFIRMED or FAILED. */
  async close(
    manager: EntityManager,
    id: string,
    change: { status: 'CONFIRMED' | 'FAILED'; outcome: string; error: string | null; billerReference?: string | null },
  ): Promise<void> {
    await run(executorOn(manager), SQL.closePostingAttempt, {
      id,
      status: change.status,
      outcome: change.outcome,
      error: change.error,
      billerReference: change.billerReference ?? null,
    });
  }

  /** The payment's open cycle (PENDING or RETRYING), if it has one; opens nothing. */
  async findOpen(manager: EntityManager, paymentId: string): Promise<PostingAttempt | null> {
    const row = await one(executorOn(manager), SQL.findOpenPostingAttempt, { paymentId, open: OPEN });
    return row ? toPostingAttempt(row) : null;
  }

  async findById(manager: EntityManager, id: string): Promise<PostingAttempt | null> {
    const row = await one(executorOn(manager), SQL.findPostingAttempt, { id });
    return row === null ? null : toPostingAttempt(row);
  }

  async lockById(manager: EntityManager, id: string): Promise<PostingAttempt | null> {
    const row = await one(executorOn(manager), SQL.lockPostingAttempt, { id });
    return row === null ? null : toPostingAttempt(row);
  }

  async latestOf(
    manager: EntityManager,
    paymentId: string,
  ): Promise<{ latest: PostingAttempt; cycles: number } | null> {
    const latest = await manager.findOne(PostingAttempt, { where: { paymentId }, order: { cycle: 'DESC' } });
    return latest ? { latest, cycles: latest.cycle } : null;
  }
}

/** A `posting_attempts` row, as every statement here answers it whole. */
export function toPostingAttempt(row: postingAttempts.FindPostingAttemptResult): PostingAttempt {
  return Object.assign(new PostingAttempt(), {
    id: row.id,
    paymentId: row.payment_id,
    cycle: row.cycle,
    status: oneOf(POSTING_ATTEMPT_STATUSES, row.status, 'posting_attempts.status'),
    tries: row.tries,
    nextAttemptAt: row.next_attempt_at,
    leaseUntil: row.lease_until,
    outcomeUnknown: row.outcome_unknown,
    lastOutcome: row.last_outcome,
    lastError: row.last_error,
    billerReference: row.biller_reference,
    requestedBy: row.requested_by,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    completedAt: row.completed_at,
  } satisfies PostingAttempt);
}
