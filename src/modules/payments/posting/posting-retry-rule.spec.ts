import { POSTING_ATTEMPT_STATUSES } from './posting-attempt.entity';
import { PAYMENT_STATUSES } from '../core/payment.entity';
import { isPostingRetryable, postingRetryRefusal, PostingRetryFacts } from './posting-retry-rule';

const retryable: PostingRetryFacts = { attemptStatus: 'FAILED', cycle: 2, latestCycle: 2, paymentStatus: 'PROCESSING' };

describe('posting retry rule', () => {
  it('accepts the latest cycle, FAILED, of a payment still PROCESSING', () => {
    expect(postingRetryRefusal(retryable)).toBeNull();
    expect(isPostingRetryable(retryable)).toBe(true);
  });

  it('refuses an attempt in any other status', () => {
    for (const attemptStatus of POSTING_ATTEMPT_STATUSES.filter((status) => status !== 'FAILED')) {
      expect(postingRetryRefusal({ ...retryable, attemptStatus })).toBe(
        `The posting attempt is ${attemptStatus}; only a FAILED one can be retried`,
      );
    }
  });

  it('refuses a cycle another one followed', () => {
    expect(postingRetryRefusal({ ...retryable, cycle: 1 })).toMatch(/^Cycle 1 was followed by cycle 2/);
  });

  it('refuses when the payment is anything but PROCESSING, or gone', () => {
    for (const paymentStatus of PAYMENT_STATUSES.filter((status) => status !== 'PROCESSING')) {
      expect(isPostingRetryable({ ...retryable, paymentStatus })).toBe(false);
    }
    expect(postingRetryRefusal({ ...retryable, paymentStatus: null })).toBe(
      'The payment is gone; only a PROCESSING payment can be posted again',
    );
  });
});
