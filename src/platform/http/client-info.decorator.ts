import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';

/** Where a request comes from, as far as the server can tell. */
export interface ClientInfo {
  /** The client address (`request.ip`, which honours TRUST_PROXY). */
  ipAddress: string | null;
  /** The `User-Agent` header, cut to 512 characters. */
  userAgent: string | null;
}

/** Hands a handler the caller's address and user agent without giving it the Express request. */
export const CurrentClient = createParamDecorator((_data: unknown, context: ExecutionContext): ClientInfo => {
  const request = context.switchToHttp().getRequest<Request>();
  const userAgent = request.headers['user-agent'];
  return {
    ipAddress: (request.ip ?? request.socket.remoteAddress ?? '').slice(0, 64) || null,
    userAgent: typeof userAgent === 'string' && userAgent.length > 0 ? userAgent.slice(0, 512) : null,
  };
});
