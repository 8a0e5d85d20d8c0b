import { createServer as createTcpServer, Server as TcpServer, Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { AddressPolicy, PUBLIC_ONLY } from '../../src/platform/outbound/address-policy';
import { DnsResolver, ResolvedAddress } from '../../src/platform/outbound/dns-resolver';
import { GuardedHttpClient, OutboundResult } from '../../src/platform/outbound/guarded-http-client';
import { OutboundTrust } from '../../src/platform/outbound/outbound-trust';
import {
  HttpsTestServer,
  makeTestCertificates,
  startHttpsTestServer,
  TestCertificates,
} from '../support/https-test-server';

/** Names resolve to what the test says; a lookup of anything else fails the test. */
class TableResolver extends DnsResolver {
  readonly lookups: string[] = [];
  constructor(private readonly table: Record<string, string[]>) {
    super();
  }
  resolveAddresses(hostname: string): Promise<ResolvedAddress[]> {
    this.lookups.push(hostname);
    const addresses = this.table[hostname];
    if (!addresses) throw new Error(`unexpected lookup of ${hostname}`);
    return Promise.resolve(addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })));
  }
  resolveTxt(): Promise<string[][]> {
    return Promise.resolve([]);
  }
}

const NAME = 'shop.outbound.test';
const LOOPBACK: AddressPolicy = { allowLoopback: true };

