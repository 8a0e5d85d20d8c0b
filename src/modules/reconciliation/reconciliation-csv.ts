import { csvRecord } from './csv-cells';
import type { ReconciliationBreak } from './reconciliation-break';

/**
 * The export's columns, in order (README.md documents each). `journalEntryIds` holds the ids
 * separated by single spaces; amounts are integers in minor units; `occurredAt` is ISO 8601 UTC.
 */
export const RECONCILIATION_CSV_COLUMNS = [
  'type',
  'source',
  'paymentId',
  'paymentStatus',
  'postingAttemptId',
  'journalEntryIds',
  'railReference',
  'billerReference',
  'accountReference',
  'expectedAmount',
  'actualAmount',
  'currency',
  'occurredAt',
  'detail',
] as const;

export const RECONCILIATION_CSV_HEADER = csvRecord(RECONCILIATION_CSV_COLUMNS);

/** One batch of breaks as CSV records, one string: a write per batch, not per cell. */
export function reconciliationCsvRecords(batch: readonly ReconciliationBreak[]): string {
  let text = '';
  for (const item of batch) {
    text += csvRecord([
      item.type,
      item.source,
      item.paymentId,
      item.paymentStatus,
      item.postingAttemptId,
      item.journalEntryIds.join(' '),
      item.railReference,
      item.billerReference,
      item.accountReference,
      item.expectedAmount,
      item.actualAmount,
      item.currency,
      item.occurredAt.toISOString(),
      item.detail,
    ]);
  }
  return text;
}

/** The whole export: the header, then each batch as it comes. */
export async function* reconciliationCsv(
  batches: AsyncIterable<readonly ReconciliationBreak[]>,
): AsyncGenerator<string, void, undefined> {
  yield RECONCILIATION_CSV_HEADER;
  for await (const batch of batches) yield reconciliationCsvRecords(batch);
}
