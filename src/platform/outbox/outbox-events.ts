/**
 * Every outbox event's payload, by event type. The platform declares none: each context adds
 * its own in its `<context>.events.ts`, next to the payload types, by declaration merging:
 *
 *   declare module '../../platform/outbox/outbox-events' {
 *     interface OutboxEventPayloads {
 *       [PAYMENT_EVENTS.succeeded]: PaymentEventPayload;
 *     }
 *   }
 *
 * Writing an event (`OutboxMessage`) and reading one (`OutboxEventReader`) are typed by it.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by the contexts' declarations, merged into it
export interface OutboxEventPayloads {}

/** The type of an event some context declares, e.g. `payment.succeeded`. */
export type OutboxEventType = keyof OutboxEventPayloads;

/** One event of type `E` for the outbox: the aggregate it is about, and the payload its context declares for it. */
export interface OutboxMessageOf<E extends OutboxEventType> {
  /** Dotted event name, e.g. `payment.succeeded`. */
  eventType: E;
  aggregateType: string;
  aggregateId: string;
  payload: OutboxEventPayloads[E];
}

/** An event of any (or any of the given) declared types; a payload that is not its type's does not compile. */
export type OutboxMessage<E extends OutboxEventType = OutboxEventType> = { [K in E]: OutboxMessageOf<K> }[E];
