import type { NestExpressApplication } from '@nestjs/platform-express';
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import request from 'supertest';
import { parse } from 'yaml';
import { PaymentError } from '../../src/modules/payments/payments.errors';
import { errorCatalogue } from '../../src/platform/http/error-catalogue';
import { describeMetricsSecurity } from '../../src/platform/metrics/metrics-openapi';
import { buildOpenApiDocument } from '../../src/platform/openapi/openapi-document';
import { RECONCILIATION_CSV_HEADERS } from '../../src/modules/reconciliation/reconciliation-csv';
import { createTestApp, withOpenApi } from '../support/test-app';

type Operation = {
  tags?: string[];
  parameters?: { name: string; in: string; schema?: Record<string, unknown> }[];
  security?: Record<string, string[]>[];
  requestBody?: { content?: Record<string, { schema?: unknown }> };
  responses: Record<string, unknown>;
  'x-public'?: boolean;
};
type Document = {
  security?: Record<string, string[]>[];
  paths: Record<string, Record<string, Operation>>;
  components: { securitySchemes?: Record<string, unknown> };
};

/**
 * `type: number` properties and parameters the document may keep, each with the reason. Money,
 * counts, pages and durations are integers (DESIGN.md: amounts in minor units, never floats);
 * a real fraction would be the exception, and must say so here.
 */
const NUMBER_ALLOWED: Record<string, string> = {
  '#/components/schemas/AdminMetric/properties/value':
    'a metric is a count, minor units, a rate (0..1) or seconds; rates and percentile times are fractional',
  '#/components/schemas/FunnelStepMetric/properties/conversionFromPrevious': 'a ratio between 0 and 1',
  '#/components/schemas/FunnelStepMetric/properties/conversionFromFirst': 'a ratio between 0 and 1',
};

/** Every place in the document where a schema says `type: number`, as a JSON pointer. */
function numberTypes(node: unknown, pointer = '#'): string[] {
  if (Array.isArray(node)) return node.flatMap((item, index) => numberTypes(item, `${pointer}/${index}`));
  if (typeof node !== 'object' || node === null) return [];
  const own = (node as Record<string, unknown>).type === 'number' ? [pointer] : [];
  return [
    ...own,
    ...Object.entries(node).flatMap(([key, value]) =>
      numberTypes(value, `${pointer}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`),
    ),
  ];
}

