import { Injectable } from '@nestjs/common';
import type { IncomingMessage } from 'node:http';
import { request, type RequestOptions } from 'node:https';
import { isIP } from 'node:net';
import { type ConnectionOptions, createSecureContext, rootCertificates, SecureContext, TLSSocket } from 'node:tls';
import { AddressPolicy, addressRefusal } from './address-policy';
import { OutboundTrust } from './outbound-trust';
import { DnsResolver, ResolvedAddress } from './dns-resolver';

export interface GuardedGetOptions {
  /** The body is read up to this many bytes; a longer one fails `BODY_TOO_LARGE`. Default 4 KB. */
  maxBodyBytes?: number;
  /**
   * `truncate`: a longer body is not a failure; the answer comes with its first `maxBodyBytes`
   * and the rest is not read (a webhook keeps a snippet of any answer). Default `fail`.
   */
  bodyOverflow?: 'fail' | 'truncate';
  /** From the request's start to the TLS handshake's end. Default 3 s. */
  connectTimeoutMs?: number;
  /** From the start (the DNS lookup included) to the body's last byte. Default 5 s. */
  totalTimeoutMs?: number;
  /** Extra request headers; no cookie or credential is ever added on our side. */
  headers?: Record<string, string>;
}

/** A POST: the GET's options and the body sent (`content-type` is the caller's header). */
export interface GuardedPostOptions extends GuardedGetOptions {
  body: string | Buffer;
}

/** Whether a URL may be requested at all: null when it may, else why not (as `OutboundResult` says it). */
export type UrlRefusal = { failure: OutboundFailure; message: string; refusedRange?: string } | null;

/** Why a request did not produce a response. */
export type OutboundFailure =
  | 'INVALID_URL'
  | 'NO_ADDRESS'
  | 'DNS_FAILED'
  | 'ADDRESS_NOT_ALLOWED'
  | 'CONNECT_TIMEOUT'
  | 'TIMEOUT'
  | 'CONNECTION_FAILED'
  | 'TLS_FAILED'
  | 'BODY_TOO_LARGE';

/**
 * A response, whatever its status (redirects are never followed: a 3xx is just an answer), or a
 * failure. `message` is safe to show the caller's user: it never holds an address, resolved or
 * connected to, nor a system error's text (which would). `refusedRange` (ipaddr.js's range name,
 * `private`, `loopback`...) says why an address was refused, for logs and tests.
 */
export type OutboundResult =
  | { ok: true; status: number; body: Buffer }
  | { ok: false; failure: OutboundFailure; message: string; refusedRange?: string };

const DEFAULTS = { maxBodyBytes: 4096, connectTimeoutMs: 3000, totalTimeoutMs: 5000 };

class Failed extends Error {
  constructor(
    readonly failure: OutboundFailure,
    message: string,
    readonly refusedRange?: string,
  ) {
    super(message);
  }
}

const TLS_ERROR =
  /^(ERR_TLS_|ERR_SSL_|CERT_|DEPTH_ZERO_SELF_SIGNED_CERT|SELF_SIGNED_CERT_IN_CHAIN|UNABLE_TO_|HOSTNAME_MISMATCH)/;

/**
 * HTTPS GET to addresses the caller may reach, and only those (server-side request forgery guard;
 * `README.md`). The name is resolved here through `DnsResolver`; every address it gives must pass
 * `addressRefusal` (one refused address refuses the name), then the request connects to the
 * vetted address itself, with the name as SNI, certificate identity and `Host`, so no second
 * lookup can swap the address after the check; the connected socket's peer is checked again.
 * TLS is verified; no redirect is followed; no cookie, credential or connection is kept or
 * reused (a fresh agent per request). Connect 3 s, total 5 s, body at most 4 KB by default.
 * `post` sends a body under the same rules; `vet` makes the checks without connecting.
 */
