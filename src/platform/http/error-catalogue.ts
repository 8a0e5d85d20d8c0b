import { HttpStatus } from '@nestjs/common';

export interface ErrorCodeEntry {
  status: HttpStatus;
  description: string;
}

/** The platform's own codes: the ones every route can give, whatever its context. */
const PLATFORM_ERROR_CODES = {
  VALIDATION_FAILED: {
    status: HttpStatus.BAD_REQUEST,
    description: 'The request is malformed: a field, parameter or header breaks its rule; `details` names each one.',
  },
  MALFORMED_JSON: {
    status: HttpStatus.BAD_REQUEST,
    description: 'The request body is not valid JSON, or repeats a key within one object.',
  },
  MALFORMED_REQUEST: {
    status: HttpStatus.BAD_REQUEST,
    description:
      'The HTTP server could not parse the request (a malformed request line, a control character in a header, an HTTP/1.1 request without Host); the connection is closed.',
  },
  // Nest's HttpStatus has no 431.
  // Nest's HttpStatus has no 431.
  HEADERS_TOO_LARGE: {
    status: 431 as HttpStatus,
    description: 'The request line and headers together exceed 16 KB; the connection is closed.',
  },
  REQUEST_TIMEOUT: {
    status: HttpStatus.REQUEST_TIMEOUT,
    description: 'The request did not arrive completely in time; the connection is closed.',
  },
  INVALID_CURSOR: { status: HttpStatus.BAD_REQUEST, description: 'The pagination cursor does not decode.' },
  UNAUTHENTICATED: {
    status: HttpStatus.UNAUTHORIZED,
    description: 'Credentials are missing, malformed, expired, revoked or of the wrong kind for this route.',
  },
  FORBIDDEN: { status: HttpStatus.FORBIDDEN, description: 'The caller is authenticated but may not do this.' },
  MERCHANT_CONTEXT_REQUIRED: {
    status: HttpStatus.FORBIDDEN,
    description: 'A merchant route called with a customer or staff access token; it takes merchant credentials.',
  },
  HUMAN_CONTEXT_REQUIRED: {
    status: HttpStatus.FORBIDDEN,
    description: 'A merchant route for signed-in people called with an API key; log in to the dashboard instead.',
  },
  MERCHANT_API_KEY_REQUIRED: {
    status: HttpStatus.FORBIDDEN,
    description:
      'A merchant API route called with a merchant access token; it takes an API key (`sk_live_`/`sk_test_`).',
  },
  AMBIGUOUS_CREDENTIALS: {
    status: HttpStatus.BAD_REQUEST,
    description:
      'Both `Authorization` and `X-Service-Developer-Key` were sent with different values: send the key in one of them (or the same key in both).',
  },
  SANDBOX_KEY_REQUIRED: {
    status: HttpStatus.FORBIDDEN,
    description:
      'A live key (`sk_live_`) where only a sandbox key (`sk_test_`) is taken: the developer sandbox routes, and the `X-Service-Developer-Key` header anywhere.',
  },
  USER_CONTEXT_REQUIRED: {
    status: HttpStatus.FORBIDDEN,
    description: 'A customer, agent or staff route called with merchant credentials (a merchant token or API key).',
  },
  NOT_FOUND: {
    status: HttpStatus.NOT_FOUND,
    description: 'The object does not exist or does not belong to the caller.',
  },
  ROUTE_NOT_FOUND: { status: HttpStatus.NOT_FOUND, description: 'No route matches the method and path.' },
  CONFLICT: {
    status: HttpStatus.CONFLICT,
    description: 'The request conflicts with the current state (for example a unique value already taken).',
  },
  LAST_OWNER: {
    status: HttpStatus.CONFLICT,
    description:
      'The household or merchant would be left without its OWNER: make another member OWNER first (a merchant transfers ownership with PATCH).',
  },
  NOT_RETRYABLE: {
    status: HttpStatus.CONFLICT,
    description: 'The posting attempt or outbox event is not in a state that can be retried.',
  },
  PAYLOAD_TOO_LARGE: { status: HttpStatus.PAYLOAD_TOO_LARGE, description: 'The request body exceeds the size limit.' },
  UNSUPPORTED_MEDIA_TYPE: {
    status: HttpStatus.UNSUPPORTED_MEDIA_TYPE,
    description: 'The Content-Type is not one this route accepts.',
  },
  RATE_LIMITED: {
    status: HttpStatus.TOO_MANY_REQUESTS,
    description: 'Too many requests; retry after `Retry-After` seconds.',
  },
  SERVICE_UNAVAILABLE: {
    status: HttpStatus.SERVICE_UNAVAILABLE,
    description: 'A dependency (database, Redis) does not answer; `details` name it.',
  },
  INTERNAL: { status: HttpStatus.INTERNAL_SERVER_ERROR, description: 'An unexpected error; quote the requestId.' },
} as const satisfies Record<string, ErrorCodeEntry>;

