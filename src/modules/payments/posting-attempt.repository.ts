import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { newId } from '../../platform/database/new-id';
import { PostingAttempt, PostingAttemptStatus } from './posting-attempt.entity';
import { defineEntityRead, EntityRow, hydrateEntity, readEntity } from '../../platform/database/prepared-entity-read';
import { defineStatement, StatementSchema } from '../../platform/database/prepared-statement';
import { executorOn, one, run } from '../../platform/database/statement-executor';

/** An attempt a worker claimed, and whether the previous call's outcome is unknown. */
export interface ClaimedAttempt {
  attempt: PostingAttempt;
  /** The last call to the biller never had its answer recorded: ask before posting again. */
  wasUnknown: boolean;
}

const OPEN: PostingAttemptStatus[] = ['PENDING', 'RETRYING'];

/** SQL for the time `parameter` milliseconds from now. */
const msFromNow = (parameter: string) => `now() + make_interval(secs => ${parameter}::double precision / 1000)`;

const OPEN_CYCLE = defineStatement<
  { id: string },
  [id: string, paymentId: string, outcomeUnknown: boolean, requestedBy: string | null]
>(
  'posting-attempts.open-cycle',
  `INSERT INTO posting_attempts (id, payment_id, cycle, status, outcome_unknown, requested_by)
   SELECT $1, $2, coalesce(max(cycle), 0) + 1, 'PENDING', $3, $4 FROM posting_attempts WHERE payment_id = $2
   ON CONFLICT DO NOTHING
   RETURNING id`,
);

const BY_ID = defineEntityRead<PostingAttempt, [id: string]>('posting-attempts.find-by-id', PostingAttempt, 'id = $1');
const LOCK_BY_ID = defineEntityRead<PostingAttempt, [id: string]>(
  'posting-attempts.lock-by-id',
  PostingAttempt,
  'id = $1',
  { forUpdate: true },
);
const OPEN_OF_PAYMENT = defineEntityRead<PostingAttempt, [paymentId: string, open: PostingAttemptStatus[]]>(
  'posting-attempts.find-open',
  PostingAttempt,
  'payment_id = $1 AND status = ANY ($2::text[])',
);

const OPEN_FIRST_CYCLE = defineStatement<object, [id: string, paymentId: string, dueInMs: number]>(
  'posting-attempts.open-first-cycle',
  `INSERT INTO posting_attempts (id, payment_id, cycle, status, tries, next_attempt_at, outcome_unknown)
   VALUES ($1, $2, 1, 'PENDING', 0, ${msFromNow('$3')}, false)`,
);

const CLAIM_FIRST_CYCLE = defineStatement<
  EntityRow & { was_unknown: boolean },
  [firstCycleId: string, paymentId: string, leaseMs: number]
>('posting-attempts.claim-first-cycle', (schema) => claimFirstCycleText(schema));

const CLAIM = defineStatement<EntityRow & { was_unknown: boolean }, [id: string, leaseMs: number]>(
  'posting-attempts.claim',
  (schema) => `WITH claimed AS (
     UPDATE posting_attempts a
        SET lease_until = ${msFromNow('$2')},
            tries = a.tries + 1, outcome_unknown = true, updated_at = now()
       FROM posting_attempts previous
      WHERE a.id = $1 AND previous.id = a.id
        AND a.status IN ('PENDING', 'RETRYING') AND a.next_attempt_at <= now()
        AND (a.lease_until IS NULL OR a.lease_until < now())
      RETURNING ${schema.columns(PostingAttempt, 'a')}, previous.outcome_unknown AS was_unknown
   )
   SELECT ${schema.columns(PostingAttempt, 'claimed')}, claimed.was_unknown FROM claimed`,
);

const DUE = defineStatement<{ id: string }, [limit: number]>(
  'posting-attempts.due',
  `SELECT id FROM posting_attempts
    WHERE status IN ('PENDING', 'RETRYING') AND next_attempt_at <= now()
      AND (lease_until IS NULL OR lease_until < now())
    ORDER BY next_attempt_at LIMIT $1`,
);

const RESCHEDULE = defineStatement<
  object,
  [
    id: string,
    status: 'PENDING' | 'RETRYING',
    delayMs: number,
    outcome: string,
    error: string | null,
    unknown: boolean,
    giveBackTry: boolean,
  ]
>(
  'posting-attempts.reschedule',
  `UPDATE posting_attempts
      SET status = $2, next_attempt_at = ${msFromNow('$3')},
          last_outcome = $4, last_error = $5, outcome_unknown = $6, lease_until = NULL,
          tries = CASE WHEN $7 THEN greatest(tries - 1, 0) ELSE tries END, updated_at = now()
    WHERE id = $1`,
);

const MAKE_DUE = defineStatement<object, [paymentId: string]>(
  'posting-attempts.make-due',
  `UPDATE posting_attempts SET next_attempt_at = now(), updated_at = now()
    WHERE payment_id = $1 AND status IN ('PENDING', 'RETRYING') AND next_attempt_at > now()
      AND (lease_until IS NULL OR lease_until < now())`,
);

const CLOSE = defineStatement<
  object,
  [id: string, status: 'CONFIRMED' | 'FAILED', outcome: string, error: string | null, billerReference: string | null]
