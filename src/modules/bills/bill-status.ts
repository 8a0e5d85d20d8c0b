import type { StoredBillStatus } from './bill.entity';

/** What a customer sees a bill as; the `status` filter of GET /bills takes the same values. */
export const BILL_STATUSES = ['UNVIEWED', 'VIEWED', 'OVERDUE', 'PAID', 'WITHDRAWN'] as const;
export type BillStatus = (typeof BILL_STATUSES)[number];

/** Open bills can be viewed, claimed and paid; PAID and WITHDRAWN ones are settled. */
export function isOpen(status: StoredBillStatus): boolean {
  return status === 'UNVIEWED' || status === 'VIEWED';
}

/**
 * The status shown: `OVERDUE` for an open bill whose due date is before `today` (the bill is
 * still payable on its due date), else the stored one. `today` and `dueDate` are `YYYY-MM-DD`,
 * so they compare as strings.
 */
export function derivedStatus(status: StoredBillStatus, dueDate: string, today: string): BillStatus {
  return isOpen(status) && dueDate < today ? 'OVERDUE' : status;
}

/** The calendar date of `instant` in `timeZone`, `YYYY-MM-DD`. */
export function calendarDate(instant: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })
    .formatToParts(instant)
    .reduce<Record<string, string>>((found, part) => ({ ...found, [part.type]: part.value }), {});
  return `${parts.year}-${parts.month}-${parts.day}`;
}
