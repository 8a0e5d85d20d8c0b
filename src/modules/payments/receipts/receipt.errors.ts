import { ApiErrorDetail, ApiException } from '../../../platform/http/api-error';
import { ErrorCode } from '../../../platform/http/error-catalogue';

/** An error of payment receipts; the global filter renders it like any ApiException. */
export class ReceiptError extends ApiException {
  constructor(code: ErrorCode, message: string, details?: ApiErrorDetail[]) {
    super(code, message, details);
    this.name = 'ReceiptError';
  }

  /** Another customer's payment, an unknown one, and a forged or altered link all answer alike. */
  static paymentNotFound(): ReceiptError {
    return new ReceiptError('NOT_FOUND', 'Payment not found');
  }

  static linkNotFound(): ReceiptError {
    return new ReceiptError('NOT_FOUND', 'Receipt not found');
  }

  static linkExpired(): ReceiptError {
    return new ReceiptError('RECEIPT_LINK_EXPIRED', 'The receipt link has expired; ask for a new one');
  }

  static notAvailable(status: string): ReceiptError {
    return new ReceiptError('RECEIPT_NOT_AVAILABLE', `A ${status} payment has no receipt; only a SUCCEEDED one has`, [
      { field: 'status', message: status },
    ]);
  }

  static invalidToken(field: string): ReceiptError {
    return new ReceiptError('VALIDATION_FAILED', 'Request validation failed', [
      { field, message: 'must be a receipt token (base64url, at most 128 characters)' },
    ]);
  }
}
