import { escapeLiteral } from 'pg';

/**
 * A statement's text with its positional parameters (`$1`, `$2`…) written in as literals, for the
 * one statement PostgreSQL cannot bind parameters to: `COPY (query) TO STDOUT` (`copyCsv` in
 * statement-executor.ts; the simple query protocol, where every value travels in the text).
 *
 * Each value becomes a quoted string literal (`escapeLiteral`: quotes doubled, `E'...'` when it holds a
 * backslash), the text pg would have bound, so PostgreSQL resolves its type from its place as it
 * resolves a bound parameter's (`$1::timestamptz`, `p.merchant_id = $1`); null becomes `NULL`. Only
 * the kinds the application binds are taken (string, number, bigint, boolean, Date); anything else
 * is refused rather than guessed at. `$n` inside a quoted literal, a quoted identifier, a dollar-quoted
 * string or a comment is left alone.
 */
export function inlineParameters(text: string, values: readonly unknown[]): string {
  let result = '';
  let from = 0;
  for (const placeholder of placeholdersIn(text)) {
    const value = values[placeholder.index - 1];
    if (placeholder.index > values.length) throw new Error(`parameter $${placeholder.index} has no value`);
    result += text.slice(from, placeholder.start) + sqlLiteral(value);
    from = placeholder.end;
  }
  return result + text.slice(from);
}

/** A value as the literal of the text pg would bind for it. */
export function sqlLiteral(value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  return escapeLiteral(boundText(value));
}

/**
 * PostgreSQL text cannot hold NUL: bound, such a value is refused by the server (SQLSTATE 22021,
 * a 400 for the HTTP filter); in a statement's text it would end the text. `copyCsv` answers the
 * server's error for it.
 */
export class NulInLiteralError extends Error {
  constructor() {
    super('invalid byte sequence for encoding "UTF8": 0x00');
  }
}

function boundText(value: unknown): string {
  let text: string;
  if (typeof value === 'string') text = value;
  else if (typeof value === 'boolean') text = value ? 'true' : 'false';
  else if (typeof value === 'bigint') text = value.toString();
  else if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error(`literal of ${value}: not a finite number`);
    text = String(value);
  } else if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) throw new Error('literal of an invalid date');
    text = value.toISOString();
  } else {
    throw new Error(`literal of a ${typeof value}: only strings, numbers, booleans and dates are written in`);
  }
  if (text.includes('\0')) throw new NulInLiteralError();
  return text;
}

interface Placeholder {
  /** 1 for `$1`. */
  index: number;
  start: number;
  /** Just past its last digit. */
  end: number;
}

const DIGIT = /[0-9]/;
const IDENTIFIER_CHARACTER = /[A-Za-z0-9_$\u0080-\uffff]/;
const DOLLAR_TAG = /^\$(?:[A-Za-z_\u0080-\uffff][A-Za-z0-9_\u0080-\uffff]*)?\$/;

/** Where `$n` stands in SQL text, outside literals, quoted identifiers and comments. */
function placeholdersIn(text: string): Placeholder[] {
  const found: Placeholder[] = [];
  let at = 0;
  while (at < text.length) {
    const character = text[at];
    if (character === "'") {
      // A backslash escapes in an E'...' string only (standard_conforming_strings, on since 9.1).
      const escapes = at > 0 && (text[at - 1] === 'E' || text[at - 1] === 'e') && !identifierBefore(text, at - 1);
      at = endOfQuoted(text, at, "'", escapes);
    } else if (character === '"') {
      at = endOfQuoted(text, at, '"', false);
    } else if (character === '-' && text[at + 1] === '-') {
      const end = text.indexOf('\n', at);
      at = end === -1 ? text.length : end + 1;
    } else if (character === '/' && text[at + 1] === '*') {
      at = endOfBlockComment(text, at);
    } else if (character === '$' && DIGIT.test(text[at + 1] ?? '') && !identifierBefore(text, at)) {
      let end = at + 1;
      while (end < text.length && DIGIT.test(text[end])) end += 1;
      found.push({ index: Number(text.slice(at + 1, end)), start: at, end });
      at = end;
    } else if (character === '$' && !identifierBefore(text, at)) {
      const tag = DOLLAR_TAG.exec(text.slice(at))?.[0];
      if (tag === undefined) {
        at += 1;
      } else {
        const close = text.indexOf(tag, at + tag.length);
        if (close === -1) throw new Error('SQL text: a dollar-quoted string is not closed');
        at = close + tag.length;
      }
    } else {
      at += 1;
    }
  }
  return found;
}

function identifierBefore(text: string, at: number): boolean {
  return at > 0 && IDENTIFIER_CHARACTER.test(text[at - 1]);
}

/** Just past the quote closing the one at `start` (a doubled quote is one character of the text). */
function endOfQuoted(text: string, start: number, quote: string, backslashEscapes: boolean): number {
  let at = start + 1;
  while (at < text.length) {
    if (backslashEscapes && text[at] === '\\') {
      at += 2;
    } else if (text[at] === quote) {
      if (text[at + 1] !== quote) return at + 1;
      at += 2;
    } else {
      at += 1;
    }
  }
  throw new Error(`SQL text: a ${quote} quote is not closed`);
}

/** Just past the end of the block comment at `start`; PostgreSQL's block comments nest. */
function endOfBlockComment(text: string, start: number): number {
  let depth = 0;
  let at = start;
  while (at < text.length) {
    if (text[at] === '/' && text[at + 1] === '*') {
      depth += 1;
      at += 2;
    } else if (text[at] === '*' && text[at + 1] === '/') {
      depth -= 1;
      at += 2;
      if (depth === 0) return at;
    } else {
      at += 1;
    }
  }
  throw new Error('SQL text: a block comment is not closed');
}
