import { CsvColumn, csvHeaderLine } from '../../platform/http/csv-export';
import type { ReconciliationBreak } from './reconciliation-break';

/**
 * The export's columns, in order (README.md documents each). `journalEntryIds` holds the ids
 * separated by single spaces; amounts are integers in minor units (number cells, never escaped);
 * `occurredAt` is ISO 8601 UTC. Every other cell is text, defused against formulas.
 */
export const RECONCILIATION_CSV_COLUMNS: readonly CsvColumn<ReconciliationBreak>[] = [
  { header: 'type', kind: 'text', value: (item) => item.type },
  { header: 'source', kind: 'text', value: (item) => item.source },
  { header: 'paymentId', kind: 'text', value: (item) => item.paymentId },
  { header: 'paymentStatus', kind: 'text', value: (item) => item.paymentStatus },
  { header: 'postingAttemptId', kind: 'text', value: (item) => item.postingAttemptId },
  { header: 'journalEntryIds', kind: 'text', value: (item) => item.journalEntryIds.join(' ') },
  { header: 'railReference', kind: 'text', value: (item) => item.railReference },
  { header: 'billerReference', kind: 'text', value: (item) => item.billerReference },
  { header: 'accountReference', kind: 'text', value: (item) => item.accountReference },
  { header: 'expectedAmount', kind: 'number', value: (item) => item.expectedAmount },
  { header: 'actualAmount', kind: 'number', value: (item) => item.actualAmount },
  { header: 'currency', kind: 'text', value: (item) => item.currency },
  { header: 'occurredAt', kind: 'text', value: (item) => item.occurredAt.toISOString() },
  { header: 'detail', kind: 'text', value: (item) => item.detail },
];

export const RECONCILIATION_CSV_HEADERS = RECONCILIATION_CSV_COLUMNS.map((column) => column.header);

export const RECONCILIATION_CSV_HEADER = csvHeaderLine(RECONCILIATION_CSV_COLUMNS);