@Injectable()
export class GuardedHttpClient {
  /**
   * The TLS context trusting the system's roots and `trust.extraCa`, built once: a context given
   * as `ca` on each request was rebuilt for every connection (about 140 certificates parsed each
   * time). Undefined when nothing is trusted beyond the system's roots (Node's default context).
   */
  private readonly secureContext: SecureContext | undefined;

  constructor(
    private readonly resolver: DnsResolver,
    private readonly trust: OutboundTrust,
  ) {
    this.secureContext =
      trust.extraCa.length > 0 ? createSecureContext({ ca: [...rootCertificates, ...trust.extraCa] }) : undefined;
  }

  get(url: string, options: GuardedGetOptions = {}): Promise<OutboundResult> {
    return this.send('GET', url, options, undefined);
  }

  /** A POST under the same rules as `get` (a webhook delivery); the caller sets the timeouts it needs. */
  post(url: string, options: GuardedPostOptions): Promise<OutboundResult> {
    return this.send('POST', url, options, options.body);
  }

  /**
   * The checks `get` and `post` make before connecting, without connecting: an https URL without
   * credentials whose name resolves, every address passing the policy (a webhook endpoint's
   * registration). A later request checks again, since DNS may change.
   */
  async vet(url: string): Promise<UrlRefusal> {
    try {
      await this.vettedAddress(parseTarget(url).hostname, this.trust.policy);
      return null;
    } catch (error) {
      if (error instanceof Failed)
        return { failure: error.failure, message: error.message, refusedRange: error.refusedRange };
      throw error;
    }
  }

