import { INestApplication } from '@nestjs/common';
import { DocumentBuilder, OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import { PUBLIC_EXTENSION, SECURITY_SCHEMES } from '../auth/access-policy';
import { ApiErrorDetailDto, ApiErrorDto } from '../http/api-error.dto';
import { errorCatalogue, ErrorCode, errorCodeEntry } from '../http/error-catalogue';
import { OPENAPI_TAGS } from './openapi-tags';
import { assertSwaggerPluginMetadataLoaded } from './swagger-plugin-metadata';

export const API_VERSION = '0.1.0';
export const API_PREFIX = 'api/v1';

type Operation = {
  tags?: string[];
  parameters?: { in: string }[];
  requestBody?: unknown;
  responses: Record<string, ResponseObject>;
  security?: Record<string, string[]>[];
  [extension: string]: unknown;
};
type ResponseObject = {
  description: string;
  content?: Record<string, { schema?: unknown; examples?: Record<string, { value: unknown }> }>;
};

/**
 * Builds the OpenAPI 3 document from the controllers and DTOs (through the swagger CLI
 * plugin), then adds what every operation shares: the ApiError responses the platform itself
 * gives (400 for bad input, 413/415 for bodies, 500), the security requirement of public
 * routes, the tags with their descriptions, and the error-code catalogue. It keeps only the
 * security schemes some operation uses, so clients generate no credential nobody asks for. The
 * plugin's metadata must be loaded first (`loadSwaggerPluginMetadata`): without it the schemas
 * would be empty, so it throws instead.
 */
export function buildOpenApiDocument(app: INestApplication): OpenAPIObject {
  assertSwaggerPluginMetadataLoaded();
  const config = new DocumentBuilder()
    .setTitle('Payment Service API')
    .setDescription(
      [
        'Bill payments, pushed bills, schedules and merchant checkout.',
        '',
        'Amounts are integers in the currency minor unit; times are ISO 8601 UTC; ids are UUIDs.',
        'Every non-2xx response is an `ApiError`; clients branch on its `code` (catalogue below and in `x-error-codes`).',
        'Send `X-Request-Id` to correlate; every response echoes one.',
        '',
        '| code | status | meaning |',
        '|---|---|---|',
        ...errorCatalogue().map(
          ([code, entry]) => `| \`${code}\` | ${entry.status} | ${entry.description.replace(/\|/g, '\\|')} |`,
        ),
      ].join('\n'),
    )
    .setVersion(API_VERSION)
    .addServer('/', 'This server')
    .addBearerAuth(
      {
        type: 'http',
        scheme: 'bearer',
        bearerFormat: 'JWT',
        description: 'Access token from /auth/verify, /auth/login or /auth/refresh (15 minutes).',
      },
      SECURITY_SCHEMES.bearer,
    )
    .addBearerAuth(
      {
        type: 'http',
        scheme: 'bearer',
        bearerFormat: 'JWT',
        description:
          'Merchant dashboard access token from /merchant/auth/login, /merchant/auth/refresh, invitation acceptance or membership switch: one merchant, one membership (15 minutes).',
      },
      SECURITY_SCHEMES.merchantBearer,
    )
    // addSecurity, not addBearerAuth, which would call the key a JWT (its default bearerFormat).
    .addSecurity(SECURITY_SCHEMES.merchantApiKey, {
      type: 'http',
      scheme: 'bearer',
      description: 'Merchant API key: `sk_live_...` or `sk_test_...`, sent as a Bearer token.',
    })
    .addApiKey(
      {
        type: 'apiKey',
        in: 'header',
        name: 'X-Internal-Api-Key',
        description: 'Shared key of trusted internal systems.',
      },
      SECURITY_SCHEMES.internalKey,
    )
    .addApiKey(
      {
        type: 'apiKey',
        in: 'header',
        name: 'X-Service-Developer-Key',
        description:
          'Sandbox API key (`sk_test_...`) in `X-Service-Developer-Key`: the same credential as `Authorization: Bearer sk_test_...`, on every route that takes a merchant API key. With an `Authorization` header carrying anything else: 400 AMBIGUOUS_CREDENTIALS; a live key here: 403 SANDBOX_KEY_REQUIRED.',
      },
      SECURITY_SCHEMES.developerKey,
    )
    .build();

  const document = SwaggerModule.createDocument(app, config, {
    extraModels: [ApiErrorDto, ApiErrorDetailDto],
    operationIdFactory: (controllerKey, methodKey) => `${controllerKey.replace(/Controller$/, '')}_${methodKey}`,
  });
  decorateOperations(document);
  admitNullInNullableEnums(document.components?.schemas ?? {});
  admitNullInNullableReferences([document.components?.schemas, document.paths]);
  keepUsedSecuritySchemes(document);
  document.tags = usedTags(document);
  const codes = errorCatalogue();
  (document as OpenAPIObject & Record<string, unknown>)['x-error-codes'] = codes.map(([code, entry]) => ({
    code,
    status: entry.status,
    description: entry.description,
  }));
  // ApiErrorDto is declared before the contexts add their codes: the enum is filled in here.
  const errorCodeSchema = document.components?.schemas?.ErrorCode as { enum?: string[] } | undefined;
  if (errorCodeSchema) errorCodeSchema.enum = codes.map(([code]) => code);
  return document;
}

/**
 * OpenAPI 3.0 `nullable: true` does not widen an `enum`: a validator only admits `null` when the
 * enum lists it. The service answers `null` for such fields, so the document lists it too.
 */
function admitNullInNullableEnums(node: unknown): void {
  if (Array.isArray(node)) {
    for (const item of node) admitNullInNullableEnums(item);
    return;
  }
  if (typeof node !== 'object' || node === null) return;
  const schema = node as Record<string, unknown>;
  if (schema.nullable === true && Array.isArray(schema.enum) && !schema.enum.includes(null)) {
    schema.enum = [...(schema.enum as unknown[]), null];
  }
  for (const value of Object.values(schema)) admitNullInNullableEnums(value);
}

/** The branch that admits null and nothing else; a new object each time (YAML would alias a shared one). */
const nullBranch = () => ({ type: 'object', nullable: true, enum: [null] });

/**
 * OpenAPI 3.0.3 says `nullable: true` widens only the `type` beside it: in the form
 * @nestjs/swagger writes for a nullable nested DTO, `{ nullable: true, type: 'object', allOf:
 * [{ $ref }] }`, the `allOf` still holds null to the referenced schema, so JSON Schema
 * validators (Ajv in OpenAPI mode among them) refuse the null the service answers. Each such
 * schema becomes `oneOf: [{ $ref }, nullBranch()]`: validators admit null through the second
 * branch, and generators type it `Referenced | null`. Annotations (description, example) stay.
 */
function admitNullInNullableReferences(node: unknown): void {
  if (Array.isArray(node)) {
    for (const item of node) admitNullInNullableReferences(item);
    return;
  }
  if (typeof node !== 'object' || node === null) return;
  const schema = node as Record<string, unknown>;
  for (const value of Object.values(schema)) admitNullInNullableReferences(value);
  if (schema.nullable !== true) return;
  const keyword = schema.anyOf ? 'anyOf' : 'oneOf';
  const union = schema[keyword] as unknown[] | undefined;
  const allOf = schema.allOf as unknown[] | undefined;
  let branches: unknown[];
  if (union) branches = union;
  else if (allOf) branches = [allOf.length === 1 ? allOf[0] : { allOf }];
  else if (typeof schema.$ref === 'string') branches = [{ $ref: schema.$ref }];
  else return;
  // `type` goes too: beside the branches it would refuse null again, and each branch has its own.
  for (const key of ['nullable', 'type', 'allOf', 'oneOf', 'anyOf', '$ref']) delete schema[key];
  schema[keyword] = [...branches, nullBranch()];
}

const HTTP_METHODS = ['get', 'put', 'post', 'patch', 'delete', 'head', 'options', 'trace'] as const;

/** Every operation of the document, whatever its method. */
function operationsOf(document: OpenAPIObject): Operation[] {
  return Object.values(document.paths).flatMap((pathItem) =>
    HTTP_METHODS.flatMap((method) => (pathItem as Record<string, Operation | undefined>)[method] ?? []),
  );
}

/**
 * Drops the security schemes no operation (and no document-wide requirement) uses: a client
 * generator would otherwise ask for credentials no route takes. A route that adds its own
 * scheme after the build (`/metrics`) adds it with the requirement.
 */
function keepUsedSecuritySchemes(document: OpenAPIObject): void {
  const schemes = document.components?.securitySchemes;
  if (!schemes) return;
  const used = new Set(
    [...(document.security ?? []), ...operationsOf(document).flatMap((operation) => operation.security ?? [])].flatMap(
      (requirement) => Object.keys(requirement),
    ),
  );
  for (const name of Object.keys(schemes)) if (!used.has(name)) delete schemes[name];
}

/**
 * The tags the operations use, in the catalogue's order with its descriptions; a tag missing
 * from the catalogue is still listed, by name, for the document's test to point out.
 */
function usedTags(document: OpenAPIObject): { name: string; description?: string }[] {
  const used = new Set(operationsOf(document).flatMap((operation) => operation.tags ?? []));
  return [
    ...OPENAPI_TAGS.filter((tag) => used.has(tag.name)),
    ...[...used].filter((name) => !OPENAPI_TAGS.some((tag) => tag.name === name)).map((name) => ({ name })),
  ];
}

function decorateOperations(document: OpenAPIObject): void {
  for (const pathItem of Object.values(document.paths)) {
    for (const method of ['get', 'put', 'post', 'patch', 'delete'] as const) {
      const operation = (pathItem as Record<string, Operation | undefined>)[method];
      if (!operation) continue;
      if (operation[PUBLIC_EXTENSION]) operation.security = [];
      const hasParameters =
        (operation.parameters ?? []).some((parameter) => parameter.in !== 'header') || !!operation.requestBody;
      if (hasParameters) addError(operation, 'VALIDATION_FAILED');
      if (operation.requestBody) {
        addError(operation, 'MALFORMED_JSON');
        addError(operation, 'PAYLOAD_TOO_LARGE');
        addError(operation, 'UNSUPPORTED_MEDIA_TYPE');
      }
      addError(operation, 'INTERNAL');
    }
  }
}

/** Adds an ApiError response for a code to an operation, merging with one already there. */
function addError(operation: Operation, code: ErrorCode): void {
  const status = String(errorCodeEntry(code).status);
  const line = `\`${code}\`: ${errorCodeEntry(code).description}`;
  const example = {
    value: { code, message: errorCodeEntry(code).description, requestId: '0193f5c2-7d1e-7c4a-9b2f-5e6d7c8b9a01' },
  };
  const existing = operation.responses[status];
  if (!existing) {
    operation.responses[status] = {
      description: line,
      content: {
        'application/json': { schema: { $ref: '#/components/schemas/ApiError' }, examples: { [code]: example } },
      },
    };
    return;
  }
  const media = existing.content?.['application/json'];
  if (media?.examples?.[code]) return;
  existing.description = existing.description ? `${existing.description}\n\n${line}` : line;
  if (media) media.examples = { ...(media.examples ?? {}), [code]: example };
}

/** Serves the document as JSON and YAML and Swagger UI, which keeps authorizations across reloads. */
export function mountOpenApi(app: INestApplication, document: OpenAPIObject): void {
  SwaggerModule.setup(`${API_PREFIX}/docs`, app, document, {
    jsonDocumentUrl: `${API_PREFIX}/openapi.json`,
    yamlDocumentUrl: `${API_PREFIX}/openapi.yaml`,
    customSiteTitle: 'Payment Service API',
    swaggerOptions: { persistAuthorization: true, displayRequestDuration: true, tryItOutEnabled: false },
  });
}
