import type { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import { ERROR_CODES } from '../../src/platform/http/error-catalogue';
import { encodeCursor } from '../../src/platform/http/pagination';
import { ProbeController, UndecoratedController } from '../support/probe.controller';
import { createTestApp } from '../support/test-app';
import { TEST_DEFAULTS } from '../support/test-settings';

const UUID_V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('HTTP platform', () => {
  let app: NestExpressApplication;
  let http: ReturnType<typeof request>;

  beforeAll(async () => {
    app = await createTestApp(undefined, { controllers: [ProbeController] });
    http = request(app.getHttpServer());
  });

  afterAll(async () => {
    await app.close();
  });

  function expectApiError(body: Record<string, unknown>, code: string) {
    expect(body).toEqual(expect.objectContaining({ code, message: expect.any(String), requestId: expect.any(String) }));
    expect(ERROR_CODES).toContain(body.code);
  }

  it('answers an unknown route with 404 ROUTE_NOT_FOUND in the ApiError shape', async () => {
    const response = await http.get('/api/v1/no-such-route').expect(404);
    expectApiError(response.body, 'ROUTE_NOT_FOUND');
    expect(response.body.requestId).toBe(response.headers['x-request-id']);
    await http.post('/nowhere/at/all').send({}).expect(404);
  });

  it('answers malformed JSON with 400 MALFORMED_JSON', async () => {
    const response = await http
      .post('/api/v1/probe/echo')
      .set('Content-Type', 'application/json')
      .send('{"name": "a", "amount": ')
      .expect(400);
    expectApiError(response.body, 'MALFORMED_JSON');
  });

  it('answers a body over the limit with 413 PAYLOAD_TOO_LARGE', async () => {
    const big = JSON.stringify({ name: 'x'.repeat(1024 * 1024 + 10), amount: 1 });
    const response = await http
      .post('/api/v1/probe/echo')
      .set('Content-Type', 'application/json')
      .send(big)
      .expect(413);
    expectApiError(response.body, 'PAYLOAD_TOO_LARGE');
  });

  it('answers an unsupported content type with 415', async () => {
    const response = await http
      .post('/api/v1/probe/echo')
      .set('Content-Type', 'text/plain')
      .send('name=a&amount=1')
      .expect(415);
    expectApiError(response.body, 'UNSUPPORTED_MEDIA_TYPE');
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
    expectApiError(response.body, 'VALIDATION_FAILED');
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
    expectApiError(deep.body, 'VALIDATION_FAILED');
  });

  it('answers a malformed UUID in a path with 400 VALIDATION_FAILED, never 500', async () => {
    const response = await http.get('/api/v1/probe/items/not-a-uuid').expect(400);
    expectApiError(response.body, 'VALIDATION_FAILED');
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
    expectApiError(response.body, 'CONFLICT');
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
    expectApiError(missing.body, 'UNAUTHENTICATED');
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
      expectApiError(response.body, 'VALIDATION_FAILED');
    }
  });

  it('decodes its own cursors and answers any other with 400 INVALID_CURSOR', async () => {
    const cursor = encodeCursor({ sortKey: '2026-11-22T10:00:00.000Z', id: 'abc' });
    const ok = await http.get(`/api/v1/probe/cursor?cursor=${cursor}`).expect(200);
    expect(ok.body).toEqual({ position: { sortKey: '2026-11-22T10:00:00.000Z', id: 'abc' }, size: 20 });
    for (const bad of ['%%%', 'bm90LWpzb24', Buffer.from('{"a":1}').toString('base64url')]) {
      const response = await http.get(`/api/v1/probe/cursor?cursor=${bad}`).expect(400);
      expectApiError(response.body, 'INVALID_CURSOR');
    }
  });

  it('refuses to boot an app with a route that declares no access policy', async () => {
    await expect(createTestApp(undefined, { controllers: [UndecoratedController] })).rejects.toThrow(
      /without an access policy.*UndecoratedController\.list/,
    );
  });
});
