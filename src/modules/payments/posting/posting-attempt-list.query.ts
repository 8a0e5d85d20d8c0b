import type { EntityManager } from 'typeorm';
import { oneOfOrNull } from '../../../platform/database/column-values';
import { sqlStatements } from '../../../platform/database/sql-query';
import { executorOn, run } from '../../../platform/database/statement-executor';
import { Page, toPage } from '../../../platform/http/pagination';
import { PAYMENT_STATUSES } from '../core/payment.entity';
import { PostingAttempt, PostingAttemptStatus } from './posting-attempt.entity';
import { toPostingAttempt } from './posting-attempt.repository';
import { isPostingRetryable } from './posting-retry-rule';
import * as postingAttempts from './sql/posting-attempts.queries';

/** One row of the admin list: the attempt and whether an operator may retry it now. */
export interface PostingAttemptListItem {
  attempt: PostingAttempt;
  retryable: boolean;
}

export interface PostingAttemptListFilter {
  status?: PostingAttemptStatus;
  page: number;
  size: number;
}

const SQL = sqlStatements('payments', postingAttempts);

/**
 * One page of posting attempts, newest first, each with `retryable` decided by the same rule
 * as the retry itself. One statement for the page and its total: the facts the rule needs
 * (the payment's status, its latest cycle) are joined to each row, never read row by row. The
 * total comes from its own scalar subquery, so a page past the end still answers it (one row
 * of nulls carrying the total).
 */
export async function listPostingAttempts(
  manager: EntityManager,
  filter: PostingAttemptListFilter,
): Promise<Page<PostingAttemptListItem>> {
  const rows = await run(executorOn(manager), SQL.postingAttemptPage, {
    status: filter.status ?? null,
    limit: filter.size,
    offset: filter.page * filter.size,
  });
  const items = rows.flatMap((row) => {
    // A page past the end answers one row of nulls carrying the total.
    if (row.id === null) return [];
    const attempt = toPostingAttempt({ ...row, id: row.id });
    const retryable = isPostingRetryable({
      attemptStatus: attempt.status,
      cycle: attempt.cycle,
      latestCycle: Number(row.latest_cycle),
      paymentStatus: oneOfOrNull(PAYMENT_STATUSES, row.payment_status, 'payments.status'),
    });
    return [{ attempt, retryable }];
  });
  return toPage(items, rows[0]?.total_items ?? 0, filter);
}
