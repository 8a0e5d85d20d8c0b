import request from 'supertest';
import { createTestApp, withOpenApi } from '../support/test-app';

type Operation = { responses: Record<string, { headers?: Record<string, unknown> }>; security?: unknown[] };

/** Each identity route with the statuses it must document (spec 4.2 and the profile rows of 4.5). */
const EXPECTED: Record<string, string[]> = {
  'post /api/v1/auth/register': ['200', '400', '429'],
  'post /api/v1/auth/verify': ['200', '400', '401', '403', '410', '429'],
  'post /api/v1/auth/pin': ['204', '400', '401', '403', '422'],
  'post /api/v1/auth/login': ['200', '400', '401', '403', '423', '429'],
  'post /api/v1/auth/refresh': ['200', '400', '401'],
  'post /api/v1/auth/logout': ['204', '401'],
  'get /api/v1/auth/sessions': ['200', '401'],
  'delete /api/v1/auth/sessions/{sessionId}': ['204', '400', '401', '404'],
  'post /api/v1/kyc/tier1': ['200', '400', '401'],
  'get /api/v1/profile': ['200', '401'],
  'patch /api/v1/profile': ['200', '400', '401'],
};

describe('Identity routes in the OpenAPI document', () => {
  let document: { paths: Record<string, Record<string, Operation>>; components: { schemas: Record<string, unknown> } };

  beforeAll(async () => {
    const app = await createTestApp(withOpenApi);
    document = (await request(app.getHttpServer()).get('/api/v1/openapi.json').expect(200)).body;
    await app.close();
  });

  it.each(Object.entries(EXPECTED))('documents %s with its statuses', (route, statuses) => {
    const [method, path] = route.split(' ');
    const operation = document.paths[path]?.[method];
    expect(operation).toBeDefined();
    expect(Object.keys(operation.responses)).toEqual(expect.arrayContaining([...statuses, '500']));
  });

  it('documents the rate-limit and Retry-After headers, and names the spec’s body types', () => {
    const register = document.paths['/api/v1/auth/register'].post;
    expect(Object.keys(register.responses['200'].headers ?? {})).toEqual(
      expect.arrayContaining(['X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset']),
    );
    expect(Object.keys(register.responses['429'].headers ?? {})).toContain('Retry-After');
    expect(Object.keys(document.paths['/api/v1/auth/login'].post.responses['423'].headers ?? {})).toContain(
      'Retry-After',
    );
    for (const name of [
      'RegisterRequest',
      'MessageResponse',
      'VerifyRequest',
      'AuthResponse',
      'PinRequest',
      'LoginRequest',
      'RefreshRequest',
      'TokenResponse',
      'SessionResponse',
      'KycTier1Request',
      'KycTierResponse',
      'ProfileResponse',
      'ProfileUpdateRequest',
    ]) {
      expect(document.components.schemas[name]).toBeDefined();
    }
  });
});
