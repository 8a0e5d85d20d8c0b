import type { Logger } from '@nestjs/common';
import type { Job } from 'bull';
import { plainToInstance, type ClassConstructor } from 'class-transformer';
import { validateSync } from 'class-validator';
import type { OutboxEventJob } from '../queue/queues';
import { memoizeValidationMetadata } from '../validation/validation-metadata-cache';
import type { OutboxEventPayloads, OutboxEventType } from './outbox-events';

/** An event that no retry can turn into its effect: its payload breaks the contract its type declares. */
export class UnusableEventError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UnusableEventError';
  }
}

/** An event's type and its payload, typed together: switching on `eventType` narrows `payload`. */
export type EventAndPayload<E extends OutboxEventType = OutboxEventType> = {
  [K in E]: { eventType: K; payload: OutboxEventPayloads[K] };
}[E];

/** An outbox event as a consumer handles it: the job, with the payload checked against its type's class. */
export type ReceivedOutboxEvent<E extends OutboxEventType = OutboxEventType> = Omit<
  OutboxEventJob,
  'eventType' | 'payload'
> &
  EventAndPayload<E>;

/** What a reader reads: a job, or any event type with a payload not yet checked. */
interface UncheckedEvent {
  eventType: string;
  payload: unknown;
}

/** For each event a consumer reads, the payload class (with its class-validator rules) it is checked against. */
export type EventPayloadClasses<E extends OutboxEventType> = {
  readonly [K in E]: ClassConstructor<OutboxEventPayloads[K]>;
};

/** The event types an `OutboxEventReader` reads. */
export type EventsReadBy<R> = R extends OutboxEventReader<infer E> ? E : never;

/**
 * What a consumer reads, declared once: the event types it takes, each with the payload class
 * its producer declares. `events` is what the consumer's module listens to (`@ListensTo`);
 * `read` is the consumer's boundary, where a job's payload is checked and typed, so a handler
 * takes a `ReceivedOutboxEvent` of exactly those types and never re-checks a field.
 */
export class OutboxEventReader<E extends OutboxEventType> {
  /** The event types read, in the order declared. */
  readonly events: readonly E[];
  // A Map, not the object: an event type from a job must never reach `toString` or `__proto__`.
  private readonly classes: ReadonlyMap<string, ClassConstructor<object>>;

  constructor(classes: EventPayloadClasses<E>) {
    const entries: [E, ClassConstructor<object>][] = (Object.keys(classes) as E[]).map((type) => [type, classes[type]]);
    this.events = entries.map(([type]) => type);
    this.classes = new Map(entries);
    memoizeValidationMetadata();
  }

  /** Whether `eventType` is one this reader takes. */
  reads(eventType: string): eventType is E {
    return this.classes.has(eventType);
  }

  /**
   * The job's event with its payload checked, or null for an event type this reader does not
   * take. Throws UnusableEventError naming every field that breaks the payload class's rules.
   */
  read(job: OutboxEventJob): ReceivedOutboxEvent<E> | null;
  read(event: UncheckedEvent): EventAndPayload<E> | null;
  read(event: UncheckedEvent): EventAndPayload<E> | null {
    const payloadClass = this.classes.get(event.eventType);
    if (!payloadClass) return null;
    const payload = checkedPayload(event.eventType, payloadClass, event.payload);
    return { ...event, payload } as EventAndPayload<E>;
  }
}

/**
 * `payload` as an instance of `payloadClass` when it is an object whose own fields pass the
 * class's rules (inherited properties are never read); else UnusableEventError.
 */
function checkedPayload(eventType: string, payloadClass: ClassConstructor<object>, payload: unknown): object {
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) {
    throw new UnusableEventError(`${eventType} payload: not an object`);
  }
  const instance = plainToInstance(payloadClass, payload);
  const problems = validateSync(instance).map((error) => error.property);
  if (problems.length > 0) throw new UnusableEventError(`${eventType} payload: bad ${problems.join(', ')}`);
  return instance;
}

/**
 * Runs a consumer's handling of one outbox job. An event no retry can use (UnusableEventError)
 * is the producer's fault, not this process's: it is logged once with the reason (a stack trace
 * of the check would say nothing) and the job discarded, so Bull fails it now instead of
 * retrying it; the failed job keeps the event and the reason for an operator. Any other error
 * fails the attempt, and Bull retries it.
 */
export async function consumeOutboxJob<T>(
  job: Pick<Job<OutboxEventJob>, 'data' | 'discard'>,
  logger: Pick<Logger, 'warn'>,
  handle: (job: OutboxEventJob) => Promise<T>,
): Promise<T> {
  try {
    return await handle(job.data);
  } catch (error) {
    if (error instanceof UnusableEventError) {
      logger.warn(
        { eventId: job.data.eventId, eventType: job.data.eventType, reason: error.message },
        'outbox event unusable: job failed without retries',
      );
      await job.discard();
    }
    throw error;
  }
}
