/**
 * CSV for spreadsheets, in a few lines of our own (the formula defence needs a hook on every
 * cell anyway; the e2e spec reads the export back with csv-parse, held to RFC 4180): fields
 * (quoted when they hold a comma, a double quote, CR or LF, with quotes doubled; CRLF between
 * records), and the OWASP defence against formula injection: a cell that starts with `=`, `+`,
 * `-`, `@`, a tab or a carriage return gets a single quote in front, so Excel, LibreOffice and
 * Google Sheets show it as text instead of running it. Numbers are written by the caller as
 * plain digits and are not escaped (a negative amount is a number, not a formula).
 */
const FORMULA_TRIGGERS = new Set(['=', '+', '-', '@', '\t', '\r']);
const NEEDS_QUOTES = /[",\r\n]/;

export type CsvValue = string | number | bigint | null | undefined;

/** One cell: text is defused and quoted as needed; numbers and nulls are written bare. */
export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number' || typeof value === 'bigint') return value.toString();
  const defused = value.length > 0 && FORMULA_TRIGGERS.has(value[0]) ? `'${value}` : value;
  return NEEDS_QUOTES.test(defused) ? `"${defused.replace(/"/g, '""')}"` : defused;
}

/** One record, with its CRLF. */
export function csvRecord(values: readonly CsvValue[]): string {
  return `${values.map(csvCell).join(',')}\r\n`;
}
