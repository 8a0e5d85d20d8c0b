import fc from 'fast-check';
import { OpenApiDocument, OperationModel, resolve, Schema } from './openapi-model';
import { HarnessRequest, validRequest } from './request-builder';

/**
 * Requests that break the operation's documented schema, each of which must be refused with a
 * 4xx ApiError. The fixed mutations cover every kind of breakage the contract promises to
 * refuse; fast-check then adds seeded random wrong-typed values until `count` is reached.
 */
export function invalidRequests(
  document: OpenApiDocument,
  operation: OperationModel,
  count: number,
  seed: number,
): HarnessRequest[] {
  const base = validRequest(document, operation);
  const requests: HarnessRequest[] = [];
  const add = (label: string, change: (request: HarnessRequest) => void) => {
    const request = structuredClone(base);
    request.label = label;
    change(request);
    requests.push(request);
  };

  for (const parameter of operation.parameters.filter((candidate) => candidate.in === 'path')) {
    const schema = resolve(document, parameter.schema);
    const replace = (value: string) => (request: HarnessRequest) => {
      request.path = operation.path.replace(`{${parameter.name}}`, encodeURIComponent(value));
      for (const other of operation.parameters.filter((p) => p.in === 'path' && p.name !== parameter.name)) {
        const original = base.path.split('/')[operation.path.split('/').indexOf(`{${other.name}}`)];
        request.path = request.path.replace(`{${other.name}}`, original);
      }
    };
    if (schema.format === 'uuid') {
      for (const bad of [
        'not-a-uuid',
        '12345',
        '0193f5c2-7d1e-7c4a-9b2f-5e6d7c8b9a0',
        "' OR 1=1 --",
        'x'.repeat(300),
      ]) {
        add(`path ${parameter.name}=${bad.slice(0, 20)}`, replace(bad));
      }
      add(`path ${parameter.name} with NUL`, replace('0193f5c2-7d1e-7c4a-9b2f-5e6d7c8b9a01\u0000'));
    }
  }

  const queryParameters = operation.parameters.filter((parameter) => parameter.in === 'query');
  for (const parameter of queryParameters) {
    const schema = resolve(document, parameter.schema);
    const setQuery = (value: string) => (request: HarnessRequest) => {
      request.query[parameter.name] = value;
    };
    for (const [label, value] of wrongScalars(schema)) add(`query ${parameter.name} ${label}`, setQuery(value));
  }
  if (queryParameters.length > 0) {
    add('unknown query parameter', (request) => {
      request.query.__unknown = '1';
    });
  }

  if (operation.bodySchema) {
    const schema = resolve(document, operation.bodySchema);
    add('malformed JSON', (request) => {
      request.body = undefined;
      request.rawBody = '{"truncated": ';
      request.headers['content-type'] = 'application/json';
    });
    add('wrong content type', (request) => {
      request.body = undefined;
      request.rawBody = 'a=1&b=2';
      request.headers['content-type'] = 'text/plain';
    });
    for (const [label, value] of [
      ['array body', [1, 2]],
      ['string body', 'just a string'],
      ['number body', 42],
    ] as const) {
      add(label, (request) => {
        request.body = value;
      });
    }
    add('unknown field', (request) => {
      (request.body as Record<string, unknown>).__unknown = true;
    });
    add('deeply nested JSON', (request) => {
      let nested: unknown = 'leaf';
      for (let depth = 0; depth < 60; depth += 1) nested = { inner: nested };
      (request.body as Record<string, unknown>).__nested = nested;
    });
    for (const field of schema.required ?? []) {
      add(`missing ${field}`, (request) => {
        delete (request.body as Record<string, unknown>)[field];
      });
    }
    for (const [field, property] of Object.entries(schema.properties ?? {})) {
      const resolved = resolve(document, property);
      for (const [label, value] of wrongBodyValues(resolved)) {
        add(`body ${field} ${label}`, (request) => {
          (request.body as Record<string, unknown>)[field] = value;
        });
      }
    }
  }

  if (requests.length === 0) return [];
  const fields = Object.entries(resolve(document, operation.bodySchema).properties ?? {});
  const extra = Math.max(0, count - requests.length);
  if (extra > 0) {
    const randomized = fc.sample(
      randomBreakage(
        document,
        fields,
        queryParameters.map((p) => p.name),
        lastParameterSegment(operation.path),
      ),
      { seed, numRuns: extra },
    );
    randomized.forEach((breakage, index) => {
      add(`random #${index} ${breakage.label}`, breakage.apply);
    });
  }
  return requests;
}

function wrongScalars(schema: Schema): [string, string][] {
  const values: [string, string][] = [
    ['10 KB', 'x'.repeat(10_240)],
    ['NUL', 'a\u0000b'],
  ];
  if (schema.type === 'integer' || schema.type === 'number') {
    values.push(['not a number', 'abc'], ['fraction', '1.5'], ['huge', '1e400']);
    if (schema.minimum !== undefined) values.push(['below minimum', String(schema.minimum - 1)]);
    if (schema.maximum !== undefined) values.push(['above maximum', String(schema.maximum + 1)]);
  }
  if (schema.type === 'boolean') {
    // Exactly `true` and `false`: no other spelling, no empty value.
    values.push(['not a boolean', 'maybe'], ['upper case', 'TRUE'], ['as number', '1'], ['yes', 'yes'], ['empty', '']);
  }
  if (schema.enum) values.push(['bad enum', 'NOT_A_VALUE']);
  if (schema.format === 'date-time' || schema.format === 'date') values.push(['bad date', '2026-13-45T99:00:00Z']);
  if (schema.format === 'uuid') values.push(['bad uuid', 'not-a-uuid']);
  return values;
}