type SchemaNode = Record<string, unknown>;
const isNode = (value: unknown): value is SchemaNode =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const escapePointer = (key: string) => key.replace(/~/g, '~0').replace(/\//g, '~1');

/** Every object in the document with its JSON pointer, the root included. */
function nodesOf(node: unknown, pointer = '#'): [string, SchemaNode][] {
  if (Array.isArray(node)) return node.flatMap((item, index) => nodesOf(item, `${pointer}/${index}`));
  if (!isNode(node)) return [];
  return [
    [pointer, node],
    ...Object.entries(node).flatMap(([key, value]) => nodesOf(value, `${pointer}/${escapePointer(key)}`)),
  ];
}

/**
 * Where `nullable: true` sits beside a reference or a composition. OpenAPI 3.0.3 (and every JSON
 * Schema validator, Ajv in OpenAPI mode included) reads `nullable` as widening only the `type`
 * beside it: `{ nullable: true, allOf: [{ $ref }] }` still holds null to the reference, so the
 * null the service answers fails a client's validation. A nullable reference is written with a
 * branch of its own for null instead.
 */
function nullableCompositions(document: unknown): string[] {
  return nodesOf(document)
    .filter(([, node]) => node.nullable === true && ['$ref', 'allOf', 'oneOf', 'anyOf'].some((key) => key in node))
    .map(([pointer]) => pointer);
}

/** Every property of every component schema (nested objects included) that says it may be null. */
function nullableProperties(schemas: Record<string, unknown>): string[] {
  const saysNull = (schema: unknown) =>
    isNode(schema) &&
    (schema.nullable === true ||
      [...((schema.oneOf as unknown[]) ?? []), ...((schema.anyOf as unknown[]) ?? [])].some(
        (branch) => isNode(branch) && branch.nullable === true,
      ));
  return nodesOf(schemas, '#/components/schemas').flatMap(([pointer, node]) =>
    isNode(node.properties)
      ? Object.entries(node.properties)
          .filter(([, property]) => saysNull(property))
          .map(([name]) => `${pointer}/properties/${escapePointer(name)}`)
      : [],
  );
}

/** The JSON type a schema (or the component it references) declares, if it declares one. */
function declaredType(document: { components: { schemas: Record<string, unknown> } }, schema: unknown): string | null {
  if (!isNode(schema)) return null;
  if (typeof schema.type === 'string') return schema.type;
  if (typeof schema.$ref === 'string')
    return declaredType(document, document.components.schemas[schema.$ref.replace('#/components/schemas/', '')]);
  const branches = [...((schema.allOf as unknown[]) ?? []), ...((schema.oneOf as unknown[]) ?? [])].filter(
    (branch) => !(isNode(branch) && Array.isArray(branch.enum) && branch.enum.length === 1 && branch.enum[0] === null),
  );
  return branches.length === 1 ? declaredType(document, branches[0]) : null;
}

/**
 * Optional properties of the request bodies (and of the objects nested in them) that carry a
 * `default`. Generators read `default` as "always present" (openapi-typescript's
 * defaultNonNullable, on by default) and make the property required in the request type; the
 * default belongs in the description.
 */
function optionalRequestPropertiesWithDefault(document: {
  paths: Record<string, Record<string, Pick<Operation, 'requestBody'>>>;
  components: { schemas: Record<string, unknown> };
}): string[] {
  const found = new Set<string>();
  const seen = new Set<unknown>();
  const visit = (schema: unknown, where: string): void => {
    if (!isNode(schema) || seen.has(schema)) return;
    seen.add(schema);
    if (typeof schema.$ref === 'string') {
      const name = schema.$ref.replace('#/components/schemas/', '');
      visit(document.components.schemas[name], `#/components/schemas/${name}`);
      return;
    }
    const required = (schema.required as string[] | undefined) ?? [];
    for (const [name, property] of Object.entries((schema.properties as Record<string, unknown>) ?? {})) {
      if (isNode(property) && 'default' in property && !required.includes(name))
        found.add(`${where}/properties/${escapePointer(name)}`);
      visit(property, `${where}/properties/${escapePointer(name)}`);
    }
    for (const key of ['allOf', 'oneOf', 'anyOf'] as const)
      ((schema[key] as unknown[]) ?? []).forEach((branch, index) => visit(branch, `${where}/${key}/${index}`));
    if (schema.items) visit(schema.items, `${where}/items`);
    if (isNode(schema.additionalProperties)) visit(schema.additionalProperties, `${where}/additionalProperties`);
  };
  for (const [path, item] of Object.entries(document.paths))
    for (const [method, operation] of Object.entries(item))
      for (const [mediaType, media] of Object.entries(operation.requestBody?.content ?? {}))
        visit(
          media.schema,
          `#/paths/${escapePointer(path)}/${method}/requestBody/content/${escapePointer(mediaType)}/schema`,
        );
  return [...found].sort();
}

const asDocument = (value: unknown) => value as Document;

function operationsOf(document: Document): [string, Operation][] {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, operation]): [string, Operation] => [
      `${method.toUpperCase()} ${path}`,
      operation,
    ]),
  );
}

