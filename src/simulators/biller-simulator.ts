import { createHash, randomUUID } from 'node:crypto';
import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  BillerPaymentStatus,
  IDEMPOTENCY_HEADER,
  PaymentReply,
  SIGNATURE_HEADER,
  TIMESTAMP_HEADER,
  ValidateAccountReply,
  verifyBillerSignature,
} from '../modules/billers/connector/biller-protocol';

/**
 * A biller on the other side of the connector protocol (biller-protocol.ts), for development
 * and tests: a real HTTP server that checks signatures, answers account validation, takes
 * payments idempotently and answers status inquiries from an in-memory store. It serves any
 * biller code under `/billers/{code}`; the outcome is chosen by the account reference's last
 * three characters (see MAGIC_SUFFIXES and the README's "Biller simulator" section).
 */
export interface BillerSimulatorOptions {
  /** 0 picks a free port. */
  port?: number;
  host?: string;
  /** The secret requests must be signed with (BILLER_SIMULATOR_SECRET). */
  secret: string;
  /** Delay of the `...150` (slow) references. */
  slowResponseMs?: number;
  /** How long a `...202` payment stays PENDING before it is CONFIRMED. */
  confirmAfterMs?: number;
  /** Called once per request when it is answered, for a development log. */
  onRequest?: (line: string) => void;
  /** Called as each request arrives (`METHOD url`), before any delay: answered or not. */
  onRequestReceived?: (line: string) => void;
}

export interface RunningBillerSimulator {
  /** `http://host:port`, without a trailing slash. */
  url: string;
  port: number;
  /** The connector base URL of the biller `code`. */
  billerUrl(code: string): string;
  /** Payments taken so far, by reference. */
  payments(): ReadonlyMap<string, SimulatedPayment>;
  /** Well-formed payment posts received so far, by reference: more than one means it was sent again. */
  postsReceived(): ReadonlyMap<string, number>;
  close(): Promise<void>;
}

export interface SimulatedPayment {
  reference: string;
  billerCode: string;
  accountReference: string;
  amount: number;
  currency: string;
  billerReference: string;
  acceptedAt: number;
  /** When a PENDING payment becomes CONFIRMED; null when it was confirmed at once. */
  confirmsAt: number | null;
}

/** What a reference ending in each suffix makes the simulator do. */
export const MAGIC_SUFFIXES = {
  '404': 'unknown account: validation and posting answer 404 ACCOUNT_NOT_FOUND',
  '403': 'blocked account: validation and posting answer 422 ACCOUNT_REJECTED',
  '422': 'valid account whose payments are refused: posting answers 422 PAYMENT_REJECTED',
  '408': 'never answers (the caller times out)',
  '500': 'answers 500',
  '503': 'answers 503',
  '150': 'answers normally after a delay (1.5 s by default)',
  '202': 'valid account; a payment is accepted PENDING and CONFIRMED later (5 s by default)',
  '000': 'valid account that reports no outstanding amount',
} as const;

const CUSTOMER_NAMES = [
  'Adaeze Okafor',
  'Babatunde Adeyemi',
  'Chiamaka Eze',
  'Emeka Nwosu',
  'Fatima Bello',
  'Ibrahim Musa',
  'Kemi Oladipo',
  'Ngozi Obi',
  'Oluwaseun Bakare',
  'Zainab Yusuf',
];
const MAX_BODY_BYTES = 16 * 1024;
const MAX_STORED_PAYMENTS = 100_000;
const ROUTE = /^\/billers\/([a-z0-9]+(?:-[a-z0-9]+)*)\/(accounts\/validate|payments(?:\/([^/?]+))?)$/;

