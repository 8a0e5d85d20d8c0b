import { HttpStatus } from '@nestjs/common';
import { ApiErrorDetail, ApiException } from '../../../platform/http/api-error';
import { Codes, defineErrorCodes, ErrorCode } from '../../../platform/http/error-catalogue';

/** The merchants context's webhook error codes. */
export const MERCHANT_WEBHOOK_ERROR_CODES = defineErrorCodes({
  WEBHOOK_URL_INVALID: {
    status: HttpStatus.BAD_REQUEST,
    description:
      'Not a URL deliveries may go to: `https://` without user information or fragment, whose host resolves to public addresses only (no loopback, private, link-local or metadata address). `details` says what is wrong, never an address.',
  },
  WEBHOOK_EVENT_TYPE_UNKNOWN: {
    status: HttpStatus.BAD_REQUEST,
    description:
      '`enabledEvents` names an event type that does not exist, or mixes `*` with named types; `details` lists the unknown ones.',
  },
  WEBHOOK_ENDPOINT_LIMIT_REACHED: {
    status: HttpStatus.UNPROCESSABLE_ENTITY,
    description: 'The merchant has the most webhook endpoints it may hold in this mode (16); delete one first.',
  },
} as const);

declare module '../../../platform/http/error-catalogue' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface ErrorCodes extends Codes<typeof MERCHANT_WEBHOOK_ERROR_CODES> {}
}

export class MerchantWebhookError extends ApiException {
  constructor(code: ErrorCode, message: string, details?: ApiErrorDetail[]) {
    super(code, message, details);
    this.name = 'MerchantWebhookError';
  }
}
