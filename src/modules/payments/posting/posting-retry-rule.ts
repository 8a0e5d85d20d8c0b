import type { PaymentStatus } from '../core/payment.entity';
import type { PostingAttemptStatus } from './posting-attempt.entity';

/** What decides whether an operator may retry a posting attempt. */
export interface PostingRetryFacts {
  attemptStatus: PostingAttemptStatus;
  cycle: number;
  /** The highest cycle of the attempt's payment. */
  latestCycle: number;
  /** Null when the payment cannot be found. */
  paymentStatus: PaymentStatus | null;
}

/**
 * Why `POST /admin/posting-attempts/{id}/retry` refuses an attempt (409 `NOT_RETRYABLE`), or
 * null when it accepts it. The one rule behind both the retry and the list's `retryable`, so
 * the list never offers a retry the route then refuses.
 *
 * Only a FAILED cycle is retried, and only the latest of its payment: an older one was already
 * followed by another cycle, so retrying it would post again beside that cycle's outcome. The
 * payment must still be PROCESSING: one that settled (SUCCEEDED, FAILED, REFUNDED) has nothing
 * left to post.
 */
export function postingRetryRefusal(facts: PostingRetryFacts): string | null {
  if (facts.attemptStatus !== 'FAILED') {
    return `The posting attempt is ${facts.attemptStatus}; only a FAILED one can be retried`;
  }
  if (facts.cycle < facts.latestCycle) {
    return `Cycle ${facts.cycle} was followed by cycle ${facts.latestCycle}; only the latest cycle can be retried`;
  }
  if (facts.paymentStatus !== 'PROCESSING') {
    return `The payment is ${facts.paymentStatus ?? 'gone'}; only a PROCESSING payment can be posted again`;
  }
  return null;
}

export function isPostingRetryable(facts: PostingRetryFacts): boolean {
  return postingRetryRefusal(facts) === null;
}