describe('GuardedHttpClient: HTTPS GET to vetted, pinned addresses only', () => {
  let certificates: TestCertificates;
  let server: HttpsTestServer;
  let resolver: TableResolver;
  /** Loopback allowed, the test server's authority trusted. */
  let trusted: GuardedHttpClient;

  beforeAll(async () => {
    certificates = makeTestCertificates([NAME, 'other.outbound.test', 'IP:127.0.0.1', 'IP:::1']);
    server = await startHttpsTestServer(certificates, (request, response) => {
      if (request.url === '/redirect') {
        response.writeHead(302, { location: `https://${NAME}/elsewhere` }).end();
      } else if (request.url === '/large') {
        response.writeHead(200).end('x'.repeat(4097));
      } else if (request.url === '/hang') {
        response.writeHead(200);
        response.write('partial');
      } else {
        response.writeHead(200, { 'content-type': 'text/plain' }).end('token-value\n');
      }
    });
    resolver = new TableResolver({
      [NAME]: ['127.0.0.1'],
      'private.outbound.test': ['10.0.0.5'],
      'metadata.outbound.test': ['169.254.169.254'],
      'mixed.outbound.test': ['93.184.215.14', '127.0.0.1'],
      'mapped.outbound.test': ['::ffff:127.0.0.1'],
      'nat64.outbound.test': ['64:ff9b::7f00:1'],
      'nowhere.outbound.test': [],
    });
    trusted = clientWith(LOOPBACK, [certificates.caPem]);
  });

  afterAll(async () => {
    await server.close();
  });

  const url = (path = '/', host = NAME) => `https://${host}:${server.port}${path}`;
  /** A client trusting `policy`'s addresses and `extraCa`'s authorities, on the test's resolver. */
  const clientWith = (policy: AddressPolicy, extraCa: string[] = []) =>
    new GuardedHttpClient(resolver, new OutboundTrust(policy, extraCa));
  const expectFailure = (result: OutboundResult, failure: string) => {
    expect(result).toMatchObject({ ok: false, failure });
    return result as Extract<OutboundResult, { ok: false }>;
  };

  it('fetches through the vetted address with the name as Host, SNI and certificate identity', async () => {
    const before = server.received.length;
    const result = await trusted.get(url('/.well-known/x.txt'));
    expect(result).toEqual({ ok: true, status: 200, body: Buffer.from('token-value\n') });
    expect(server.received.slice(before)).toEqual([`${NAME}:${server.port} /.well-known/x.txt`]);
    // The name exists only in the test's table: the connection went to the vetted address, no second lookup.
    expect(resolver.lookups.filter((name) => name === NAME).length).toBe(1);
  });

  it('refuses loopback, private, link-local, mapped and NAT64 addresses without the loopback allowance, before any connection', async () => {
    const connections = server.connections;
    const cases: [string, string][] = [
      [url('/', '127.0.0.1'), 'loopback'],
      [url('/', '[::1]'), 'loopback'],
      [url('/', '[::ffff:127.0.0.1]'), 'loopback'],
      [url('/', '169.254.169.254'), 'linkLocal'],
      [url('/', NAME), 'loopback'],
      [url('/', 'private.outbound.test'), 'private'],
      [url('/', 'metadata.outbound.test'), 'linkLocal'],
      [url('/', 'mixed.outbound.test'), 'loopback'],
      [url('/', 'mapped.outbound.test'), 'loopback'],
      [url('/', 'nat64.outbound.test'), 'rfc6052'],
    ];
    for (const [target, range] of cases) {
      const failure = expectFailure(
        await clientWith(PUBLIC_ONLY, [certificates.caPem]).get(target),
        'ADDRESS_NOT_ALLOWED',
      );
      expect(failure.refusedRange).toBe(range);
      expect(failure.message).not.toMatch(/127\.|::1|169\.254|10\.0\.0\.5|ffff|64:ff9b/);
    }
    // The loopback allowance opens loopback only.
    expectFailure(await trusted.get(url('/', 'private.outbound.test')), 'ADDRESS_NOT_ALLOWED');
    expectFailure(await trusted.get(url('/', 'metadata.outbound.test')), 'ADDRESS_NOT_ALLOWED');
    expect(server.connections).toBe(connections);
  });

  it('reaches IP literals when loopback is allowed (the certificate names the address)', async () => {
    expect(await trusted.get(url('/', '127.0.0.1'))).toMatchObject({ ok: true, status: 200 });
    expect(server.received.at(-1)).toBe(`127.0.0.1:${server.port} /`);
  });

  it('follows no redirect: a 302 is the answer', async () => {
    const before = server.received.length;
    const result = await trusted.get(url('/redirect'));
    expect(result).toMatchObject({ ok: true, status: 302 });
    expect(server.received.slice(before)).toEqual([`${NAME}:${server.port} /redirect`]);
  });

  it('stops reading past the body limit (4 KB by default)', async () => {
    expectFailure(await trusted.get(url('/large')), 'BODY_TOO_LARGE');
    expect(await trusted.get(url('/large'), { maxBodyBytes: 5000 })).toMatchObject({ ok: true });
  });

  it('verifies TLS: an authority it does not trust, or a certificate for another name, fails', async () => {
    expectFailure(await clientWith(LOOPBACK).get(url('/')), 'TLS_FAILED');
    const stranger = makeTestCertificates(['stranger.outbound.test']);
    const strangerServer = await startHttpsTestServer(stranger, (_request, response) => response.end('x'));
    try {
      const other = `https://${NAME}:${strangerServer.port}/`;
      expectFailure(await clientWith(LOOPBACK, [stranger.caPem]).get(other), 'TLS_FAILED');
    } finally {
      await strangerServer.close();
    }
  });

  it('gives up on a handshake that never comes (connect timeout) and on a body that never ends (total timeout)', async () => {
    const sockets: Socket[] = [];
    const silent: TcpServer = createTcpServer((socket) => sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      const port = (silent.address() as AddressInfo).port;
      const started = Date.now();
      expectFailure(await trusted.get(`https://${NAME}:${port}/`, { connectTimeoutMs: 300 }), 'CONNECT_TIMEOUT');
      expect(Date.now() - started).toBeLessThan(2000);
    } finally {
      sockets.forEach((socket) => socket.destroy());
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    }
    expectFailure(await trusted.get(url('/hang'), { totalTimeoutMs: 500 }), 'TIMEOUT');
  });

  it('refuses what is not an https URL, and a name without addresses', async () => {
    expectFailure(await trusted.get(`http://${NAME}:${server.port}/`), 'INVALID_URL');
    expectFailure(await trusted.get(`https://user:pw@${NAME}:${server.port}/`), 'INVALID_URL');
    expectFailure(await trusted.get('not a url'), 'INVALID_URL');
    expectFailure(await trusted.get(url('/', 'nowhere.outbound.test')), 'NO_ADDRESS');
  });
});
