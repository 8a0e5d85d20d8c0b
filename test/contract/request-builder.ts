import { randomUUID } from 'node:crypto';
import { sample } from 'openapi-sampler';
import { OpenApiDocument, OperationModel, Parameter, resolve, Schema } from './openapi-model';

/** One request the harness sends, described well enough to print and replay. */
import type { GoodInputOverrides } from './good-input-fixtures';

export interface HarnessRequest {
  label: string;
  method: OperationModel['method'];
  path: string;
  query: Record<string, string>;
  headers: Record<string, string>;
  /** A JSON value, or a raw string sent as is (with its own content type). */
  body?: unknown;
  rawBody?: string;
}

export function sampleValue(document: OpenApiDocument, schema: Schema | undefined): unknown {
  if (!schema) return undefined;
  const resolved = resolve(document, schema);
  if (resolved.format === 'uuid') return randomUUID();
  if (resolved.example !== undefined) return resolved.example;
  return sample(schema as never, { skipReadOnly: true, skipNonRequired: false }, document as never);
}

function parameterValue(document: OpenApiDocument, parameter: Parameter): string {
  const value = sampleValue(document, parameter.schema ?? { type: 'string' });
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** The request built from the document's schemas and examples alone. */
export function validRequest(
  document: OpenApiDocument,
  operation: OperationModel,
  overrides: GoodInputOverrides = {},
): HarnessRequest {
  let path = operation.path;
  const query: Record<string, string> = {};
  for (const parameter of operation.parameters) {
    if (parameter.in === 'path') {
      const value = overrides.pathParams?.[parameter.name] ?? parameterValue(document, parameter);
      path = path.replace(`{${parameter.name}}`, encodeURIComponent(value));
    } else if (parameter.in === 'query' && parameter.required) {
      query[parameter.name] = parameterValue(document, parameter);
    }
  }
  Object.assign(query, overrides.query);
  const request: HarnessRequest = { label: 'valid', method: operation.method, path, query, headers: {} };
  if (operation.bodySchema) {
    const example = sampleValue(document, operation.bodySchema);
    request.body =
      overrides.body && typeof example === 'object' && example !== null ? { ...example, ...overrides.body } : example;
  }
  return request;
}

export function describeRequest(request: HarnessRequest): string {
  const query = new URLSearchParams(request.query).toString();
  const body =
    request.rawBody !== undefined
      ? ` raw=${JSON.stringify(request.rawBody.slice(0, 200))}`
      : request.body !== undefined
        ? ` body=${JSON.stringify(request.body)?.slice(0, 300)}`
        : '';
  const headers = Object.keys(request.headers).length ? ` headers=${JSON.stringify(redact(request.headers))}` : '';
  return `[${request.label}] ${request.method.toUpperCase()} ${request.path}${query ? `?${query}` : ''}${headers}${body}`;
}

function redact(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(headers).map(([name, value]) => [name, value.length > 40 ? `${value.slice(0, 37)}...` : value]),
  );
}
