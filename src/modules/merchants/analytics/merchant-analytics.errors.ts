import { HttpStatus } from '@nestjs/common';
import { ApiErrorDetail, ApiException } from '../../../platform/http/api-error';
import { Codes, defineErrorCodes, ErrorCode } from '../../../platform/http/error-catalogue';

/** The merchants context's analytics error codes (`GET /merchant/analytics/*`). */
export const MERCHANT_ANALYTICS_ERROR_CODES = defineErrorCodes({
  INVALID_RANGE: {
    status: HttpStatus.BAD_REQUEST,
    description:
      'The analytics `range` is not a number of hours or days (`^\\d{1,3}[hd]$`, such as `24h` or `30d`), is zero, or is longer than 365 days.',
  },
  INVALID_BUCKET: {
    status: HttpStatus.BAD_REQUEST,
    description: 'Hourly buckets (`bucket=hour`) are for ranges of at most 7 days; ask for `bucket=day` beyond.',
  },
} as const);

declare module '../../../platform/http/error-catalogue' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface ErrorCodes extends Codes<typeof MERCHANT_ANALYTICS_ERROR_CODES> {}
}

export class MerchantAnalyticsError extends ApiException {
  constructor(code: ErrorCode, message: string, details?: ApiErrorDetail[]) {
    super(code, message, details);
    this.name = 'MerchantAnalyticsError';
  }
}
