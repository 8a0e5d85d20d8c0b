import { PostingAttemptRepository } from '../../src/modules/payments/posting/posting-attempt.repository';
import { AppTarget, appOf, dbOf } from '../support/app-target';

export interface PostingAttemptOverrides {
  status?: string;
  tries?: number;
  lastOutcome?: string;
}

/**
 * Opens a posting cycle for a captured payment as the posting service does (or answers the one
 * already open), then sets the columns `overrides` name.
 */
export async function createPostingAttempt(
  target: AppTarget,
  paymentId: string,
  overrides: PostingAttemptOverrides = {},
): Promise<{ id: string; paymentId: string; cycle: number }> {
  const db = dbOf(target);
  const attempt = await db.transaction((manager) =>
    appOf(target).get(PostingAttemptRepository).openCycle(manager, paymentId),
  );
  if (Object.keys(overrides).length > 0) {
    await db.query(
      `UPDATE posting_attempts SET status = coalesce($2, status), tries = coalesce($3, tries),
              last_outcome = coalesce($4, last_outcome) WHERE id = $1`,
      [attempt.id, overrides.status ?? null, overrides.tries ?? null, overrides.lastOutcome ?? null],
    );
  }
  return attempt;
}

/** A cycle that gave up after its tries, its payment waiting in PROCESSING for an operator's retry. */
export async function createGaveUpPostingAttempt(target: AppTarget, paymentId: string): Promise<{ id: string }> {
  await dbOf(target).query(`UPDATE payments SET status = 'PROCESSING' WHERE id = $1`, [paymentId]);
  return createPostingAttempt(target, paymentId, { status: 'FAILED', tries: 6, lastOutcome: 'GAVE_UP' });
}