/**
 * Every error code, as a type. Each context adds its own by declaration merging beside its
 * `defineErrorCodes` call (see `<context>.errors.ts`), so `new ApiException('LIMIT_EXCEEDED', ...)`
 * type-checks wherever the payments context's codes are known:
 *
 *   export const PAYMENT_ERROR_CODES = defineErrorCodes({ LIMIT_EXCEEDED: { ... } });
 *   declare module '../../platform/http/error-catalogue' {
 *     interface ErrorCodes extends Codes<typeof PAYMENT_ERROR_CODES> {}
 *   }
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface ErrorCodes extends Codes<typeof PLATFORM_ERROR_CODES> {}

/** The code names of a `defineErrorCodes` result, for the declaration merge above. */
export type Codes<T extends Record<string, ErrorCodeEntry>> = Record<keyof T, ErrorCodeEntry>;

export type ErrorCode = keyof ErrorCodes & string;

/**
 * The published catalogue of error codes. Clients branch on `code`; a code, once published,
 * keeps its meaning. The platform's codes are here from the start; each context's join when
 * its errors file is loaded (every context's module imports it), before any route is served
 * or the OpenAPI document is built, which publishes them all.
 */
const catalogue = new Map<string, ErrorCodeEntry>(Object.entries(PLATFORM_ERROR_CODES));

/** Adds a context's codes to the catalogue; a code two contexts define differently is a programming error. */
export function defineErrorCodes<T extends Record<string, ErrorCodeEntry>>(codes: T): T {
  for (const [code, entry] of Object.entries(codes)) {
    const known = catalogue.get(code);
    if (known && (known.status !== entry.status || known.description !== entry.description)) {
      throw new Error(`error code ${code} is defined twice, differently`);
    }
    catalogue.set(code, entry);
  }
  return codes;
}

/** A code's status and description; throws for a code no loaded context defines. */
export function errorCodeEntry(code: ErrorCode): ErrorCodeEntry {
  const entry = catalogue.get(code);
  if (!entry) throw new Error(`error code ${code} is not in the catalogue: is its context's errors file loaded?`);
  return entry;
}

const PLATFORM_CODES = new Set(Object.keys(PLATFORM_ERROR_CODES));

/**
 * Every code known now, with its entry: the platform's first, as declared above, then the contexts'
 * in alphabetical order. The order never depends on which errors file a process happened to load
 * first, so the OpenAPI document (its catalogue table and the `ErrorCode` enum) is the same from
 * every build and every test app.
 */
export function errorCatalogue(): [ErrorCode, ErrorCodeEntry][] {
  const contexts = [...catalogue.entries()]
    .filter(([code]) => !PLATFORM_CODES.has(code))
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return [...Object.entries(PLATFORM_ERROR_CODES), ...contexts] as [ErrorCode, ErrorCodeEntry][];
}
