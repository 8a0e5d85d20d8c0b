import { HttpStatus } from '@nestjs/common';
import { ApiErrorDetail, ApiException } from '../../../platform/http/api-error';
import { Codes, defineErrorCodes, ErrorCode } from '../../../platform/http/error-catalogue';

/** The merchants context's identity error codes (users, memberships, invitations). */
export const MERCHANT_IDENTITY_ERROR_CODES = defineErrorCodes({
  NO_ACTIVE_MEMBERSHIP: {
    status: HttpStatus.FORBIDDEN,
    description: 'The user has no active membership (or none in the merchant named) to sign in to.',
  },
  MEMBERSHIP_NOT_FOUND: {
    status: HttpStatus.FORBIDDEN,
    description: 'The signed-in user has no active membership in that merchant.',
  },
  INVITATION_NOT_FOUND: {
    status: HttpStatus.FORBIDDEN,
    description:
      'The invitation does not exist, was revoked or used, or its seat is no longer available (the merchant was rejected, or its owner seat is taken).',
  },
  INVITATION_EXPIRED: {
    status: HttpStatus.GONE,
    description: 'The invitation has expired (7 days); ask for it to be resent.',
  },
  INVITATION_ALREADY_PENDING: {
    status: HttpStatus.CONFLICT,
    description:
      'A pending invitation for this e-mail exists in the merchant: resend it (a new token and expiry) instead.',
  },
  ALREADY_MERCHANT_MEMBER: {
    status: HttpStatus.CONFLICT,
    description: 'The person is already a member of this merchant; change their role with PATCH instead.',
  },
  MERCHANT_HAS_OWNER: {
    status: HttpStatus.CONFLICT,
    description: 'The merchant has an active OWNER: the OWNER invitation cannot be sent again.',
  },
  WEAK_PASSWORD: {
    status: HttpStatus.BAD_REQUEST,
    description:
      'The password is too short (10 characters at least), too long (128 at most), or easy to guess: a common password, a variation of one, a pattern, or built from your own name or e-mail.',
  },
} as const);

declare module '../../../platform/http/error-catalogue' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface ErrorCodes extends Codes<typeof MERCHANT_IDENTITY_ERROR_CODES> {}
}

export class MerchantIdentityError extends ApiException {
  constructor(code: ErrorCode, message: string, details?: ApiErrorDetail[]) {
    super(code, message, details);
    this.name = 'MerchantIdentityError';
  }

  static invalidCredentials(): MerchantIdentityError {
    return new MerchantIdentityError('INVALID_CREDENTIALS', 'The e-mail or password is wrong');
  }

  static notFound(what: string): MerchantIdentityError {
    return new MerchantIdentityError('NOT_FOUND', `No such ${what} in this merchant`);
  }

  static invitationNotFound(): MerchantIdentityError {
    return new MerchantIdentityError('INVITATION_NOT_FOUND', 'This invitation cannot be used');
  }
}
