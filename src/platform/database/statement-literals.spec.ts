import { inlineParameters, NulInLiteralError, sqlLiteral } from './statement-literals';

describe('sqlLiteral (a bound value as a literal of the text pg binds)', () => {
  it('quotes every value as a string literal, quotes doubled, backslashes in an E string', () => {
    expect(sqlLiteral(null)).toBe('NULL');
    expect(sqlLiteral(undefined)).toBe('NULL');
    expect(sqlLiteral('plain')).toBe("'plain'");
    expect(sqlLiteral("o'brien")).toBe("'o''brien'");
    expect(sqlLiteral("a\\'; DROP TABLE t; --")).toBe(" E'a\\\\''; DROP TABLE t; --'");
    expect(sqlLiteral(true)).toBe("'true'");
    expect(sqlLiteral(false)).toBe("'false'");
    expect(sqlLiteral(-42)).toBe("'-42'");
    expect(sqlLiteral(9_007_199_254_740_993n)).toBe("'9007199254740993'");
    expect(sqlLiteral(new Date('2026-11-26T09:15:00.250Z'))).toBe("'2026-11-26T09:15:00.250Z'");
    expect(sqlLiteral('Ṣàdé 🚀')).toBe("'Ṣàdé 🚀'");
  });

  it('refuses NUL (no PostgreSQL text holds it) and what it would have to guess at', () => {
    expect(() => sqlLiteral('a\0b')).toThrow(NulInLiteralError);
    expect(() => sqlLiteral(Number.NaN)).toThrow(/finite/);
    expect(() => sqlLiteral(new Date(Number.NaN))).toThrow(/invalid date/);
    expect(() => sqlLiteral(['a'])).toThrow(/only strings/);
    expect(() => sqlLiteral({ a: 1 })).toThrow(/only strings/);
    expect(() => sqlLiteral(Buffer.from('a'))).toThrow(/only strings/);
  });
});

describe('inlineParameters ($n written in as literals)', () => {
  it('replaces each placeholder, a repeated one each time, $1 and $10 apart', () => {
    const values = ['a', null, 3, 4, 5, 6, 7, 8, 9, "ten's"];
    expect(inlineParameters('SELECT $1, $10, $1::text, x = $2', values)).toBe(
      "SELECT 'a', 'ten''s', 'a'::text, x = NULL",
    );
  });

  it('leaves $n alone inside literals, quoted identifiers, dollar quotes, comments and identifiers', () => {
    const text = [
      "SELECT '$1', E'it\\'s $1', 'it''s $1', \"col$1\", $$ $1 $$, $tag$ $1 $tag$, a$1",
      '-- $1 in a line comment',
      '/* $1 /* nested $1 */ still $1 */ $2',
    ].join('\n');
    expect(inlineParameters(text, ['x', 'y'])).toBe(
      [
        "SELECT '$1', E'it\\'s $1', 'it''s $1', \"col$1\", $$ $1 $$, $tag$ $1 $tag$, a$1",
        '-- $1 in a line comment',
        "/* $1 /* nested $1 */ still $1 */ 'y'",
      ].join('\n'),
    );
  });

  it('refuses a placeholder without a value and text it cannot read to the end', () => {
    expect(() => inlineParameters('SELECT $2', ['a'])).toThrow(/\$2 has no value/);
    expect(() => inlineParameters("SELECT 'open", [])).toThrow(/not closed/);
    expect(() => inlineParameters('SELECT /* open', [])).toThrow(/not closed/);
    expect(() => inlineParameters('SELECT $a$ open', [])).toThrow(/not closed/);
  });
});
