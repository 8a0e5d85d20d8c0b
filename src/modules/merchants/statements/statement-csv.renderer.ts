import { Injectable } from '@nestjs/common';
import { csvRecordOf, csvStringifier, type CsvColumn } from '../../../platform/http/csv-export';
import { statementLines, type StatementDocument, type StatementLine } from './statement-document';

interface CsvRow extends StatementLine {
  document: StatementDocument;
}

/** The CSV's columns: one row per statement line, the amount in minor units signed as it moves the balance. */
export const STATEMENT_CSV_COLUMNS: readonly CsvColumn<CsvRow>[] = [
  { header: 'statement_id', kind: 'text', value: (row) => row.document.statementId },
  { header: 'merchant_id', kind: 'text', value: (row) => row.document.merchantId },
  { header: 'period', kind: 'text', value: (row) => row.document.period },
  { header: 'livemode', kind: 'text', value: (row) => String(row.document.livemode) },
  { header: 'currency', kind: 'text', value: (row) => row.document.figures.currency },
  { header: 'line', kind: 'text', value: (row) => row.line },
  { header: 'description', kind: 'text', value: (row) => row.label },
  { header: 'amount', kind: 'number', value: (row) => row.amount },
];

/**
 * The statement as CSV, through the platform's RFC 4180 writer (`csvStringifier`: CRLF, a header
 * row, text cells defused against formulas, numbers bare).
 */
@Injectable()
export class StatementCsvRenderer {
  async render(document: StatementDocument): Promise<Buffer> {
    const stringifier = csvStringifier(STATEMENT_CSV_COLUMNS);
    const chunks: Buffer[] = [];
    const finished = new Promise<Buffer>((resolve, reject) => {
      stringifier.on('data', (chunk: Buffer | string) => chunks.push(Buffer.from(chunk)));
      stringifier.on('end', () => resolve(Buffer.concat(chunks)));
      stringifier.on('error', reject);
    });
    for (const line of statementLines(document.figures)) {
      stringifier.write(csvRecordOf(STATEMENT_CSV_COLUMNS, { ...line, document }));
    }
    stringifier.end();
    return finished;
  }
}