  private async send(
    method: 'GET' | 'POST',
    url: string,
    options: GuardedGetOptions,
    body: string | Buffer | undefined,
  ): Promise<OutboundResult> {
    const settings = { ...DEFAULTS, ...options };
    let timer: NodeJS.Timeout | undefined;
    let abort: (() => void) | undefined;
    const deadline = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => {
        abort?.();
        reject(new Failed('TIMEOUT', `no complete answer within ${settings.totalTimeoutMs} ms`));
      }, settings.totalTimeoutMs);
    });
    try {
      const target = parseTarget(url);
      const address = await Promise.race([this.vettedAddress(target.hostname, this.trust.policy), deadline]);
      const exchange = this.exchange(method, target, address, settings, body);
      abort = exchange.abort;
      // Once the deadline wins, the aborted exchange's own failure has nobody waiting for it.
      exchange.result.catch(() => undefined);
      return await Promise.race([exchange.result, deadline]);
    } catch (error) {
      if (error instanceof Failed) {
        return { ok: false, failure: error.failure, message: error.message, refusedRange: error.refusedRange };
      }
      throw error;
    } finally {
      clearTimeout(timer);
      abort?.();
    }
  }

  /** The one address to connect to: an IP literal as it is, a name's first address once all are vetted. */
  private async vettedAddress(hostname: string, policy: AddressPolicy): Promise<ResolvedAddress> {
    const family = isIP(hostname);
    let addresses: ResolvedAddress[];
    if (family === 4 || family === 6) {
      addresses = [{ address: hostname, family }];
    } else {
      try {
        addresses = await this.resolver.resolveAddresses(hostname);
      } catch {
        throw new Failed('DNS_FAILED', 'the name could not be resolved');
      }
      if (addresses.length === 0) throw new Failed('NO_ADDRESS', 'the name has no address');
    }
    for (const { address } of addresses) {
      const range = addressRefusal(address, policy);
      if (range !== null)
        throw new Failed('ADDRESS_NOT_ALLOWED', 'the name leads to an address that is not public', range);
    }
    return addresses[0];
  }

  private exchange(
    method: 'GET' | 'POST',
    target: Target,
    pinned: ResolvedAddress,
    settings: typeof DEFAULTS & GuardedGetOptions,
    body: string | Buffer | undefined,
  ): { result: Promise<OutboundResult>; abort: () => void } {
    const hostIsName = isIP(target.hostname) === 0;
    // `secureContext` reaches tls.connect as the other TLS options do (Node's https types omit it).
    const options: RequestOptions & Pick<ConnectionOptions, 'secureContext'> = {
      host: pinned.address,
      family: pinned.family,
      port: target.port === '' ? 443 : Number(target.port),
      path: `${target.pathname}${target.search}`,
      method,
      // The certificate is checked against the name, and SNI carries it; never an IP (RFC 6066).
      servername: hostIsName ? target.hostname : '',
      secureContext: this.secureContext,
      rejectUnauthorized: true,
      agent: false,
      headers: {
        host: target.host,
        accept: 'text/plain, */*;q=0.1',
        'user-agent': 'paysvc-outbound/1',
        ...settings.headers,
      },
    };
    const outgoing = request(options);
    const result = new Promise<OutboundResult>((resolve, reject) => {
      const fail = (failure: Failed) => {
        reject(failure);
        outgoing.destroy();
      };
      const connectTimer = setTimeout(
        () => fail(new Failed('CONNECT_TIMEOUT', `no connection within ${settings.connectTimeoutMs} ms`)),
        settings.connectTimeoutMs,
      );
      outgoing.on('socket', (socket) => {
        socket.once('connect', () => {
          // Defence in depth: the peer must be the vetted address, and pass the policy again.
          const peer = socket.remoteAddress ?? '';
          const range = addressRefusal(peer, this.trust.policy);
          if (peer !== pinned.address || range !== null) {
            fail(
              new Failed(
                'ADDRESS_NOT_ALLOWED',
                'the connection reached an address that is not allowed',
                range ?? 'unexpected',
              ),
            );
          }
        });
        (socket as TLSSocket).once('secureConnect', () => clearTimeout(connectTimer));
      });
      outgoing.on('error', (error: NodeJS.ErrnoException) => {
        clearTimeout(connectTimer);
        const code = error.code ?? '';
        reject(
          TLS_ERROR.test(code)
            ? new Failed('TLS_FAILED', 'the TLS handshake failed (certificate not trusted or not for this name)')
            : new Failed('CONNECTION_FAILED', 'the connection failed'),
        );
      });
      outgoing.on('response', (response: IncomingMessage) => {
        clearTimeout(connectTimer);
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > settings.maxBodyBytes && settings.bodyOverflow === 'truncate') {
            chunks.push(chunk.subarray(0, chunk.length - (size - settings.maxBodyBytes)));
            resolve({ ok: true, status: response.statusCode ?? 0, body: Buffer.concat(chunks) });
            outgoing.destroy();
            return;
          }
          if (size > settings.maxBodyBytes) {
            fail(new Failed('BODY_TOO_LARGE', `the body is longer than ${settings.maxBodyBytes} bytes`));
            return;
          }
          chunks.push(chunk);
        });
        response.on('end', () => resolve({ ok: true, status: response.statusCode ?? 0, body: Buffer.concat(chunks) }));
        response.on('error', () => reject(new Failed('CONNECTION_FAILED', 'the connection failed')));
      });
      outgoing.end(body);
    });
    return { result, abort: () => outgoing.destroy() };
  }
}

interface Target {
  /** The name or the IP literal, an IPv6 literal without its brackets. */
  hostname: string;
  /** `host[:port]` as the URL spells it: the `Host` header. */
  host: string;
  port: string;
  pathname: string;
  search: string;
}

/** `https:` URLs only, without credentials. */
function parseTarget(url: string): Target {
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    throw new Failed('INVALID_URL', 'not a URL');
  }
  if (target.protocol !== 'https:') throw new Failed('INVALID_URL', 'only https URLs are fetched');
  if (target.username !== '' || target.password !== '') throw new Failed('INVALID_URL', 'credentials in the URL');
  const hostname = target.hostname.startsWith('[') ? target.hostname.slice(1, -1) : target.hostname;
  return { hostname, host: target.host, port: target.port, pathname: target.pathname, search: target.search };
}
