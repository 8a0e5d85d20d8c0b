import { HttpStatus } from '@nestjs/common';
import { ApiErrorDetail, ApiException } from '../../../platform/http/api-error';
import { Codes, defineErrorCodes, ErrorCode } from '../../../platform/http/error-catalogue';
import type { KybStatus } from './merchant.entity';

/** The merchants context's onboarding error codes (registration, KYB, evidence). */
export const MERCHANT_ERROR_CODES = defineErrorCodes({
  MERCHANT_ALREADY_REGISTERED: {
    status: HttpStatus.CONFLICT,
    description: 'A merchant with this registration number or contact e-mail has already applied; `details` say which.',
  },
  ONBOARDING_TOKEN_INVALID: {
    status: HttpStatus.UNAUTHORIZED,
    description:
      'The onboarding token is missing, unknown or expired (30 days; a new one is e-mailed when a reviewer asks for more).',
  },
  INVALID_KYB_TRANSITION: {
    status: HttpStatus.CONFLICT,
    description:
      "The merchant's KYB cannot move to that status from its current one (see the merchants README); `details` name both.",
  },
  REGISTRATION_NUMBER_MISMATCH: {
    status: HttpStatus.UNPROCESSABLE_ENTITY,
    description: "The document's registration number is not the merchant's.",
  },
  APPLICATION_CLOSED: {
    status: HttpStatus.CONFLICT,
    description: 'The merchant was REJECTED: its application takes no more documents.',
  },
  UNSUPPORTED_FILE_TYPE: {
    status: HttpStatus.UNSUPPORTED_MEDIA_TYPE,
    description: 'The file is not a PDF, JPEG or PNG by its first bytes (the declared type and name are ignored).',
  },
} as const);

declare module '../../../platform/http/error-catalogue' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface ErrorCodes extends Codes<typeof MERCHANT_ERROR_CODES> {}
}

/** An error of the merchants context; the global filter renders it like any ApiException. */
export class MerchantError extends ApiException {
  constructor(code: ErrorCode, message: string, details?: ApiErrorDetail[]) {
    super(code, message, details);
    this.name = 'MerchantError';
  }

  static notFound(): MerchantError {
    return new MerchantError('NOT_FOUND', 'No such merchant');
  }

  static alreadyRegistered(field: 'registrationNumber' | 'contactEmail'): MerchantError {
    return new MerchantError('MERCHANT_ALREADY_REGISTERED', 'A merchant with these details has already applied', [
      { field, message: 'already registered' },
    ]);
  }

  static onboardingTokenInvalid(): MerchantError {
    return new MerchantError('ONBOARDING_TOKEN_INVALID', 'The onboarding link is invalid or has expired');
  }

  static invalidTransition(from: KybStatus, to: KybStatus): MerchantError {
    return new MerchantError('INVALID_KYB_TRANSITION', `KYB cannot move from ${from} to ${to}`, [
      { field: 'status', message: `current status is ${from}; ${to} is not reachable from it` },
    ]);
  }
}
