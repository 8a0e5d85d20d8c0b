import helmet from 'helmet';
import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import { helmetHeaderChanges, type NodeMiddleware, securityHeaders } from './security-headers';

/** A real response's headers after `middleware`, which must hand the request on. */
function headersAfter(middleware: NodeMiddleware, url: string): Record<string, unknown> {
  const request = new IncomingMessage(new Socket());
  request.method = 'GET';
  request.url = url;
  const response = new ServerResponse(request);
  response.setHeader('X-Powered-By', 'Express');
  response.setHeader('X-Request-Id', 'abc');
  let handedOn = 0;
  middleware(request, response, () => (handedOn += 1));
  expect(handedOn).toBe(1);
  return Object.fromEntries(response.getHeaderNames().map((name) => [name, response.getHeader(name)]));
}

describe('securityHeaders', () => {
  it("sets exactly helmet's headers, in helmet's order, and removes what it removes", () => {
    for (const url of ['/api/v1/billers?q=lagos', '/c/0193f5c2-7d1e-7c4a-9b2f-5e6d7c8b9a01']) {
      const viaHelmet = headersAfter(helmet(), url);
      const replayed = headersAfter(securityHeaders(), url);
      expect(Object.keys(replayed)).toEqual(Object.keys(viaHelmet));
      expect(replayed).toEqual(viaHelmet);
      expect(replayed['x-powered-by']).toBeUndefined();
      expect(replayed['content-security-policy']).toContain("default-src 'self'");
      expect(replayed['x-request-id']).toBe('abc');
    }
  });

  it('refuses a middleware that does not hand the request on at once', () => {
    expect(() => helmetHeaderChanges(() => undefined)).toThrow(/cannot be set ahead/);
    expect(() => helmetHeaderChanges((_request, _response, next) => next(new Error('no')))).toThrow('no');
  });
});
