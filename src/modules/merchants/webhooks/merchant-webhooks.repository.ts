import { Injectable } from '@nestjs/common';
import { EntityManager, In } from 'typeorm';
import { sqlStatements } from '../../../platform/database/sql-query';
import { executorOn, run } from '../../../platform/database/statement-executor';
import {
  MerchantWebhookAttempt,
  MerchantWebhookDelivery,
  MerchantWebhookEndpoint,
  MerchantWebhookEvent,
  WebhookDeliveryStatus,
} from './merchant-webhook.entities';
import * as webhooks from './sql/webhooks.queries';

const SQL = sqlStatements('merchants', webhooks);

/** The deliveries of an endpoint a list shows. */
export interface DeliveryFilter {
  endpointId: string;
  status?: WebhookDeliveryStatus;
}

function whereOf(filter: DeliveryFilter) {
  return filter.status === undefined
    ? { endpointId: filter.endpointId }
    : { endpointId: filter.endpointId, status: filter.status };
}

/** A PENDING delivery whose next attempt is due, as the sweeper sees it. */
export interface DueDelivery {
  id: string;
  livemode: boolean;
  /** Scheduled (not manual) attempts made: the next one's place in the mode's schedule. */
  scheduledAttempts: number;
}

/** Named reads and writes of the merchants context's webhook tables (TypeORM, no joins). */
@Injectable()
export class MerchantWebhooksRepository {
  /** The merchant's endpoints of both modes, oldest first. */
  endpointsOf(manager: EntityManager, merchantId: string): Promise<MerchantWebhookEndpoint[]> {
    return manager.find(MerchantWebhookEndpoint, { where: { merchantId }, order: { createdAt: 'ASC', id: 'ASC' } });
  }

  countOf(manager: EntityManager, merchantId: string, livemode: boolean): Promise<number> {
    return manager.count(MerchantWebhookEndpoint, { where: { merchantId, livemode } });
  }

  findEndpoint(manager: EntityManager, merchantId: string, id: string): Promise<MerchantWebhookEndpoint | null> {
    return manager.findOne(MerchantWebhookEndpoint, { where: { id, merchantId } });
  }

  findEndpointById(manager: EntityManager, id: string): Promise<MerchantWebhookEndpoint | null> {
    return manager.findOne(MerchantWebhookEndpoint, { where: { id } });
  }

  lockEndpoint(manager: EntityManager, merchantId: string, id: string): Promise<MerchantWebhookEndpoint | null> {
    return manager.findOne(MerchantWebhookEndpoint, { where: { id, merchantId }, lock: { mode: 'pessimistic_write' } });
  }

  /** The ENABLED endpoints of a merchant and mode (each one's `enabledEvents` is checked by the caller). */
  enabledEndpoints(manager: EntityManager, merchantId: string, livemode: boolean): Promise<MerchantWebhookEndpoint[]> {
    return manager.find(MerchantWebhookEndpoint, {
      where: { merchantId, livemode, status: 'ENABLED' },
      order: { createdAt: 'ASC', id: 'ASC' },
    });
  }

  async insertEndpoint(manager: EntityManager, endpoint: MerchantWebhookEndpoint): Promise<void> {
    await manager.insert(MerchantWebhookEndpoint, endpoint);
  }

  async updateEndpoint(manager: EntityManager, id: string, change: Partial<MerchantWebhookEndpoint>): Promise<void> {
    await manager.update(MerchantWebhookEndpoint, { id }, change);
  }

  /** Deletes the endpoint with its deliveries and their attempts (cascade); the events stay. */
  async deleteEndpoint(manager: EntityManager, id: string): Promise<void> {
    await manager.delete(MerchantWebhookEndpoint, { id });
  }

  /** Records the event once (a redelivered outbox event finds its row). */
  async insertEvent(manager: EntityManager, event: MerchantWebhookEvent): Promise<void> {
    await manager.createQueryBuilder().insert().into(MerchantWebhookEvent).values(event).orIgnore().execute();
  }

