import { eventNotice } from './notified-events';
import { billEventMessage } from './bill-event-message';
import { UnusableEventError } from './event-notice';

const received = {
  billId: '0193f5c2-7d1e-7c4a-9b2f-5e6d7c8b9a30',
  customerId: '0193f5c2-7d1e-7c4a-9b2f-5e6d7c8b9a11',
  billerId: '0193f5c2-7d1e-7c4a-9b2f-5e6d7c8b9a12',
  billerName: 'Ikeja Electric',
  billReference: 'INV-2026-11-0042',
  accountReference: '45010001234',
  amountDue: 1_250_000,
  currency: 'NGN',
  dueDate: '2026-11-30',
};
const paid = {
  ...received,
  paymentId: '0193f5c2-7d1e-7c4a-9b2f-5e6d7c8b9a40',
  amountPaid: 1_250_000,
  viaBillPay: false,
};

describe('billEventMessage', () => {
  it('tells the customer a bill arrived: biller, account, amount due, due date in words, reference; app only', () => {
    expect(billEventMessage({ eventType: 'bill.received', payload: received })).toEqual({
      type: 'BILL_RECEIVED',
      title: 'New bill from Ikeja Electric',
      body: 'Your Ikeja Electric bill for account 45010001234 is NGN 12,500.00, due on 30 November 2026. Bill reference: INV-2026-11-0042.',
      sms: null,
      data: {
        billId: received.billId,
        billerId: received.billerId,
        billerName: 'Ikeja Electric',
        accountReference: '45010001234',
        billReference: 'INV-2026-11-0042',
        amountDue: 1_250_000,
        currency: 'NGN',
        dueDate: '2026-11-30',
      },
    });
  });

  it('tells the customer a bill was settled by a payment made another way, linking the payment', () => {
    const message = billEventMessage({ eventType: 'bill.paid', payload: paid });
    expect(message).toMatchObject({
      type: 'BILL_PAID',
      title: 'Ikeja Electric bill paid',
      body: 'Your Ikeja Electric bill of NGN 12,500.00 for account 45010001234, due on 30 November 2026, is paid: a payment you made for that account settled it. Bill reference: INV-2026-11-0042.',
      sms: null,
    });
    expect(message?.data).toMatchObject({ billId: paid.billId, paymentId: paid.paymentId, amountPaid: 1_250_000 });
    expect(message?.data).not.toHaveProperty('viaBillPay');
  });

  it('names what the payment paid when it differs from the amount due', () => {
    expect(billEventMessage({ eventType: 'bill.paid', payload: { ...paid, amountPaid: 1_300_000 } })?.body).toContain(
      'is paid: your payment of NGN 13,000.00 for that account settled it.',
    );
  });

  it('says nothing of a bill paid from the inbox: the payment has its own notice', () => {
    expect(billEventMessage({ eventType: 'bill.paid', payload: { ...paid, viaBillPay: true } })).toBeNull();
  });

  it('refuses payloads that break the contract, naming the fields', () => {
    expect(() => eventNotice('bill.received', { ...received, amountDue: 12.5, dueDate: '2026-02-30' })).toThrow(
      new UnusableEventError('bill.received payload: bad amountDue, dueDate'),
    );
    expect(() => eventNotice('bill.paid', { ...paid, viaBillPay: 'no', paymentId: 'x' })).toThrow(
      new UnusableEventError('bill.paid payload: bad paymentId, viaBillPay'),
    );
    // viaBillPay is checked before anything is decided: a bill.paid without it is unusable.
    const { viaBillPay: _viaBillPay, ...withoutFlag } = paid;
    expect(() => eventNotice('bill.paid', withoutFlag)).toThrow('bad viaBillPay');
    expect(() => eventNotice('bill.received', { ...received, billerName: 'x'.repeat(121) })).toThrow('bad billerName');
    expect(() => eventNotice('bill.received', null)).toThrow(
      new UnusableEventError('bill.received payload: not an object'),
    );
    expect(() => eventNotice('bill.received', [received])).toThrow(UnusableEventError);
    expect(eventNotice('bill.withdrawn', received)).toBeNull();
  });

  it('reads only the payload’s own fields', () => {
    const inherited = Object.assign(Object.create({ currency: 'NGN' }), { ...received, currency: undefined });
    delete inherited.currency;
    expect(() => eventNotice('bill.received', inherited)).toThrow('bad currency');
  });
});