function wrongBodyValues(schema: Schema): [string, unknown][] {
  const values: [string, unknown][] = [];
  switch (schema.type) {
    case 'string':
      values.push(
        ['as number', 12345],
        ['10 KB', 'x'.repeat(10_240)],
        ['NUL', 'a\u0000b'],
        ['control chars', 'a\u0007\u001bb'],
      );
      if (schema.enum) values.push(['bad enum', 'NOT_A_VALUE']);
      if (schema.format === 'uuid') values.push(['bad uuid', 'not-a-uuid']);
      if (schema.format === 'date-time' || schema.format === 'date') values.push(['bad date', '2026-02-30T25:61:00Z']);
      break;
    case 'integer':
      values.push(['fraction', 1.5], ['as string', '100'], ['NaN-like', 'NaN']);
      if (schema.minimum !== undefined) values.push(['below minimum', schema.minimum - 1]);
      if (schema.minimum !== undefined && schema.minimum >= 0) values.push(['negative', -1]);
      if (schema.maximum !== undefined) values.push(['above maximum', schema.maximum + 1]);
      break;
    case 'number':
      values.push(['as string', '1.5'], ['as boolean', true]);
      break;
    case 'boolean':
      values.push(['as string', 'true'], ['as number', 1]);
      break;
    case 'array':
      values.push(['as object', { not: 'an array' }], ['as string', 'x']);
      break;
    case 'object':
      values.push(['as string', 'x'], ['as array', []]);
      break;
    // No declared type (a reference, a composition): nothing is wrong for every branch alike.
    case undefined:
    default:
      break;
  }
  if (!admitsNull(schema)) values.push(['null', null]);
  return values;
}

/** `nullable: true`, or the null branch the document gives a nullable reference (`oneOf: [{ $ref }, { nullable, enum: [null] }]`). */
function admitsNull(schema: Schema): boolean {
  return (
    schema.nullable === true ||
    [...(schema.oneOf ?? []), ...(schema.anyOf ?? [])].some(
      (branch) => branch.nullable === true && branch.enum?.length === 1 && branch.enum[0] === null,
    )
  );
}

interface Breakage {
  label: string;
  apply: (request: HarnessRequest) => void;
}

/** A random field given a value of a type it never accepts. */
/** The index of the path's last `{parameter}` segment, or of its last segment when it has none. */
function lastParameterSegment(template: string): number {
  const segments = template.split('/');
  for (let index = segments.length - 1; index >= 0; index -= 1) if (/^\{.+\}$/.test(segments[index])) return index;
  return segments.length - 1;
}

function randomBreakage(
  document: OpenApiDocument,
  fields: [string, Schema][],
  queryNames: string[],
  junkSegment: number,
): fc.Arbitrary<Breakage> {
  const options: fc.Arbitrary<Breakage>[] = [];
  if (fields.length > 0) {
    options.push(
      fc.tuple(fc.constantFrom(...fields), fc.nat()).chain(([[field, property]]) =>
        wrongTyped(resolve(document, property)).map((value) => ({
          label: `body ${field}=${JSON.stringify(value)?.slice(0, 40)}`,
          apply: (request: HarnessRequest) => {
            if (typeof request.body === 'object' && request.body !== null && !Array.isArray(request.body)) {
              (request.body as Record<string, unknown>)[field] = value;
            }
          },
        })),
      ),
    );
  }
  if (queryNames.length > 0) {
    options.push(
      fc.tuple(fc.constantFrom(...queryNames), fc.string({ minLength: 1, maxLength: 30 })).map(([name, junk]) => ({
        label: `query ${name}=${JSON.stringify(`\u0000${junk}`)}`,
        apply: (request: HarnessRequest) => {
          request.query[name] = `\u0000${junk}`;
        },
      })),
    );
  }
  if (options.length === 0) {
    options.push(
      fc.string({ minLength: 1, maxLength: 40 }).map((junk) => ({
        label: `path junk ${JSON.stringify(junk)}`,
        apply: (request: HarnessRequest) => {
          // In the path parameter (`/memberships/{id}/switch` keeps its `switch`), so the junk
          // reaches the route it breaks rather than making another path.
          const segments = request.path.split('/');
          segments[junkSegment] = encodeURIComponent(`not-a-uuid-${junk}`);
          request.path = segments.join('/');
        },
      })),
    );
  }
  return fc.oneof(...options);
}

/** Values that the schema's type never accepts. */
function wrongTyped(schema: Schema): fc.Arbitrary<unknown> {
  const objects = fc.dictionary(fc.string({ maxLength: 5 }), fc.integer(), { maxKeys: 3 });
  switch (schema.type) {
    case 'string':
      return fc.oneof(fc.integer(), fc.boolean(), fc.array(fc.integer(), { maxLength: 3 }), objects);
    case 'integer':
      return fc.oneof(
        fc.double({ noInteger: true, noDefaultInfinity: true, noNaN: true }),
        fc.string({ maxLength: 10 }),
        fc.boolean(),
        objects,
      );
    case 'number':
      return fc.oneof(fc.string({ maxLength: 10 }), fc.boolean(), objects);
    case 'boolean':
      return fc.oneof(fc.integer(), fc.string({ maxLength: 10 }), objects);
    case 'array':
      return fc.oneof(fc.integer(), fc.string({ maxLength: 10 }), objects);
    // An object, or no declared type (a reference, a composition).
    case undefined:
    default:
      return fc.oneof(fc.integer(), fc.string({ maxLength: 10 }), fc.boolean());
  }
}
