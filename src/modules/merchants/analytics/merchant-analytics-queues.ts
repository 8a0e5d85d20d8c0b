/**
 * Analytics' queues: `rollup` gets one job per outbox event analytics counts (the relay's, job id =
 * event id); `prune` carries the repeatable prune of the counted events' ids past their retention.
 */
export const MERCHANT_ANALYTICS_QUEUES = {
  rollup: 'merchant-analytics-rollup',
  prune: 'merchant-analytics-prune',
} as const;

export const MERCHANT_ANALYTICS_PRUNE_JOB = 'prune';
