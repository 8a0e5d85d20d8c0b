import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { BillerEndpoint } from '../../src/modules/billers/connector/biller-connector';
import { signBillerRequest } from '../../src/modules/billers/connector/biller-protocol';
import { HttpBillerConnector } from '../../src/modules/billers/connector/http-biller.connector';
import { loadConfig } from '../../src/platform/config/app-config';
import { RunningBillerSimulator, startBillerSimulator } from '../../src/simulators/biller-simulator';

/** The HTTP adapter of the BillerConnector port against the biller simulator, over real HTTP. */
describe('HttpBillerConnector with the biller simulator', () => {
  const config = loadConfig({ ...process.env, BILLER_CONNECTOR_SECRETS: `other-biller=${'s'.repeat(40)}` });
  const connector = new HttpBillerConnector(config);
  let simulator: RunningBillerSimulator;
  let endpoint: BillerEndpoint;

  beforeAll(async () => {
    simulator = await startBillerSimulator({
      secret: config.BILLER_SIMULATOR_SECRET,
      slowResponseMs: 100,
      confirmAfterMs: 300,
    });
    endpoint = { baseUrl: simulator.billerUrl('demo-power'), secretRef: 'simulator', timeoutMs: 500 };
  });

  afterAll(() => simulator?.close());

  const payment = (accountReference: string, amount = 250_000) => ({
    reference: `att_${randomUUID()}`,
    accountReference,
    amount,
    currency: 'NGN',
  });

  describe('account validation', () => {
    it('maps every magic reference to its outcome', async () => {
      expect(await connector.validateAccount(endpoint, '45010001234')).toEqual({
        kind: 'VALID',
        customerName: expect.stringMatching(/^[A-Z][a-z]+ [A-Z][a-z]+$/),
        outstandingAmount: expect.any(Number),
      });
      expect(await connector.validateAccount(endpoint, '45010001000')).toMatchObject({
        kind: 'VALID',
        outstandingAmount: null,
      });
      expect(await connector.validateAccount(endpoint, '45010001404')).toEqual({ kind: 'NOT_FOUND' });
      expect(await connector.validateAccount(endpoint, '45010001403')).toEqual({
        kind: 'REJECTED',
        reason: 'ACCOUNT_REJECTED',
      });
      expect(await connector.validateAccount(endpoint, '45010001500')).toEqual({
        kind: 'UNAVAILABLE',
        reason: 'status 500',
      });
      expect(await connector.validateAccount(endpoint, '45010001503')).toEqual({
        kind: 'UNAVAILABLE',
        reason: 'status 503',
      });
      expect(await connector.validateAccount(endpoint, '45010001150')).toMatchObject({ kind: 'VALID' });
      const started = Date.now();
      expect(await connector.validateAccount(endpoint, '45010001408')).toEqual({ kind: 'TIMEOUT' });
      expect(Date.now() - started).toBeLessThan(2000);
    });

    it('times a slow biller out when it is slower than the endpoint allows', async () => {
      expect(await connector.validateAccount({ ...endpoint, timeoutMs: 100 }, '45010001150')).toEqual({
        kind: 'TIMEOUT',
      });
    });

    it('gives the same name for the same reference', async () => {
      const first = await connector.validateAccount(endpoint, '45010004321');
      expect(await connector.validateAccount(endpoint, '45010004321')).toEqual(first);
    });

    it('is UNAVAILABLE when the signature is refused, the secret ref is unknown or the host does not answer', async () => {
      expect(await connector.validateAccount({ ...endpoint, secretRef: 'other-biller' }, '45010001234')).toEqual({
        kind: 'UNAVAILABLE',
        reason: 'signature refused',
      });
      expect(await connector.validateAccount({ ...endpoint, secretRef: 'nobody' }, '45010001234')).toEqual({
        kind: 'UNAVAILABLE',
        reason: 'connector misconfigured',
      });
      expect(
        await connector.validateAccount({ ...endpoint, baseUrl: 'http://127.0.0.1:9/billers/x' }, '45010001234'),
      ).toEqual({ kind: 'UNAVAILABLE', reason: 'unreachable' });
    });
  });

  describe('the simulator checks signatures', () => {
    const post = (headers: Record<string, string>, body = '{"accountReference":"45010001234"}') =>
      fetch(`${endpoint.baseUrl}/accounts/validate`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body,
      });
    const path = '/billers/demo-power/accounts/validate';

    it('refuses unsigned, wrongly signed, stale and tampered requests with 401', async () => {
      const now = Math.floor(Date.now() / 1000);
      const body = '{"accountReference":"45010001234"}';
      const sign = (timestamp: number, signedBody = body, secret = config.BILLER_SIMULATOR_SECRET) => ({
        'x-biller-timestamp': String(timestamp),
        'x-biller-signature': signBillerRequest(secret, timestamp, 'POST', path, signedBody),
      });
      expect((await post(sign(now))).status).toBe(200);
      expect((await post({})).status).toBe(401);
      expect((await post(sign(now, body, 'x'.repeat(40)))).status).toBe(401);
      expect((await post(sign(now - 600))).status).toBe(401);
      expect((await post(sign(now, '{"accountReference":"45010009999"}'))).status).toBe(401);
      const refused = await post({ 'x-biller-timestamp': String(now), 'x-biller-signature': 'v1=00' });
      expect(await refused.json()).toEqual({ code: 'INVALID_SIGNATURE', message: 'signature refused' });
    });
  });

  describe('payments', () => {
    it('confirms a payment at once and answers status inquiries', async () => {
      const posting = payment('45010001234');
      const posted = await connector.postPayment(endpoint, posting);
      expect(posted).toEqual({
        kind: 'ACCEPTED',
        status: 'CONFIRMED',
        billerReference: expect.stringMatching(/^SIM-/),
      });
      expect(await connector.paymentStatus(endpoint, posting.reference)).toEqual({
        kind: 'FOUND',
        status: 'CONFIRMED',
        billerReference: (posted as { billerReference: string }).billerReference,
      });
      expect(simulator.payments().get(posting.reference)).toMatchObject({ amount: 250_000, billerCode: 'demo-power' });
    });

    it('is idempotent on the attempt reference: a repost answers the first result, once', async () => {
      const posting = payment('45010002234');
      const first = await connector.postPayment(endpoint, posting);
      const again = await connector.postPayment(endpoint, posting);
      expect(again).toEqual(first);
      expect([...simulator.payments().values()].filter((p) => p.accountReference === '45010002234')).toHaveLength(1);
      expect(await connector.postPayment(endpoint, { ...posting, amount: 1 })).toEqual({
        kind: 'REJECTED',
        reason: 'IDEMPOTENCY_KEY_REUSED',
      });
    });

    it('accepts a …202 payment as PENDING and confirms it later', async () => {
      const posting = payment('45010003202');
      expect(await connector.postPayment(endpoint, posting)).toMatchObject({ kind: 'ACCEPTED', status: 'PENDING' });
      expect(await connector.paymentStatus(endpoint, posting.reference)).toMatchObject({
        kind: 'FOUND',
        status: 'PENDING',
      });
      await sleep(350);
      expect(await connector.paymentStatus(endpoint, posting.reference)).toMatchObject({
        kind: 'FOUND',
        status: 'CONFIRMED',
      });
      expect(await connector.postPayment(endpoint, posting)).toMatchObject({ kind: 'ACCEPTED', status: 'CONFIRMED' });
    });

    it('maps unknown, blocked, refused, failing and hanging accounts', async () => {
      expect(await connector.postPayment(endpoint, payment('45010001404'))).toEqual({ kind: 'NOT_FOUND' });
      expect(await connector.postPayment(endpoint, payment('45010001403'))).toEqual({
        kind: 'REJECTED',
        reason: 'ACCOUNT_REJECTED',
      });
      expect(await connector.postPayment(endpoint, payment('45010001422'))).toEqual({
        kind: 'REJECTED',
        reason: 'PAYMENT_REJECTED',
      });
      expect(await connector.postPayment(endpoint, payment('45010001500'))).toEqual({
        kind: 'UNAVAILABLE',
        reason: 'status 500',
      });
      expect(await connector.postPayment(endpoint, payment('45010001408'))).toEqual({ kind: 'TIMEOUT' });
      expect(await connector.paymentStatus(endpoint, `att_${randomUUID()}`)).toEqual({ kind: 'NOT_FOUND' });
      const other = { ...endpoint, baseUrl: simulator.billerUrl('another-biller') };
      const posting = payment('45010005234');
      await connector.postPayment(endpoint, posting);
      expect(await connector.paymentStatus(other, posting.reference)).toEqual({ kind: 'NOT_FOUND' });
    });
  });
});
