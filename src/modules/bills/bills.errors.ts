import { HttpStatus } from '@nestjs/common';
import { ApiErrorDetail, ApiException } from '../../platform/http/api-error';
import { defineErrorBody } from '../../platform/http/api-errors.decorator';
import { Codes, defineErrorCodes, ErrorCode } from '../../platform/http/error-catalogue';
import { PAYMENT_CONFLICT_EXAMPLE, PaymentConflictErrorDto, type PaymentResponseDto } from '../payments';

/** The bills context's error codes: paying and claiming pushed bills. */
export const BILL_ERROR_CODES = defineErrorCodes({
  BILL_ALREADY_PAID: {
    status: HttpStatus.CONFLICT,
    description:
      'The bill is already paid, or a payment of it is in progress; `details` name the payment, and `payment` is it as it stands when it is yours.',
  },
  CLAIM_REQUIRED: {
    status: HttpStatus.CONFLICT,
    description:
      'The bill is not matched to you yet: claim it first with POST /bills/claims (biller and account reference).',
  },
  BILL_UNRESOLVABLE: {
    status: HttpStatus.CONFLICT,
    description: 'The biller no longer knows this bill (it was withdrawn), so it cannot be paid.',
  },
  CLAIMABLE_BILL_NOT_FOUND: {
    status: HttpStatus.NOT_FOUND,
    description: 'No unpaid bill of this biller and account reference is waiting to be claimed.',
  },
} as const);

declare module '../../platform/http/error-catalogue' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface ErrorCodes extends Codes<typeof BILL_ERROR_CODES> {}
}

// A tap that meets a paid bill (a retry after a timeout, say) gets the payer's payment in the refusal.
defineErrorBody('BILL_ALREADY_PAID', PaymentConflictErrorDto, PAYMENT_CONFLICT_EXAMPLE);

/** An error of the bills context; the global filter renders it like any ApiException. */
export class BillsError extends ApiException {
  constructor(
    code: ErrorCode,
    message: string,
    details?: ApiErrorDetail[],
    body?: Record<string, unknown>,
    /** BILL_ALREADY_PAID while a payment of the bill is still under way, not yet recorded on it. */
    readonly inProgress = false,
  ) {
    super(code, message, details, undefined, body);
    this.name = 'BillsError';
  }

  /** Whether `error` says another request is paying the bill right now (ask again later). */
  static isPaymentInProgress(error: unknown): boolean {
    return error instanceof BillsError && error.inProgress;
  }

  static notFound(): BillsError {
    return new BillsError('NOT_FOUND', 'Bill not found');
  }

  static billerNotFound(): BillsError {
    return new BillsError('NOT_FOUND', 'Biller not found', [{ field: 'biller', message: 'names no biller' }]);
  }

  /** The bill is paid by `paymentId`; `payment` is that payment when it is the caller's. */
  static alreadyPaid(paymentId: string | null, payment?: PaymentResponseDto): BillsError {
    return new BillsError(
      'BILL_ALREADY_PAID',
      'This bill is already paid',
      paymentId ? [{ field: 'paymentId', message: paymentId }] : undefined,
      payment && { payment },
    );
  }

  /**
   * A payment of the bill is under way (another household member's, or the caller's own under
   * another key); `payment` is it when it is the caller's and already exists.
   */
  static beingPaid(payment?: PaymentResponseDto): BillsError {
    return new BillsError(
      'BILL_ALREADY_PAID',
      'A payment of this bill is in progress',
      payment ? [{ field: 'paymentId', message: payment.id }] : undefined,
      payment && { payment },
      true,
    );
  }

  static claimRequired(): BillsError {
    return new BillsError('CLAIM_REQUIRED', 'Claim this bill with its biller and account reference before paying it', [
      { field: 'billId', message: 'is not matched to you; claim it with POST /bills/claims' },
    ]);
  }

  static unresolvable(): BillsError {
    return new BillsError('BILL_UNRESOLVABLE', 'The biller withdrew this bill; it can no longer be paid');
  }

  static nothingClaimable(): BillsError {
    return new BillsError('CLAIMABLE_BILL_NOT_FOUND', 'No bill of this biller and account is waiting to be claimed', [
      { field: 'accountReference', message: 'has no claimable bill' },
    ]);
  }

  static referenceMismatch(label: string): BillsError {
    return new BillsError('VALIDATION_FAILED', `The ${label} does not have this biller's format`, [
      { field: 'accountReference', message: `is not a valid ${label}` },
    ]);
  }
}
