import { Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { Agent as HttpAgent, OutgoingHttpHeaders, request as httpRequest } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { BillersConfig } from '../billers.config';
import {
  AccountValidationOutcome,
  BillerConnector,
  BillerEndpoint,
  BillerFailure,
  PaymentPosting,
  PaymentPostingOutcome,
  PaymentStatusOutcome,
} from './biller-connector';
import {
  BILLER_PAYMENT_STATUSES,
  BillerPaymentStatus,
  IDEMPOTENCY_HEADER,
  PostPaymentRequest,
  SIGNATURE_HEADER,
  signBillerRequest,
  TIMESTAMP_HEADER,
  ValidateAccountRequest,
} from './biller-protocol';

/** Replies larger than this are not a protocol answer. */
const MAX_REPLY_BYTES = 64 * 1024;
/** How long an idle connection to a biller that gives no keep-alive hint stays open. */
const IDLE_SOCKET_MS = 4_000;

type Reply = { status: number; body: Record<string, unknown> | null } | BillerFailure;

/** How one HTTP exchange ended. */
type Exchange =
  | { kind: 'REPLY'; status: number; text: string }
  | { kind: 'TIMEOUT' }
  | { kind: 'TOO_LARGE' }
  | { kind: 'ABORTED' }
  | { kind: 'FAILED'; error: Error };

/**
 * The BillerConnector over HTTP (biller-protocol.ts): signed JSON requests, each bounded by
 * the biller's timeout (connection, headers and body alike), replies mapped to outcomes.
 * 5xx, unreachable hosts, redirects, refused signatures and malformed replies are all
 * `UNAVAILABLE`. Connections to billers are kept alive and reused (node:http agents), so a
 * busy worker does not open a connection per call.
 */
@Injectable()
export class HttpBillerConnector extends BillerConnector implements OnApplicationShutdown {
  private readonly logger = new Logger(HttpBillerConnector.name);
  private readonly secrets: ReadonlyMap<string, string>;
  /**
   * An idle connection is closed a second before the biller's `Keep-Alive: timeout=` hint runs
   * out (Node's agent reads it), or after IDLE_SOCKET_MS when the biller gives none, so a
   * request is rarely sent on a connection the biller is closing.
   */
  private readonly agents = {
    'http:': new HttpAgent({ keepAlive: true, maxSockets: 64, maxFreeSockets: 16, timeout: IDLE_SOCKET_MS }),
    'https:': new HttpsAgent({ keepAlive: true, maxSockets: 64, maxFreeSockets: 16, timeout: IDLE_SOCKET_MS }),
  };

  constructor(config: BillersConfig) {
    super();
    this.secrets = config.billerConnectorSecrets;
  }

  /**
   * Last, after the worker has drained its posts: destroying the agents earlier (at module
   * destroy) cut calls still in flight, which then counted as the biller's failures.
   */
  onApplicationShutdown(): void {
    this.agents['http:'].destroy();
    this.agents['https:'].destroy();
  }

  canReach(endpoint: BillerEndpoint): boolean {
    if (!this.secrets.has(endpoint.secretRef)) return false;
    try {
      const { protocol } = new URL(endpoint.baseUrl);
      return protocol === 'http:' || protocol === 'https:';
    } catch {
      return false;
    }
  }

  async validateAccount(endpoint: BillerEndpoint, accountReference: string): Promise<AccountValidationOutcome> {
    const reply = await this.send(endpoint, 'POST', '/accounts/validate', {
      accountReference,
    } satisfies ValidateAccountRequest);
    if (!('status' in reply)) return reply;
    const { status, body } = reply;
    if (status === 200 && typeof body?.customerName === 'string' && isAmountOrNull(body.outstandingAmount)) {
      return {
        kind: 'VALID',
        customerName: body.customerName.slice(0, 200),
        outstandingAmount: (body.outstandingAmount as number | null | undefined) ?? null,
      };
    }
    if (status === 404 && body?.code === 'ACCOUNT_NOT_FOUND') return { kind: 'NOT_FOUND' };
    if (status === 422) return { kind: 'REJECTED', reason: errorCode(body) };
    return this.unusable(endpoint, 'validate account', status, body);
  }

  async postPayment(
    endpoint: BillerEndpoint,
    payment: PaymentPosting,
    signal?: AbortSignal,
  ): Promise<PaymentPostingOutcome> {
    const request: PostPaymentRequest = { ...payment };
    const reply = await this.send(
      endpoint,
      'POST',
      '/payments',
      request,
      { [IDEMPOTENCY_HEADER]: payment.reference },
      signal,
    );
    if (!('status' in reply)) return reply;
    const { status, body } = reply;
    if ((status === 200 || status === 201 || status === 202) && typeof body?.billerReference === 'string') {
      if (body.status === 'CONFIRMED' || body.status === 'PENDING') {
        return { kind: 'ACCEPTED', status: body.status, billerReference: body.billerReference };
      }
    }
    if (status === 404 && body?.code === 'ACCOUNT_NOT_FOUND') return { kind: 'NOT_FOUND' };
    if (status === 422 || status === 409) return { kind: 'REJECTED', reason: errorCode(body) };
    return this.unusable(endpoint, 'post payment', status, body);
  }

  async paymentStatus(
    endpoint: BillerEndpoint,
    reference: string,
    signal?: AbortSignal,
  ): Promise<PaymentStatusOutcome> {
    const reply = await this.send(endpoint, 'GET', `/payments/${encodeURIComponent(reference)}`, undefined, {}, signal);
    if (!('status' in reply)) return reply;
    const { status, body } = reply;
    if (status === 200 && typeof body?.billerReference === 'string' && isPaymentStatus(body.status)) {
      return {
        kind: 'FOUND',
        status: body.status,
        billerReference: body.billerReference,
        ...(Number.isSafeInteger(body.amount) ? { amount: body.amount as number } : {}),
        ...(typeof body.currency === 'string' ? { currency: body.currency } : {}),
      };
    }
    if (status === 404) return { kind: 'NOT_FOUND' };
    return this.unusable(endpoint, 'payment status', status, body);
  }

  private async send(
    endpoint: BillerEndpoint,
    method: 'GET' | 'POST',
    path: string,
    payload?: object,
    extraHeaders: Record<string, string> = {},
    signal?: AbortSignal,
  ): Promise<Reply> {
    const secret = this.secrets.get(endpoint.secretRef);
    if (!secret) {
      this.logger.error(`no signing secret named "${endpoint.secretRef}" in the configuration`);
      return { kind: 'UNAVAILABLE', reason: 'connector misconfigured' };
    }
    let url: URL;
    try {
      url = new URL(`${endpoint.baseUrl.replace(/\/+$/, '')}${path}`);
    } catch {
      return { kind: 'UNAVAILABLE', reason: 'connector misconfigured' };
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      return { kind: 'UNAVAILABLE', reason: 'connector misconfigured' };
    }
    const body = payload === undefined ? '' : JSON.stringify(payload);
    const timestamp = Math.floor(Date.now() / 1000);
    const headers: OutgoingHttpHeaders = {
      accept: 'application/json',
      [TIMESTAMP_HEADER]: String(timestamp),
      [SIGNATURE_HEADER]: signBillerRequest(secret, timestamp, method, `${url.pathname}${url.search}`, body),
      ...extraHeaders,
    };
    if (payload !== undefined) {
      headers['content-type'] = 'application/json';
      headers['content-length'] = Buffer.byteLength(body);
    }
    if (signal?.aborted) return { kind: 'UNAVAILABLE', reason: 'aborted' };
    const exchange = await this.exchange(url, method, headers, body, endpoint.timeoutMs, signal);
    switch (exchange.kind) {
      case 'REPLY':
        return { status: exchange.status, body: parseObject(exchange.text) };
      case 'TOO_LARGE':
        return { kind: 'UNAVAILABLE', reason: 'reply too large' };
      case 'ABORTED':
        return { kind: 'UNAVAILABLE', reason: 'aborted' };
      case 'TIMEOUT':
        this.logger.warn(`biller ${url.host} did not answer ${method} ${path} within ${endpoint.timeoutMs} ms`);
        return { kind: 'TIMEOUT' };
      case 'FAILED':
        this.logger.warn(`biller ${url.host} unreachable: ${exchange.error.message}`);
        return { kind: 'UNAVAILABLE', reason: 'unreachable' };
    }
  }

  /**
   * One request and its whole reply within `timeoutMs`. Settles once: a timer that fires first
   * destroys the request (and its connection); a reply past MAX_REPLY_BYTES is cut off.
   */
  private exchange(
    url: URL,
    method: 'GET' | 'POST',
    headers: OutgoingHttpHeaders,
    body: string,
    timeoutMs: number,
    signal?: AbortSignal,
  ): Promise<Exchange> {
    return new Promise((resolve) => {
      let settled = false;
      const settle = (outcome: Exchange): void => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
        resolve(outcome);
      };
      const onAbort = (): void => {
        settle({ kind: 'ABORTED' });
        request.destroy();
      };
      const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
      const request = send(
        url,
        { method, headers, agent: this.agents[url.protocol as 'http:' | 'https:'] },
        (response) => {
          const chunks: Buffer[] = [];
          let size = 0;
          response.on('data', (chunk: Buffer) => {
            size += chunk.length;
            if (size > MAX_REPLY_BYTES) {
              settle({ kind: 'TOO_LARGE' });
              request.destroy();
              return;
            }
            chunks.push(chunk);
          });
          response.on('end', () =>
            settle({ kind: 'REPLY', status: response.statusCode ?? 0, text: Buffer.concat(chunks, size).toString() }),
          );
          response.on('error', (error) => settle({ kind: 'FAILED', error }));
          response.on('close', () => settle({ kind: 'FAILED', error: new Error('connection closed mid-reply') }));
        },
      );
      const timer = setTimeout(() => {
        settle({ kind: 'TIMEOUT' });
        request.destroy();
      }, timeoutMs);
      request.on('error', (error) => settle({ kind: 'FAILED', error }));
      signal?.addEventListener('abort', onAbort, { once: true });
      request.end(body);
    });
  }

  private unusable(
    endpoint: BillerEndpoint,
    operation: string,
    status: number,
    body: Record<string, unknown> | null,
  ): BillerFailure {
    const reason = status >= 500 ? `status ${status}` : status === 401 ? 'signature refused' : 'unexpected reply';
    this.logger.warn(`biller ${endpoint.baseUrl} ${operation}: ${reason} (${status} ${errorCode(body)})`);
    return { kind: 'UNAVAILABLE', reason };
  }
}

function parseObject(text: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

function errorCode(body: Record<string, unknown> | null): string {
  return typeof body?.code === 'string' ? body.code.slice(0, 60) : 'UNKNOWN';
}

function isAmountOrNull(value: unknown): boolean {
  return value === null || value === undefined || (Number.isSafeInteger(value) && (value as number) >= 0);
}

function isPaymentStatus(value: unknown): value is BillerPaymentStatus {
  return (BILLER_PAYMENT_STATUSES as readonly unknown[]).includes(value);
}
