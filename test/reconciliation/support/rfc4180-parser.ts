/**
 * A strict RFC 4180 parser for the specs (no CSV library is installed): records end with CRLF,
 * fields are separated by commas, a field is either bare (no comma, quote, CR or LF in it) or
 * wholly quoted with inner quotes doubled. Anything else (a bare quote, a lone CR or LF, text
 * after a closing quote, a missing final CRLF, records of different lengths) throws, so an
 * export that only a lenient reader could read fails the spec.
 */
export function parseRfc4180(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let index = 0;
  if (text.length === 0) return records;
  for (;;) {
    let field = '';
    if (text[index] === '"') {
      index += 1;
      for (;;) {
        if (index >= text.length) throw new Error(`unterminated quoted field at ${index}`);
        const char = text[index];
        if (char === '"') {
          if (text[index + 1] === '"') {
            field += '"';
            index += 2;
            continue;
          }
          index += 1;
          break;
        }
        field += char;
        index += 1;
      }
    } else {
      while (index < text.length && text[index] !== ',' && text[index] !== '\r') {
        const char = text[index];
        if (char === '"' || char === '\n')
          throw new Error(`bare ${JSON.stringify(char)} in an unquoted field at ${index}`);
        field += char;
        index += 1;
      }
    }
    record.push(field);
    if (text[index] === ',') {
      index += 1;
      continue;
    }
    if (text[index] === '\r' && text[index + 1] === '\n') {
      index += 2;
      records.push(record);
      if (records.length > 1 && record.length !== records[0].length) {
        throw new Error(`record ${records.length} has ${record.length} fields, the header ${records[0].length}`);
      }
      record = [];
      if (index === text.length) return records;
      continue;
    }
    throw new Error(`expected a comma or CRLF at ${index}, found ${JSON.stringify(text.slice(index, index + 10))}`);
  }
}
