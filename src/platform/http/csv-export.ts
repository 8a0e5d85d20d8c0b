import { Logger } from '@nestjs/common';
import { stringify } from 'csv-stringify';
import { stringify as stringifyRecords } from 'csv-stringify/sync';
import type { Response } from 'express';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { CsvRecordEnds } from './csv-record-ends';

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
  const record = new Array<CsvValue>(columns.length);
  for (let index = 0; index < columns.length; index += 1) {
    const column = columns[index];
    if (column.kind === 'text') {
      record[index] = csvText(column.value(row));
    } else {
      const value = column.value(row);
      record[index] = value === null || value === undefined ? null : value.toString();
    }
  }
  return record;
}

/**
 * csv-stringify's options for RFC 4180: comma, CRLF after every record, fields with a comma, a
 * double quote, CR or LF quoted with quotes doubled.
 */
const RFC_4180 = {
  delimiter: ',',
  record_delimiter: '\r\n',
  // Given a record delimiter, csv-stringify quotes only fields holding it unless told to quote
  // a lone CR or LF too; RFC 4180 quotes any line break.
  quote_record_delimiter: true,
  quote: '"',
  escape: '"',
} as const;

/**
 * The RFC 4180 writer every CSV export uses (csv-stringify): comma, CRLF after every record,
 * a header row, fields with a comma, a double quote, CR or LF quoted with quotes doubled. As a
 * Transform: records (arrays of cells, csvRecordOf) in, text out.
 */
export function csvStringifier<Row>(columns: readonly CsvColumn<Row>[]) {
  return stringify({ header: true, columns: columns.map((column) => column.header), ...RFC_4180 });
}

/**
 * Records csvBatch hands csv-stringify at a time: a small array's records and their texts die
 * young, where a whole batch's would outlive a collection or two (a quarter of the CPU time).
 */
const RECORDS_PER_STRINGIFY = 100;

/**
 * A batch of rows as CSV text, header first when `header` (csv-stringify's sync API on the
 * batch's records, csvRecordOf): the same bytes as the batch through `csvStringifier`, so the
 * batches' texts one after the other are that Transform's output for all the rows. The header
 * alone for no row with `header`; nothing for no row without.
 */
export function csvBatch<Row>(columns: readonly CsvColumn<Row>[], rows: readonly Row[], header: boolean): string {
  const headers = columns.map((column) => column.header);
  if (rows.length === 0) return header ? stringifyRecords([], { header, columns: headers, ...RFC_4180 }) : '';
  let text = '';
  for (let start = 0; start < rows.length; start += RECORDS_PER_STRINGIFY) {
    const end = Math.min(start + RECORDS_PER_STRINGIFY, rows.length);
    const records = new Array<CsvValue[]>(end - start);
    for (let index = start; index < end; index += 1) records[index - start] = csvRecordOf(columns, rows[index]);
    text += stringifyRecords(records, { header: header && start === 0, columns: headers, ...RFC_4180 });
  }
  return text;
}

/** The header record as the writer sends it (for OpenAPI examples). */
export function csvHeaderLine(columns: readonly CsvColumn<never>[]): string {
  return `${columns.map((column) => column.header).join(',')}\r\n`;
}

/** Rows a one-by-one source is grouped into for the writer (see `CsvExport.rows`). */
const CSV_ROWS_PER_WRITE = 1000;

interface CsvExportOf<Row> {
  /** The attachment's file name (ASCII: letters, digits, `.`, `-`, `_`). */
  filename: string;
  columns: readonly CsvColumn<Row>[];
}

/**
 * What to send: the columns and the rows, either one by one (`rows`) or a batch at a time
 * (`batches`, cheaper: one await and one write per batch). Either is read as the client takes
 * the text: an async iterable (a generator over a database cursor, `rowStream` or `rowBatches`,
 * whose `finally` closes the cursor and releases its connection). When the client hangs up or
 * the write fails, the pipeline ends it (`return()`), so the query stops with the response.
 */
export type CsvExport<Row> = CsvExportOf<Row> &
  (
    | {
        /** The rows one by one; the writer groups them CSV_ROWS_PER_WRITE at a time. */
        rows: AsyncIterable<Row>;
        batches?: never;
      }
    | {
        /** The rows a batch at a time, as fetched (`rowBatches`); an empty batch is skipped. */
        batches: AsyncIterable<readonly Row[]>;
        rows?: never;
      }
  );

const logger = new Logger('CsvExport');

/**
 * Streams a CSV attachment to an Express response: `text/csv; charset=utf-8`, `Content-Disposition:
 * attachment`, then each batch of rows → records → csv-stringify's sync API (`csvBatch`, the header
 * before the first) → one text chunk → the response through `pipeline`, which honours the
 * response's backpressure (the next batch is asked for only once the response has taken the last:
 * a slow client leaves the rows unread, so the server holds a batch or two, not the export) and on
 * a client hanging up, or any stage failing, destroys every stage: the row source is ended (its
 * cursor closed, its connection released). A failure once the headers are out cannot become an
 * error answer: the socket is destroyed, so the client sees a truncated transfer rather than a
 * file that looks complete. A source failing on its first batch (one-by-one rows: on their first
 * CSV_ROWS_PER_WRITE), before any header, is thrown, for the ApiError filter to answer. Resolves
 * when the export has ended, either way.
 */
