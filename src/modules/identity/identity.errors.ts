import { HttpStatus } from '@nestjs/common';
import { ApiErrorDetail, ApiException } from '../../platform/http/api-error';
import { Codes, defineErrorCodes, ErrorCode } from '../../platform/http/error-catalogue';

/** The identity context's error codes (sign-in, OTPs, PINs, accounts). */
export const IDENTITY_ERROR_CODES = defineErrorCodes({
  INVALID_CREDENTIALS: { status: HttpStatus.UNAUTHORIZED, description: 'The phone number or PIN is wrong.' },
  OTP_VERIFICATION_REQUIRED: {
    status: HttpStatus.FORBIDDEN,
    description:
      'Only the session opened by /auth/verify may set the PIN, and only shortly after; register again for a new OTP.',
  },
  ACCOUNT_DEACTIVATED: { status: HttpStatus.FORBIDDEN, description: 'The account has been deactivated.' },
  WEAK_PIN: {
    status: HttpStatus.UNPROCESSABLE_ENTITY,
    description: 'The PIN is too easy to guess (one digit repeated, a straight run, the end of the phone number).',
  },
  OTP_INVALID: { status: HttpStatus.UNAUTHORIZED, description: 'The one-time password is wrong.' },
  OTP_EXPIRED: { status: HttpStatus.GONE, description: 'The one-time password has expired or used up its tries.' },
  ACCOUNT_LOCKED: {
    status: HttpStatus.LOCKED,
    description: 'Too many wrong PINs; the account is locked until `Retry-After` seconds have passed.',
  },
  OWN_ROLE_CHANGE: {
    status: HttpStatus.CONFLICT,
    description: 'An admin cannot change their own role or deactivate their own account: another admin must.',
  },
  LAST_ADMIN: {
    status: HttpStatus.CONFLICT,
    description: 'The change would leave no active ADMIN: make another user ADMIN first.',
  },
} as const);

declare module '../../platform/http/error-catalogue' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface ErrorCodes extends Codes<typeof IDENTITY_ERROR_CODES> {}
}

/** An error of the identity context; the global filter renders it like any ApiException. */
export class IdentityError extends ApiException {
  constructor(code: ErrorCode, message: string, details?: ApiErrorDetail[], headers?: Record<string, string>) {
    super(code, message, details, headers);
    this.name = 'IdentityError';
  }

  static otpInvalid(): IdentityError {
    return new IdentityError('OTP_INVALID', 'The one-time password is wrong');
  }

  static otpExpired(): IdentityError {
    return new IdentityError('OTP_EXPIRED', 'The one-time password has expired or used up its tries; register again');
  }

  /** The same answer for an unknown phone number, a missing PIN and a wrong PIN. */
  static invalidCredentials(): IdentityError {
    return new IdentityError('INVALID_CREDENTIALS', 'The phone number or PIN is wrong');
  }

  static accountLocked(retryAfterSeconds: number): IdentityError {
    const seconds = Math.max(1, retryAfterSeconds);
    return new IdentityError(
      'ACCOUNT_LOCKED',
      `Too many wrong PINs; try again in ${seconds} seconds`,
      [{ field: 'retryAfterSeconds', message: String(seconds) }],
      { 'Retry-After': String(seconds) },
    );
  }

  static accountDeactivated(): IdentityError {
    return new IdentityError('ACCOUNT_DEACTIVATED', 'This account has been deactivated');
  }

  static weakPin(reason: string): IdentityError {
    return new IdentityError('WEAK_PIN', `The PIN ${reason}`, [{ field: 'pin', message: reason }]);
  }

  static otpVerificationRequired(): IdentityError {
    return new IdentityError(
      'OTP_VERIFICATION_REQUIRED',
      'Set the PIN with the access token from /auth/verify, within minutes of verifying; register again for a new OTP',
    );
  }

  static refreshTokenInvalid(): IdentityError {
    return new IdentityError('UNAUTHENTICATED', 'The refresh token is invalid, expired or already used; log in again');
  }

  static userNotFound(): IdentityError {
    return new IdentityError('NOT_FOUND', 'User not found');
  }

  static ownRoleChange(what: string): IdentityError {
    return new IdentityError('OWN_ROLE_CHANGE', `An admin cannot ${what} their own account`);
  }

  static lastAdmin(): IdentityError {
    return new IdentityError('LAST_ADMIN', 'This would leave no active ADMIN: make another user ADMIN first');
  }

  static sessionNotFound(): IdentityError {
    return new IdentityError('NOT_FOUND', 'Session not found');
  }
}
