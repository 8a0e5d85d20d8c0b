import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import helmet from 'helmet';

/** What a middleware did to a response's headers: headers set, in order, and headers removed. */
export interface HeaderChanges {
  set: [name: string, value: string | number | readonly string[]][];
  removed: string[];
}

/**
 * Helmet's default headers (Content-Security-Policy, Strict-Transport-Security, X-Frame-Options,
 * ...), set on every answer. With its defaults helmet writes the same values whatever the request,
 * through eleven chained middlewares per request; here it runs once, at boot, on a stand-in
 * response, and each request gets the headers it wrote, in the same order (and the removals it
 * made). `helmetHeaderChanges` refuses a helmet that does not finish at once or answers by itself.
 */
export function securityHeaders(): NodeMiddleware {
  const { set, removed } = helmetHeaderChanges(helmet());
  return (_request: IncomingMessage, response: ServerResponse, next: (error?: unknown) => void): void => {
    for (const [name, value] of set) response.setHeader(name, value);
    for (const name of removed) response.removeHeader(name);
    next();
  };
}

/** A Node-style middleware, as helmet's is (Express runs it as any other). */
export type NodeMiddleware = (
  request: IncomingMessage,
  response: ServerResponse,
  next: (error?: unknown) => void,
) => void;

/**
 * The header changes `middleware` makes to a response, run once on a stand-in: a Node response of a
 * request on no socket, which records what is set and removed (and is never written).
 */
export function helmetHeaderChanges(middleware: NodeMiddleware): HeaderChanges {
  const headers = new Map<string, [name: string, value: string | number | readonly string[]]>();
  const removed = new Set<string>();
  const request = new IncomingMessage(new Socket());
  request.method = 'GET';
  request.url = '/';
  const response = new ServerResponse(request);
  response.setHeader = (name, value) => {
    headers.set(name.toLowerCase(), [name, value]);
    removed.delete(name.toLowerCase());
    return response;
  };
  response.removeHeader = (name) => {
    headers.delete(name.toLowerCase());
    removed.add(name.toLowerCase());
  };
  let finished = false;
  middleware(request, response, (error?: unknown) => {
    if (error !== undefined) throw error instanceof Error ? error : new Error(String(error));
    finished = true;
  });
  if (!finished) throw new Error('helmet did not hand the request on at once: its headers cannot be set ahead');
  return { set: [...headers.values()], removed: [...removed] };
}