/** The schemes the document's requirements name, and the schemes it defines. */
function schemeUse(document: Document): { used: string[]; defined: string[] } {
  const requirements = [...(document.security ?? []), ...operationsOf(document).flatMap(([, op]) => op.security ?? [])];
  return {
    used: [...new Set(requirements.flatMap((requirement) => Object.keys(requirement)))].sort(),
    defined: Object.keys(document.components.securitySchemes ?? {}).sort(),
  };
}

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
      // The document itself, Swagger UI and the hosted checkout's HTML pages (`/c/{id}`,
      // `/l/{slug}`, for payers' browsers) are served beside the API, not part of it.
      .filter((route) => !/ \/(api\/v1\/(docs|openapi)|c\/|l\/)/.test(route))
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
    app = await createTestApp(withOpenApi);
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
    expect(schemes).toContain('bearerAuth');
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

  it('defines exactly the security schemes its operations use, with and without METRICS_TOKEN', () => {
    const variants = {
      served: asDocument(document),
      'without METRICS_TOKEN': asDocument(describeMetricsSecurity(buildOpenApiDocument(app), { METRICS_TOKEN: '' })),
      'with METRICS_TOKEN': asDocument(
        describeMetricsSecurity(buildOpenApiDocument(app), {
          METRICS_TOKEN: 'a-metrics-token-only-this-test-uses-0123456789',
        }),
      ),
    };
    for (const [variant, built] of Object.entries(variants)) {
      const { used, defined } = schemeUse(built);
      expect({ variant, defined }).toEqual({ variant, defined: used });
    }
    expect(schemeUse(variants['with METRICS_TOKEN']).defined).toContain('metricsToken');
    expect(schemeUse(variants['without METRICS_TOKEN']).defined).not.toContain('metricsToken');
  });

  it('lists every tag an operation uses, each with a description', () => {
    const used = new Set(operationsOf(asDocument(document)).flatMap(([, operation]) => operation.tags ?? []));
    const listed = (document as unknown as { tags: { name: string; description?: string }[] }).tags;
    expect(listed.map((tag) => tag.name).sort()).toEqual([...used].sort());
    for (const tag of listed)
      expect({ tag: tag.name, described: !!tag.description?.trim() }).toEqual({ tag: tag.name, described: true });
  });

  it('types money, counts and pages as integers: no `type: number` anywhere unless allowed with a reason', () => {
    expect(numberTypes(document).filter((pointer) => !(pointer in NUMBER_ALLOWED))).toEqual([]);
    // A stale entry would let a future `number` in the same place pass unexamined.
    expect(Object.keys(NUMBER_ALLOWED).filter((pointer) => !numberTypes(document).includes(pointer))).toEqual([]);
  });

  it('writes no `nullable` beside a reference or a composition, where validators would hold null to it', () => {
    expect(nullableCompositions(document)).toEqual([]);
  });

  it('admits null, as Ajv validates it, for every property the document says may be null, and only null', () => {
    const ajv = new Ajv({ strict: false, allErrors: true });
    addFormats(ajv);
    ajv.addSchema({ $id: 'document', components: document.components });
    const pointers = nullableProperties(document.components.schemas);
    expect(pointers).toEqual(
      expect.arrayContaining([
        '#/components/schemas/MerchantResponse/properties/pricing',
        '#/components/schemas/MerchantResponse/properties/scheduledPricing',
        '#/components/schemas/MerchantResponse/properties/settlementAccount',
      ]),
    );
    const refused: string[] = [];
    const wrongKindAdmitted: string[] = [];
    for (const pointer of pointers) {
      const validate = ajv.compile({ $ref: `document${pointer}` });
      if (!validate(null)) refused.push(`${pointer}: ${ajv.errorsText(validate.errors)}`);
      // The null branch must not open the door to anything else: a value of the wrong kind is still refused.
      const property = pointer
        .slice(2)
        .split('/')
        .reduce<unknown>(
          (node, part) => (node as SchemaNode)[part.replace(/~1/g, '/').replace(/~0/g, '~')],
          document as unknown,
        );
      const type = declaredType(document, property);
      if (type !== null && validate(type === 'string' ? 12345 : 'not-of-this-type')) wrongKindAdmitted.push(pointer);
    }
    expect(refused).toEqual([]);
    expect(wrongKindAdmitted).toEqual([]);
  });

  it('puts no `default` on an optional request-body property: generators would make it required', () => {
    expect(optionalRequestPropertiesWithDefault(document)).toEqual([]);
  });

  it('describes the reconciliation export as a CSV attachment with its columns listed', () => {
    const operation = document.paths['/api/v1/admin/reconciliation/export'].get as Operation & {
      summary?: string;
      description?: string;
      responses: Record<string, { description: string; content: Record<string, unknown> }>;
    };
    expect(Object.keys(operation.responses['200'].content)).toEqual(['text/csv']);
    expect(operation.description).toContain(RECONCILIATION_CSV_HEADERS.map((column) => `\`${column}\``).join(', '));
    expect(operation.responses['200'].description).toContain(RECONCILIATION_CSV_HEADERS.join(', '));
  });

  it("shows, in each paged array's Link example, the route's own URLs", () => {
    const paged = Object.entries(document.paths).flatMap(([path, item]) =>
      Object.values(item).flatMap((operation) => {
        type Responses = Record<string, { headers?: Record<string, { schema?: { example?: string } }> }>;
        const link = (operation as { responses?: Responses }).responses?.['200']?.headers?.Link;
        return link?.schema?.example ? [{ path, example: link.schema.example }] : [];
      }),
    );
    expect(paged.map(({ path }) => path)).toEqual(
      expect.arrayContaining([
        '/api/v1/compliance/aml-queue',
        '/api/v1/admin/merchants',
        '/api/v1/admin/posting-attempts',
      ]),
    );
    for (const { path, example } of paged) {
      for (const url of example.match(/<[^>]+>/g) ?? []) expect(url).toContain(`https://api.example.com${path}?`);
    }
  });

  it('interpolates every text it publishes: no `${` left from a template in a comment', () => {
    const uninterpolated = nodesOf(document).flatMap(([pointer, node]) =>
      Object.entries(node)
        .filter(([, value]) => typeof value === 'string' && value.includes('${'))
        .map(([key]) => `${pointer}/${escapePointer(key)}`),
    );
    expect(uninterpolated).toEqual([]);
  });

  it('documents boolean query parameters as booleans, never as "true"/"false" strings', () => {
    const stringBooleans = operationsOf(asDocument(document)).flatMap(([where, operation]) =>
      (operation.parameters ?? [])
        .filter((parameter) => {
          const values = parameter.schema?.enum as unknown[] | undefined;
          return (
            values !== undefined && values.length > 0 && values.every((value) => value === 'true' || value === 'false')
          );
        })
        .map((parameter) => `${where} ?${parameter.name}`),
    );
    expect(stringBooleans).toEqual([]);
    const active = document.paths['/api/v1/admin/billers'].get.parameters?.find(
      (parameter) => parameter.name === 'active',
    );
    expect(active?.schema).toEqual({ type: 'boolean' });
  });

  it('shows in the DUPLICATE_PAYMENT example where the original payment is, as the service answers', () => {
    type Examples = Record<string, { value: { details?: { field: string; message: string }[] } }>;
    const response = document.paths['/api/v1/payments'].post.responses['409'] as {
      content: { 'application/json': { examples: Examples } };
    };
    const example = response.content['application/json'].examples.DUPLICATE_PAYMENT.value;
    const paymentId = '0193f5c2-7d1e-7c4a-9b2f-5e6d7c8b9a10';
    expect(example.details).toEqual(PaymentError.duplicate(paymentId, 'PENDING').details);
  });

  it('documents the 409s that name a payment with PaymentConflictError: the ApiError and the payment', () => {
    type Conflict = {
      content: {
        'application/json': {
          schema: { $ref: string };
          examples: Record<string, { value: { code: string; payment?: { id: string } } }>;
        };
      };
    };
    const conflicts = [
      ['/api/v1/payments', 'DUPLICATE_PAYMENT'],
      ['/api/v1/bills/{billId}/pay', 'DUPLICATE_PAYMENT'],
      ['/api/v1/bills/{billId}/pay', 'BILL_ALREADY_PAID'],
    ];
    for (const [path, code] of conflicts) {
      const media = (document.paths[path].post.responses['409'] as Conflict).content['application/json'];
      expect(media.schema).toEqual({ $ref: '#/components/schemas/PaymentConflictError' });
      expect(media.examples[code].value.payment).toMatchObject({ id: '0193f5c2-7d1e-7c4a-9b2f-5e6d7c8b9a10' });
    }
    const schema = document.components.schemas.PaymentConflictError as {
      properties: Record<string, unknown>;
      required: string[];
    };
    const apiError = document.components.schemas.ApiError as typeof schema;
    expect(schema.properties).toEqual({
      ...apiError.properties,
      payment: expect.objectContaining({ allOf: [{ $ref: '#/components/schemas/PaymentResponse' }] }),
    });
    expect(schema.required).toEqual(apiError.required);
  });

  it('publishes the ApiError schema and the error-code catalogue', () => {
    expect(document.components.schemas.ApiError).toMatchObject({
      required: expect.arrayContaining(['code', 'message', 'requestId']),
    });
    const published = document['x-error-codes'].map((entry) => entry.code).sort();
    expect(published).toEqual(
      errorCatalogue()
        .map(([code]) => code)
        .sort(),
    );
  });

  it('orders the catalogue whatever order the errors files loaded in: the platform codes as declared, then the rest alphabetically', () => {
    const codes = document['x-error-codes'].map((entry) => entry.code);
    const platform = codes.slice(0, codes.indexOf('INTERNAL') + 1);
    expect(platform.slice(0, 3)).toEqual(['VALIDATION_FAILED', 'MALFORMED_JSON', 'MALFORMED_REQUEST']);
    const contexts = codes.slice(platform.length);
    expect(contexts.length).toBeGreaterThan(50);
    expect(contexts).toEqual([...contexts].sort());
    // A payments code and a merchants code, whose files load in that order, sit in the alphabet's.
    expect(contexts.indexOf('API_KEY_LIMIT_REACHED')).toBeLessThan(contexts.indexOf('LIMIT_EXCEEDED'));
    expect((document.components.schemas.ErrorCode as { enum: string[] }).enum).toEqual(codes);
  });

  it('serves Swagger UI that keeps authorizations across reloads', async () => {
    const page = await http.get('/api/v1/docs/').expect(200);
    expect(page.text).toContain('swagger-ui');
    const init = await http.get('/api/v1/docs/swagger-ui-init.js').expect(200);
    expect(init.text).toContain('"persistAuthorization": true');
  });
});
