import type { NestExpressApplication } from '@nestjs/platform-express';
import { Client } from 'pg';
import request from 'supertest';
import { AppConfig } from '../../src/platform/config/app-config';
import { loadConfig } from '../../src/platform/config/configuration';
import { createIsolatedDatabase, IsolatedDatabase } from '../support/isolated-database';
import { createTestApp } from '../support/test-app';

describe('health and metrics', () => {
  let app: NestExpressApplication;
  let http: ReturnType<typeof request>;

  beforeAll(async () => {
    app = await createTestApp();
    http = request(app.getHttpServer());
  });

  afterAll(async () => {
    await app.close();
  });

  it('answers liveness and readiness when PostgreSQL, Redis and migrations are fine', async () => {
    await http.get('/api/v1/health/live').expect(200, { status: 'up', checks: {} });
    const ready = await http.get('/api/v1/health/ready').expect(200);
    expect(ready.body).toEqual({ status: 'up', checks: { database: 'up', redis: 'up', migrations: 'up' } });
  });

  it('exposes Prometheus metrics by route template and status', async () => {
    await http.get('/api/v1/health/live').expect(200);
    await http.get('/api/v1/not-a-route').expect(404);
    const response = await http.get('/metrics').expect(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    expect(response.text).toMatch(
      /http_requests_total\{method="GET",route="\/api\/v1\/health\/live",status="200"\} \d+/,
    );
    expect(response.text).toMatch(
      /http_request_duration_seconds_bucket\{le="0.005",method="GET",route="unmatched",status="404"\}/,
    );
    expect(response.text).toMatch(/outbox_events\{status="PENDING"\} \d+/);
    expect(response.text).toContain('process_cpu_seconds_total');
  });

  describe('with a database that stops answering', () => {
    let database: IsolatedDatabase;
    let isolated: NestExpressApplication;

    beforeAll(async () => {
      database = await createIsolatedDatabase();
      isolated = await createTestApp((builder) =>
        builder.overrideProvider(AppConfig).useValue(loadConfig({ ...process.env, DATABASE_URL: database.url })),
      );
    });

    afterAll(async () => {
      await isolated.close();
      await database.drop();
    });

    it('answers 503 SERVICE_UNAVAILABLE naming the database, and recovers', async () => {
      const server = request(isolated.getHttpServer());
      await server.get('/api/v1/health/ready').expect(200);

      await database.admin.query(`ALTER DATABASE "${database.name}" WITH ALLOW_CONNECTIONS false`);
      await database.admin.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1`, [
        database.name,
      ]);
      const down = await server.get('/api/v1/health/ready').expect(503);
      expect(down.body).toMatchObject({ code: 'SERVICE_UNAVAILABLE', requestId: expect.any(String) });
      expect(down.body.details).toEqual(expect.arrayContaining([{ field: 'database', message: 'down' }]));
      // The route is public: up or down per dependency, never the driver's words, host, port or database.
      for (const detail of down.body.details) expect(detail.message).toBe('down');
      const { hostname, port } = new URL(database.url);
      const text = JSON.stringify(down.body);
      for (const secret of [database.name, hostname, `:${port}`, 'connections', 'ECONNREFUSED']) {
        expect(text).not.toContain(secret);
      }
      await server.get('/api/v1/health/live').expect(200);

      await database.admin.query(`ALTER DATABASE "${database.name}" WITH ALLOW_CONNECTIONS true`);
      await server.get('/api/v1/health/ready').expect(200);
    });

    it('answers 503 naming migrations when one is not applied', async () => {
      const server = request(isolated.getHttpServer());
      const client = new Client({ connectionString: database.url });
      await client.connect();
      try {
        const { rows } = await client.query(`DELETE FROM schema_migrations RETURNING timestamp, name`);
        const down = await server.get('/api/v1/health/ready').expect(503);
        expect(down.body.details).toEqual([{ field: 'migrations', message: 'down' }]);
        for (const row of rows) {
          await client.query(`INSERT INTO schema_migrations (timestamp, name) VALUES ($1, $2)`, [
            row.timestamp,
            row.name,
          ]);
        }
        await server.get('/api/v1/health/ready').expect(200);
      } finally {
        await client.end();
      }
    });
  });
});
