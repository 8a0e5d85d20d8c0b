import { HttpStatus } from '@nestjs/common';
import { ApiErrorDetail, ApiException } from '../../platform/http/api-error';
import { Codes, defineErrorCodes, ErrorCode } from '../../platform/http/error-catalogue';
import type { DisputeStatus } from './dispute.entity';

/** The disputes context's error codes. */
export const DISPUTE_ERROR_CODES = defineErrorCodes({
  DISPUTE_ALREADY_OPEN: {
    status: HttpStatus.CONFLICT,
    description: 'The payment already has an open dispute (`OPEN` or `UNDER_REVIEW`); `details` name it.',
  },
  PAYMENT_NOT_DISPUTABLE: {
    status: HttpStatus.UNPROCESSABLE_ENTITY,
    description:
      'Only a SUCCEEDED payment, or a FAILED one whose funds were taken and not yet returned, can be disputed.',
  },
  INVALID_DISPUTE_TRANSITION: {
    status: HttpStatus.CONFLICT,
    description:
      'The dispute cannot move to that status from its current one (OPEN -> UNDER_REVIEW -> RESOLVED_CUSTOMER or RESOLVED_REJECTED; OPEN or UNDER_REVIEW -> WITHDRAWN by the customer); `details` name both.',
  },
  ASSIGNEE_NOT_ELIGIBLE: {
    status: HttpStatus.UNPROCESSABLE_ENTITY,
    description: 'A dispute is assigned only to an active SUPPORT or ADMIN user.',
  },
} as const);

declare module '../../platform/http/error-catalogue' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface ErrorCodes extends Codes<typeof DISPUTE_ERROR_CODES> {}
}

/** An error of the disputes context; the global filter renders it like any ApiException. */
export class DisputeError extends ApiException {
  constructor(code: ErrorCode, message: string, details?: ApiErrorDetail[]) {
    super(code, message, details);
    this.name = 'DisputeError';
  }

  static notFound(): DisputeError {
    return new DisputeError('NOT_FOUND', 'Dispute not found');
  }

  static paymentNotFound(): DisputeError {
    return new DisputeError('NOT_FOUND', 'Payment not found', [
      { field: 'paymentId', message: 'is not one of your payments' },
    ]);
  }

  static alreadyOpen(disputeId: string): DisputeError {
    return new DisputeError('DISPUTE_ALREADY_OPEN', 'This payment already has an open dispute', [
      { field: 'disputeId', message: disputeId },
    ]);
  }

  static notDisputable(status: string): DisputeError {
    return new DisputeError('PAYMENT_NOT_DISPUTABLE', `A ${status} payment cannot be disputed`, [
      {
        field: 'paymentId',
        message: `is ${status}: only a succeeded payment, or a failed one that took your funds, can be disputed`,
      },
    ]);
  }

  static invalidTransition(from: DisputeStatus, to: DisputeStatus): DisputeError {
    return new DisputeError('INVALID_DISPUTE_TRANSITION', `A dispute cannot move from ${from} to ${to}`, [
      { field: 'status', message: `is ${from}` },
      { field: 'to', message: to },
    ]);
  }

  static assigneeNotEligible(): DisputeError {
    return new DisputeError('ASSIGNEE_NOT_ELIGIBLE', 'Disputes are assigned only to active SUPPORT or ADMIN users', [
      { field: 'assigneeId', message: 'is not an active SUPPORT or ADMIN user' },
    ]);
  }

  static invalid(field: string, message: string): DisputeError {
    return new DisputeError('VALIDATION_FAILED', 'Request validation failed', [{ field, message }]);
  }
}
