import { Logger } from '@nestjs/common';
import { stringify } from 'csv-stringify';
import type { Response } from 'express';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** The type RFC 4180 registers for CSV: clients and browsers open the attachment as a spreadsheet. */
export const CSV_MEDIA_TYPE = 'text/csv';

/** A cell's value: text is escaped against formulas; numbers are written as they are; null is empty. */
export type CsvValue = string | number | bigint | null | undefined;

/**
 * One column: its header, its kind, and how a row gives its cell. A `text` cell that starts
 * with a formula trigger is prefixed with `'`; a `number` cell is written bare, so a negative
 * amount stays a number a spreadsheet can add up.
 */
export type CsvColumn<Row> =
  | { header: string; kind: 'text'; value: (row: Row) => string | null | undefined }
  | { header: string; kind: 'number'; value: (row: Row) => number | bigint | null | undefined };

/**
 * What makes Excel, LibreOffice and Google Sheets read a cell as a formula (OWASP ASVS 5.0
 * 1.2.10, CSV injection): `=`, `+`, `-`, `@`, tab, carriage return and NUL first.
 */
const FORMULA_TRIGGERS = new Set(['=', '+', '-', '@', '\t', '\r', '\0']);

/** A text cell, defused: `'` in front when it starts with a formula trigger. */
export function csvText(value: string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  return value.length > 0 && FORMULA_TRIGGERS.has(value[0]) ? `'${value}` : value;
}

/** The record of one row, each cell as its column's kind writes it. */
export function csvRecordOf<Row>(columns: readonly CsvColumn<Row>[], row: Row): CsvValue[] {
  return columns.map((column) => {
    if (column.kind === 'text') return csvText(column.value(row));
    const value = column.value(row);
    return value === null || value === undefined ? null : value.toString();
  });
}

/**
 * The RFC 4180 writer every CSV export uses (csv-stringify): comma, CRLF after every record,
 * a header row, fields with a comma, a double quote, CR or LF quoted with quotes doubled. As a
 * Transform: records (arrays of cells, csvRecordOf) in, text out.
 */
export function csvStringifier<Row>(columns: readonly CsvColumn<Row>[]) {
  return stringify({
    header: true,
    columns: columns.map((column) => column.header),
    delimiter: ',',
    record_delimiter: '\r\n',
    // Given a record delimiter, csv-stringify quotes only fields holding it unless told to quote
    // a lone CR or LF too; RFC 4180 quotes any line break.
    quote_record_delimiter: true,
    quote: '"',
    escape: '"',
  });
}

/** The header record as the writer sends it (for OpenAPI examples). */
export function csvHeaderLine(columns: readonly CsvColumn<never>[]): string {
  return `${columns.map((column) => column.header).join(',')}\r\n`;
}

export interface CsvExport<Row> {
  /** The attachment's file name (ASCII: letters, digits, `.`, `-`, `_`). */
  filename: string;
  columns: readonly CsvColumn<Row>[];
  /**
   * The rows, read as the client takes them: an async iterable (a generator over a database
   * cursor such as `rowStream`, whose `finally` closes the cursor and releases its connection).
   * When the client hangs up or the write fails, the pipeline ends it (`return()`), so the query
   * stops with the response.
   */
  rows: AsyncIterable<Row>;
}

const logger = new Logger('CsvExport');

/**
 * Streams a CSV attachment to an Express response: `text/csv; charset=utf-8`, `Content-Disposition:
 * attachment`, then rows → records → csv-stringify → response through `pipeline`, which honours
 * each stage's backpressure (a slow client leaves the rows unread, so the server holds a buffer's
 * worth, not the export) and on a client hanging up, or any stage failing, destroys every stage:
 * the row source is ended (its cursor closed, its connection released). A failure once the
 * headers are out cannot become an error answer: the socket is destroyed, so the client sees a
 * truncated transfer rather than a file that looks complete. A source failing on its first row,
 * before any header, is thrown, for the ApiError filter to answer. Resolves when the export has
 * ended, either way.
 */
export async function sendCsv<Row>(response: Response, csv: CsvExport<Row>): Promise<void> {
  if (!/^[A-Za-z0-9._-]+$/.test(csv.filename)) throw new Error(`CSV file name "${csv.filename}"`);
  const columns = csv.columns;
  // The first row is read before any header goes out: a source that fails at once (its
  // connection, its first query) is still an error answer.
  const source = csv.rows[Symbol.asyncIterator]();
  const first = await source.next();
  response.status(200);
  response.setHeader('Content-Type', `${CSV_MEDIA_TYPE}; charset=utf-8`);
  response.setHeader('Content-Disposition', `attachment; filename="${csv.filename}"`);
  async function* records(): AsyncGenerator<CsvValue[], void, undefined> {
    try {
      if (first.done) return;
      yield csvRecordOf(columns, first.value);
      for (let next = await source.next(); !next.done; next = await source.next()) {
        yield csvRecordOf(columns, next.value);
      }
    } finally {
      // Ended early (the client left, a write failed): the source's own finally runs now.
      await source.return?.();
    }
  }
  try {
    await pipeline(
      Readable.from(records(), { objectMode: true, highWaterMark: 64 }),
      csvStringifier(columns),
      response,
    );
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ERR_STREAM_PREMATURE_CLOSE') {
      logger.log(`CSV export ${csv.filename}: the client left before the end`);
      return;
    }
    logger.error({ err: error }, `CSV export ${csv.filename} failed midway: the connection is cut`);
    // pipeline has destroyed the response (and with it the socket) already; say so for certain.
    response.destroy();
  }
}
