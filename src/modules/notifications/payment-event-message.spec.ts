import { paymentEventMessage, UnusableEventError } from './payment-event-message';

const payload = {
  paymentId: '0193f5c2-7d1e-7c4a-9b2f-5e6d7c8b9a10',
  customerId: '0193f5c2-7d1e-7c4a-9b2f-5e6d7c8b9a11',
  billerId: '0193f5c2-7d1e-7c4a-9b2f-5e6d7c8b9a12',
  billerName: 'Ikeja Electric',
  accountReference: '45010001234',
  amount: 500_000,
  fee: 10_000,
  currency: 'NGN',
  status: 'SUCCEEDED',
  billerReference: 'IKE-778899',
};

describe('paymentEventMessage', () => {
  it('tells the customer a payment succeeded, with the amount in naira and the biller reference', () => {
    const message = paymentEventMessage('payment.succeeded', payload);
    expect(message).toMatchObject({
      type: 'PAYMENT_SUCCEEDED',
      title: 'Payment to Ikeja Electric succeeded',
      body: 'Your payment of ₦5,000.00 to Ikeja Electric for account 45010001234 went through. Biller reference: IKE-778899.',
      sms: 'Your payment of ₦5,000.00 to Ikeja Electric (account ending 1234) succeeded. Biller reference: IKE-778899.',
    });
    expect(message.data).toEqual({
      paymentId: payload.paymentId,
      billerId: payload.billerId,
      billerName: 'Ikeja Electric',
      accountReference: '45010001234',
      amount: 500_000,
      fee: 10_000,
      currency: 'NGN',
      status: 'SUCCEEDED',
      billerReference: 'IKE-778899',
    });
  });

  it('explains a failure it knows, and stays generic for one it does not', () => {
    const declined = paymentEventMessage('payment.failed', {
      ...payload,
      status: 'FAILED',
      failureCode: 'RAIL_DECLINED',
      billerReference: null,
    });
    expect(declined.title).toBe('Payment to Ikeja Electric failed');
    expect(declined.body).toBe(
      'Your payment of ₦5,000.00 to Ikeja Electric for account 45010001234 did not go through: your payment method was declined. Any money taken for it is being returned to you.',
    );
    expect(declined.data).toMatchObject({ failureCode: 'RAIL_DECLINED', status: 'FAILED' });
    const unknown = paymentEventMessage('payment.failed', { ...payload, status: 'FAILED', failureCode: 'SOMETHING' });
    expect(unknown.body).toContain('did not go through. Any money');
  });

  it('sends no SMS for a refund', () => {
    const message = paymentEventMessage('payment.refunded', { ...payload, status: 'REFUNDED' });
    expect(message).toMatchObject({ type: 'PAYMENT_REFUNDED', title: 'Payment to Ikeja Electric refunded', sms: null });
  });

  it('refuses payloads that break the event contract, naming the fields', () => {
    expect(() => paymentEventMessage('payment.succeeded', { ...payload, amount: 12.5, currency: 'naira' })).toThrow(
      new UnusableEventError('payment event payload: bad currency, amount'),
    );
    expect(() => paymentEventMessage('payment.captured', payload)).toThrow(UnusableEventError);
  });
});
