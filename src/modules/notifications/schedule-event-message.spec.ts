import { eventNotice } from './notified-events';
import { UnusableEventError } from './event-notice';
import { scheduleEventMessage } from './schedule-event-message';

const run = {
  scheduleId: '0193f5c2-7d1e-7c4a-9b2f-5e6d7c8b9a50',
  runId: '0193f5c2-7d1e-7c4a-9b2f-5e6d7c8b9a51',
  customerId: '0193f5c2-7d1e-7c4a-9b2f-5e6d7c8b9a11',
  billerId: '0193f5c2-7d1e-7c4a-9b2f-5e6d7c8b9a12',
  billerName: 'Ikeja Electric',
  accountReference: '45010001234',
  periodKey: '2026-11',
  amount: 500_000,
  currency: 'NGN',
  reason: 'your card issuer declined the payment',
};
const confirmation = {
  ...run,
  amount: 1_500_000,
  maximumAmount: 1_000_000,
  billId: '0193f5c2-7d1e-7c4a-9b2f-5e6d7c8b9a30',
  reason: 'The bill is above your maximum.',
};

describe('scheduleEventMessage', () => {
  it('tells the customer a scheduled payment failed, why, and what to do, in the app and by SMS', () => {
    expect(scheduleEventMessage({ eventType: 'schedule.run_failed', payload: run })).toEqual({
      type: 'SCHEDULE_RUN_FAILED',
      title: 'Scheduled payment to Ikeja Electric failed',
      body: 'Your scheduled payment of NGN 5,000.00 to Ikeja Electric for account 45010001234 (November 2026) was not made. Your card issuer declined the payment. Pay it yourself if it is still due; your schedule carries on next month.',
      sms: 'Your scheduled payment of NGN 5,000.00 to Ikeja Electric (account ending 1234, November 2026) failed. Your card issuer declined the payment. Pay it yourself if it is still due.',
      data: {
        scheduleId: run.scheduleId,
        runId: run.runId,
        billerId: run.billerId,
        billerName: 'Ikeja Electric',
        accountReference: '45010001234',
        periodKey: '2026-11',
        amount: 500_000,
        currency: 'NGN',
        reason: 'your card issuer declined the payment',
      },
    });
  });

  it('words weekly, one-off and unknown periods', () => {
    const weekly = scheduleEventMessage({
      eventType: 'schedule.run_failed',
      payload: { ...run, periodKey: '2026-W47' },
    });
    expect(weekly.body).toContain('(week 47 of 2026) was not made.');
    expect(weekly.body).toMatch(/carries on next week\.$/);
    const once = scheduleEventMessage({
      eventType: 'schedule.run_failed',
      payload: { ...run, periodKey: 'once', reason: 'Declined!' },
    });
    expect(once.body).toBe(
      'Your scheduled payment of NGN 5,000.00 to Ikeja Electric for account 45010001234 was not made. Declined! Pay it yourself if it is still due.',
    );
    expect(once.sms).toBe(
      'Your scheduled payment of NGN 5,000.00 to Ikeja Electric (account ending 1234) failed. Declined! Pay it yourself if it is still due.',
    );
    const other = scheduleEventMessage({ eventType: 'schedule.run_failed', payload: { ...run, periodKey: '2026-Q4' } });
    expect(other.body).toContain('45010001234 was not made.');
    expect(other.body).toMatch(/carries on with its next payment\.$/);
  });

  it('asks the customer to pay a bill above the schedule’s maximum, or raise it, linking the bill', () => {
    const message = scheduleEventMessage({ eventType: 'schedule.confirmation_needed', payload: confirmation });
    expect(message).toMatchObject({
      type: 'SCHEDULE_CONFIRMATION_NEEDED',
      title: 'Ikeja Electric bill needs your approval',
      body: 'Your Ikeja Electric bill of NGN 15,000.00 for account 45010001234 (November 2026) is above the NGN 10,000.00 maximum set on your schedule, so it was not paid. Pay this bill yourself; to have your schedule pay bills this large, raise its maximum.',
      sms: "Your Ikeja Electric bill of NGN 15,000.00 (account ending 1234) is above your schedule's NGN 10,000.00 maximum, so it was not paid. Pay it yourself in the app.",
    });
    expect(message.data).toMatchObject({
      scheduleId: confirmation.scheduleId,
      runId: confirmation.runId,
      billId: confirmation.billId,
      amount: 1_500_000,
      maximumAmount: 1_000_000,
      reason: 'The bill is above your maximum.',
    });
  });

  it('refuses payloads that break the contract, naming the fields', () => {
    expect(() => eventNotice('schedule.run_failed', { ...run, runId: 'r-1', amount: -1 })).toThrow(
      new UnusableEventError('schedule.run_failed payload: bad runId, amount'),
    );
    expect(() => eventNotice('schedule.run_failed', { ...run, reason: '   ' })).toThrow('bad reason');
    expect(() => eventNotice('schedule.run_failed', { ...run, reason: 'x'.repeat(301) })).toThrow('bad reason');
    const { billId: _billId, ...withoutBill } = confirmation;
    expect(() => eventNotice('schedule.confirmation_needed', { ...withoutBill, maximumAmount: '100' })).toThrow(
      new UnusableEventError('schedule.confirmation_needed payload: bad maximumAmount, billId'),
    );
    expect(() => eventNotice('schedule.run_failed', 'oops')).toThrow('schedule.run_failed payload: not an object');
    expect(eventNotice('constructor', run)).toBeNull();
  });
});
