const LF = 0x0a;
const CR = 0x0d;
const QUOTE = 0x22;

/**
 * RFC 4180 text whose records end with LF (PostgreSQL's `COPY ... (FORMAT csv)` ends every record so)
 * made to end them with CRLF, as the project's CSV writer does: each LF outside a quoted field gets a
 * CR before it, and a line break inside a quoted field stays as it is. Fed the text a chunk at a time,
 * in order; whether the text is inside quotes carries over from one chunk to the next, so a record or
 * a quoted field may be split anywhere. Expects text where a quote opens a field or is doubled inside
 * one (what an RFC 4180 writer, COPY included, writes): each quote toggles "inside quotes".
 */
export class CsvRecordEnds {
  private quoted = false;

  /** The chunk with its records' LF made CRLF (the chunk itself when it ends none). */
  convert(chunk: Uint8Array): Buffer {
    const input = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    const ends: number[] = [];
    let quoted = this.quoted;
    let at = 0;
    // The next quote at or after `at`, found once and kept until passed: most records hold none,
    // and searching again for each record would read the rest of the chunk each time.
    let quote = input.indexOf(QUOTE, 0);
    while (at < input.length) {
      if (quoted) {
        if (quote === -1) break;
        quoted = false;
        at = quote + 1;
        quote = input.indexOf(QUOTE, at);
        continue;
      }
      const lf = input.indexOf(LF, at);
      if (quote !== -1 && (lf === -1 || quote < lf)) {
        quoted = true;
        at = quote + 1;
        quote = input.indexOf(QUOTE, at);
        continue;
      }
      if (lf === -1) break;
      ends.push(lf);
      at = lf + 1;
    }
    this.quoted = quoted;
    if (ends.length === 0) return input;
    const output = Buffer.allocUnsafe(input.length + ends.length);
    let from = 0;
    let to = 0;
    for (const end of ends) {
      to += input.copy(output, to, from, end);
      output[to] = CR;
      output[to + 1] = LF;
      to += 2;
      from = end + 1;
    }
    input.copy(output, to, from);
    return output;
  }
}
