import type { NestExpressApplication } from '@nestjs/platform-express';
import { Writable } from 'node:stream';
import request from 'supertest';
import { ROOT_LOGGER } from '../../src/platform/logging/logging.module';
import { createRootLogger } from '../../src/platform/logging/root-logger';
import { PROBE_SQL_SECRETS, ProbeController } from '../support/probe.controller';
import { createTestApp } from '../support/test-app';

/**
 * A 500's log line says what failed and where, never the values the failing statement carried:
 * SQL parameters hold PIN hashes, phones, references.
 */
describe('error logs', () => {
  const lines: string[] = [];
  let app: NestExpressApplication;
  let http: ReturnType<typeof request>;

  beforeAll(async () => {
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
        done();
      },
    });
    app = await createTestApp(
      (builder) => builder.overrideProvider(ROOT_LOGGER).useValue(createRootLogger({ LOG_LEVEL: 'error' }, sink)),
      { controllers: [ProbeController] },
    );
    http = request(app.getHttpServer());
  });

  afterAll(async () => {
    await app.close();
  });

  it('logs an unexpected query failure without its parameters', async () => {
    const response = await http.get('/api/v1/probe/sql-failure').expect(500);
    const requestId = response.headers['x-request-id'];
    const logged = lines.filter((line) => line.includes(requestId));
    const failure = logged.map((line) => JSON.parse(line)).find((entry) => entry.msg === 'request failed: INTERNAL');
    // The line still says what failed: the error, its SQLSTATE and the statement's text.
    expect(failure?.err).toMatchObject({ type: 'QueryFailedError', message: 'division by zero' });
    expect(failure.err.driverError).toMatchObject({ code: '22012' });
    expect(failure.err.query).toContain('1 / $3::int');
    expect(failure.err.parameters).toBe('[redacted]');
    for (const line of logged) {
      expect(line).not.toContain(PROBE_SQL_SECRETS.pinHash);
      expect(line).not.toContain(PROBE_SQL_SECRETS.phone);
      expect(line).not.toContain('2348099912345');
    }
  });
});
