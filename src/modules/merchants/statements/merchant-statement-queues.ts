/** The statements' Bull queue: the monthly tick and one job per merchant, mode and month. */
export const MERCHANT_STATEMENTS_QUEUE = 'merchant-statements';

/** The repeatable tick: on the 1st of each month at 02:00 UTC, fans out the month before. */
export const STATEMENT_TICK_JOB = 'month-end';
export const STATEMENT_TICK_CRON = '0 2 1 * *';

/** One merchant's month in one mode. */
export const STATEMENT_GENERATE_JOB = 'generate';

export interface StatementGenerateJob {
  merchantId: string;
  livemode: boolean;
  /** `YYYY-MM`. */
  period: string;
}

/** `statement:{merchantId}:{live|test}:{YYYY-MM}`: Bull keeps one job per id, so a second tick adds nothing. */
export function statementJobId(job: StatementGenerateJob): string {
  return `statement:${job.merchantId}:${job.livemode ? 'live' : 'test'}:${job.period}`;
}
