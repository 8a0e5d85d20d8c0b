import type { JobOptions } from 'bull';

/**
 * What every queue fed by the outbox shares: the job payload and the retry policy. The queues
 * themselves, the events and their payloads belong to the contexts (`<context>.events.ts`); a
 * consuming context declares what it listens to with `@ListensTo` (platform/outbox).
 */

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