>(
  'posting-attempts.close',
  `UPDATE posting_attempts
      SET status = $2, last_outcome = $3, last_error = $4, biller_reference = coalesce($5, biller_reference),
          outcome_unknown = false, lease_until = NULL, completed_at = now(), updated_at = now()
    WHERE id = $1`,
);

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
    const opened = await one(executor, OPEN_CYCLE, [
      newId(),
      paymentId,
      options.outcomeUnknown ?? false,
      options.requestedBy ?? null,
    ]);
    const attempt = opened
      ? await readEntity(executor, BY_ID, [opened.id])
      : await readEntity(executor, OPEN_OF_PAYMENT, [paymentId, OPEN]);
    if (!attempt) throw new Error(`payment ${paymentId} has no open posting cycle`);
    return attempt;
  }

  /**
   * Opens the first posting cycle of a payment just captured, due `dueInMs` from now, in the
   * capture's transaction: its job normally claims it at once, and when that job is lost (Redis
   * restarted empty) the worker's sweeper posts the payment once the cycle is due.
   */
  async openFirstCycle(manager: EntityManager, paymentId: string, dueInMs: number): Promise<void> {
    await run(executorOn(manager), OPEN_FIRST_CYCLE, [newId(), paymentId, dueInMs]);
  }

  /**
   * Claims the first cycle of a payment that has just moved to PROCESSING, for the first try
   * (leased, `tries` + 1, `outcome_unknown` set), as `claim` would but without waiting for the
   * cycle to fall due: the worker that moved the payment posts it at once. A payment captured
   * without a cycle (before cycles were opened with the capture) gets it here, claimed. Answers
   * null when another worker holds the cycle.
   */
  async claimFirstCycle(manager: EntityManager, paymentId: string, leaseMs: number): Promise<ClaimedAttempt | null> {
    const row = await one(executorOn(manager), CLAIM_FIRST_CYCLE, [newId(), paymentId, leaseMs]);
    return row ? { attempt: hydrateEntity(manager, PostingAttempt, row), wasUnknown: row.was_unknown } : null;
  }

  /**
   * Takes the attempt for one try if it is open, due and not leased to another worker. The
   * lease and `outcome_unknown` are set in the same statement, before the biller is called:
   * a worker that dies mid-call leaves an attempt whose next try asks the biller first.
   */
  async claim(manager: EntityManager, id: string, leaseMs: number): Promise<ClaimedAttempt | null> {
    const row = await one(executorOn(manager), CLAIM, [id, leaseMs]);
    return row ? { attempt: hydrateEntity(manager, PostingAttempt, row), wasUnknown: row.was_unknown } : null;
  }

  /** Ids of open attempts that are due and not leased, oldest first. */
  async due(manager: EntityManager, limit: number): Promise<string[]> {
    const rows = await run(executorOn(manager), DUE, [limit]);
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
    await run(executorOn(manager), RESCHEDULE, [
      id,
      change.status,
      change.delayMs,
      change.outcome,
      change.error,
      change.unknown,
      change.giveBackTry === true,
    ]);
  }

  /** Makes the payment's open, unleased cycle due now (its job reached a worker that is stopping). */
  async makeDue(manager: EntityManager, paymentId: string): Promise<void> {
    await run(executorOn(manager), MAKE_DUE, [paymentId]);
  }

  /** Closes the attempt as CONFIRMED or FAILED. */
  async close(
    manager: EntityManager,
    id: string,
    change: { status: 'CONFIRMED' | 'FAILED'; outcome: string; error: string | null; billerReference?: string | null },
  ): Promise<void> {
    await run(executorOn(manager), CLOSE, [
      id,
      change.status,
      change.outcome,
      change.error,
      change.billerReference ?? null,
    ]);
  }

  findById(manager: EntityManager, id: string): Promise<PostingAttempt | null> {
    return readEntity(executorOn(manager), BY_ID, [id]);
  }

  lockById(manager: EntityManager, id: string): Promise<PostingAttempt | null> {
    return readEntity(executorOn(manager), LOCK_BY_ID, [id]);
  }

  async latestOf(
    manager: EntityManager,
    paymentId: string,
  ): Promise<{ latest: PostingAttempt; cycles: number } | null> {
    const latest = await manager.findOne(PostingAttempt, { where: { paymentId }, order: { cycle: 'DESC' } });
    return latest ? { latest, cycles: latest.cycle } : null;
  }
}

/**
 * claimFirstCycle's statement. The first cycle normally exists already (opened with the
 * capture); it is claimed unless another worker's sweeper holds it.
 */
function claimFirstCycleText(schema: StatementSchema): string {
  return `WITH claimed AS (
      UPDATE posting_attempts a
         SET lease_until = ${msFromNow('$3')}, tries = a.tries + 1, outcome_unknown = true,
             next_attempt_at = least(a.next_attempt_at, now()), updated_at = now()
        FROM posting_attempts previous
       WHERE a.payment_id = $2 AND previous.id = a.id
         AND a.status IN ('PENDING', 'RETRYING')
         AND (a.lease_until IS NULL OR a.lease_until < now())
      RETURNING ${schema.columns(PostingAttempt, 'a')}, previous.outcome_unknown AS was_unknown
    ), opened AS (
      INSERT INTO posting_attempts (id, payment_id, cycle, status, outcome_unknown, requested_by, tries, lease_until)
      SELECT $1, $2, 1, 'PENDING', true, NULL, 1, ${msFromNow('$3')}
       WHERE NOT EXISTS (SELECT 1 FROM posting_attempts WHERE payment_id = $2)
         AND EXISTS (SELECT 1 FROM payments WHERE id = $2 AND status = 'PROCESSING')
      ON CONFLICT DO NOTHING
      RETURNING ${schema.columns(PostingAttempt, 'posting_attempts')}, false AS was_unknown
    )
    SELECT ${schema.columns(PostingAttempt, 'claimed')}, claimed.was_unknown FROM claimed
    UNION ALL
    SELECT ${schema.columns(PostingAttempt, 'opened')}, opened.was_unknown FROM opened`;
}
