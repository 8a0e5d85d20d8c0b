import { parse } from 'csv-parse/sync';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { CsvColumn, csvRecordOf, csvStringifier } from './csv-export';
import { CsvRecordEnds } from './csv-record-ends';

interface Row {
  text: string | null;
  n: number;
}

const COLUMNS: CsvColumn<Row>[] = [
  { header: 'text', kind: 'text', value: (row) => row.text },
  { header: 'n', kind: 'number', value: (row) => row.n },
];

const ROWS: Row[] = [
  { text: 'plain', n: 1 },
  { text: 'line\nbreak', n: 2 },
  { text: 'crlf\r\ninside', n: 3 },
  { text: 'say "hi", twice\n', n: 4 },
  { text: '""', n: 5 },
  { text: '"\n"', n: 6 },
  { text: null, n: 7 },
  { text: 'Ṣàdé 🚀\r', n: 8 },
  { text: '\n', n: 9 },
];

/** The platform writer's text (CRLF record ends), and the same with every record ended by LF alone, as COPY ends them. */
async function writerText(): Promise<{ crlf: string; lf: string }> {
  const records = Readable.from(ROWS.map((row) => csvRecordOf(COLUMNS, row)));
  const crlf = await text(records.pipe(csvStringifier(COLUMNS)));
  // csv-stringify quotes every field holding a line break, so a CRLF outside quotes ends a record.
  const lf = (parse(crlf, { record_delimiter: '\r\n' }) as string[][])
    .map(
      (record) =>
        `${record.map((field) => (/[",\r\n]/.test(field) ? `"${field.replace(/"/g, '""')}"` : field)).join(',')}\n`,
    )
    .join('');
  return { crlf, lf };
}

function convertInChunks(input: Buffer, cuts: number[]): Buffer {
  const ends = new CsvRecordEnds();
  const out: Buffer[] = [];
  let from = 0;
  for (const cut of [...cuts, input.length]) {
    out.push(ends.convert(input.subarray(from, cut)));
    from = cut;
  }
  return Buffer.concat(out);
}

describe('CsvRecordEnds (LF record ends of COPY text made CRLF)', () => {
  it('ends each record with CRLF and leaves line breaks inside quoted fields alone: the platform writer’s bytes', async () => {
    const { crlf, lf } = await writerText();
    expect(lf).not.toBe(crlf);
    expect(convertInChunks(Buffer.from(lf), []).toString()).toBe(crlf);
  });

  it('gives the same bytes however the text is cut into chunks (mid-record, mid-quote, between CR and LF)', async () => {
    const { crlf, lf } = await writerText();
    const input = Buffer.from(lf);
    for (let first = 0; first <= input.length; first += 1) {
      expect(convertInChunks(input, [first]).toString()).toBe(crlf);
      for (let second = first; second <= input.length; second += 7) {
        expect(convertInChunks(input, [first, second]).toString()).toBe(crlf);
      }
    }
    const oneByteEach = Array.from({ length: input.length }, (_, index) => index);
    expect(convertInChunks(input, oneByteEach).toString()).toBe(crlf);
  });

  it('hands back a chunk that ends no record as it is', () => {
    const chunk = Buffer.from('"a\nb');
    expect(new CsvRecordEnds().convert(chunk)).toBe(chunk);
    expect(new CsvRecordEnds().convert(new Uint8Array([0x61, 0x0a])).toString()).toBe('a\r\n');
  });
});
