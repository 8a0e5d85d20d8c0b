import Ajv, { ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { OpenApiDocument, OperationModel, Schema } from './openapi-model';

/** Checks response bodies against the schema the document gives for their status. */
export class ResponseValidator {
  // `inlineRefs: false`: a component a response refers to (ApiError, a shared DTO) is compiled once
  // and called by every operation's validator, where inlining compiled it again into each one
  // (the harness's Ajv time went from about 2.6 to 1.6 CPU-seconds a run; what is valid is the same).
  private readonly ajv = new Ajv({ strict: false, allErrors: true, inlineRefs: false });
  private readonly compiled = new Map<string, ValidateFunction>();

  constructor(document: OpenApiDocument) {
    addFormats(this.ajv);
    this.ajv.addSchema({ $id: 'document', components: rewriteRefs(document.components) }, 'document');
  }

  /** Returns the problems with this response, or an empty list. */
  problems(operation: OperationModel, status: number, contentType: string | undefined, body: unknown): string[] {
    const documented = operation.responses[String(status)];
    if (!documented) return [`status ${status} is not documented`];
    const media = documented.content ?? {};
    const mediaTypes = Object.keys(media);
    if (mediaTypes.length === 0) {
      const empty =
        body === undefined ||
        body === '' ||
        (typeof body === 'object' && body !== null && Object.keys(body).length === 0);
      return empty ? [] : [`status ${status} is documented without a body, but one was sent`];
    }
    const actual = (contentType ?? '').split(';')[0].trim();
    if (!mediaTypes.includes(actual))
      return [`content type ${actual || '(none)'} is not one of ${mediaTypes.join(', ')}`];
    const schema = media[actual]?.schema;
    if (!schema || actual !== 'application/json') return [];
    const validate = this.validatorFor(`${operation.operationId}:${status}`, schema);
    return validate(body)
      ? []
      : (validate.errors ?? []).map((error) => `${error.instancePath || 'body'} ${error.message}`);
  }

  private validatorFor(key: string, schema: Schema): ValidateFunction {
    let validate = this.compiled.get(key);
    if (!validate) {
      validate = this.ajv.compile(rewriteRefs(schema) as object);
      this.compiled.set(key, validate);
    }
    return validate;
  }
}

/**
 * Component references point into the document registered under the id `document`. Nothing
 * else is rewritten: responses are held to the document as a client's Ajv would read it.
 */
function rewriteRefs<T>(value: T): T {
  if (Array.isArray(value)) return value.map(rewriteRefs) as T;
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([key, inner]) => [
        key,
        key === '$ref' && typeof inner === 'string' && inner.startsWith('#/') ? `document${inner}` : rewriteRefs(inner),
      ]),
    ) as T;
  }
  return value;
}
