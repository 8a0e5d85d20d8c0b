import { randomUUID } from 'node:crypto';
import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { BillerEndpoint } from '../../src/modules/billers/connector/biller-connector';
import {
  SIGNATURE_HEADER,
  signBillerRequest,
  TIMESTAMP_HEADER,
} from '../../src/modules/billers/connector/biller-protocol';
import { HttpBillerConnector } from '../../src/modules/billers/connector/http-biller.connector';
import { BillersConfig } from '../../src/modules/billers/billers.config';
import { loadConfiguration } from '../../src/platform/config/configuration';
import { RunningBillerSimulator, startBillerSimulator } from '../../src/simulators/biller-simulator';

/** The HTTP adapter of the BillerConnector port against the biller simulator, over real HTTP. */
describe('HttpBillerConnector with the biller simulator', () => {
  const config = loadConfiguration({ ...process.env, BILLER_CONNECTOR_SECRETS: `other-biller=${'s'.repeat(40)}` }, [
    BillersConfig,
  ]).get(BillersConfig);
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

  afterAll(async () => {
    connector.onApplicationShutdown();
    await simulator?.close();
  });

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
        amount: 250_000,
        currency: posting.currency,
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

  /** Replies no biller should send, from a bare HTTP server. */
  describe('the wire', () => {
    let server: Server;
    let base: string;
    const connections: unknown[] = [];
    let handler: (request: IncomingMessage, response: ServerResponse) => void = () => undefined;

    beforeAll(async () => {
      server = createServer((request, response) => handler(request, response));
      server.on('connection', (socket) => connections.push(socket));
      await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
      base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    });

    afterAll(async () => {
      server.closeAllConnections();
      await new Promise((closed) => server.close(closed));
    });

    const at = (timeoutMs = 500): BillerEndpoint => ({ baseUrl: base, secretRef: 'simulator', timeoutMs });

    it('keeps the connection alive and reuses it for the next call', async () => {
      handler = (_request, response) => {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ customerName: 'ADA OBI', outstandingAmount: null }));
      };
      connections.length = 0;
      for (let call = 0; call < 3; call += 1) {
        expect(await connector.validateAccount(at(), '45010001234')).toMatchObject({ kind: 'VALID' });
      }
      expect(connections).toHaveLength(1);
    });

    it('sends the signed JSON body with its length', async () => {
      let seen: { headers: IncomingMessage['headers']; body: string } | undefined;
      handler = (request, response) => {
        let body = '';
        request.on('data', (chunk: Buffer) => (body += chunk.toString()));
        request.on('end', () => {
          seen = { headers: request.headers, body };
          response.writeHead(200, { 'content-type': 'application/json' });
          response.end(JSON.stringify({ customerName: 'ADA OBI' }));
        });
      };
      await connector.validateAccount(at(), '45010001234');
      expect(JSON.parse(seen!.body)).toEqual({ accountReference: '45010001234' });
      expect(seen!.headers['content-length']).toBe(String(Buffer.byteLength(seen!.body)));
      expect(seen!.headers['content-type']).toBe('application/json');
      expect(seen!.headers[SIGNATURE_HEADER]).toMatch(/\S/);
      expect(seen!.headers[TIMESTAMP_HEADER]).toMatch(/^\d+$/);
    });

    it('does not follow a redirect', async () => {
      let calls = 0;
      handler = (_request, response) => {
        calls += 1;
        response.writeHead(302, { location: `${base}/elsewhere` });
        response.end();
      };
      expect(await connector.validateAccount(at(), '45010001234')).toEqual({
        kind: 'UNAVAILABLE',
        reason: 'unexpected reply',
      });
      expect(calls).toBe(1);
    });

    it('cuts off a reply larger than 64 KiB', async () => {
      handler = (_request, response) => {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ customerName: 'x'.repeat(70 * 1024) }));
      };
      expect(await connector.validateAccount(at(), '45010001234')).toEqual({
        kind: 'UNAVAILABLE',
        reason: 'reply too large',
      });
    });

    it('counts the body in the timeout: headers at once, then a stalled body, is TIMEOUT', async () => {
      handler = (_request, response) => {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.write('{"customerName":');
      };
      const started = Date.now();
      expect(await connector.validateAccount(at(200), '45010001234')).toEqual({ kind: 'TIMEOUT' });
      expect(Date.now() - started).toBeLessThan(2000);
    });

    it('is UNAVAILABLE when the connection drops mid-reply', async () => {
      handler = (_request, response) => {
        response.writeHead(200, { 'content-type': 'application/json', 'content-length': '100' });
        response.write('{"customerName":');
        setTimeout(() => response.socket?.destroy(), 20);
      };
      expect(await connector.validateAccount(at(), '45010001234')).toEqual({
        kind: 'UNAVAILABLE',
        reason: 'unreachable',
      });
    });

    it('refuses a base URL that is not http or https without calling anything', async () => {
      expect(await connector.validateAccount({ ...at(), baseUrl: 'ftp://127.0.0.1/billers' }, '45010001234')).toEqual({
        kind: 'UNAVAILABLE',
        reason: 'connector misconfigured',
      });
    });
  });
});
