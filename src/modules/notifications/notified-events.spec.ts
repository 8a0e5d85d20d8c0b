import { UnusableEventError } from './event-notice';
import { eventNotice, NOTIFIED_EVENT_TYPES } from './notified-events';

const customerId = '0193f5c2-7d1e-7c4a-9b2f-5e6d7c8b9a11';

describe('eventNotice', () => {
  it('covers the payment, bill, schedule and dispute events, and nothing else', () => {
    expect([...NOTIFIED_EVENT_TYPES].sort()).toEqual([
      'bill.paid',
      'bill.received',
      'dispute.opened',
      'dispute.status_changed',
      'payment.failed',
      'payment.refunded',
      'payment.succeeded',
      'schedule.confirmation_needed',
      'schedule.run_failed',
    ]);
    expect(eventNotice('payment.captured', {})).toBeNull();
    expect(eventNotice('__proto__', {})).toBeNull();
    expect(eventNotice('toString', {})).toBeNull();
  });

  it('answers the customer and the preference category of each kind of event', () => {
    const bill = {
      billId: '0193f5c2-7d1e-7c4a-9b2f-5e6d7c8b9a30',
      customerId,
      billerId: '0193f5c2-7d1e-7c4a-9b2f-5e6d7c8b9a12',
      billerName: 'Ikeja Electric',
      billReference: 'INV-1',
      accountReference: '45010001234',
      amountDue: 100,
      currency: 'NGN',
      dueDate: '2026-11-30',
    };
    expect(eventNotice('bill.received', bill)).toMatchObject({
      customerId,
      category: 'BILLS',
      message: { type: 'BILL_RECEIVED' },
    });
    const paid = { ...bill, paymentId: '0193f5c2-7d1e-7c4a-9b2f-5e6d7c8b9a40', amountPaid: 100, viaBillPay: true };
    expect(eventNotice('bill.paid', paid)).toEqual({ customerId, category: 'BILLS', message: null });
    const run = {
      scheduleId: '0193f5c2-7d1e-7c4a-9b2f-5e6d7c8b9a50',
      runId: '0193f5c2-7d1e-7c4a-9b2f-5e6d7c8b9a51',
      customerId,
      billerId: bill.billerId,
      billerName: 'Ikeja Electric',
      accountReference: '45010001234',
      periodKey: 'once',
      amount: 100,
      currency: 'NGN',
      reason: 'declined',
    };
    expect(eventNotice('schedule.run_failed', run)).toMatchObject({ category: 'SCHEDULES', customerId });
  });

  it('throws UnusableEventError for a broken payload of a notified type', () => {
    expect(() => eventNotice('schedule.run_failed', undefined)).toThrow(UnusableEventError);
    expect(() => eventNotice('payment.succeeded', { customerId })).toThrow(UnusableEventError);
  });
});
