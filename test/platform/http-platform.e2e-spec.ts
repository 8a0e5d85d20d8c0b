import type { NestExpressApplication } from '@nestjs/platform-express';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import { gzipSync } from 'node:zlib';
import request from 'supertest';
import { encodeCursor } from '../../src/platform/http/pagination';
import { expectCataloguedApiError } from '../support/assertions';
import { ProbeController, UndecoratedController } from '../support/probe.controller';
import { createTestApp } from '../support/test-app';
import { TEST_DEFAULTS } from '../support/test-settings';

const UUID_V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('HTTP platform', () => {
  let app: NestExpressApplication;
  let http: ReturnType<typeof request>;

  beforeAll(async () => {
    app = await createTestApp(undefined, { controllers: [ProbeController] });
    // A real port, for the requests only a raw socket can send.
    await app.listen(0, '127.0.0.1');
    http = request(app.getHttpServer());
  });

  afterAll(async () => {
    await app.close();
  });

  it('answers an unknown route with 404 ROUTE_NOT_FOUND in the ApiError shape', async () => {
    const response = await http.get('/api/v1/no-such-route').expect(404);
    expectCataloguedApiError(response.body, 'ROUTE_NOT_FOUND');
    expect(response.body.requestId).toBe(response.headers['x-request-id']);
    await http.post('/nowhere/at/all').send({}).expect(404);
  });

  it('answers malformed JSON with 400 MALFORMED_JSON', async () => {
    const response = await http
      .post('/api/v1/probe/echo')
      .set('Content-Type', 'application/json')
      .send('{"name": "a", "amount": ')
      .expect(400);
    expectCataloguedApiError(response.body, 'MALFORMED_JSON');
  });

  it('answers a body over the limit with 413 PAYLOAD_TOO_LARGE', async () => {
    const big = JSON.stringify({ name: 'x'.repeat(1024 * 1024 + 10), amount: 1 });
    const response = await http
      .post('/api/v1/probe/echo')
      .set('Content-Type', 'application/json')
      .send(big)
      .expect(413);
    expectCataloguedApiError(response.body, 'PAYLOAD_TOO_LARGE');
  });

  describe('JSON body keys', () => {
    const post = (body: string | Buffer, contentType = 'application/json') =>
      http.post('/api/v1/probe/echo').set('Content-Type', contentType).send(body);

    it('refuses __proto__, constructor and prototype keys at any depth like unknown fields, naming them', async () => {
      const cases: [string, string][] = [
        ['{"name":"a","amount":1,"__proto__":{"admin":true}}', '__proto__'],
        [
          '{"name":"a","amount":1,"address":{"city":"x","constructor":{"prototype":{"admin":true}}}}',
          'address.constructor',
        ],
        ['{"name":"a","amount":1,"address":{"city":"x","prototype":1}}', 'address.prototype'],
        ['{"name":"a","amount":1,"tags":[{"ok":1},{"__proto__":null}]}', 'tags[1].__proto__'],
        ['{"name":"a","amount":1,"\\u005f_proto__":{"admin":true}}', '__proto__'],
      ];
      for (const [body, field] of cases) {
        const response = await post(body).expect(400);
        expectCataloguedApiError(response.body, 'VALIDATION_FAILED');
        const key = field.replace(/^.*[.\]]/, '');
        expect({ body, details: response.body.details }).toEqual({
          body,
          details: [{ field, message: `${key} is not an accepted field` }],
        });
      }
      // The same words as values are data like any other.
      await post('{"name":"__proto__","amount":1}').expect(201, { name: '__proto__', amount: 1 });
    });

    it('refuses a key repeated in one object with 400 MALFORMED_JSON naming the key', async () => {
      const top = await post('{"name":"a","amount":1,"amount":1000000}').expect(400);
      expectCataloguedApiError(top.body, 'MALFORMED_JSON');
      expect(top.body.message).toContain('"amount"');
      expect(top.body.details).toEqual([{ field: 'amount', message: 'amount appears more than once' }]);
      expect(top.body.requestId).toBe(top.headers['x-request-id']);

      const nested = await post('{"name":"a","amount":1,"address":{"city":"x","city":"y"}}').expect(400);
      expectCataloguedApiError(nested.body, 'MALFORMED_JSON');
      expect(nested.body.details).toEqual([{ field: 'address.city', message: 'city appears more than once' }]);

      const escaped = await post('{"name":"a","n\\u0061me":"b","amount":1}').expect(400);
      expect(escaped.body.message).toContain('"name"');

      // Sibling objects may share keys; a body that is malformed as well answers for its syntax.
      await post('{"name":"a","amount":1,"address":{"city":"x"}}').expect(201);
      const broken = await post('{"name":"a","name":"b","amount":').expect(400);
      expectCataloguedApiError(broken.body, 'MALFORMED_JSON');
      expect(broken.body.message).toBe('The request body is not valid JSON');
    });

    /** Posts bytes as they are (superagent would JSON-encode a Buffer sent as JSON). */
    function postBytes(
      body: Buffer,
      headers: Record<string, string>,
    ): Promise<{ status?: number; body: Record<string, unknown> }> {
      const { port } = app.getHttpServer().address() as AddressInfo;
      return new Promise((resolve, reject) => {
        httpRequest(
          {
            host: '127.0.0.1',
            port,
            method: 'POST',
            path: '/api/v1/probe/echo',
            headers: { ...headers, 'Content-Length': String(body.length) },
          },
          (response) => {
            const chunks: Buffer[] = [];
            response.on('data', (chunk: Buffer) => chunks.push(chunk));
            response.on('end', () =>
              resolve({ status: response.statusCode, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) }),
            );
          },
        )
          .on('error', reject)
          .end(body);
      });
    }

    it('checks compressed and UTF-16 bodies too, and keeps refusing other charsets with 415', async () => {
      const duplicate = '{"name":"a","amount":1,"amount":2}';
      const json = { 'Content-Type': 'application/json' };
      const gzipped = await postBytes(gzipSync(duplicate), { ...json, 'Content-Encoding': 'gzip' });
      expect(gzipped.status).toBe(400);
      expectCataloguedApiError(gzipped.body, 'MALFORMED_JSON');
      const gzippedFine = await postBytes(gzipSync('{"name":"a","amount":1}'), { ...json, 'Content-Encoding': 'gzip' });
      expect(gzippedFine).toEqual({ status: 201, body: { name: 'a', amount: 1 } });

      const utf16 = { 'Content-Type': 'application/json; charset=utf-16le' };
      const encode = (text: string) => Buffer.from(text, 'utf16le');
      expect(await postBytes(encode('{"name":"Ad\u00e9","amount":1}'), utf16)).toEqual({
        status: 201,
        body: { name: 'Ad\u00e9', amount: 1 },
      });
      const utf16Duplicate = await postBytes(encode(duplicate), utf16);
      expect(utf16Duplicate.status).toBe(400);
      expectCataloguedApiError(utf16Duplicate.body, 'MALFORMED_JSON');
      const utf16Proto = await postBytes(encode('{"__proto__":{}}'), utf16);
      expect(utf16Proto.status).toBe(400);
      expectCataloguedApiError(utf16Proto.body, 'VALIDATION_FAILED');

      const latin1 = await postBytes(Buffer.from('{"name":"a","amount":1}', 'latin1'), {
        'Content-Type': 'application/json; charset=latin1',
      });
      expect(latin1.status).toBe(415);
      expectCataloguedApiError(latin1.body, 'UNSUPPORTED_MEDIA_TYPE');
    });
  });

  it('answers an unsupported content type with 415', async () => {
    const response = await http
      .post('/api/v1/probe/echo')
      .set('Content-Type', 'text/plain')
      .send('name=a&amount=1')
      .expect(415);
    expectCataloguedApiError(response.body, 'UNSUPPORTED_MEDIA_TYPE');
  });

  it('accepts a valid body and trims its strings', async () => {
    const response = await http.post('/api/v1/probe/echo').send({ name: '  Ada  ', amount: 5 }).expect(201);
    expect(response.body).toEqual({ name: 'Ada', amount: 5 });
  });

  it('rejects unknown fields naming them, and every broken rule with its field', async () => {
    const response = await http
      .post('/api/v1/probe/echo')
      .send({ name: 'Ada', amount: 1.5, admin: true, address: { city: 'x'.repeat(21), zip: '1' } })
      .expect(400);
    expectCataloguedApiError(response.body, 'VALIDATION_FAILED');
    const fields = (response.body.details as { field: string }[]).map((detail) => detail.field);
    expect(fields).toEqual(expect.arrayContaining(['admin', 'amount', 'address.city', 'address.zip']));
  });

  it('rejects a body that is not an object, NUL characters and deep nesting with 400', async () => {
    await http.post('/api/v1/probe/echo').send([1, 2]).expect(400);
    const nul = await http.post('/api/v1/probe/echo').send({ name: 'a\u0000b', amount: 1 }).expect(400);
    expect(nul.body.details).toEqual([{ field: 'name', message: 'must not contain control characters' }]);
    let nested: Record<string, unknown> = { leaf: 1 };
    for (let depth = 0; depth < 40; depth += 1) nested = { inner: nested };
    const deep = await http.post('/api/v1/probe/echo').send({ name: 'a', amount: 1, address: nested }).expect(400);
    expectCataloguedApiError(deep.body, 'VALIDATION_FAILED');
  });

  it('answers a malformed UUID in a path with 400 VALIDATION_FAILED, never 500', async () => {
    const response = await http.get('/api/v1/probe/items/not-a-uuid').expect(400);
    expectCataloguedApiError(response.body, 'VALIDATION_FAILED');
    expect(response.body.details).toEqual([{ field: 'path.id', message: 'must be a UUID' }]);
    await http.get('/api/v1/probe/items/0193f5c2-7d1e-7c4a-9b2f-5e6d7c8b9a01').expect(200);
  });

  it('echoes a well-formed X-Request-Id and replaces a malformed one', async () => {
    const echoed = await http.get('/api/v1/no-such-route').set('X-Request-Id', 'client-trace.42:a_b').expect(404);
    expect(echoed.headers['x-request-id']).toBe('client-trace.42:a_b');
    expect(echoed.body.requestId).toBe('client-trace.42:a_b');

    const replaced = await http.get('/api/v1/health/live').set('X-Request-Id', 'bad id with spaces').expect(200);
    expect(replaced.headers['x-request-id']).toMatch(UUID_V7);

    const tooLong = await http.get('/api/v1/health/live').set('X-Request-Id', 'a'.repeat(129)).expect(200);
    expect(tooLong.headers['x-request-id']).toMatch(UUID_V7);

    const generated = await http.get('/api/v1/health/live').expect(200);
    expect(generated.headers['x-request-id']).toMatch(UUID_V7);
  });

  it('turns an unexpected exception into 500 INTERNAL without leaking its message', async () => {
    const response = await http.get('/api/v1/probe/boom').expect(500);
    expect(response.body).toEqual({
      code: 'INTERNAL',
      message: 'An unexpected error occurred',
      requestId: response.headers['x-request-id'],
    });
    expect(JSON.stringify(response.body)).not.toContain('hunter2');
  });

  it('turns a unique violation into 409 CONFLICT without SQL in the body', async () => {
    const response = await http.get('/api/v1/probe/duplicate').expect(409);
    expectCataloguedApiError(response.body, 'CONFLICT');
    expect(JSON.stringify(response.body)).not.toMatch(/probe_unique|duplicate key|INSERT/i);
  });

  it('sets security headers and no CORS headers by default', async () => {
    const response = await http.get('/api/v1/health/live').set('Origin', 'https://evil.example').expect(200);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['strict-transport-security']).toBeDefined();
    expect(response.headers['x-powered-by']).toBeUndefined();
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('checks the internal key on /internal-style routes', async () => {
    const missing = await http.get('/api/v1/probe/internal').expect(401);
    expectCataloguedApiError(missing.body, 'UNAUTHENTICATED');
    await http.get('/api/v1/probe/internal').set('X-Internal-Api-Key', 'wrong').expect(401);
    await http.get('/api/v1/probe/internal').set('X-Internal-Api-Key', TEST_DEFAULTS.INTERNAL_API_KEY).expect(200);
  });

  it('pages with defaults and bounds, and rejects bad paging input', async () => {
    const first = await http.get('/api/v1/probe/pages').expect(200);
    expect(first.body).toEqual({ items: [{ n: 0 }], page: 0, size: 20, totalItems: 45, totalPages: 3 });
    const second = await http.get('/api/v1/probe/pages?page=2&size=10').expect(200);
    expect(second.body).toMatchObject({ items: [{ n: 20 }], page: 2, size: 10, totalPages: 5 });
    for (const query of ['size=0', 'size=101', 'page=-1', 'page=abc', 'size=2.5', 'extra=1']) {
      const response = await http.get(`/api/v1/probe/pages?${query}`).expect(400);
      expectCataloguedApiError(response.body, 'VALIDATION_FAILED');
    }
  });

  it('decodes its own cursors and answers any other with 400 INVALID_CURSOR', async () => {
    const cursor = encodeCursor({ sortKey: '2026-11-22T10:00:00.000Z', id: 'abc' });
    const ok = await http.get(`/api/v1/probe/cursor?cursor=${cursor}`).expect(200);
    expect(ok.body).toEqual({ position: { sortKey: '2026-11-22T10:00:00.000Z', id: 'abc' }, size: 20 });
    for (const bad of ['%%%', 'bm90LWpzb24', Buffer.from('{"a":1}').toString('base64url')]) {
      const response = await http.get(`/api/v1/probe/cursor?cursor=${bad}`).expect(400);
      expectCataloguedApiError(response.body, 'INVALID_CURSOR');
    }
  });

  describe('requests refused by the HTTP parser', () => {
    /** Writes raw bytes on a new connection; resolves with everything the server sent before closing. */
    function rawExchange(payload: string): Promise<{ status: number; headers: Record<string, string>; body: string }> {
      const { port } = app.getHttpServer().address() as AddressInfo;
      return new Promise((resolve, reject) => {
        const socket = connect(port, '127.0.0.1');
        const chunks: Buffer[] = [];
        socket.on('data', (chunk: Buffer) => chunks.push(chunk));
        socket.on('error', (error) => (chunks.length > 0 ? undefined : reject(error)));
        socket.on('close', () => {
          const raw = Buffer.concat(chunks).toString('utf8');
          const [head, ...rest] = raw.split('\r\n\r\n');
          const [statusLine, ...headerLines] = head.split('\r\n');
          const headers = Object.fromEntries(
            headerLines.map((line) => [
              line.slice(0, line.indexOf(':')).toLowerCase(),
              line.slice(line.indexOf(':') + 1).trim(),
            ]),
          );
          resolve({ status: Number(statusLine.split(' ')[1]), headers, body: rest.join('\r\n\r\n') });
        });
        socket.write(payload);
      });
    }

    function expectClosedApiError(answer: Awaited<ReturnType<typeof rawExchange>>, code: string) {
      expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(answer.headers.connection).toBe('close');
      expect(Number(answer.headers['content-length'])).toBe(Buffer.byteLength(answer.body));
      const body = JSON.parse(answer.body) as Record<string, unknown>;
      expectCataloguedApiError(body, code);
      expect(Object.keys(body).sort()).toEqual(['code', 'message', 'requestId']);
      expect(body.requestId).toMatch(UUID_V7);
      expect(answer.headers['x-request-id']).toBe(body.requestId);
    }

    it('answers a control byte in a header value with 400 MALFORMED_REQUEST and closes', async () => {
      const answer = await rawExchange('GET /api/v1/health/live HTTP/1.1\r\nHost: x\r\nX-Note: a\u0001b\r\n\r\n');
      expect(answer.status).toBe(400);
      expectClosedApiError(answer, 'MALFORMED_REQUEST');
    });

    it('answers 20 KB of headers with 431 HEADERS_TOO_LARGE and closes', async () => {
      const answer = await rawExchange(
        `GET /api/v1/health/live HTTP/1.1\r\nHost: x\r\nX-Padding: ${'a'.repeat(20 * 1024)}\r\n\r\n`,
      );
      expect(answer.status).toBe(431);
      expectClosedApiError(answer, 'HEADERS_TOO_LARGE');
    });

    it('answers an HTTP/1.1 request without a Host header with 400 MALFORMED_REQUEST and closes', async () => {
      const answer = await rawExchange('GET /api/v1/health/live HTTP/1.1\r\nAccept: */*\r\n\r\n');
      expect(answer.status).toBe(400);
      expectClosedApiError(answer, 'MALFORMED_REQUEST');
      expect(JSON.parse(answer.body).message).toMatch(/Host header/);
      // HTTP/1.0 never required one.
      const old = await rawExchange('GET /api/v1/health/live HTTP/1.0\r\n\r\n');
      expect(old.status).toBe(200);
    });

    it('answers a malformed request line with 400 MALFORMED_REQUEST, and still serves the next connection', async () => {
      const answer = await rawExchange('NOT HTTP AT ALL\r\n\r\n');
      expect(answer.status).toBe(400);
      expectClosedApiError(answer, 'MALFORMED_REQUEST');
      const fine = await rawExchange('GET /api/v1/health/live HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
      expect(fine.status).toBe(200);
    });
  });

  it('refuses to boot an app with a route that declares no access policy', async () => {
    await expect(createTestApp(undefined, { controllers: [UndecoratedController] })).rejects.toThrow(
      /without an access policy.*UndecoratedController\.list/,
    );
  });
});
