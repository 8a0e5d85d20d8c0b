import type { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import { parse } from 'yaml';
import { ERROR_CATALOGUE } from '../../src/platform/http/error-catalogue';
import { createTestApp } from '../support/test-app';

type Operation = { security?: Record<string, string[]>[]; responses: Record<string, unknown>; 'x-public'?: boolean };

/** Every route the Express router serves, as "METHOD /path" with Nest's `:param` turned into `{param}`. */
function servedRoutes(app: NestExpressApplication): string[] {
  const router = (app.getHttpAdapter().getInstance() as { router: { stack: RouterLayer[] } }).router;
  return (
    router.stack
      // Nest mounts each handler as a one-method route; middleware is mounted for all methods.
      .filter((layer) => layer.route && Object.keys(layer.route.methods).length === 1)
      .flatMap((layer) =>
        Object.keys(layer.route!.methods)
          .filter((method) => method !== '_all')
          .map(
            (method) =>
              `${method.toUpperCase()} ${layer.route!.path.replace(/:(\w+)/g, '{$1}').replace(/(.)\/$/, '$1')}`,
          ),
      )
      // The document itself and Swagger UI are served beside the API, not part of it.
      .filter((route) => !/ \/api\/v1\/(docs|openapi)/.test(route))
  );
}
interface RouterLayer {
  route?: { path: string; methods: Record<string, boolean> };
}

describe('OpenAPI document', () => {
  let app: NestExpressApplication;
  let http: ReturnType<typeof request>;
  let document: {
    openapi: string;
    info: { version: string };
    paths: Record<string, Record<string, Operation>>;
    components: { schemas: Record<string, unknown>; securitySchemes: Record<string, unknown> };
    'x-error-codes': { code: string; status: number }[];
  };

  beforeAll(async () => {
    app = await createTestApp();
    http = request(app.getHttpServer());
    document = (await http.get('/api/v1/openapi.json').expect(200)).body;
  });

  afterAll(async () => {
    await app.close();
  });

  it('declares OpenAPI 3 and contract version 0.1.0', () => {
    expect(document.openapi).toMatch(/^3\./);
    expect(document.info.version).toBe('0.1.0');
  });

  it('serves the same document as YAML', async () => {
    const response = await http.get('/api/v1/openapi.yaml').expect(200);
    const yamlDocument = parse(response.text) as typeof document;
    expect(yamlDocument.info.version).toBe('0.1.0');
    expect(Object.keys(yamlDocument.paths).sort()).toEqual(Object.keys(document.paths).sort());
  });

  it('lists every route the app serves', () => {
    const documented = Object.entries(document.paths).flatMap(([path, item]) =>
      Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`),
    );
    const served = servedRoutes(app);
    expect(served.length).toBeGreaterThan(0);
    expect(documented.sort()).toEqual(expect.arrayContaining([...new Set(served)].sort()));
  });

  it('gives every operation a security scheme or marks it public', () => {
    const schemes = Object.keys(document.components.securitySchemes);
    expect(schemes).toEqual(expect.arrayContaining(['bearerAuth', 'merchantApiKey', 'internalApiKey', 'developerKey']));
    for (const [path, item] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(item)) {
        const where = `${method.toUpperCase()} ${path}`;
        if (operation['x-public']) {
          expect({ where, security: operation.security }).toEqual({ where, security: [] });
        } else {
          expect({ where, schemes: (operation.security ?? []).flatMap(Object.keys) }).toEqual({
            where,
            schemes: expect.arrayContaining([expect.stringMatching(new RegExp(schemes.join('|')))]),
          });
        }
        expect(Object.keys(operation.responses)).toContain('500');
      }
    }
  });

  it('publishes the ApiError schema and the error-code catalogue', () => {
    expect(document.components.schemas.ApiError).toMatchObject({
      required: expect.arrayContaining(['code', 'message', 'requestId']),
    });
    const published = document['x-error-codes'].map((entry) => entry.code).sort();
    expect(published).toEqual(Object.keys(ERROR_CATALOGUE).sort());
  });

  it('serves Swagger UI that keeps authorizations across reloads', async () => {
    const page = await http.get('/api/v1/docs/').expect(200);
    expect(page.text).toContain('swagger-ui');
    const init = await http.get('/api/v1/docs/swagger-ui-init.js').expect(200);
    expect(init.text).toContain('"persistAuthorization": true');
  });
});
