import { Injectable } from '@nestjs/common';
import { EntityManager, In } from 'typeorm';
import {
  MerchantWebhookAttempt,
  MerchantWebhookDelivery,
  MerchantWebhookEndpoint,
  MerchantWebhookEvent,
} from './merchant-webhook.entities';

/** How many deliveries `GET .../deliveries` shows, newest first. */
export const DELIVERY_PAGE_SIZE = 50;

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

  /** The endpoint's latest deliveries, newest first. */
  latestDeliveries(manager: EntityManager, endpointId: string): Promise<MerchantWebhookDelivery[]> {
    return manager.find(MerchantWebhookDelivery, {
      where: { endpointId },
      order: { id: 'DESC' },
      take: DELIVERY_PAGE_SIZE,
    });
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
