import { RequestMethod } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import path from 'node:path';
import { ACCESS_POLICY, type AccessPolicy } from '../../src/platform/auth/access-policy';
import { ISOLATION_ROUTES } from '../merchants/support/mode-isolation-routes';
import { filesUnder } from './table-access';

const ROOT = path.resolve(__dirname, '..', '..');

interface DeclaredRoute {
  /** `METHOD /path/{param}`, as the isolation table names routes. */
  name: string;
  policy: AccessPolicy | undefined;
}

/** `merchant/checkout-sessions` + `:checkoutSessionId` -> `/merchant/checkout-sessions/{checkoutSessionId}`. */
function routePath(...parts: string[]): string {
  const joined = parts
    .flatMap((part) => part.split('/'))
    .filter((segment) => segment.length > 0)
    .map((segment) => segment.replace(/^:(.+)$/, '{$1}'))
    .join('/');
  return `/${joined}`;
}

/** Every route the controllers under src/modules declare, read from Nest's decorator metadata (nothing is booted). */
async function declaredRoutes(): Promise<DeclaredRoute[]> {
  // The application's module graph first: each context loads its error codes before its
  // controllers' decorators name them, in the order the app does.
  await import('../../src/api.module');
  const files = filesUnder(path.join(ROOT, 'src', 'modules'), (file) => file.endsWith('.controller.ts'));
  const routes: DeclaredRoute[] = [];
  for (const file of files) {
    const exported = (await import(file)) as Record<string, unknown>;
    for (const candidate of Object.values(exported)) {
      if (typeof candidate !== 'function') continue;
      const controllerPaths = Reflect.getMetadata(PATH_METADATA, candidate) as string | string[] | undefined;
      if (controllerPaths === undefined) continue;
      const prototype = (candidate as { prototype: Record<string, unknown> }).prototype;
      for (const key of Object.getOwnPropertyNames(prototype)) {
        const handler = Object.getOwnPropertyDescriptor(prototype, key)?.value as unknown;
        if (typeof handler !== 'function' || key === 'constructor') continue;
        const method = Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod | undefined;
        const handlerPaths = Reflect.getMetadata(PATH_METADATA, handler) as string | string[] | undefined;
        if (method === undefined || handlerPaths === undefined) continue;
        const policy = Reflect.getMetadata(ACCESS_POLICY, handler) as AccessPolicy | undefined;
        for (const base of ([] as string[]).concat(controllerPaths)) {
          for (const sub of ([] as string[]).concat(handlerPaths)) {
            routes.push({ name: `${RequestMethod[method]} ${routePath(base, sub)}`, policy });
          }
        }
      }
    }
  }
  return routes;
}

/**
 * Mode isolation (design/merchants.md section 6) is tested as a table,
 * test/merchants/mode-isolation.e2e-spec.ts: each merchant-scoped route for each key of two
 * merchants. A route that takes a merchant API key (`@MerchantApiKey()`, `@SandboxKey()`,
 * `@MerchantAuth({ apiKey: true })`) without a row there would be untested for reaching across
 * modes and merchants; this fails until it has one (test/merchants/support/mode-isolation-routes.ts).
 */
describe('mode isolation coverage', () => {
  let routes: DeclaredRoute[];
  const tabled = new Set(ISOLATION_ROUTES.map((route) => route.name));

  beforeAll(async () => {
    routes = await declaredRoutes();
  });

  it('finds the merchant API routes (the metadata read is the one Nest routes by)', () => {
    expect(routes.map((route) => route.name)).toEqual(
      expect.arrayContaining(['GET /merchant/checkout-sessions/{checkoutSessionId}', 'GET /merchant/risk/profile']),
    );
  });

  it('has an isolation row for every route that takes a merchant API key', () => {
    const keyRoutes = routes
      .filter(({ policy }) => policy?.kind === 'merchant' && policy.apiKey !== 'never')
      .map((route) => route.name);
    expect(keyRoutes.length).toBeGreaterThan(0);
    expect(keyRoutes.filter((name) => !tabled.has(name))).toEqual([]);
  });

  it('names only merchant routes that exist in its rows', () => {
    const merchantRoutes = new Set(
      routes.filter(({ policy }) => policy?.kind === 'merchant').map((route) => route.name),
    );
    expect([...tabled].filter((name) => !merchantRoutes.has(name))).toEqual([]);
  });
});
