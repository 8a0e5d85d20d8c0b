import { ExecutionContextHost } from '@nestjs/core/helpers/execution-context-host';
import { PinoLogger } from 'nestjs-pino';
import { DatabaseError } from 'pg';
import { QueryFailedError } from 'typeorm';
import { ApiExceptionFilter } from './api-exception.filter';
import { CONCURRENT_TRANSACTION_MESSAGE, DEPENDENCY_RETRY_AFTER_SECONDS } from './dependency-outage';

/** What the filter wrote: status, headers and the JSON body. */
function render(exception: unknown) {
  const written: { status?: number; headers: Record<string, string>; body?: Record<string, unknown> } = { headers: {} };
  const response = {
    headersSent: false,
    locals: {},
    setHeader: (name: string, value: string) => (written.headers[name] = value),
    status(status: number) {
      written.status = status;
      return this;
    },
    json: (body: Record<string, unknown>) => (written.body = body),
  };
  const host = new ExecutionContextHost([{ id: 'request-1' }, response]);
  const logger = new PinoLogger({ pinoHttp: { level: 'silent' } });
  new ApiExceptionFilter(logger).catch(exception, host);
  return written;
}

function conflict(code: string, message: string): QueryFailedError {
  const error = new DatabaseError(message, message.length, 'error');
  error.code = code;
  error.severity = 'ERROR';
  return new QueryFailedError('UPDATE bills SET status = $1', [], error);
}

describe('ApiExceptionFilter: a transaction PostgreSQL rolled back for a concurrent one', () => {
  it.each([
    ['a deadlock (40P01)', conflict('40P01', 'deadlock detected')],
    ['a serialization failure (40001)', conflict('40001', 'could not serialize access due to concurrent update')],
  ])('answers %s 503 SERVICE_UNAVAILABLE with Retry-After, never 500, leaking no SQL', (_, error) => {
    const written = render(error);
    expect(written.status).toBe(503);
    expect(written.headers['Retry-After']).toBe(String(DEPENDENCY_RETRY_AFTER_SECONDS));
    expect(written.body).toEqual({
      code: 'SERVICE_UNAVAILABLE',
      message: CONCURRENT_TRANSACTION_MESSAGE,
      requestId: 'request-1',
      details: [{ field: 'database', message: 'gave way to a concurrent request' }],
    });
    expect(JSON.stringify(written.body)).not.toMatch(/bills|deadlock|serialize/);
  });
});
