import { HttpStatus } from '@nestjs/common';
import { ApiErrorDetail, ApiException } from '../../../platform/http/api-error';
import { Codes, defineErrorCodes, ErrorCode } from '../../../platform/http/error-catalogue';

/** The merchants context's event stream error codes (`GET /merchant/events`). */
export const MERCHANT_EVENT_STREAM_ERROR_CODES = defineErrorCodes({
  TOO_MANY_EVENT_STREAMS: {
    status: HttpStatus.TOO_MANY_REQUESTS,
    description:
      'This API key already has as many event streams open as it may (5), counted across every API server; close one, or retry after `Retry-After` seconds (a stream whose client vanished without closing frees its slot within three heartbeats).',
  },
} as const);

declare module '../../../platform/http/error-catalogue' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface ErrorCodes extends Codes<typeof MERCHANT_EVENT_STREAM_ERROR_CODES> {}
}

export class MerchantEventStreamError extends ApiException {
  constructor(code: ErrorCode, message: string, details?: ApiErrorDetail[], headers?: Record<string, string>) {
    super(code, message, details, headers);
    this.name = 'MerchantEventStreamError';
  }
}
