import { HttpStatus } from '@nestjs/common';
import { ApiErrorDetail, ApiException } from '../../../platform/http/api-error';
import { Codes, defineErrorCodes, ErrorCode } from '../../../platform/http/error-catalogue';

/** The merchants context's origin error codes. */
export const MERCHANT_ORIGIN_ERROR_CODES = defineErrorCodes({
  ORIGIN_INVALID: {
    status: HttpStatus.BAD_REQUEST,
    description:
      'Not an origin this service accepts: `https://` and a lower-case (punycode) host name with an optional port, without path, query, fragment, user information, IP address or wildcard; or `http://localhost[:port]` for test mode. `details` says what is wrong.',
  },
  ORIGIN_ALREADY_EXISTS: {
    status: HttpStatus.CONFLICT,
    description: 'The merchant already has this origin (compared in its canonical form).',
  },
  ORIGIN_LIMIT_REACHED: {
    status: HttpStatus.UNPROCESSABLE_ENTITY,
    description: 'The merchant has the most origins it may hold (20); delete one first.',
  },
  ORIGIN_CHALLENGE_NOT_FOUND: {
    status: HttpStatus.UNPROCESSABLE_ENTITY,
    description:
      "Neither the DNS TXT record nor the HTTPS file holds the origin's challenge token; `details` has one entry per method (`dns`, `http`) saying what was found instead.",
  },
} as const);

declare module '../../../platform/http/error-catalogue' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface ErrorCodes extends Codes<typeof MERCHANT_ORIGIN_ERROR_CODES> {}
}

export class MerchantOriginError extends ApiException {
  constructor(code: ErrorCode, message: string, details?: ApiErrorDetail[]) {
    super(code, message, details);
    this.name = 'MerchantOriginError';
  }
}
