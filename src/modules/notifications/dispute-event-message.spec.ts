import { UnusableEventError } from './event-notice';
import { disputeEventMessage } from './dispute-event-message';
import { eventNotice } from './notified-events';
import type { DisputeEventPayload } from '../disputes';

const payload: DisputeEventPayload = {
  disputeId: '0193f5c2-7d1e-7c4a-9b2f-5e6d7c8b9a50',
  customerId: '0193f5c2-7d1e-7c4a-9b2f-5e6d7c8b9a11',
  paymentId: '0193f5c2-7d1e-7c4a-9b2f-5e6d7c8b9a10',
  reason: 'NOT_CREDITED_BY_BILLER',
  status: 'OPEN',
  previousStatus: null,
  resolutionNote: null,
  assigneeId: null,
  dueBy: '2026-11-27T23:00:00.000Z',
  billerName: 'Ikeja Electric',
  accountReference: '45010001234',
  amount: 500000,
  currency: 'NGN',
};

describe('dispute notices', () => {
  it('tells the customer a dispute was received, under their payment preferences', () => {
    const notice = eventNotice('dispute.opened', payload);
    expect(notice?.category).toBe('PAYMENTS');
    expect(notice?.customerId).toBe(payload.customerId);
    expect(notice?.message?.type).toBe('DISPUTE_OPENED');
    expect(notice?.message?.body).toContain('NGN 5,000.00');
    expect(notice?.message?.body).toContain('2026-11-27');
  });

  it('texts a rejection with the reason in the app', () => {
    const message = disputeEventMessage({
      eventType: 'dispute.status_changed',
      payload: {
        ...payload,
        status: 'RESOLVED_REJECTED',
        previousStatus: 'UNDER_REVIEW',
        resolutionNote: 'The biller credited it on 20 November.',
      },
    });
    expect(message.type).toBe('DISPUTE_UPDATED');
    expect(message.body).toContain('The biller credited it on 20 November.');
    expect(message.sms).toContain('not upheld');
  });

  it('refuses a broken payload', () => {
    expect(() => eventNotice('dispute.opened', { ...payload, disputeId: 'nope' })).toThrow(UnusableEventError);
  });
});
