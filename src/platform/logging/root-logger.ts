import type { IncomingMessage, ServerResponse } from 'node:http';
import pino, { Logger } from 'pino';
import { pinoHttp } from 'pino-http';
import { AppConfig } from '../config/app-config';
import { newId } from '../database/new-id';

const REQUEST_ID_PATTERN = /^[A-Za-z0-9._:-]{1,128}$/;
export const REQUEST_ID_HEADER = 'X-Request-Id';

/** Structured JSON logs; secrets that can appear in headers or bodies are redacted. */
export function createRootLogger(config: Pick<AppConfig, 'LOG_LEVEL'>): Logger {
  return pino({
    level: config.LOG_LEVEL,
    base: { service: 'payment-service' },
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'req.headers["x-internal-api-key"]',
        'req.headers["x-service-developer-key"]',
        'res.headers["set-cookie"]',
      ],
      censor: '[redacted]',
    },
  });
}

/**
 * Accepts the caller's `X-Request-Id` when it is 1-128 characters of `[A-Za-z0-9._:-]`, otherwise
 * makes one; echoes it in the response header. pino-http stores it as `req.id`, and every log
 * line of the request carries it as `reqId`.
 */
export function requestId(request: IncomingMessage, response: ServerResponse): string {
  const incoming = request.headers['x-request-id'];
  const id = typeof incoming === 'string' && REQUEST_ID_PATTERN.test(incoming) ? incoming : newId();
  response.setHeader(REQUEST_ID_HEADER, id);
  return id;
}

/** The request logger, installed as the first middleware so even body-parser failures carry the id. */
export function createHttpLogger(logger: Logger) {
  return pinoHttp({
    logger,
    genReqId: requestId,
    customLogLevel: (_request, response, error) =>
      error || response.statusCode >= 500 ? 'error' : response.statusCode >= 400 ? 'warn' : 'info',
    autoLogging: { ignore: (request) => request.url === '/metrics' || request.url === '/api/v1/health/live' },
    serializers: {
      req: (request: { id: unknown; method: string; url: string }) => ({
        id: request.id,
        method: request.method,
        url: redactBearerPathSegments(request.url),
      }),
    },
  });
}

/** Receipt links carry their authorisation in the path; logs keep the route, not the token. */
export function redactBearerPathSegments(url: string): string {
  return url.replace(/(\/receipts\/)[^/?#]+/, '$1[redacted]');
}
