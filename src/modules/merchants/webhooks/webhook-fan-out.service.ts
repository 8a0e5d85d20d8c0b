import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Clock } from '../../../platform/clock/clock';
import { newId } from '../../../platform/database/new-id';
import { OutboxEventReader, ReceivedOutboxEvent } from '../../../platform/outbox/outbox-event-reader';
import {
  MERCHANT_EVENTS,
  MerchantBalanceEventPayload,
  MerchantCheckoutSessionEventPayload,
  MerchantKybEventPayload,
  MerchantPaymentDisputeEventPayload,
  MerchantPaymentEventPayload,
  MerchantPaymentRefundEventPayload,
} from '../merchants.events';
import { MerchantWebhooksRepository } from './merchant-webhooks.repository';
import { eventEnvelope, publicEventType, subscribes } from './webhook-events';
import { WebhookDeliveryQueue } from './webhook-queues';

/** The outbox events endpoints hear of, with their payload classes (the queue listens to exactly these). */
export const WEBHOOK_OUTBOX_EVENTS = new OutboxEventReader({
  [MERCHANT_EVENTS.kybStatusChanged]: MerchantKybEventPayload,
  [MERCHANT_EVENTS.checkoutSessionCompleted]: MerchantCheckoutSessionEventPayload,
  [MERCHANT_EVENTS.checkoutSessionExpired]: MerchantCheckoutSessionEventPayload,
  [MERCHANT_EVENTS.paymentSucceeded]: MerchantPaymentEventPayload,
  [MERCHANT_EVENTS.paymentFailed]: MerchantPaymentEventPayload,
  [MERCHANT_EVENTS.paymentRefunded]: MerchantPaymentRefundEventPayload,
  [MERCHANT_EVENTS.paymentDisputed]: MerchantPaymentDisputeEventPayload,
  [MERCHANT_EVENTS.balanceUpdated]: MerchantBalanceEventPayload,
});

/** An event as endpoints see it: whose, which mode, and the object it carries. */
export interface MerchantFacingEvent {
  merchantId: string;
  livemode: boolean;
  object: Record<string, unknown>;
}

/**
 * Turns an outbox event into deliveries: the event is recorded once (its id is the outbox
 * event's, the body fixed, so every attempt sends the same bytes), one delivery per ENABLED
 * endpoint of the merchant and the event's mode that subscribes to its type, then one job per
 * delivery. A redelivered outbox event finds its rows and queues only deliveries never tried.
 */
@Injectable()
export class WebhookFanOut {
  constructor(
    private readonly dataSource: DataSource,
    private readonly repository: MerchantWebhooksRepository,
    private readonly queue: WebhookDeliveryQueue,
    private readonly clock: Clock,
  ) {}

  /** How many deliveries were queued. */
  async onOutboxEvent(event: ReceivedOutboxEvent<(typeof WEBHOOK_OUTBOX_EVENTS.events)[number]>): Promise<number> {
    const type = publicEventType(event.eventType);
    if (type === null) return 0;
    const facing = merchantFacing(event);
    const now = this.clock.now();
    const queued = await this.dataSource.transaction(async (manager) => {
      const endpoints = (await this.repository.enabledEndpoints(manager, facing.merchantId, facing.livemode)).filter(
        (endpoint) => subscribes(endpoint.enabledEvents, type),
      );
      if (endpoints.length === 0) return [];
      const createdAt = new Date(event.occurredAt);
      await this.repository.insertEvent(manager, {
        id: event.eventId,
        merchantId: facing.merchantId,
        livemode: facing.livemode,
        type,
        body: eventEnvelope({ id: event.eventId, type, createdAt, livemode: facing.livemode, object: facing.object }),
        createdAt,
      });
      for (const endpoint of endpoints) {
        await this.repository.insertDelivery(manager, {
          id: newId(),
          merchantId: facing.merchantId,
          endpointId: endpoint.id,
          eventId: event.eventId,
          eventType: type,
          status: 'PENDING',
          attemptCount: 0,
          nextAttemptAt: now,
          lastAttemptAt: null,
          createdAt: now,
        });
      }
      return (await this.repository.deliveriesOfEvent(manager, event.eventId)).filter(
        (delivery) => delivery.status === 'PENDING' && delivery.attemptCount === 0,
      );
    });
    for (const delivery of queued) await this.queue.scheduled(delivery.id, facing.livemode);
    return queued.length;
  }
}

