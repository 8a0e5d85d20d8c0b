import { HttpStatus } from '@nestjs/common';

interface ErrorCodeEntry {
  status: HttpStatus;
  description: string;
}

/**
 * The published catalogue of error codes. Clients branch on `code`; a code, once published,
 * keeps its meaning. Contexts add their codes here so the OpenAPI document lists them all.
 */
export const ERROR_CATALOGUE = {
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
      'The HTTP server could not parse the request (a malformed request line, a control character in a header); the connection is closed.',
  },
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
  INVALID_CREDENTIALS: { status: HttpStatus.UNAUTHORIZED, description: 'The phone number or PIN is wrong.' },
  FORBIDDEN: { status: HttpStatus.FORBIDDEN, description: 'The caller is authenticated but may not do this.' },
  OTP_VERIFICATION_REQUIRED: {
    status: HttpStatus.FORBIDDEN,
    description:
      'Only the session opened by /auth/verify may set the PIN, and only shortly after; register again for a new OTP.',
  },
  ACCOUNT_DEACTIVATED: { status: HttpStatus.FORBIDDEN, description: 'The account has been deactivated.' },
  NOT_FOUND: {
    status: HttpStatus.NOT_FOUND,
    description: 'The object does not exist or does not belong to the caller.',
  },
  ROUTE_NOT_FOUND: { status: HttpStatus.NOT_FOUND, description: 'No route matches the method and path.' },
  CONFLICT: {
    status: HttpStatus.CONFLICT,
    description: 'The request conflicts with the current state (for example a unique value already taken).',
  },
  DUPLICATE_PAYMENT: {
    status: HttpStatus.CONFLICT,
    description: 'The Idempotency-Key was already used for this request; `details` carry the original payment.',
  },
  IDEMPOTENCY_KEY_REQUIRED: { status: HttpStatus.CONFLICT, description: 'The Idempotency-Key header is required.' },
  IDEMPOTENCY_KEY_REUSED: {
    status: HttpStatus.CONFLICT,
    description: 'The Idempotency-Key was already used with a different request body.',
  },
  RECEIPT_NOT_AVAILABLE: {
    status: HttpStatus.CONFLICT,
    description: 'The payment has no receipt: only a SUCCEEDED payment has one.',
  },
  POSSIBLE_DUPLICATE_PAYMENT: {
    status: HttpStatus.CONFLICT,
    description:
      'A payment of the same biller, account and amount was made moments ago; send `confirmDuplicate: true` to pay again. `details` name the earlier payment.',
  },
  NOT_RETRYABLE: {
    status: HttpStatus.CONFLICT,
    description: 'The posting attempt or outbox event is not in a state that can be retried.',
  },
  RAIL_UNAVAILABLE: {
    status: HttpStatus.UNPROCESSABLE_ENTITY,
    description: 'The biller does not accept this rail, or the rail is inactive.',
  },
  AMOUNT_NOT_ALLOWED: {
    status: HttpStatus.UNPROCESSABLE_ENTITY,
    description:
      "The amount breaks the biller's or rail's rule (minimum, maximum, exact outstanding amount); `details` say which.",
  },
  ACCOUNT_NOT_PAYABLE: {
    status: HttpStatus.UNPROCESSABLE_ENTITY,
    description: 'The biller reports that the account reference does not exist or cannot be paid.',
  },
  PAYLOAD_TOO_LARGE: { status: HttpStatus.PAYLOAD_TOO_LARGE, description: 'The request body exceeds the size limit.' },
  UNSUPPORTED_MEDIA_TYPE: {
    status: HttpStatus.UNSUPPORTED_MEDIA_TYPE,
    description: 'The Content-Type is not one this route accepts.',
  },
  LIMIT_NOT_CONFIGURED: {
    status: HttpStatus.UNPROCESSABLE_ENTITY,
    description: 'No payment limits are configured for the currency, so payments in it are refused.',
  },
  LIMIT_EXCEEDED: {
    status: HttpStatus.UNPROCESSABLE_ENTITY,
    description: 'The payment exceeds a limit; `details` carry the limit, the used amount and the headroom.',
  },
  WEAK_PIN: {
    status: HttpStatus.UNPROCESSABLE_ENTITY,
    description: 'The PIN is too easy to guess (one digit repeated, a straight run, the end of the phone number).',
  },
  BILLER_UNAVAILABLE: {
    status: HttpStatus.UNPROCESSABLE_ENTITY,
    description: 'The biller is inactive, marked unavailable, or cannot be reached right now.',
  },
  OTP_INVALID: { status: HttpStatus.UNAUTHORIZED, description: 'The one-time password is wrong.' },
  OTP_EXPIRED: { status: HttpStatus.GONE, description: 'The one-time password has expired or used up its tries.' },
  RECEIPT_LINK_EXPIRED: {
    status: HttpStatus.GONE,
    description: 'The receipt link has expired; ask for a new one with POST /payments/{id}/receipt.',
  },
  ACCOUNT_LOCKED: {
    status: HttpStatus.LOCKED,
    description: 'Too many wrong PINs; the account is locked until `Retry-After` seconds have passed.',
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

export type ErrorCode = keyof typeof ERROR_CATALOGUE;

export const ERROR_CODES = Object.keys(ERROR_CATALOGUE) as ErrorCode[];
