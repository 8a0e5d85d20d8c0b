import { ArgumentMetadata, Injectable, ValidationError, ValidationPipe } from '@nestjs/common';
import { memoizeValidationMetadata } from '../validation/validation-metadata-cache';
import { ApiErrorDetail, ApiException } from './api-error';

/** No accepted body or query nests deeper than this; deeper input is refused before parsing it. */
const MAX_DEPTH = 16;
/** C0 controls other than tab, line feed and carriage return, and DEL: never meaningful in our input. */
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
/** A global bound on any single string; DTOs set tighter `@MaxLength` where they know better. */
const MAX_STRING_LENGTH = 10_000;

/**
 * The global validation pipe: unknown fields are refused, strings are trimmed and bounded,
 * control characters (NUL, escape, bell...; not tab or newlines) are refused, and every failure becomes a 400 `VALIDATION_FAILED` whose
 * `details` name each offending field.
 */
@Injectable()
export class ApiValidationPipe extends ValidationPipe {
  constructor() {
    super({
      whitelist: true,
      forbidNonWhitelisted: true,
      forbidUnknownValues: true,
      transform: true,
      transformOptions: { enableImplicitConversion: false },
      validationError: { target: false, value: false },
      exceptionFactory: (errors: ValidationError[]) =>
        new ApiException('VALIDATION_FAILED', 'Request validation failed', flattenValidationErrors(errors)),
    });
    memoizeValidationMetadata();
  }

  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    // An absent body validates as an empty one: a body of optional fields may be left out, and
    // a missing required field is named rather than reported as a missing body.
    if (metadata.type === 'body' && value === undefined && metadata.metatype && isDtoClass(metadata.metatype)) {
      value = {};
    }
    if (metadata.type === 'body' || metadata.type === 'query') {
      const problems: ApiErrorDetail[] = [];
      const prefix = metadata.type === 'query' ? 'query.' : '';
      value = sanitize(value, prefix, 0, problems);
      if (problems.length > 0)
        throw new ApiException('VALIDATION_FAILED', 'Request validation failed', problems.slice(0, 20));
      if (metadata.type === 'body' && metadata.metatype && !isPlainObject(value) && isDtoClass(metadata.metatype)) {
        throw new ApiException('VALIDATION_FAILED', 'The request body must be a JSON object', [
          { field: 'body', message: 'must be a JSON object' },
        ]);
      }
    }
    return super.transform(value, metadata);
  }
}

function sanitize(value: unknown, path: string, depth: number, problems: ApiErrorDetail[]): unknown {
  if (depth > MAX_DEPTH) {
    problems.push({ field: path || 'body', message: `nests deeper than ${MAX_DEPTH} levels` });
    return value;
  }
  if (typeof value === 'string') {
    const field = path || 'body';
    if (CONTROL_CHARACTERS.test(value)) problems.push({ field, message: 'must not contain control characters' });
    if (value.length > MAX_STRING_LENGTH) {
      problems.push({ field, message: `must be at most ${MAX_STRING_LENGTH} characters` });
    }
    return value.trim();
  }
  if (Array.isArray(value)) {
    return value.map((item, index) => sanitize(item, `${path}[${index}]`, depth + 1, problems));
  }
  if (isPlainObject(value)) {
    const result: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      result[key] = sanitize(
        item,
        path && !path.endsWith('.') ? `${path}.${key}` : `${path}${key}`,
        depth + 1,
        problems,
      );
    }
    return result;
  }
  return value;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isDtoClass(metatype: unknown): boolean {
  return ![String, Boolean, Number, Array, Object].includes(metatype as never);
}

export function flattenValidationErrors(errors: ValidationError[], parent = ''): ApiErrorDetail[] {
  return errors.flatMap((error) => {
    const field = parent ? `${parent}.${error.property}` : error.property;
    const own = Object.values(error.constraints ?? {}).map((message) => ({
      field,
      message: message.replace(/^property (\S+) should not exist$/, '$1 is not an accepted field'),
    }));
    return [...own, ...flattenValidationErrors(error.children ?? [], field)];
  });
}
