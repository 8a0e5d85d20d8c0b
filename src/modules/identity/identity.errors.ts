import { ApiErrorDetail, ApiException } from '../../platform/http/api-error';
import { ErrorCode } from '../../platform/http/error-catalogue';

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

  static sessionNotFound(): IdentityError {
    return new IdentityError('NOT_FOUND', 'Session not found');
  }
}