  findEvent(manager: EntityManager, id: string): Promise<MerchantWebhookEvent | null> {
    return manager.findOne(MerchantWebhookEvent, { where: { id } });
  }

  /** Records the delivery once per (event, endpoint). */
  async insertDelivery(manager: EntityManager, delivery: MerchantWebhookDelivery): Promise<void> {
    await manager.createQueryBuilder().insert().into(MerchantWebhookDelivery).values(delivery).orIgnore().execute();
  }

  deliveriesOfEvent(manager: EntityManager, eventId: string): Promise<MerchantWebhookDelivery[]> {
    return manager.find(MerchantWebhookDelivery, { where: { eventId }, order: { id: 'ASC' } });
  }

  findDelivery(manager: EntityManager, id: string): Promise<MerchantWebhookDelivery | null> {
    return manager.findOne(MerchantWebhookDelivery, { where: { id } });
  }

  lockDelivery(manager: EntityManager, id: string): Promise<MerchantWebhookDelivery | null> {
    return manager.findOne(MerchantWebhookDelivery, { where: { id }, lock: { mode: 'pessimistic_write' } });
  }

  findDeliveryOf(
    manager: EntityManager,
    merchantId: string,
    endpointId: string,
    id: string,
  ): Promise<MerchantWebhookDelivery | null> {
    return manager.findOne(MerchantWebhookDelivery, { where: { id, merchantId, endpointId } });
  }

  /** One page of the endpoint's deliveries (in one state, if given), newest first (ids are UUIDv7: creation order). */
  deliveriesPage(
    manager: EntityManager,
    filter: DeliveryFilter,
    page: { offset: number; size: number },
  ): Promise<MerchantWebhookDelivery[]> {
    return manager.find(MerchantWebhookDelivery, {
      where: whereOf(filter),
      order: { id: 'DESC' },
      skip: page.offset,
      take: page.size,
    });
  }

  countDeliveries(manager: EntityManager, filter: DeliveryFilter): Promise<number> {
    return manager.count(MerchantWebhookDelivery, { where: whereOf(filter) });
  }

  /** PENDING deliveries whose next attempt was due before `dueBefore`, oldest due first. */
  async dueDeliveries(manager: EntityManager, dueBefore: Date, limit: number): Promise<DueDelivery[]> {
    const rows = await run(executorOn(manager), SQL.dueDeliveries, { dueBefore, limit });
    return rows.map((row) => ({ id: row.id, livemode: row.livemode, scheduledAttempts: row.scheduled_attempts }));
  }

  /** Deletes up to `limit` events created before `before` with their deliveries and attempts; answers the counts. */
  async purgeEventsBefore(
    manager: EntityManager,
    before: Date,
    limit: number,
  ): Promise<{ events: number; deliveries: number }> {
    const rows = await run(executorOn(manager), SQL.purgeEventsBefore, { before, limit });
    return { events: rows.length, deliveries: rows[0]?.deliveries ?? 0 };
  }

  async updateDelivery(manager: EntityManager, id: string, change: Partial<MerchantWebhookDelivery>): Promise<void> {
    await manager.update(MerchantWebhookDelivery, { id }, change);
  }

  /** The attempts of these deliveries, in order. */
  attemptsOf(manager: EntityManager, deliveryIds: string[]): Promise<MerchantWebhookAttempt[]> {
    if (deliveryIds.length === 0) return Promise.resolve([]);
    return manager.find(MerchantWebhookAttempt, {
      where: { deliveryId: In(deliveryIds) },
      order: { attemptNumber: 'ASC' },
    });
  }

  async insertAttempt(manager: EntityManager, attempt: MerchantWebhookAttempt): Promise<void> {
    await manager.insert(MerchantWebhookAttempt, attempt);
  }
}
