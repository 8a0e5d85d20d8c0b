import { HttpStatus } from '@nestjs/common';
import { ApiErrorDetail, ApiException } from '../../platform/http/api-error';
import { Codes, defineErrorCodes, ErrorCode } from '../../platform/http/error-catalogue';

/** The compliance context's error codes. */
export const COMPLIANCE_ERROR_CODES = defineErrorCodes({
  AML_FLAG_CLOSED: {
    status: HttpStatus.CONFLICT,
    description:
      "The payment's AML flags were reviewed already (CLEARED or REPORTED; ESCALATE needs an OPEN flag); `details` name their status.",
  },
} as const);

declare module '../../platform/http/error-catalogue' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface ErrorCodes extends Codes<typeof COMPLIANCE_ERROR_CODES> {}
}

/** An error of the compliance context; the global filter renders it like any ApiException. */
export class ComplianceError extends ApiException {
  constructor(code: ErrorCode, message: string, details?: ApiErrorDetail[]) {
    super(code, message, details);
    this.name = 'ComplianceError';
  }

  static notFound(): ComplianceError {
    return new ComplianceError('NOT_FOUND', 'No AML flags for this transaction', [
      { field: 'txnId', message: 'has no AML flags' },
    ]);
  }

  static closed(statuses: readonly string[]): ComplianceError {
    return new ComplianceError('AML_FLAG_CLOSED', "This transaction's AML flags were reviewed already", [
      { field: 'status', message: `is ${[...new Set(statuses)].join(', ')}` },
    ]);
  }
}
