/** A small typed view of the served OpenAPI document, enough to drive requests from it. */
export interface Schema {
  $ref?: string;
  type?: string;
  format?: string;
  enum?: unknown[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  allOf?: Schema[];
  oneOf?: Schema[];
  anyOf?: Schema[];
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  nullable?: boolean;
  example?: unknown;
  additionalProperties?: boolean | Schema;
}

export interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema?: Schema;
}

export interface OperationModel {
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  path: string;
  operationId: string;
  summary?: string;
  parameters: Parameter[];
  bodySchema?: Schema;
  bodyMediaType?: string;
  responses: Record<string, { content?: Record<string, { schema?: Schema }> }>;
  security: string[];
  isPublic: boolean;
  /** Roles the operation admits (`x-required-roles`); empty: any signed-in user. */
  requiredRoles: string[];
}

export interface OpenApiDocument {
  info: { version: string };
  paths: Record<string, Record<string, RawOperation>>;
  components: { schemas: Record<string, Schema> };
  'x-error-codes': { code: string; status: number }[];
}

interface RawOperation {
  operationId: string;
  summary?: string;
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema?: Schema }> };
  responses: OperationModel['responses'];
  security?: Record<string, string[]>[];
  'x-public'?: boolean;
  'x-required-roles'?: string[];
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

export function operationsOf(document: OpenApiDocument): OperationModel[] {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    METHODS.filter((method) => item[method]).map((method) => {
      const raw = item[method];
      const [bodyMediaType, body] = Object.entries(raw.requestBody?.content ?? {})[0] ?? [];
      return {
        method,
        path,
        operationId: raw.operationId,
        summary: raw.summary,
        parameters: raw.parameters ?? [],
        bodySchema: body?.schema,
        bodyMediaType,
        responses: raw.responses,
        security: (raw.security ?? []).flatMap((requirement) => Object.keys(requirement)),
        isPublic: raw['x-public'] === true,
        requiredRoles: raw['x-required-roles'] ?? [],
      };
    }),
  );
}

export function resolve(document: OpenApiDocument, schema: Schema | undefined): Schema {
  let current = schema ?? {};
  for (let hops = 0; current.$ref && hops < 20; hops += 1) {
    const name = current.$ref.replace('#/components/schemas/', '');
    current = document.components.schemas[name] ?? {};
  }
  return current;
}

export function describeOperation(operation: OperationModel): string {
  return `${operation.method.toUpperCase()} ${operation.path} (${operation.operationId})`;
}
