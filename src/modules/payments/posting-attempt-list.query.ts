import type { EntityManager } from 'typeorm';
import { entityColumns } from '../../platform/database/entity-columns';
import { hydrateEntity } from '../../platform/database/prepared-entity-read';
import { Page, toPage } from '../../platform/http/pagination';
import type { PaymentStatus } from './payment.entity';
import { PostingAttempt, PostingAttemptStatus } from './posting-attempt.entity';
import { isPostingRetryable } from './posting-retry-rule';

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

const ATTEMPT_PREFIX = 'attempt.';

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
  const rows = await manager.query<Record<string, unknown>[]>(
    `SELECT total.items AS total_items, listed.*
       FROM (SELECT count(*)::int AS items FROM posting_attempts WHERE $1::text IS NULL OR status = $1) total
       LEFT JOIN LATERAL (
         SELECT ${entityColumns(manager.connection, PostingAttempt, 'a', ATTEMPT_PREFIX)},
                p.status AS payment_status,
                (SELECT max(cycle) FROM posting_attempts c WHERE c.payment_id = a.payment_id) AS latest_cycle
           FROM posting_attempts a
           LEFT JOIN payments p ON p.id = a.payment_id
          WHERE $1::text IS NULL OR a.status = $1
          ORDER BY a.created_at DESC, a.id DESC
          LIMIT $2 OFFSET $3
       ) listed ON true`,
    [filter.status ?? null, filter.size, filter.page * filter.size],
  );
  const items = rows
    .filter((row) => row[`${ATTEMPT_PREFIX}id`] !== null)
    .map((row) => {
      const attempt = hydrateEntity(manager, PostingAttempt, row, ATTEMPT_PREFIX);
      const retryable = isPostingRetryable({
        attemptStatus: attempt.status,
        cycle: attempt.cycle,
        latestCycle: Number(row.latest_cycle),
        paymentStatus: (row.payment_status as PaymentStatus | null) ?? null,
      });
      return { attempt, retryable };
    });
  return toPage(items, Number(rows[0]?.total_items ?? 0), filter);
}
