import { ErrorCode, errorCodeEntry } from './error-catalogue';

export interface ApiErrorDetail {
  field: string;
  message: string;
}

/**
 * The error every layer throws. It carries a catalogue code, the HTTP status that code maps
 * to, a message safe to show to the caller and optional field details. Each context may
 * subclass it to group its own errors; the global filter renders them all alike.
 */
export class ApiException extends Error {
  readonly status: number;

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: ApiErrorDetail[],
    /** Extra response headers, such as `Retry-After`. */
    readonly headers?: Record<string, string>,
    /**
     * Members the body carries beside the ApiError's own, for a code whose answer is itself
     * what the caller needs next (the payment a DUPLICATE_PAYMENT names); the code's response
     * schema documents them (`defineErrorBody`). Never `code`, `message`, `requestId` or `details`.
     */
    readonly body?: Readonly<Record<string, unknown>>,
  ) {
    super(message);
    this.name = 'ApiException';
    this.status = errorCodeEntry(code).status;
  }
}

export function notFound(what = 'Resource'): ApiException {
  return new ApiException('NOT_FOUND', `${what} not found`);
}
