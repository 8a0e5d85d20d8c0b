import { HttpStatus } from '@nestjs/common';
import { ApiErrorDetail, ApiException } from '../../../platform/http/api-error';
import { Codes, defineErrorCodes, ErrorCode } from '../../../platform/http/error-catalogue';

/** The merchants context's ledger error codes (merchant balances). */
export const MERCHANT_LEDGER_ERROR_CODES = defineErrorCodes({
  INSUFFICIENT_BALANCE: {
    status: HttpStatus.UNPROCESSABLE_ENTITY,
    description:
      "The merchant's available and pending balances together (in the payment's currency and mode) are less than the refund: a refund spends available first, then pending, never the reserve, and never takes a balance below zero. `details` give `available` and `pending` in minor units.",
  },
} as const);

declare module '../../../platform/http/error-catalogue' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface ErrorCodes extends Codes<typeof MERCHANT_LEDGER_ERROR_CODES> {}
}

export class MerchantLedgerError extends ApiException {
  constructor(code: ErrorCode, message: string, details?: ApiErrorDetail[]) {
    super(code, message, details);
    this.name = 'MerchantLedgerError';
  }
}
