import { HttpStatus } from '@nestjs/common';
import { ApiErrorDetail, ApiException } from '../../../platform/http/api-error';
import { Codes, defineErrorCodes, ErrorCode } from '../../../platform/http/error-catalogue';

/** The merchants context's checkout error codes (checkout sessions and payment links). */
export const MERCHANT_CHECKOUT_ERROR_CODES = defineErrorCodes({
  REDIRECT_URL_NOT_ALLOWED: {
    status: HttpStatus.UNPROCESSABLE_ENTITY,
    description:
      "A redirect URL (`successUrl`, `cancelUrl`, `redirectUrl`) is not allowed: it must be an absolute `https://` URL (or `http://localhost[:port]` in test mode) without user information, and in live mode its origin must be one of the merchant's VERIFIED origins (a test-mode-only localhost origin does not count). `details` name the field.",
  },
  MERCHANT_RESTRICTED: {
    status: HttpStatus.FORBIDDEN,
    description:
      'Live checkout sessions and payment links need an APPROVED merchant; a SUSPENDED (or otherwise not approved) merchant may still read them and use test mode.',
  },
  CURRENCY_NOT_SUPPORTED: {
    status: HttpStatus.UNPROCESSABLE_ENTITY,
    description:
      "The merchant has settlement accounts and none of them is in this currency: a checkout can only take a currency the merchant is set up to settle. `details` list the merchant's currencies.",
  },
  CHECKOUT_SESSION_NOT_OPEN: {
    status: HttpStatus.CONFLICT,
    description:
      'The checkout session cannot be paid: it is COMPLETE, EXPIRED (or past its `expiresAt`), or another payment of it is under way (a second tab, a double submit with a new key). `details` give its `status` and, when one is under way or made, its `paymentId`.',
  },
  SLUG_TAKEN: {
    status: HttpStatus.CONFLICT,
    description: 'Another payment link already uses this slug (slugs are unique across the service).',
  },
} as const);

declare module '../../../platform/http/error-catalogue' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface ErrorCodes extends Codes<typeof MERCHANT_CHECKOUT_ERROR_CODES> {}
}

export class MerchantCheckoutError extends ApiException {
  constructor(code: ErrorCode, message: string, details?: ApiErrorDetail[]) {
    super(code, message, details);
    this.name = 'MerchantCheckoutError';
  }
}
