import { HttpStatus } from '@nestjs/common';
import { ApiErrorDetail, ApiException } from '../../platform/http/api-error';
import { Codes, defineErrorCodes, ErrorCode } from '../../platform/http/error-catalogue';

/** The households context's error codes: membership, roles and the size cap. */
export const HOUSEHOLD_ERROR_CODES = defineErrorCodes({
  CUSTOMER_NOT_FOUND: {
    status: HttpStatus.NOT_FOUND,
    description: 'No registered, verified customer has this phone number.',
  },
  ALREADY_HOUSEHOLD_MEMBER: {
    status: HttpStatus.CONFLICT,
    description: 'The customer is already a member of this household (change their role with PATCH instead).',
  },
  HOUSEHOLD_FULL: {
    status: HttpStatus.UNPROCESSABLE_ENTITY,
    description: 'The household has its maximum number of members; `details` name the limit.',
  },
  HOUSEHOLD_ROLE_REQUIRED: {
    status: HttpStatus.FORBIDDEN,
    description:
      'Your role in the household does not allow this: only an OWNER or ADMIN manages members, only an OWNER touches or makes an OWNER, and a VIEWER cannot pay shared bills.',
  },
} as const);

declare module '../../platform/http/error-catalogue' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface ErrorCodes extends Codes<typeof HOUSEHOLD_ERROR_CODES> {}
}

/** An error of the households context; the global filter renders it like any ApiException. */
export class HouseholdError extends ApiException {
  constructor(code: ErrorCode, message: string, details?: ApiErrorDetail[]) {
    super(code, message, details);
    this.name = 'HouseholdError';
  }

  static notFound(): HouseholdError {
    return new HouseholdError('NOT_FOUND', 'Household not found');
  }

  static memberNotFound(): HouseholdError {
    return new HouseholdError('NOT_FOUND', 'Member not found', [
      { field: 'userId', message: 'is not a member of this household' },
    ]);
  }

  static sharedAccountNotFound(): HouseholdError {
    return new HouseholdError('NOT_FOUND', 'Shared account not found', [
      { field: 'savedAccountId', message: 'is not shared with this household' },
    ]);
  }

  static billShareNotFound(): HouseholdError {
    return new HouseholdError('NOT_FOUND', 'The bill is not shared with this household');
  }

  static customerNotFound(): HouseholdError {
    return new HouseholdError('CUSTOMER_NOT_FOUND', 'No registered customer has this phone number', [
      { field: 'phone', message: 'is not a registered customer' },
    ]);
  }

  static alreadyMember(): HouseholdError {
    return new HouseholdError('ALREADY_HOUSEHOLD_MEMBER', 'This customer is already a member of the household', [
      { field: 'phone', message: 'is already a member' },
    ]);
  }

  static full(limit: number): HouseholdError {
    return new HouseholdError('HOUSEHOLD_FULL', `The household already has its ${limit} members`, [
      { field: 'limit', message: String(limit) },
    ]);
  }

  static roleRequired(message: string): HouseholdError {
    return new HouseholdError('HOUSEHOLD_ROLE_REQUIRED', message);
  }

  static lastOwner(): HouseholdError {
    return new HouseholdError('LAST_OWNER', 'The household must keep an OWNER: promote another member first');
  }
}