export async function sendCsv<Row>(response: Response, csv: CsvExport<Row>): Promise<void> {
  checkFilename(csv.filename);
  const columns = csv.columns;
  const source = (csv.batches ?? groups(csv.rows, CSV_ROWS_PER_WRITE))[Symbol.asyncIterator]();
  // The first batch is read before any header goes out: a source that fails at once (its
  // connection, its first query) is still an error answer.
  const first = await source.next();
  async function* texts(): AsyncGenerator<string, void, undefined> {
    try {
      let header = true;
      for (let next: IteratorResult<readonly Row[]> = first; !next.done; next = await source.next()) {
        if (next.value.length === 0) continue;
        yield csvBatch(columns, next.value, header);
        header = false;
      }
      // No row: the header alone.
      if (header) yield csvBatch(columns, [], true);
    } finally {
      // Ended early (the client left, a write failed): the source's own finally runs now.
      await source.return?.();
    }
  }
  await streamAttachment(response, csv.filename, texts());
}

/** CSV text made elsewhere, to send as an attachment (`sendCsvText`). */
export interface CsvTextExport {
  /** The attachment's file name (ASCII: letters, digits, `.`, `-`, `_`). */
  filename: string;
  /**
   * The file's text, header first, records ended by LF, a chunk at a time as the client takes
   * them: PostgreSQL's `COPY (query) TO STDOUT WITH (FORMAT csv, HEADER)` (`copyCsv`), whose
   * encoding is this writer's (comma, fields with a comma, quote, CR or LF quoted, quotes doubled,
   * null as nothing) once its LF record ends are CRLF. The query writes each cell as the file
   * should hold it, formula defusing (`csvText`) included. Ending it early ends the query.
   */
  text: AsyncIterable<Uint8Array>;
}

/**
 * Streams CSV text made elsewhere (`CsvTextExport`, PostgreSQL's COPY) as `sendCsv` streams rows:
 * the same headers, the first chunk read before them (a query that fails at once is an error
 * answer), the response's backpressure honoured, a hang-up or failure ending the source, and a
 * failure midway a cut connection. Each LF that ends a record is written CRLF (`CsvRecordEnds`),
 * so the file is byte for byte what `sendCsv` writes for the same cells.
 */
export async function sendCsvText(response: Response, csv: CsvTextExport): Promise<void> {
  checkFilename(csv.filename);
  const source = csv.text[Symbol.asyncIterator]();
  const first = await source.next();
  const recordEnds = new CsvRecordEnds();
  async function* chunks(): AsyncGenerator<Buffer, void, undefined> {
    try {
      for (let next: IteratorResult<Uint8Array> = first; !next.done; next = await source.next()) {
        if (next.value.length > 0) yield recordEnds.convert(next.value);
      }
    } finally {
      await source.return?.();
    }
  }
  await streamAttachment(response, csv.filename, chunks());
}

function checkFilename(filename: string): void {
  if (!/^[A-Za-z0-9._-]+$/.test(filename)) throw new Error(`CSV file name "${filename}"`);
}

/**
 * The CSV headers, then the chunks through `pipeline` to the response: one chunk waits at most
 * while the response holds the one before. A client hanging up is logged and resolves; any
 * other failure destroys the response (the client sees a truncated transfer).
 */
async function streamAttachment(
  response: Response,
  filename: string,
  chunks: AsyncGenerator<string | Buffer, void, undefined>,
): Promise<void> {
  response.status(200);
  response.setHeader('Content-Type', `${CSV_MEDIA_TYPE}; charset=utf-8`);
  response.setHeader('Content-Disposition', `attachment; filename="${filename}"`);
  try {
    await pipeline(Readable.from(chunks, { objectMode: true, highWaterMark: 1 }), response);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ERR_STREAM_PREMATURE_CLOSE') {
      logger.log(`CSV export ${filename}: the client left before the end`);
      return;
    }
    logger.error({ err: error }, `CSV export ${filename} failed midway: the connection is cut`);
    // pipeline has destroyed the response (and with it the socket) already; say so for certain.
    response.destroy();
  }
}

/**
 * One-by-one rows in groups of `size` (the last one shorter), each group as soon as it is full.
 * Ending the groups early ends the rows.
 */
async function* groups<Row>(rows: AsyncIterable<Row>, size: number): AsyncGenerator<Row[], void, undefined> {
  let group: Row[] = [];
  for await (const row of rows) {
    group.push(row);
    if (group.length === size) {
      yield group;
      group = [];
    }
  }
  if (group.length > 0) yield group;
}
