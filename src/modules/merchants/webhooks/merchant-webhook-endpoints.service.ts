import { Injectable, Logger } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { Clock } from '../../../platform/clock/clock';
import { FieldCipher } from '../../../platform/crypto/field-cipher';
import { newId } from '../../../platform/database/new-id';
import type { ClientInfo } from '../../../platform/http/client-info.decorator';
import { Page, toPage } from '../../../platform/http/pagination';
import { GuardedHttpClient } from '../../../platform/outbound/guarded-http-client';
import { MerchantAuditActor, MerchantAuditWriter } from '../onboarding/merchant-audit.writer';
import { MerchantDirectory } from '../onboarding/merchant-directory.service';
import {
  MerchantWebhookAttempt,
  MerchantWebhookDelivery,
  MerchantWebhookEndpoint,
  WebhookDeliveryStatus,
  WebhookEndpointStatus,
} from './merchant-webhook.entities';
import { MerchantWebhookError } from './merchant-webhooks.errors';
import { MerchantWebhooksRepository } from './merchant-webhooks.repository';
import { ALL_EVENTS, eventEnvelope, WEBHOOK_EVENT_TYPES, WEBHOOK_TEST_EVENT } from './webhook-events';
import { WebhookDeliveryQueue } from './webhook-queues';
import { newWebhookSecret, ROTATION_OVERLAP_MS, WEBHOOK_SECRET_PURPOSE } from './webhook-secrets';
import { parseWebhookUrl } from './webhook-url';

/** Endpoints per merchant and mode. */
export const MAX_ENDPOINTS_PER_MODE = 16;

/** How long an event can be sent again (design section 7: events kept 30 days). */
export const EVENT_REDELIVERY_DAYS = 30;

/** Who acts: the member, for the audit log and `created_by_user_id`. */
export interface WebhookActor {
  actor: MerchantAuditActor;
  userId: string;
}

export interface NewEndpoint {
  url: string;
  enabledEvents: string[];
  description?: string | null;
  livemode?: boolean;
}

export interface EndpointChange {
  url?: string;
  enabledEvents?: string[];
  description?: string | null;
  status?: WebhookEndpointStatus;
}

/** An endpoint with its secret in clear: the answer to a creation or a rotation, shown that once. */
export interface EndpointWithSecret {
  endpoint: MerchantWebhookEndpoint;
  secret: string;
}

/** A delivery with its attempts, oldest attempt first. */
export interface DeliveryView {
  delivery: MerchantWebhookDelivery;
  attempts: MerchantWebhookAttempt[];
}

/**
 * A merchant's webhook endpoints (design/merchants.md section 7): registering one (the URL
 * checked by the outbound guard, the secret sealed at rest and shown once), changing, disabling,
 * deleting, rotating the secret (the old one signs 24 h more), a test event, the deliveries and
 * a retry. Every change is audited in its own transaction.
 */
@Injectable()
export class MerchantWebhookEndpointsService {
  private readonly logger = new Logger(MerchantWebhookEndpointsService.name);

  constructor(
    private readonly dataSource: DataSource,
    private readonly repository: MerchantWebhooksRepository,
    private readonly merchants: MerchantDirectory,
    private readonly audit: MerchantAuditWriter,
    private readonly cipher: FieldCipher,
    private readonly http: GuardedHttpClient,
    private readonly queue: WebhookDeliveryQueue,
    private readonly clock: Clock,
  ) {}

  list(merchantId: string): Promise<MerchantWebhookEndpoint[]> {
    return this.repository.endpointsOf(this.dataSource.manager, merchantId);
  }

  async get(merchantId: string, id: string): Promise<MerchantWebhookEndpoint> {
    const found = await this.repository.findEndpoint(this.dataSource.manager, merchantId, id);
    if (!found) throw notFound();
    return found;
  }

