import { eventNotice } from './notified-events';
import { UnusableEventError } from './event-notice';
import type { PaymentEventPayload } from '../payments';
import { paymentEventMessage } from './payment-event-message';

const payload: PaymentEventPayload = {
  paymentId: '0193f5c2-7d1e-7c4a-9b2f-5e6d7c8b9a10',
  customerId: '0193f5c2-7d1e-7c4a-9b2f-5e6d7c8b9a11',
  billerId: '0193f5c2-7d1e-7c4a-9b2f-5e6d7c8b9a12',
  billerName: 'Ikeja Electric',
  accountReference: '45010001234',
  amount: 500_000,
  fee: 10_000,
  currency: 'NGN',
  status: 'SUCCEEDED',
  rail: 'CARD',
  fundsCaptured: true,
  billerReference: 'IKE-778899',
};

/** A capture the rail refused: nothing taken, no journal entry. */
const declinedCapture: PaymentEventPayload = {
  ...payload,
  status: 'FAILED',
  fundsCaptured: false,
  billerReference: null,
};
/** A capture taken, then the biller's refusal: the funds are owed back. */
const refusedByBiller: PaymentEventPayload = {
  ...payload,
  status: 'FAILED',
  fundsCaptured: true,
  billerReference: null,
};

describe('paymentEventMessage', () => {
  it('tells the customer a payment succeeded, with the amount and its currency and the biller reference', () => {
    const message = paymentEventMessage({ eventType: 'payment.succeeded', payload: payload });
    expect(message).toMatchObject({
      type: 'PAYMENT_SUCCEEDED',
      title: 'Payment to Ikeja Electric succeeded',
      body: 'Your payment of NGN 5,000.00 to Ikeja Electric for account 45010001234 went through. Biller reference: IKE-778899.',
      sms: 'Your payment of NGN 5,000.00 to Ikeja Electric (account ending 1234) succeeded. Biller reference: IKE-778899.',
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
      rail: 'CARD',
      fundsCaptured: true,
      billerReference: 'IKE-778899',
    });
  });

  describe('a failure with nothing taken', () => {
    it('says a declined capture took nothing, why, and what to do', () => {
      const message = paymentEventMessage({
        eventType: 'payment.failed',
        payload: { ...declinedCapture, failureCode: 'RAIL_DECLINED' },
      });
      expect(message).toMatchObject({
        type: 'PAYMENT_FAILED',
        title: 'Payment to Ikeja Electric failed',
        body: 'Your payment of NGN 5,000.00 to Ikeja Electric for account 45010001234 was not made, and nothing was taken from your card: your card issuer declined it. Ask your card issuer why, or pay another way.',
        sms: 'Your payment of NGN 5,000.00 to Ikeja Electric (account ending 1234) was not made: your card issuer declined it. Nothing was taken from your card.',
      });
      expect(message.data).toMatchObject({ failureCode: 'RAIL_DECLINED', status: 'FAILED', fundsCaptured: false });
      expect(message.body).not.toContain('returned');
    });

    it('names the sum the funding account could not cover, in the words of its rail', () => {
      const message = paymentEventMessage({
        eventType: 'payment.failed',
        payload: {
          ...declinedCapture,
          rail: 'BANK_TRANSFER',
          amount: 1_234_567,
          fee: 5_000,
          failureCode: 'INSUFFICIENT_FUNDS',
        },
      });
      expect(message.body).toBe(
        'Your payment of NGN 12,345.67 to Ikeja Electric for account 45010001234 was not made, and nothing was taken from your bank account: your bank account did not have enough funds for NGN 12,395.67. Add funds to your bank account or pay another way, then try again.',
      );
      expect(message.sms).toBe(
        'Your payment of NGN 12,345.67 to Ikeja Electric (account ending 1234) was not made: your bank account did not have enough funds for NGN 12,395.67. Nothing was taken from your bank account.',
      );
    });

    it('says a capture the rail never confirmed took nothing, and that a hold is released', () => {
      const message = paymentEventMessage({
        eventType: 'payment.failed',
        payload: {
          ...declinedCapture,
          rail: 'MOBILE_MONEY',
          failureCode: 'RAIL_NO_CAPTURE',
        },
      });
      expect(message.body).toBe(
        'Your payment of NGN 5,000.00 to Ikeja Electric for account 45010001234 was not made, and nothing was taken from your mobile money wallet: your mobile money provider never confirmed it. Any hold on your mobile money wallet for it will be released. You can try again.',
      );
      const older = paymentEventMessage({
        eventType: 'payment.failed',
        payload: { ...declinedCapture, failureCode: 'RAIL_TIMEOUT' },
      });
      expect(older.sms).toBe(
        'Your payment of NGN 5,000.00 to Ikeja Electric (account ending 1234) was not made: your card issuer did not confirm it in time. Nothing was taken from your card.',
      );
    });

    it('stays plain for a code it does not know, and for a rail it does not know', () => {
      const message = paymentEventMessage({
        eventType: 'payment.failed',
        payload: {
          ...declinedCapture,
          rail: 'CRYPTO_VOUCHER',
          failureCode: 'SOMETHING_NEW',
        },
      });
      expect(message.body).toBe(
        'Your payment of NGN 5,000.00 to Ikeja Electric for account 45010001234 was not made, and nothing was taken from your payment method. You can try again.',
      );
      expect(message.sms).toBe(
        'Your payment of NGN 5,000.00 to Ikeja Electric (account ending 1234) was not made. Nothing was taken from your payment method.',
      );
    });
  });

  describe('a failure after the funds were taken', () => {
    it('says the biller refused it and why, and that the whole sum taken is on its way back', () => {
      const message = paymentEventMessage({
        eventType: 'payment.failed',
        payload: { ...refusedByBiller, failureCode: 'ACCOUNT_NOT_FOUND' },
      });
      expect(message).toMatchObject({
        type: 'PAYMENT_FAILED',
        title: 'Payment to Ikeja Electric failed',
        body: 'Your payment of NGN 5,000.00 to Ikeja Electric for account 45010001234 did not go through: Ikeja Electric refused it because it has no such account. The NGN 5,100.00 taken for it (NGN 5,000.00 plus the NGN 100.00 fee) is being returned to your card; we will tell you when it is back. Check the account number, then pay again.',
        sms: 'Your payment of NGN 5,000.00 to Ikeja Electric (account ending 1234) failed: Ikeja Electric refused it because it has no such account. NGN 5,100.00 is being returned to your card.',
      });
      expect(message.data).toMatchObject({ failureCode: 'ACCOUNT_NOT_FOUND', fundsCaptured: true });
    });

    it('explains a refusal the biller gave no reason for without its raw words', () => {
      // What the payments context keeps of the biller's answer, if it ever reached a payload.
      const withRawAnswer = {
        ...refusedByBiller,
        fee: 0,
        failureCode: 'BILLER_REJECTED',
        failureMessage: 'upstream said: ERR_7731 ledger locked',
      };
      const message = paymentEventMessage({ eventType: 'payment.failed', payload: withRawAnswer });
      expect(message.body).toBe(
        'Your payment of NGN 5,000.00 to Ikeja Electric for account 45010001234 did not go through: Ikeja Electric refused it because it would not take a payment for that account. The NGN 5,000.00 taken for it is being returned to your card; we will tell you when it is back. Check the account with Ikeja Electric before you pay again.',
      );
      expect(JSON.stringify(message)).not.toContain('ERR_7731');
    });
  });

  describe('events written before fundsCaptured', () => {
    const old = (failureCode: string | null) => {
      const { fundsCaptured: _fundsCaptured, rail: _rail, ...rest } = payload;
      const older: PaymentEventPayload = { ...rest, status: 'FAILED', failureCode };
      return older;
    };

    it('infer from the failure code whether anything was taken', () => {
      const declined = paymentEventMessage({ eventType: 'payment.failed', payload: old('INSUFFICIENT_FUNDS') });
      expect(declined.body).toContain('was not made, and nothing was taken from your payment method:');
      expect(declined.data).toMatchObject({ fundsCaptured: false });
      expect(declined.data).not.toHaveProperty('rail');
      const refused = paymentEventMessage({ eventType: 'payment.failed', payload: old('BILLER_REJECTED') });
      expect(refused.body).toContain('The NGN 5,100.00 taken for it (NGN 5,000.00 plus the NGN 100.00 fee) is being');
      expect(refused.data).toMatchObject({ fundsCaptured: true });
    });

    it('promise nothing either way when the code does not tell', () => {
      const message = paymentEventMessage({ eventType: 'payment.failed', payload: old('SOMETHING_NEW') });
      expect(message.body).toBe(
        'Your payment of NGN 5,000.00 to Ikeja Electric for account 45010001234 did not go through. If any money was taken for it, it is being returned to your payment method.',
      );
      expect(message.data).not.toHaveProperty('fundsCaptured');
    });
  });

  it('says the money is back when a refund is done, with no SMS', () => {
    const message = paymentEventMessage({
      eventType: 'payment.refunded',
      payload: { ...refusedByBiller, failureCode: 'ACCOUNT_NOT_FOUND' },
    });
    expect(message).toEqual({
      type: 'PAYMENT_REFUNDED',
      title: 'Payment to Ikeja Electric refunded',
      body: 'The NGN 5,100.00 taken for your payment to Ikeja Electric for account 45010001234 (NGN 5,000.00 plus the NGN 100.00 fee) is back: it has been returned to your card.',
      sms: null,
      data: expect.objectContaining({ status: 'FAILED', fundsCaptured: true, failureCode: 'ACCOUNT_NOT_FOUND' }),
    });
    const dispute = paymentEventMessage({
      eventType: 'payment.refunded',
      payload: { ...payload, status: 'REFUNDED', rail: 'WALLET' },
    });
    expect(dispute.body).toBe(
      'Your payment of NGN 5,000.00 to Ikeja Electric for account 45010001234 has been refunded: the money is back in your wallet.',
    );
  });

  it('formats amounts in the currency’s own minor unit', () => {
    const yen = paymentEventMessage({
      eventType: 'payment.succeeded',
      payload: { ...payload, amount: 1_500_000, currency: 'JPY' },
    });
    expect(yen.body).toContain('JPY 1,500,000 ');
    const dinar = paymentEventMessage({
      eventType: 'payment.succeeded',
      payload: { ...payload, amount: 1_234_567, currency: 'KWD' },
    });
    expect(dinar.body).toContain('KWD 1,234.567 ');
  });

  it('refuses payloads that break the event contract, naming the fields', () => {
    expect(() => eventNotice('payment.succeeded', { ...payload, amount: 12.5, currency: 'naira' })).toThrow(
      new UnusableEventError('payment.succeeded payload: bad currency, amount'),
    );
    expect(() => eventNotice('payment.failed', { ...payload, fundsCaptured: 'yes', rail: 7 })).toThrow(
      new UnusableEventError('payment.failed payload: bad rail, fundsCaptured'),
    );
    expect(eventNotice('payment.captured', payload)).toBeNull();
    expect(eventNotice('toString', payload)).toBeNull();
  });
});
