import { ApiException } from '../../../platform/http/api-error';

/** A calendar month in UTC, `YYYY-MM`, and the half-open window `[start, end)` it covers. */
export interface StatementPeriod {
  period: string;
  start: Date;
  end: Date;
}

const PERIOD_PATTERN = /^(\d{4})-(0[1-9]|1[0-2])$/;

function periodOf(year: number, monthIndex: number): StatementPeriod {
  const start = new Date(Date.UTC(year, monthIndex, 1));
  const end = new Date(Date.UTC(year, monthIndex + 1, 1));
  const period = `${start.getUTCFullYear()}-${String(start.getUTCMonth() + 1).padStart(2, '0')}`;
  return { period, start, end };
}

/** `2026-10` -> October 2026 in UTC; anything else is a 400 naming `field`. */
export function parseStatementPeriod(value: string, field = 'period'): StatementPeriod {
  const match = PERIOD_PATTERN.exec(value);
  if (!match) {
    throw new ApiException('VALIDATION_FAILED', `${field} must be a month, YYYY-MM`, [
      { field, message: 'must be YYYY-MM' },
    ]);
  }
  return periodOf(Number(match[1]), Number(match[2]) - 1);
}

/** The last whole month before `now` (UTC): what the job run on the 1st states. */
export function previousStatementPeriod(now: Date): StatementPeriod {
  return periodOf(now.getUTCFullYear(), now.getUTCMonth() - 1);
}
