import type { NestExpressApplication } from '@nestjs/platform-express';
import type { NextFunction, Request, Response } from 'express';
import type { IncomingMessage } from 'node:http';
import { ApiException } from './api-error';
import { findJsonKeyProblem, JsonKeyProblem } from './json-key-scanner';

/**
 * Installs Express's JSON body parser (limit, charsets, inflation, strict mode and its errors,
 * which the exception filter turns into 400/413/415, all unchanged) with one addition: a body
 * with a `__proto__`, `constructor` or `prototype` key, or with a key repeated in one object,
 * is refused.
 *
 * - A forbidden key answers 400 `VALIDATION_FAILED` naming the field, as any unknown field
 *   does: the text is valid JSON, and no request DTO declares such a field. It used to slip
 *   past the validation pipe because copying it (`target['__proto__'] = value`) sets a
 *   prototype instead of adding a field the whitelist would see.
 * - A repeated key answers 400 `MALFORMED_JSON` naming the key: the body means two things
 *   (JSON.parse keeps the last value, other parsers the first), which RFC 8259 leaves
 *   unpredictable, so it is not a JSON text we accept.
 *
 * The check runs in the parser's `verify` hook, on the bytes it has read, before its
 * JSON.parse, so a body is parsed once. It only records the problem: a body that is also
 * malformed answers MALFORMED_JSON for its syntax first, and the problem is raised by the next
 * middleware as an ApiException, which the filter renders with its code, message and details.
 * The app must not be created with `rawBody: true`, which makes Nest replace `verify`
 * (the e2e tests of duplicate keys would then fail).
 */
export function installJsonBodyParser(app: NestExpressApplication, limit: string): void {
  const problems = new WeakMap<IncomingMessage, ApiException>();
  const verify = (request: IncomingMessage, _response: unknown, body: Buffer, encoding: string | null) => {
    const problem = keyProblemOf(body, encoding);
    if (problem) problems.set(request, problem);
  };
  // Nest leaves `verify` out of the option type because `rawBody: true` sets it; this app does not.
  app.useBodyParser('json', { limit, verify } as Parameters<typeof app.useBodyParser<'json'>>[1]);
  app.use(function refuseJsonKeyProblems(request: Request, _response: Response, next: NextFunction) {
    next(problems.get(request));
  });
}

function keyProblemOf(body: Buffer, encoding: string | null): ApiException | undefined {
  const utf8 = encoding === null || encoding === 'utf-8' || encoding === 'utf8';
  let bytes: Uint8Array = body;
  if (!utf8) {
    // Rare (RFC 8259 asks for UTF-8): scan the body as UTF-8, as JSON.parse will read it.
    const text = decodeUnicode(body, encoding);
    if (text === undefined) {
      return new ApiException(
        'UNSUPPORTED_MEDIA_TYPE',
        `The request body charset ${encoding} is not supported; send UTF-8`,
      );
    }
    bytes = Buffer.from(text, 'utf8');
  }
  const problem = findJsonKeyProblem(bytes);
  return problem && toApiException(problem);
}

/** UTF-16 bodies as body-parser (iconv-lite) decodes them, a byte order mark deciding "utf-16". */
function decodeUnicode(body: Buffer, encoding: string): string | undefined {
  let label = encoding;
  if (encoding === 'utf-16' || encoding === 'utf16') {
    label = body[0] === 0xfe && body[1] === 0xff ? 'utf-16be' : 'utf-16le';
  }
  try {
    return new TextDecoder(label, { fatal: false }).decode(body);
  } catch {
    return undefined;
  }
}

function toApiException(problem: JsonKeyProblem): ApiException {
  const key = shorten(problem.key, 100);
  const field = shorten(problem.field, 200);
  if (problem.kind === 'duplicate') {
    return new ApiException(
      'MALFORMED_JSON',
      `The request body repeats the key "${key}" in one object; each key may appear once`,
      [{ field, message: `${key} appears more than once` }],
    );
  }
  return new ApiException('VALIDATION_FAILED', 'Request validation failed', [
    { field, message: `${key} is not an accepted field` },
  ]);
}

/** Keys come from the caller: an error quotes a bounded part of one. */
function shorten(text: string, limit: number): string {
  return text.length > limit ? `${text.slice(0, limit)}...` : text;
}