/**
 * Whose event it is and in which mode. A KYB change concerns the merchant's real account, so it
 * is a live-mode event: live endpoints hear of it, test endpoints do not (their events are the
 * sandbox's, and the test event). A checkout session's events are in the session's mode
 * (`livemode` of the payload), and their object is the session as the merchant API names it.
 * A payment's events are in the payment's mode, their object the payment as the merchant sees it
 * (what the payer paid, the fee kept, the net credited; for a dispute, the dispute with its
 * payment's id); a balance's in the balance's mode, its
 * object the three balances as GET /merchant/ledger names them, with what moved them.
 */
export function merchantFacing(
  event: ReceivedOutboxEvent<(typeof WEBHOOK_OUTBOX_EVENTS.events)[number]>,
): MerchantFacingEvent {
  switch (event.eventType) {
    case MERCHANT_EVENTS.kybStatusChanged:
      return {
        merchantId: event.payload.merchantId,
        livemode: true,
        object: {
          merchantId: event.payload.merchantId,
          status: event.payload.status,
          previousStatus: event.payload.previousStatus,
          reasonCode: event.payload.reasonCode,
        },
      };
    case MERCHANT_EVENTS.checkoutSessionCompleted:
    case MERCHANT_EVENTS.checkoutSessionExpired:
      return {
        merchantId: event.payload.merchantId,
        livemode: event.payload.livemode,
        object: {
          id: event.payload.checkoutSessionId,
          status: event.payload.status,
          paymentStatus: event.payload.status === 'COMPLETE' ? 'PAID' : 'UNPAID',
          amount: event.payload.amount,
          currency: event.payload.currency,
          merchantReference: event.payload.merchantReference,
          livemode: event.payload.livemode,
          expiresAt: event.payload.expiresAt,
          paymentId: event.payload.paymentId ?? null,
          completedAt: event.payload.completedAt ?? null,
        },
      };
    case MERCHANT_EVENTS.paymentRefunded:
      return {
        merchantId: event.payload.merchantId,
        livemode: event.payload.livemode,
        object: {
          ...paymentObject(event.payload),
          refundedAmount: event.payload.refundedAmount,
          refund: {
            id: event.payload.refundId,
            amount: event.payload.refundAmount,
            status: event.payload.refundStatus,
            reason: event.payload.refundReason,
          },
        },
      };
    case MERCHANT_EVENTS.paymentSucceeded:
    case MERCHANT_EVENTS.paymentFailed:
      return {
        merchantId: event.payload.merchantId,
        livemode: event.payload.livemode,
        object: paymentObject(event.payload),
      };
    case MERCHANT_EVENTS.paymentDisputed:
      return {
        merchantId: event.payload.merchantId,
        livemode: event.payload.livemode,
        object: {
          id: event.payload.disputeId,
          paymentId: event.payload.paymentId,
          checkoutSessionId: event.payload.checkoutSessionId,
          amount: event.payload.amount,
          currency: event.payload.currency,
          reason: event.payload.reason,
          status: event.payload.status,
          createdAt: event.payload.createdAt,
          livemode: event.payload.livemode,
        },
      };
    case MERCHANT_EVENTS.balanceUpdated:
      return {
        merchantId: event.payload.merchantId,
        livemode: event.payload.livemode,
        object: {
          currency: event.payload.currency,
          pending: event.payload.pending,
          available: event.payload.available,
          reserve: event.payload.reserve,
          reason: event.payload.reason,
          livemode: event.payload.livemode,
        },
      };
  }
}

/** The payment object of `payment.succeeded|failed|refunded`. */
function paymentObject(payload: MerchantPaymentEventPayload): Record<string, unknown> {
  return {
    id: payload.paymentId,
    status: payload.status,
    amount: payload.amount,
    fee: payload.fee,
    net: payload.net,
    currency: payload.currency,
    rail: payload.rail,
    merchantReference: payload.merchantReference,
    checkoutSessionId: payload.checkoutSessionId,
    paymentLinkId: payload.paymentLinkId ?? null,
    failureCode: payload.failureCode ?? null,
    livemode: payload.livemode,
  };
}