export async function startBillerSimulator(options: BillerSimulatorOptions): Promise<RunningBillerSimulator> {
  const slowResponseMs = options.slowResponseMs ?? 1500;
  const confirmAfterMs = options.confirmAfterMs ?? 5000;
  const payments = new Map<string, SimulatedPayment>();
  const postCounts = new Map<string, number>();
  /** Keys of payment posts being worked on (a slow reference holds its key until it answers). */
  const inFlight = new Set<string>();
  const timers = new Set<NodeJS.Timeout>();

  const delay = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        timers.delete(timer);
        resolve();
      }, ms);
      timers.add(timer);
    });

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const rawUrl = request.url ?? '/';
    const path = rawUrl.split('?')[0];
    const body = await readBody(request);
    if (body === null) return reply(response, 413, { code: 'PAYLOAD_TOO_LARGE', message: 'body too large' });

    if (request.method === 'GET' && path === '/health') return reply(response, 200, { status: 'ok' });
    const route = ROUTE.exec(path);
    if (!route) return reply(response, 404, { code: 'ROUTE_NOT_FOUND', message: 'no such route' });
    const signed = verifyBillerSignature(
      options.secret,
      { signature: header(request, SIGNATURE_HEADER), timestamp: header(request, TIMESTAMP_HEADER) },
      request.method ?? 'GET',
      rawUrl,
      body,
      Math.floor(Date.now() / 1000),
    );
    if (!signed) return reply(response, 401, { code: 'INVALID_SIGNATURE', message: 'signature refused' });

    const [, billerCode, action, paymentReference] = route;
    if (action === 'accounts/validate' && request.method === 'POST') {
      const payload = parseJson(body);
      const accountReference = payload?.accountReference;
      if (typeof accountReference !== 'string' || accountReference.length === 0 || accountReference.length > 64) {
        return reply(response, 400, { code: 'BAD_REQUEST', message: 'accountReference is required' });
      }
      if (!(await forcedOutcome(accountReference, response))) return;
      if (accountReference.endsWith('403')) {
        return reply(response, 422, { code: 'ACCOUNT_REJECTED', message: 'account is blocked' });
      }
      const answer: ValidateAccountReply = {
        accountReference,
        customerName: CUSTOMER_NAMES[digest(accountReference) % CUSTOMER_NAMES.length],
        outstandingAmount: accountReference.endsWith('000') ? null : outstandingAmountOf(accountReference),
      };
      return reply(response, 200, answer);
    }
    if (action === 'payments' && request.method === 'POST') return postPayment(request, response, billerCode, body);
    if (action.startsWith('payments/') && request.method === 'GET') {
      const payment = payments.get(decodeURIComponent(paymentReference ?? ''));
      if (!payment || payment.billerCode !== billerCode) {
        return reply(response, 404, { code: 'PAYMENT_NOT_FOUND', message: 'no payment with this reference' });
      }
      return reply(response, 200, paymentReply(payment));
    }
    return reply(response, 405, { code: 'METHOD_NOT_ALLOWED', message: 'method not allowed' });
  }

  async function postPayment(
    request: IncomingMessage,
    response: ServerResponse,
    billerCode: string,
    body: string,
  ): Promise<void> {
    const payload = parseJson(body);
    const key = header(request, IDEMPOTENCY_HEADER);
    const { reference, accountReference, amount, currency } = payload ?? {};
    if (
      !key ||
      reference !== key ||
      typeof accountReference !== 'string' ||
      accountReference.length === 0 ||
      !Number.isSafeInteger(amount) ||
      (amount as number) < 1 ||
      typeof currency !== 'string'
    ) {
      return reply(response, 400, {
        code: 'BAD_REQUEST',
        message: 'reference (= Idempotency-Key), accountReference, amount and currency are required',
      });
    }
    if (postCounts.size >= MAX_STORED_PAYMENTS && !postCounts.has(key)) {
      postCounts.delete(postCounts.keys().next().value as string);
    }
    postCounts.set(key, (postCounts.get(key) ?? 0) + 1);
    const existing = payments.get(key);
    if (existing) {
      const same =
        existing.billerCode === billerCode &&
        existing.accountReference === accountReference &&
        existing.amount === amount &&
        existing.currency === currency;
      if (!same) {
        return reply(response, 409, { code: 'IDEMPOTENCY_KEY_REUSED', message: 'key used for another payment' });
      }
      return reply(response, 200, paymentReply(existing));
    }
    // A retry that arrives while the first request with its key is still being worked on must
    // not be taken a second time: it is told to come back (retryable), as real billers do.
    if (inFlight.has(key)) {
      return reply(response, 503, { code: 'REQUEST_IN_PROGRESS', message: 'a request with this key is in progress' });
    }
    inFlight.add(key);
    try {
      if (!(await forcedOutcome(accountReference, response))) return;
    } finally {
      inFlight.delete(key);
    }
    if (accountReference.endsWith('403')) {
      return reply(response, 422, { code: 'ACCOUNT_REJECTED', message: 'account is blocked' });
    }
    if (accountReference.endsWith('422')) {
      return reply(response, 422, { code: 'PAYMENT_REJECTED', message: 'the biller refused this payment' });
    }
    const now = Date.now();
    const payment: SimulatedPayment = {
      reference: key,
      billerCode,
      accountReference,
      amount: amount as number,
      currency,
      billerReference: `SIM-${randomUUID().slice(0, 8).toUpperCase()}`,
      acceptedAt: now,
      confirmsAt: accountReference.endsWith('202') ? now + confirmAfterMs : null,
    };
    if (payments.size >= MAX_STORED_PAYMENTS) payments.delete(payments.keys().next().value as string);
    payments.set(key, payment);
    const answer = paymentReply(payment);
    return reply(response, answer.status === 'PENDING' ? 202 : 201, answer);
  }

  /**
   * Applies the outcomes every operation shares (unknown account, hang, 5xx, slow). Returns
   * false when it has answered, or will never answer.
   */
  async function forcedOutcome(accountReference: string, response: ServerResponse): Promise<boolean> {
    const suffix = accountReference.slice(-3);
    if (suffix === '408') return false;
    if (suffix === '500') {
      reply(response, 500, { code: 'INTERNAL', message: 'simulated failure' });
      return false;
    }
    if (suffix === '503') {
      reply(response, 503, { code: 'UNAVAILABLE', message: 'simulated outage' });
      return false;
    }
    if (suffix === '404') {
      reply(response, 404, { code: 'ACCOUNT_NOT_FOUND', message: 'no account with this reference' });
      return false;
    }
    if (suffix === '150') await delay(slowResponseMs);
    return true;
  }

  function paymentReply(payment: SimulatedPayment): PaymentReply {
    const status: BillerPaymentStatus =
      payment.confirmsAt !== null && Date.now() < payment.confirmsAt ? 'PENDING' : 'CONFIRMED';
    return {
      reference: payment.reference,
      billerReference: payment.billerReference,
      status,
      amount: payment.amount,
      currency: payment.currency,
    };
  }

  const server: Server = createServer((request, response) => {
    const started = Date.now();
    options.onRequestReceived?.(`${request.method} ${request.url}`);
    response.on('finish', () =>
      options.onRequest?.(`${request.method} ${request.url} ${response.statusCode} ${Date.now() - started}ms`),
    );
    handle(request, response).catch(() => {
      if (!response.headersSent) reply(response, 500, { code: 'INTERNAL', message: 'simulator error' });
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
  });
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  const url = `http://${host}:${address.port}`;

  return {
    url,
    port: address.port,
    billerUrl: (code) => `${url}/billers/${code}`,
    payments: () => payments,
    postsReceived: () => postCounts,
    close: () =>
      new Promise<void>((resolve) => {
        for (const timer of timers) clearTimeout(timer);
        timers.clear();
        server.close(() => resolve());
        // Hanging (`...408`) requests would keep the server open forever.
        server.closeAllConnections();
      }),
  };
}

function header(request: IncomingMessage, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function readBody(request: IncomingMessage): Promise<string | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = false;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) tooLarge = true;
      else chunks.push(chunk);
    });
    request.on('end', () => resolve(tooLarge ? null : Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

function parseJson(body: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(body);
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

function reply(response: ServerResponse, status: number, body: object): void {
  const text = JSON.stringify(body);
  response.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  response.end(text);
}

function digest(value: string): number {
  return createHash('sha256').update(value).digest().readUInt32BE(0);
}

/** A stable amount between 1,000.00 and 50,999.00, in minor units, from the reference. */
function outstandingAmountOf(accountReference: string): number {
  return (1000 + (digest(`amount:${accountReference}`) % 50_000)) * 100;
}
