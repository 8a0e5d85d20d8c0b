import type { KybStatus } from './onboarding/merchant.entity';

/**
 * The merchants context's outbox events.
 *
 * - `merchant.registered`: a business applied; KYB is PENDING.
 * - `merchant.kyb_status_changed`: a reviewer (or the last upload due) moved the KYB state; the
 *   merchant-side contexts react (live keys, payouts, the dashboard's live events).
 */
export const MERCHANT_EVENTS = {
  registered: 'merchant.registered',
  kybStatusChanged: 'merchant.kyb_status_changed',
} as const;

export interface MerchantKybEventPayload {
  merchantId: string;
  status: KybStatus;
  previousStatus: KybStatus | null;
  reasonCode: string | null;
}

declare module '../../platform/outbox/outbox-events' {
  interface OutboxEventPayloads {
    [MERCHANT_EVENTS.registered]: MerchantKybEventPayload;
    [MERCHANT_EVENTS.kybStatusChanged]: MerchantKybEventPayload;
  }
}
