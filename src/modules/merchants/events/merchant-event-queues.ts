/**
 * The event stream's queues: `stream` gets one job per merchant-facing outbox event (the relay's,
 * job id = event id); `purge` carries the repeatable purge of events past the window.
 */
export const MERCHANT_EVENT_QUEUES = {
  stream: 'merchant-event-stream',
  purge: 'merchant-event-purge',
} as const;

export const MERCHANT_EVENT_PURGE_JOB = 'purge';
