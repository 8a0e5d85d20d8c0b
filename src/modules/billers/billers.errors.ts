import { HttpStatus } from '@nestjs/common';
import { ApiErrorDetail, ApiException } from '../../platform/http/api-error';
import { Codes, defineErrorCodes, ErrorCode } from '../../platform/http/error-catalogue';

/** The billers context's error codes: why a biller does not take a payment. */
export const BILLER_ERROR_CODES = defineErrorCodes({
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
  BILLER_UNAVAILABLE: {
    status: HttpStatus.UNPROCESSABLE_ENTITY,
    description: 'The biller is inactive, marked unavailable, or cannot be reached right now.',
  },
} as const);

declare module '../../platform/http/error-catalogue' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface ErrorCodes extends Codes<typeof BILLER_ERROR_CODES> {}
}

/** An error of the biller directory; the global filter renders it like any ApiException. */
export class BillerError extends ApiException {
  constructor(code: ErrorCode, message: string, details?: ApiErrorDetail[]) {
    super(code, message, details);
    this.name = 'BillerError';
  }

  static billerNotFound(field?: string): BillerError {
    return new BillerError(
      'NOT_FOUND',
      'Biller not found',
      field ? [{ field, message: 'names no biller' }] : undefined,
    );
  }

  static categoryNotFound(field?: string): BillerError {
    return new BillerError(
      'NOT_FOUND',
      'Biller category not found',
      field ? [{ field, message: 'names no category' }] : undefined,
    );
  }

  static railNotFound(): BillerError {
    return new BillerError('NOT_FOUND', 'Payment rail not found');
  }

  static savedAccountNotFound(): BillerError {
    return new BillerError('NOT_FOUND', 'Saved account not found');
  }

  static billerUnavailable(reason: string): BillerError {
    return new BillerError('BILLER_UNAVAILABLE', `The biller cannot validate accounts right now: ${reason}`, [
      { field: 'biller', message: reason },
    ]);
  }

  static referenceMismatch(label: string): BillerError {
    return new BillerError('VALIDATION_FAILED', `The ${label} does not have the biller's format`, [
      { field: 'accountReference', message: `is not a valid ${label}` },
    ]);
  }

  static invalid(field: string, message: string): BillerError {
    return new BillerError('VALIDATION_FAILED', 'Request validation failed', [{ field, message }]);
  }

  static conflict(message: string, field: string): BillerError {
    return new BillerError('CONFLICT', message, [{ field, message: 'is already taken' }]);
  }
}
