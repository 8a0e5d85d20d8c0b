import { EventId, EventOneOf, OptionalEventOneOf, OptionalEventText } from '../../platform/outbox/event-payload-fields';
import { KYB_STATUSES, type KybStatus } from './onboarding/merchant.entity';

/**
 * The merchants context's outbox events.
 *
 * - `merchant.registered`: a business applied; KYB is PENDING.
 * - `merchant.kyb_status_changed`: a reviewer (or the last upload due) moved the KYB state; the
 *   merchant-side contexts react (live keys, payouts, the dashboard's live events), and the
 *   merchant's webhook endpoints hear of it as `kyb.status_changed`.
 */
export const MERCHANT_EVENTS = {
  registered: 'merchant.registered',
  kybStatusChanged: 'merchant.kyb_status_changed',
} as const;

/** A merchant's KYB state after a change (read by the webhooks, which send it as `kyb.status_changed`). */
export class MerchantKybEventPayload {
  @EventId()
  merchantId: string;

  @EventOneOf(KYB_STATUSES)
  status: KybStatus;

  @OptionalEventOneOf(KYB_STATUSES)
  previousStatus: KybStatus | null;

  @OptionalEventText()
  reasonCode: string | null;
}

declare module '../../platform/outbox/outbox-events' {
  interface OutboxEventPayloads {
    [MERCHANT_EVENTS.registered]: MerchantKybEventPayload;
    [MERCHANT_EVENTS.kybStatusChanged]: MerchantKybEventPayload;
  }
}
