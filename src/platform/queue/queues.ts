import type { JobOptions } from 'bull';

/**
 * Every Bull queue, its job payloads and its retry policy, in one place. A context that
 * consumes outbox events lists the event types its queue receives in `OUTBOX_EVENT_QUEUES`.
 */
export const QUEUE_NAMES = [] as const satisfies readonly string[];
export type QueueName = (typeof QUEUE_NAMES)[number];

/** Outbox event type -> the queues that receive a job per event (job id = outbox event id). */
export const OUTBOX_EVENT_QUEUES: Readonly<Record<string, readonly string[]>> = {};

/** Job payload of a queue fed by the outbox relay. */
export interface OutboxEventJob {
  eventId: string;
  eventType: string;
  aggregateType: string;
  aggregateId: string;
  payload: Record<string, unknown>;
  occurredAt: string;
}

export const DEFAULT_JOB_OPTIONS: JobOptions = {
  attempts: 8,
  backoff: { type: 'exponential', delay: 1000 },
  removeOnComplete: 1000,
  removeOnFail: 5000,
};

/** Redis pub/sub channel on which every published outbox event is broadcast. */
export const EVENTS_CHANNEL = 'events';
