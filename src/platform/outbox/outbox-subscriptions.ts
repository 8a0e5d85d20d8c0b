import type { Type } from '@nestjs/common';
import type { ModulesContainer } from '@nestjs/core';
import type { OutboxEventType } from './outbox-events';

const SUBSCRIPTIONS = Symbol('outbox-subscriptions');

/** A queue that gets one job per outbox event of the listed types (job id = event id). */
export interface OutboxSubscription {
  queue: string;
  events: readonly string[];
}

/**
 * Declares, on the consuming context's module, the outbox events it listens to and the queue
 * they reach it on; only event types some context declares (`outbox-events.ts`) compile. A
 * consumer that reads payloads lists the events of its `OutboxEventReader`, so the queue
 * carries exactly what its processor checks and handles:
 *
 *   @ListensTo(BILLS_QUEUE, BILLS_QUEUE_EVENTS.events)
 *   @Module({ ... })
 *   export class BillsModule {}
 *
 * The relay routes each event to every queue that listens to it, and the metrics count every
 * declared queue, so a new consumer is added by its own context alone. Put it on the module
 * both applications import (not the jobs module, which only the worker has), so the API's
 * metrics know the queue too.
 */
export function ListensTo(queue: string, events: readonly OutboxEventType[]): ClassDecorator {
  return (target) => {
    const declared: OutboxSubscription[] = Reflect.getOwnMetadata(SUBSCRIPTIONS, target) ?? [];
    Reflect.defineMetadata(SUBSCRIPTIONS, [...declared, { queue, events }], target);
  };
}

/** Every subscription declared by a module of the running application. */
export function outboxSubscriptions(modules: ModulesContainer): OutboxSubscription[] {
  const found: OutboxSubscription[] = [];
  const seen = new Set<Type<unknown>>();
  for (const module of modules.values()) {
    const type = module.metatype as Type<unknown> | undefined;
    if (!type || seen.has(type)) continue;
    seen.add(type);
    found.push(...((Reflect.getOwnMetadata(SUBSCRIPTIONS, type) as OutboxSubscription[] | undefined) ?? []));
  }
  return found;
}

/** Event type -> the queues that get a job for it. */
export function routesOf(subscriptions: readonly OutboxSubscription[]): Record<string, readonly string[]> {
  const routes: Record<string, string[]> = {};
  for (const { queue, events } of subscriptions) {
    for (const event of events) {
      const queues = (routes[event] ??= []);
      if (!queues.includes(queue)) queues.push(queue);
    }
  }
  return routes;
}
