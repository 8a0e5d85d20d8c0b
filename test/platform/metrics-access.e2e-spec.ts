import type { NestExpressApplication } from '@nestjs/platform-express';
import { randomBytes } from 'node:crypto';
import request from 'supertest';
import { AppConfig } from '../../src/platform/config/app-config';
import { loadConfig } from '../../src/platform/config/configuration';
import { expectCatalogued } from '../support/assertions';
import { createTestApp } from '../support/test-app';

type Operation = {
  security?: Record<string, string[]>[];
  responses: Record<string, unknown>;
  'x-public'?: boolean;
};
type Document = {
  paths: Record<string, Record<string, Operation>>;
  components: { securitySchemes: Record<string, unknown> };
};

function expectUnauthenticated(response: request.Response) {
  expect(response.status).toBe(401);
  expect(response.body).toEqual({
    code: 'UNAUTHENTICATED',
    message: 'A valid metrics token is required',
    requestId: response.headers['x-request-id'],
  });
  expectCatalogued(response.body.code);
  expect(response.headers['www-authenticate']).toBe('Bearer realm="metrics"');
  expect(response.text).not.toContain('http_requests_total');
}

describe('/metrics with METRICS_TOKEN set (as production requires)', () => {
  const token = randomBytes(32).toString('base64url');
  let app: NestExpressApplication;
  let http: ReturnType<typeof request>;

  beforeAll(async () => {
    app = await createTestApp((builder) =>
      builder
        .overrideProvider(AppConfig)
        .useValue(loadConfig({ ...process.env, METRICS_TOKEN: token, SWAGGER_ENABLED: 'true' })),
    );
    http = request(app.getHttpServer());
  });

  afterAll(async () => {
    await app.close();
  });

  it('answers 401 UNAUTHENTICATED without a token', async () => {
    expectUnauthenticated(await http.get('/metrics'));
  });

  it('answers 401 to a wrong token, another scheme, or the token with something appended', async () => {
    const wrong = randomBytes(32).toString('base64url');
    for (const authorization of [
      `Bearer ${wrong}`,
      `Bearer ${token.slice(0, -1)}`,
      `Bearer ${token}x`,
      `Basic ${Buffer.from(`prometheus:${token}`).toString('base64')}`,
      token,
      'Bearer',
    ]) {
      expectUnauthenticated(await http.get('/metrics').set('Authorization', authorization));
    }
  });

  it('serves the Prometheus text to the right token', async () => {
    const response = await http.get('/metrics').set('Authorization', `Bearer ${token}`).expect(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(response.text).toContain('# TYPE http_requests_total counter');
    expect(response.text).toMatch(/http_requests_total\{method="GET",route="\/metrics",status="401"\} \d+/);
    // The outbox backlog, read from PostgreSQL at scrape time.
    expect(response.text).toMatch(/^outbox_events\{status="PENDING"\} \d+$/m);
    expect(response.text).toMatch(/^outbox_events\{status="FAILED"\} \d+$/m);
    await http.get('/metrics').set('Authorization', `bearer ${token}`).expect(200);
  });

  it('documents the route with its bearer scheme and its 401', async () => {
    const document = (await http.get('/api/v1/openapi.json').expect(200)).body as Document;
    const operation = document.paths['/metrics'].get;
    expect(operation.security).toEqual([{ metricsToken: [] }]);
    expect(operation['x-public']).toBeUndefined();
    expect(Object.keys(operation.responses)).toEqual(expect.arrayContaining(['200', '401']));
    expect(document.components.securitySchemes.metricsToken).toMatchObject({ type: 'http', scheme: 'bearer' });
  });
});

describe('/metrics without METRICS_TOKEN (the development and test default)', () => {
  let app: NestExpressApplication;
  let http: ReturnType<typeof request>;

  beforeAll(async () => {
    app = await createTestApp((builder) =>
      builder
        .overrideProvider(AppConfig)
        .useValue(loadConfig({ ...process.env, METRICS_TOKEN: '', SWAGGER_ENABLED: 'true' })),
    );
    http = request(app.getHttpServer());
  });

  afterAll(async () => {
    await app.close();
  });

  it('serves the metrics to anyone, whatever Authorization says', async () => {
    await http.get('/metrics').expect(200);
    await http.get('/metrics').set('Authorization', 'Bearer anything').expect(200);
  });

  it('documents the route as public, without a 401 or a scheme it does not use', async () => {
    const document = (await http.get('/api/v1/openapi.json').expect(200)).body as Document;
    const operation = document.paths['/metrics'].get;
    expect(operation['x-public']).toBe(true);
    expect(operation.security).toEqual([]);
    expect(Object.keys(operation.responses)).not.toContain('401');
    expect(document.components.securitySchemes.metricsToken).toBeUndefined();
  });

  it('cannot be the configuration of production', () => {
    expect(() => loadConfig({ ...process.env, NODE_ENV: 'production', METRICS_TOKEN: '' })).toThrow(
      /METRICS_TOKEN is required when NODE_ENV is production/,
    );
  });
});
