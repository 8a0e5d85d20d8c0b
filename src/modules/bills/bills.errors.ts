import { HttpStatus } from '@nestjs/common';
import { ApiErrorDetail, ApiException } from '../../platform/http/api-error';
import { Codes, defineErrorCodes, ErrorCode } from '../../platform/http/error-catalogue';

/** The bills context's error codes: paying and claiming pushed bills. */
export const BILL_ERROR_CODES = defineErrorCodes({
  BILL_ALREADY_PAID: {
    status: HttpStatus.CONFLICT,
    description: 'The bill is already paid; `details` name the payment that settled it.',
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

/** An error of the bills context; the global filter renders it like any ApiException. */
export class BillsError extends ApiException {
  constructor(code: ErrorCode, message: string, details?: ApiErrorDetail[]) {
    super(code, message, details);
    this.name = 'BillsError';
  }

  static notFound(): BillsError {
    return new BillsError('NOT_FOUND', 'Bill not found');
  }

  static billerNotFound(): BillsError {
    return new BillsError('NOT_FOUND', 'Biller not found', [{ field: 'biller', message: 'names no biller' }]);
  }

  static alreadyPaid(paymentId: string | null): BillsError {
    return new BillsError(
      'BILL_ALREADY_PAID',
      'This bill is already paid',
      paymentId ? [{ field: 'paymentId', message: paymentId }] : undefined,
    );
  }

  /** Another household member's payment of this shared bill is under way. */
  static beingPaid(): BillsError {
    return new BillsError('BILL_ALREADY_PAID', 'Another member of the household is paying this bill');
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
