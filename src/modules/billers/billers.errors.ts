import { ApiErrorDetail, ApiException } from '../../platform/http/api-error';
import { ErrorCode } from '../../platform/http/error-catalogue';

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
