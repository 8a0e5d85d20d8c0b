import type { StatementPageResult } from './sql/statements.queries';

/** The formats a statement is kept in, with the content type each is served with. */
export const STATEMENT_FORMATS = [
  { format: 'pdf', contentType: 'application/pdf', extension: 'pdf' },
  { format: 'csv', contentType: 'text/csv; charset=utf-8', extension: 'csv' },
] as const;
export type StatementFormat = (typeof STATEMENT_FORMATS)[number]['format'];
export const STATEMENT_FORMAT_NAMES: StatementFormat[] = STATEMENT_FORMATS.map((format) => format.format);

export const STATEMENT_STATUSES = ['PENDING', 'GENERATING', 'READY', 'FAILED'] as const;
export type StatementStatus = (typeof STATEMENT_STATUSES)[number];

/** One file of a statement as `merchant_statements.files` records it. */
export interface StatementFile {
  format: StatementFormat;
  /** The FileStore key. */
  key: string;
  contentType: string;
  sizeBytes: number;
  sha256: string;
}

/** A `merchant_statements` row as the statements queries read it. */
export type StatementRow = Omit<StatementPageResult, 'total'>;

export function filesOf(row: Pick<StatementRow, 'files'>): StatementFile[] {
  return Array.isArray(row.files) ? row.files.map(fileOf) : [];
}

/** One element of `merchant_statements.files`, checked: a row that breaks the shape is an error, not a guess. */
function fileOf(value: unknown): StatementFile {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new Error('merchant_statements.files: an element is not an object');
  }
  const file = value as Record<string, unknown>;
  const format = STATEMENT_FORMAT_NAMES.find((name) => name === file.format);
  const { key, contentType, sizeBytes, sha256 } = file;
  if (
    format === undefined ||
    typeof key !== 'string' ||
    typeof contentType !== 'string' ||
    typeof sizeBytes !== 'number' ||
    typeof sha256 !== 'string'
  ) {
    throw new Error(`merchant_statements.files: a file element breaks its shape (format ${String(file.format)})`);
  }
  return { format, key, contentType, sizeBytes, sha256 };
}
