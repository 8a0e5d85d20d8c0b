import { csvCell, csvRecord } from './csv-cells';

describe('csvCell', () => {
  it('writes plain text, numbers and nulls bare', () => {
    expect(csvCell('PROCESSING')).toBe('PROCESSING');
    expect(csvCell(125000)).toBe('125000');
    expect(csvCell(-42)).toBe('-42');
    expect(csvCell(9007199254740993n)).toBe('9007199254740993');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
    expect(csvCell('')).toBe('');
  });

  it('quotes fields holding a comma, a quote, CR or LF, doubling the quotes (RFC 4180)', () => {
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('line\nbreak')).toBe('"line\nbreak"');
    expect(csvCell('x\r\ny')).toBe('"x\r\ny"');
  });

  it.each(['=', '+', '-', '@', '\t', '\r'])('defuses a text cell starting with %j', (trigger) => {
    const cell = csvCell(`${trigger}cmd|' /C calc'!A0`);
    const unquoted = cell.startsWith('"') ? cell.slice(1, -1).replace(/""/g, '"') : cell;
    expect(unquoted).toBe(`'${trigger}cmd|' /C calc'!A0`);
  });

  it('defuses and quotes together', () => {
    expect(csvCell('=HYPERLINK("http://x","y")')).toBe(`"'=HYPERLINK(""http://x"",""y"")"`);
    expect(csvCell('\rstart')).toBe(`"'\rstart"`);
  });

  it('leaves triggers that are not first alone', () => {
    expect(csvCell('a=b')).toBe('a=b');
    expect(csvCell('ref-001')).toBe('ref-001');
  });
});

describe('csvRecord', () => {
  it('joins cells with commas and ends with CRLF', () => {
    expect(csvRecord(['a', 1, null, 'b,c'])).toBe('a,1,,"b,c"\r\n');
  });
});
