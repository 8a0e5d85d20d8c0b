import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, Server } from 'node:https';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A certificate authority of the test's own and one server certificate it signed. */
export interface TestCertificates {
  /** PEM of the authority: what a client trusts (never the system's roots). */
  caPem: string;
  keyPem: string;
  certPem: string;
}

/**
 * Makes a throwaway authority and a server certificate for `names` (DNS names, and IP addresses
 * as `IP:127.0.0.1`) with the openssl CLI, in a temporary directory removed at once.
 */
export function makeTestCertificates(names: string[]): TestCertificates {
  const dir = mkdtempSync(join(tmpdir(), 'paysvc-tls-'));
  const file = (name: string) => join(dir, name);
  const openssl = (...args: string[]) => execFileSync('openssl', args, { stdio: 'pipe' });
  try {
    const ec = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];
    openssl(
      'req',
      '-x509',
      ...ec,
      '-keyout',
      file('ca.key'),
      '-out',
      file('ca.pem'),
      '-days',
      '1',
      '-subj',
      '/CN=Test CA',
    );
    openssl('req', ...ec, '-keyout', file('server.key'), '-out', file('server.csr'), '-subj', `/CN=${names[0]}`);
    const san = names.map((name) => (name.startsWith('IP:') ? name : `DNS:${name}`)).join(',');
    writeFileSync(file('ext.cnf'), `subjectAltName=${san}\n`);
    openssl(
      'x509',
      '-req',
      '-in',
      file('server.csr'),
      '-CA',
      file('ca.pem'),
      '-CAkey',
      file('ca.key'),
      '-CAcreateserial',
      '-out',
      file('server.pem'),
      '-days',
      '1',
      '-extfile',
      file('ext.cnf'),
    );
    return {
      caPem: readFileSync(file('ca.pem'), 'utf8'),
      keyPem: readFileSync(file('server.key'), 'utf8'),
      certPem: readFileSync(file('server.pem'), 'utf8'),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** An HTTPS server on a loopback address, recording each request it receives as `Host path`. */
export interface HttpsTestServer {
  port: number;
  received: string[];
  /** Connections accepted (a refused request never makes one). */
  connections: number;
  close(): Promise<void>;
}

export async function startHttpsTestServer(
  certificates: TestCertificates,
  handler: (request: IncomingMessage, response: ServerResponse) => void,
  host = '127.0.0.1',
): Promise<HttpsTestServer> {
  const received: string[] = [];
  const state = { connections: 0 };
  const server: Server = createServer({ key: certificates.keyPem, cert: certificates.certPem }, (request, response) => {
    received.push(`${request.headers.host ?? ''} ${request.url ?? ''}`);
    handler(request, response);
  });
  server.on('connection', () => {
    state.connections += 1;
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  return {
    port: (server.address() as AddressInfo).port,
    received,
    get connections() {
      return state.connections;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
