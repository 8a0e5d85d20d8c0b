import { HttpStatus } from '@nestjs/common';
import { ApiErrorDetail, ApiException } from '../../../platform/http/api-error';
import { Codes, defineErrorCodes, ErrorCode } from '../../../platform/http/error-catalogue';

/** The merchants context's API key error codes. */
export const MERCHANT_API_KEY_ERROR_CODES = defineErrorCodes({
  MERCHANT_NOT_APPROVED: {
    status: HttpStatus.UNPROCESSABLE_ENTITY,
    description: 'Live keys (`sk_live_`) need an APPROVED merchant; test keys can be created at any time.',
  },
  API_KEY_LIMIT_REACHED: {
    status: HttpStatus.UNPROCESSABLE_ENTITY,
    description: 'The merchant has the most active keys of this mode it may hold; revoke one first.',
  },
} as const);

declare module '../../../platform/http/error-catalogue' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface ErrorCodes extends Codes<typeof MERCHANT_API_KEY_ERROR_CODES> {}
}

export class MerchantApiKeyError extends ApiException {
  constructor(code: ErrorCode, message: string, details?: ApiErrorDetail[]) {
    super(code, message, details);
    this.name = 'MerchantApiKeyError';
  }
}
