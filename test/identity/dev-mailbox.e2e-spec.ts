import { MessageSender } from '../../src/platform/messaging/message-sender';
import { randomPhoneNumber } from '../factories/customer.factory';
import { expectApiError } from '../support/assertions';
import { createIdentityApp, IdentityApp } from './support/identity-kit';

describe('Dev mailbox', () => {
  let enabled: IdentityApp;
  let disabled: IdentityApp;

  beforeAll(async () => {
    [enabled, disabled] = await Promise.all([
      createIdentityApp({ config: { DEV_MAILBOX_SIZE: '3', RATE_LIMIT_REGISTER_PER_PHONE: '10' } }),
      createIdentityApp({ config: { DEV_MAILBOX: 'false' } }),
    ]);
  });

  afterAll(async () => {
    await Promise.all([enabled.close(), disabled.close()]);
  });

  const read = (app: IdentityApp, phone: string) =>
    app.http.get(`/api/v1/dev/messages?phone=${encodeURIComponent(phone)}`);

  it('keeps the newest messages per number, bounded, and shows them newest first', async () => {
    const phone = randomPhoneNumber();
    for (let count = 0; count < 5; count += 1)
      await enabled.http.post('/api/v1/auth/register').send({ phone }).expect(200);
    const response = await read(enabled, phone).expect(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.body).toHaveLength(3);
    expect(response.body[0]).toEqual({
      id: expect.any(String),
      channel: 'SMS',
      to: phone,
      subject: null,
      body: expect.stringMatching(/^Your verification code is \d{6}\. It expires in 5 minutes\./),
      sentAt: expect.any(String),
    });
    const times = response.body.map((message: { sentAt: string }) => message.sentAt);
    expect([...times].sort().reverse()).toEqual(times);
    expect((await read(enabled, randomPhoneNumber()).expect(200)).body).toEqual([]);
  });

  it('reads an unencoded + in the query as the number it was meant to be', async () => {
    const phone = randomPhoneNumber();
    await enabled.http.post('/api/v1/auth/register').send({ phone }).expect(200);
    const response = await enabled.http.get(`/api/v1/dev/messages?phone=${phone}`).expect(200);
    expect(response.body).toHaveLength(1);
    const bad = await enabled.http.get('/api/v1/dev/messages?phone=hello').expect(400);
    expectApiError(bad.body, 'VALIDATION_FAILED');
    await enabled.http.get('/api/v1/dev/messages').expect(400);
  });

  it('keeps e-mail per address, read with email= (case-insensitive), and wants exactly one recipient', async () => {
    const address = `owner-${Date.now()}@merchant.example`;
    await enabled.app
      .get(MessageSender)
      .send({ channel: 'EMAIL', to: address, subject: 'Your invitation', body: 'Accept: https://example/accept' });
    const response = await enabled.http
      .get(`/api/v1/dev/messages?email=${encodeURIComponent(address.toUpperCase())}`)
      .expect(200);
    expect(response.body).toEqual([
      {
        id: expect.any(String),
        channel: 'EMAIL',
        to: address,
        subject: 'Your invitation',
        body: 'Accept: https://example/accept',
        sentAt: expect.any(String),
      },
    ]);
    const both = await enabled.http
      .get(`/api/v1/dev/messages?email=${encodeURIComponent(address)}&phone=${encodeURIComponent(randomPhoneNumber())}`)
      .expect(400);
    expectApiError(both.body, 'VALIDATION_FAILED');
    expectApiError(
      (await enabled.http.get('/api/v1/dev/messages?email=not-an-address').expect(400)).body,
      'VALIDATION_FAILED',
    );
  });

  it('answers exactly like an unknown route when DEV_MAILBOX is off, and stores nothing', async () => {
    const phone = randomPhoneNumber();
    await disabled.http.post('/api/v1/auth/register').send({ phone }).expect(200);
    const response = await read(disabled, phone).expect(404);
    expectApiError(response.body, 'ROUTE_NOT_FOUND');
    const unknown = await disabled.http.get('/api/v1/no-such-route').expect(404);
    expect({ ...response.body, requestId: '' }).toEqual({ ...unknown.body, requestId: '' });
    await disabled.http.get('/api/v1/dev/messages').expect(404);
    expect((await read(enabled, phone).expect(200)).body).toEqual([]);
  });

  it('answers 503 when the SMS cannot be sent, so the customer knows to ask again', async () => {
    const broken = await createIdentityApp({
      override: (builder) =>
        builder.overrideProvider(MessageSender).useValue({ send: () => Promise.reject(new Error('provider down')) }),
    });
    try {
      const response = await broken.http.post('/api/v1/auth/register').send({ phone: randomPhoneNumber() }).expect(503);
      expectApiError(response.body, 'SERVICE_UNAVAILABLE');
      expect(JSON.stringify(response.body)).not.toContain('provider down');
    } finally {
      await broken.close();
    }
  });
});