  /**
   * Registers an endpoint, ENABLED, with a new secret. 400 WEBHOOK_URL_INVALID (not https, or it
   * leads to an address that is not public), 400 WEBHOOK_EVENT_TYPE_UNKNOWN, 422
   * WEBHOOK_ENDPOINT_LIMIT_REACHED past 16 per mode (counted under the merchant's lock).
   */
  async create(
    merchantId: string,
    input: NewEndpoint,
    by: WebhookActor,
    client: ClientInfo,
  ): Promise<EndpointWithSecret> {
    const url = await this.checkedUrl(input.url);
    const enabledEvents = checkedEvents(input.enabledEvents);
    const livemode = input.livemode ?? false;
    const now = this.clock.now();
    const id = newId();
    const secret = newWebhookSecret();
    const endpoint: MerchantWebhookEndpoint = {
      id,
      merchantId,
      livemode,
      url,
      description: input.description ?? null,
      enabledEvents,
      status: 'ENABLED',
      disabledReason: null,
      secretSealed: this.cipher.encrypt(WEBHOOK_SECRET_PURPOSE, id, secret),
      previousSecretSealed: null,
      previousSecretExpiresAt: null,
      failingSince: null,
      createdByUserId: by.userId,
      createdAt: now,
      updatedAt: now,
    };
    await this.dataSource.transaction(async (manager) => {
      if (!(await this.merchants.lockById(manager, merchantId))) throw notFound();
      if ((await this.repository.countOf(manager, merchantId, livemode)) >= MAX_ENDPOINTS_PER_MODE) {
        throw new MerchantWebhookError(
          'WEBHOOK_ENDPOINT_LIMIT_REACHED',
          `At most ${MAX_ENDPOINTS_PER_MODE} webhook endpoints per merchant and mode; delete one first`,
        );
      }
      await this.repository.insertEndpoint(manager, endpoint);
      await this.audit.record(manager, {
        merchantId,
        action: 'WEBHOOK_ENDPOINT_CREATED',
        actor: by.actor,
        target: { type: 'webhook_endpoint', id },
        client,
        details: { url, livemode, enabledEvents },
      });
    });
    return { endpoint, secret };
  }

  /**
   * Changes the URL (checked again), the events, the description or the status. ENABLED again
   * clears the reason and the failing streak. Audited `WEBHOOK_ENDPOINT_UPDATED` with the fields changed.
   */
  async update(
    merchantId: string,
    id: string,
    change: EndpointChange,
    actor: MerchantAuditActor,
    client: ClientInfo,
  ): Promise<MerchantWebhookEndpoint> {
    const url = change.url === undefined ? undefined : await this.checkedUrl(change.url);
    const enabledEvents = change.enabledEvents === undefined ? undefined : checkedEvents(change.enabledEvents);
    const now = this.clock.now();
    return this.dataSource.transaction(async (manager) => {
      const found = await this.repository.lockEndpoint(manager, merchantId, id);
      if (!found) throw notFound();
      const next: Partial<MerchantWebhookEndpoint> = {};
      if (url !== undefined && url !== found.url) next.url = url;
      if (enabledEvents !== undefined) next.enabledEvents = enabledEvents;
      if (change.description !== undefined) next.description = change.description;
      if (change.status !== undefined && change.status !== found.status) {
        next.status = change.status;
        next.disabledReason = change.status === 'DISABLED' ? 'MERCHANT' : null;
        next.failingSince = null;
      }
      const updated = { ...found, ...next, updatedAt: now };
      await this.repository.updateEndpoint(manager, id, { ...next, updatedAt: now });
      await this.audit.record(manager, {
        merchantId,
        action: 'WEBHOOK_ENDPOINT_UPDATED',
        actor,
        target: { type: 'webhook_endpoint', id },
        client,
        details: {
          changed: Object.keys(next).filter((key) => key !== 'disabledReason' && key !== 'failingSince'),
          url: updated.url,
          enabledEvents: updated.enabledEvents,
          status: updated.status,
        },
      });
      return updated;
    });
  }

