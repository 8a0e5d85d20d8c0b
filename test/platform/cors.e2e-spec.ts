import type { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import { AppConfig } from '../../src/platform/config/app-config';
import { loadConfig } from '../../src/platform/config/configuration';
import { createTestApp } from '../support/test-app';

/** With CORS_ORIGINS set, a browser app on an allowed origin can read the headers clients rely on. */
describe('CORS with CORS_ORIGINS set', () => {
  const origin = 'https://console.example.com';
  let app: NestExpressApplication;
  let http: ReturnType<typeof request>;

  beforeAll(async () => {
    app = await createTestApp((builder) =>
      builder.overrideProvider(AppConfig).useValue(loadConfig({ ...process.env, CORS_ORIGINS: origin })),
    );
    http = request(app.getHttpServer());
  });

  afterAll(async () => {
    await app.close();
  });

  it('allows the origin and exposes the request id, rate limit and paging headers', async () => {
    const response = await http.get('/api/v1/health/live').set('Origin', origin).expect(200);
    expect(response.headers['access-control-allow-origin']).toBe(origin);
    const exposed = String(response.headers['access-control-expose-headers'])
      .split(',')
      .map((name) => name.trim().toLowerCase());
    expect(exposed).toEqual(
      expect.arrayContaining([
        'x-request-id',
        'retry-after',
        'x-ratelimit-limit',
        'x-ratelimit-remaining',
        'x-ratelimit-reset',
        'x-total-count',
        'link',
      ]),
    );
  });

  it('does not allow another origin', async () => {
    const response = await http.get('/api/v1/health/live').set('Origin', 'https://elsewhere.example.com').expect(200);
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
  });
});
