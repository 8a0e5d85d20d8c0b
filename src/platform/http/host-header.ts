import type { NestExpressApplication } from '@nestjs/platform-express';
import type { NextFunction, Request, Response } from 'express';
import type { Server } from 'node:http';
import { ApiException } from './api-error';

/**
 * HTTP/1.1 requires a `Host` header (RFC 9112, 3.2). Node's server refuses a request without
 * one itself, with an empty 400 that bypasses every middleware; here the server lets it
 * through (`requireHostHeader: false`) and the first middleware after the request logger
 * answers it as the parser's other refusals are answered: 400 `MALFORMED_REQUEST` in the
 * ApiError shape, with its request id, closing the connection. HTTP/1.0 had no such rule,
 * and Node never required it there either.
 */
export function refuseRequestsWithoutHost(app: NestExpressApplication): void {
  (app.getHttpServer() as Server & { requireHostHeader: boolean }).requireHostHeader = false;
  app.use(function refuseMissingHost(request: Request, response: Response, next: NextFunction) {
    const http11 = request.httpVersionMajor > 1 || (request.httpVersionMajor === 1 && request.httpVersionMinor >= 1);
    if (!http11 || request.headers.host !== undefined) {
      next();
      return;
    }
    response.setHeader('Connection', 'close');
    next(new ApiException('MALFORMED_REQUEST', 'The request has no Host header, which HTTP/1.1 requires'));
  });
}