  /** Deletes the endpoint, its deliveries and their attempts; pending jobs find nothing and stop. */
  async remove(merchantId: string, id: string, actor: MerchantAuditActor, client: ClientInfo): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      const found = await this.repository.lockEndpoint(manager, merchantId, id);
      if (!found) throw notFound();
      await this.repository.deleteEndpoint(manager, id);
      await this.audit.record(manager, {
        merchantId,
        action: 'WEBHOOK_ENDPOINT_DELETED',
        actor,
        target: { type: 'webhook_endpoint', id },
        client,
        details: { url: found.url, livemode: found.livemode },
      });
    });
  }

  /**
   * A new secret; the current one keeps signing for 24 h (both signatures go with every delivery
   * meanwhile). A rotation during an overlap ends the older secret's overlap at once.
   */
  async rotateSecret(
    merchantId: string,
    id: string,
    actor: MerchantAuditActor,
    client: ClientInfo,
  ): Promise<EndpointWithSecret> {
    const now = this.clock.now();
    const secret = newWebhookSecret();
    return this.dataSource.transaction(async (manager) => {
      const found = await this.repository.lockEndpoint(manager, merchantId, id);
      if (!found) throw notFound();
      const change = {
        secretSealed: this.cipher.encrypt(WEBHOOK_SECRET_PURPOSE, id, secret),
        previousSecretSealed: found.secretSealed,
        previousSecretExpiresAt: new Date(now.getTime() + ROTATION_OVERLAP_MS),
        updatedAt: now,
      };
      await this.repository.updateEndpoint(manager, id, change);
      await this.audit.record(manager, {
        merchantId,
        action: 'WEBHOOK_ENDPOINT_SECRET_ROTATED',
        actor,
        target: { type: 'webhook_endpoint', id },
        client,
        details: { previousSecretExpiresAt: change.previousSecretExpiresAt.toISOString() },
      });
      return { endpoint: { ...found, ...change }, secret };
    });
  }

  /**
   * Sends a `webhook.test` event to the endpoint (whatever its `enabledEvents` and status): one
   * attempt, recorded like any other. Answers the delivery, PENDING until the worker tries it.
   */
  async sendTest(merchantId: string, id: string): Promise<DeliveryView> {
    const endpoint = await this.get(merchantId, id);
    const now = this.clock.now();
    const eventId = newId();
    const delivery: MerchantWebhookDelivery = {
      id: newId(),
      merchantId,
      endpointId: id,
      eventId,
      eventType: WEBHOOK_TEST_EVENT,
      status: 'PENDING',
      attemptCount: 0,
      nextAttemptAt: now,
      lastAttemptAt: null,
      createdAt: now,
    };
    await this.dataSource.transaction(async (manager) => {
      await this.repository.insertEvent(manager, {
        id: eventId,
        merchantId,
        livemode: endpoint.livemode,
        type: WEBHOOK_TEST_EVENT,
        body: eventEnvelope({
          id: eventId,
          type: WEBHOOK_TEST_EVENT,
          createdAt: now,
          livemode: endpoint.livemode,
          object: { endpointId: id, message: 'A test event sent on request; it changes nothing.' },
        }),
        createdAt: now,
      });
      await this.repository.insertDelivery(manager, delivery);
    });
    await this.queue.once(delivery.id, 'test', true);
    return { delivery, attempts: [] };
  }

  /**
   * One page of the endpoint's deliveries, newest first, each with its attempts; the page and
   * the total read in one snapshot.
   */
  async deliveries(
    merchantId: string,
    id: string,
    query: { page: number; size: number; status?: WebhookDeliveryStatus },
  ): Promise<Page<DeliveryView>> {
    await this.get(merchantId, id);
    let total = 0;
    const filter = { endpointId: id, status: query.status };
    const items = await this.views(async (manager) => {
      total = await this.repository.countDeliveries(manager, filter);
      return this.repository.deliveriesPage(manager, filter, { offset: query.page * query.size, size: query.size });
    });
    return toPage(items, total, query);
  }

  /**
   * Deliveries with their attempts read in one snapshot: each as one worker transaction left it,
   * never an attempt committed between two reads beside its delivery as it was before.
   */
  private views(read: (manager: EntityManager) => Promise<MerchantWebhookDelivery[]>): Promise<DeliveryView[]> {
    return this.dataSource.transaction('REPEATABLE READ', async (manager) => {
      const deliveries = await read(manager);
      const attempts = await this.repository.attemptsOf(
        manager,
        deliveries.map((delivery) => delivery.id),
      );
      return deliveries.map((delivery) => ({
        delivery,
        attempts: attempts.filter((attempt) => attempt.deliveryId === delivery.id),
      }));
    });
  }

  /**
   * One more attempt at a delivery, now, outside the schedule (same event id and body); whatever
   * the delivery's status. 404 for a delivery not of this endpoint and merchant.
   */
  async retry(merchantId: string, endpointId: string, deliveryId: string): Promise<DeliveryView> {
    const [view] = await this.views(async (manager) => {
      const delivery = await this.repository.findDeliveryOf(manager, merchantId, endpointId, deliveryId);
      return delivery ? [delivery] : [];
    });
    if (!view) throw new MerchantWebhookError('NOT_FOUND', 'No such delivery of this webhook endpoint');
    await this.queue.once(view.delivery.id, `retry-${newId()}`);
    return view;
  }

  /**
   * One more attempt now at every delivery of an event of the merchant's (each endpoint it went
   * to, whatever its status), with the same id and body. 404 for an event of another merchant,
   * none, or one older than 30 days.
   */
  async redeliver(merchantId: string, eventId: string): Promise<DeliveryView[]> {
    const manager = this.dataSource.manager;
    const event = await this.repository.findEvent(manager, eventId);
    const oldest = this.clock.now().getTime() - EVENT_REDELIVERY_DAYS * 24 * 3600 * 1000;
    if (!event || event.merchantId !== merchantId || event.createdAt.getTime() < oldest) {
      throw new MerchantWebhookError('NOT_FOUND', 'No such event of this merchant in the last 30 days');
    }
    const views = await this.views((reader) => this.repository.deliveriesOfEvent(reader, eventId));
    for (const { delivery } of views) await this.queue.once(delivery.id, `redeliver-${newId()}`);
    return views;
  }

  /** The URL, parsed and vetted by the outbound guard (public addresses only); else 400 WEBHOOK_URL_INVALID. */
  private async checkedUrl(input: string): Promise<string> {
    const parsed = parseWebhookUrl(input);
    if (!parsed.ok) {
      throw new MerchantWebhookError('WEBHOOK_URL_INVALID', `Not an accepted webhook URL: it ${parsed.reason}`, [
        { field: 'url', message: parsed.reason },
      ]);
    }
    const refusal = await this.http.vet(parsed.url);
    if (refusal !== null) {
      if (refusal.refusedRange) this.logger.warn(`webhook URL refused: ${refusal.refusedRange} address`);
      throw new MerchantWebhookError('WEBHOOK_URL_INVALID', `Not an accepted webhook URL: ${refusal.message}`, [
        { field: 'url', message: refusal.message },
      ]);
    }
    return parsed.url;
  }
}

/** `["*"]`, or known public types without repeats (in the order given). */
function checkedEvents(input: string[]): string[] {
  if (input.includes(ALL_EVENTS)) {
    if (input.length > 1) {
      throw new MerchantWebhookError('WEBHOOK_EVENT_TYPE_UNKNOWN', '`*` stands alone: it means every event type', [
        { field: 'enabledEvents', message: '`*` mixed with named types' },
      ]);
    }
    return [ALL_EVENTS];
  }
  const unknown = input.filter((type) => !(WEBHOOK_EVENT_TYPES as string[]).includes(type));
  if (unknown.length > 0) {
    throw new MerchantWebhookError(
      'WEBHOOK_EVENT_TYPE_UNKNOWN',
      `Unknown event types: ${unknown.join(', ')}`,
      unknown.map((type) => ({ field: 'enabledEvents', message: type })),
    );
  }
  return [...new Set(input)];
}

function notFound(): MerchantWebhookError {
  return new MerchantWebhookError('NOT_FOUND', 'No such webhook endpoint in this merchant');
}
