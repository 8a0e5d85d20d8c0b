import { parse } from 'csv-parse/sync';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { CsvColumn, csvBatch, csvHeaderLine, csvRecordOf, csvStringifier, csvText } from './csv-export';

interface Row {
  name: string | null;
  amount: number | bigint | null;
}

const COLUMNS: CsvColumn<Row>[] = [
  { header: 'name', kind: 'text', value: (row) => row.name },
  { header: 'amount', kind: 'number', value: (row) => row.amount },
];

/** What the writer makes of these rows: the header, then a record each. */
async function written(rows: Row[]): Promise<string> {
  const records = Readable.from(rows.map((row) => csvRecordOf(COLUMNS, row)));
  return text(records.pipe(csvStringifier(COLUMNS)));
}

describe('csvText (formula-injection escaping, ASVS 1.2.10)', () => {
  it.each(['=', '+', '-', '@', '\t', '\r', '\0'])('prefixes a text cell starting with %j with a quote', (trigger) => {
    expect(csvText(`${trigger}cmd|' /C calc'!A0`)).toBe(`'${trigger}cmd|' /C calc'!A0`);
  });

  it('leaves other text, triggers that are not first, empty text and null alone', () => {
    expect(csvText('PROCESSING')).toBe('PROCESSING');
    expect(csvText('ref-001')).toBe('ref-001');
    expect(csvText('a=b')).toBe('a=b');
    expect(csvText(' =1')).toBe(' =1');
    expect(csvText('')).toBe('');
    expect(csvText(null)).toBeNull();
    expect(csvText(undefined)).toBeNull();
  });
});

describe('csvRecordOf', () => {
  it('escapes text columns only: numbers stay numbers, negative ones included', () => {
    expect(csvRecordOf(COLUMNS, { name: '-1', amount: -1 })).toEqual(["'-1", '-1']);
    expect(csvRecordOf(COLUMNS, { name: '+1', amount: 9007199254740993n })).toEqual(["'+1", '9007199254740993']);
    expect(csvRecordOf(COLUMNS, { name: null, amount: null })).toEqual([null, null]);
  });
});

describe('csvStringifier (csv-stringify, RFC 4180)', () => {
  it('writes the header and CRLF records, quoting commas, quotes and line breaks', async () => {
    const csv = await written([
      { name: 'plain', amount: 125000 },
      { name: 'a,b', amount: -42 },
      { name: 'say "hi"', amount: 0 },
      { name: 'line\nbreak', amount: null },
      { name: 'x\r\ny', amount: 1 },
      { name: '', amount: 2 },
      { name: null, amount: 3 },
    ]);
    expect(csv).toBe(
      'name,amount\r\nplain,125000\r\n"a,b",-42\r\n"say ""hi""",0\r\n"line\nbreak",\r\n"x\r\ny",1\r\n,2\r\n,3\r\n',
    );
  });

  it('defuses and quotes together, and the result reads back as the defused text', async () => {
    const hostile = [
      '=HYPERLINK("http://x","y")',
      "=cmd|' /C calc'!A0",
      '\rstart',
      '+1',
      '-1',
      '@SUM(A1)',
      'Ṣàdé, “ünïcode” 🚀',
    ];
    const csv = await written(hostile.map((name, index) => ({ name, amount: index })));
    expect(csv).toContain(`"'=HYPERLINK(""http://x"",""y"")"`);
    const [header, ...records] = parse(csv, { record_delimiter: '\r\n', relax_quotes: false }) as string[][];
    expect(header).toEqual(['name', 'amount']);
    expect(records).toEqual(
      hostile.map((name, index) => [/^[=+\-@\t\r\0]/.test(name) ? `'${name}` : name, String(index)]),
    );
  });

  it('writes the header alone when there is no row', async () => {
    expect(await written([])).toBe('name,amount\r\n');
    expect(csvHeaderLine(COLUMNS)).toBe('name,amount\r\n');
  });
});

describe('csvBatch (csv-stringify sync API, a batch at a time): the same bytes as the csvStringifier Transform', () => {
  /** Every cell csv-stringify quotes or the writer defuses, and plain ones, null and empty text included. */
  const HOSTILE: (string | null)[] = [
    '=HYPERLINK("http://x","y")',
    "=cmd|' /C calc'!A0",
    '+1',
    '-1',
    '@SUM(A1)',
    '\tindent',
    '\rreturn',
    '\0nul',
    'say "hi", twice',
    'a,b',
    'line\nbreak',
    'x\r\ny',
    'lone\rCR',
    '"',
    ',',
    ' =1',
    "'already",
    'Ṣàdé Ọ̀gúnlẹ́yẹ, “naïve” café 🚀',
    'plain',
    '',
    null,
  ];
  const AMOUNTS: (number | bigint | null)[] = [0, -1, 125000, -250000, 9007199254740993n, null];
  /** 700 rows: every hostile cell beside every kind of amount, over several of csvBatch's inner calls. */
  const ROWS: Row[] = Array.from({ length: 700 }, (_, index) => ({
    name: HOSTILE[index % HOSTILE.length],
    amount: AMOUNTS[index % AMOUNTS.length],
  }));

  /** The rows cut into batches of `size`, each through csvBatch, the header with the first. */
  const batched = (rows: Row[], size: number) => {
    let text = '';
    for (let start = 0; start < rows.length; start += size) {
      text += csvBatch(COLUMNS, rows.slice(start, start + size), start === 0);
    }
    return text;
  };

  it.each([1, 7, 99, 100, 101, 250, 700, 1000])('batches of %i rows write what the Transform writes', async (size) => {
    const expected = await written(ROWS);
    expect(batched(ROWS, size)).toBe(expected);
  });

  it('reads back as the defused cells', () => {
    const [header, ...records] = parse(batched(ROWS, 250), {
      record_delimiter: '\r\n',
      relax_quotes: false,
    }) as string[][];
    expect(header).toEqual(['name', 'amount']);
    expect(records).toEqual(
      ROWS.map((row) => [
        row.name === null ? '' : /^[=+\-@\t\r\0]/.test(row.name) ? `'${row.name}` : row.name,
        row.amount === null ? '' : row.amount.toString(),
      ]),
    );
  });

  it('writes the header alone for no row, and nothing for an empty batch after it', async () => {
    expect(csvBatch(COLUMNS, [], true)).toBe(await written([]));
    expect(csvBatch(COLUMNS, [], false)).toBe('');
    expect(csvBatch(COLUMNS, [{ name: 'x', amount: 1 }], false)).toBe('x,1\r\n');
  });
});
