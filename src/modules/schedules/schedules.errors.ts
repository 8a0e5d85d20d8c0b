import { HttpStatus } from '@nestjs/common';
import { ApiErrorDetail, ApiException } from '../../platform/http/api-error';
import { Codes, defineErrorCodes, ErrorCode } from '../../platform/http/error-catalogue';

/** The schedules context's error codes: consent and the states a schedule can no longer leave. */
export const SCHEDULE_ERROR_CODES = defineErrorCodes({
  CONSENT_MISSING: {
    status: HttpStatus.UNPROCESSABLE_ENTITY,
    description:
      "The request needs the customer's consent to the scheduled-payment terms (`consent`); `details` name the current terms version.",
  },
  CONSENT_STALE: {
    status: HttpStatus.UNPROCESSABLE_ENTITY,
    description:
      'The consent given is to an older version of the scheduled-payment terms; `details` name the current version to accept.',
  },
  SCHEDULE_CANCELLED: {
    status: HttpStatus.CONFLICT,
    description: 'The schedule is cancelled: it can be read, with its runs, but no longer changed.',
  },
  SCHEDULE_COMPLETED: {
    status: HttpStatus.CONFLICT,
    description: 'The schedule has completed (its only or last period was run): it cannot be resumed or changed.',
  },
} as const);

declare module '../../platform/http/error-catalogue' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface ErrorCodes extends Codes<typeof SCHEDULE_ERROR_CODES> {}
}

/** An error of the schedules context; the global filter renders it like any ApiException. */
export class ScheduleError extends ApiException {
  constructor(code: ErrorCode, message: string, details?: ApiErrorDetail[]) {
    super(code, message, details);
    this.name = 'ScheduleError';
  }

  static notFound(): ScheduleError {
    return new ScheduleError('NOT_FOUND', 'Schedule not found');
  }

  static billerNotFound(): ScheduleError {
    return new ScheduleError('NOT_FOUND', 'Biller not found', [{ field: 'biller', message: 'is not a known biller' }]);
  }

  static invalid(field: string, message: string): ScheduleError {
    return new ScheduleError('VALIDATION_FAILED', 'Request validation failed', [{ field, message }]);
  }

  static consentMissing(currentVersion: string): ScheduleError {
    return new ScheduleError('CONSENT_MISSING', 'Accept the scheduled-payment terms to do this', [
      { field: 'consent', message: 'is required' },
      { field: 'consent.version', message: currentVersion },
    ]);
  }

  static consentStale(currentVersion: string): ScheduleError {
    return new ScheduleError(
      'CONSENT_STALE',
      `The scheduled-payment terms have changed: accept version ${currentVersion} to do this`,
      [{ field: 'consent.version', message: currentVersion }],
    );
  }

  static cancelled(): ScheduleError {
    return new ScheduleError('SCHEDULE_CANCELLED', 'The schedule is cancelled and can no longer be changed');
  }

  static completed(): ScheduleError {
    return new ScheduleError(
      'SCHEDULE_COMPLETED',
      'The schedule has completed and can no longer be changed or resumed',
    );
  }

  static railUnavailable(rail: string): ScheduleError {
    return new ScheduleError('RAIL_UNAVAILABLE', `The biller does not take payments by ${rail}`, [
      { field: 'rail', message: `is not a rail this biller accepts` },
    ]);
  }

  static billerUnavailable(reason: string): ScheduleError {
    return new ScheduleError('BILLER_UNAVAILABLE', `The biller cannot take payments right now: ${reason}`, [
      { field: 'biller', message: reason },
    ]);
  }
}
