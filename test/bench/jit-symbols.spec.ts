import { JitSymbols } from '../../bench/support/jit-symbols';

describe('JitSymbols (the names of a --perf-basic-prof map)', () => {
  it('names each address by the line whose range holds it, and nothing outside every range', () => {
    const symbols = new JitSymbols(['1000 100 JS:*first a.js:1:1', '1200 80 JS:*second b.js:2:1', ''].join('\n'));

    expect(symbols.nameAt(0xfff)).toBeUndefined();
    expect(symbols.nameAt(0x1000)).toBe('JS:*first a.js:1:1');
    expect(symbols.nameAt(0x10ff)).toBe('JS:*first a.js:1:1');
    expect(symbols.nameAt(0x1100)).toBeUndefined();
    expect(symbols.nameAt(0x1240)).toBe('JS:*second b.js:2:1');
    expect(symbols.nameAt(0x1280)).toBeUndefined();
  });

  it('lets a later line win where it covers addresses an earlier one held (code V8 freed and made again)', () => {
    const symbols = new JitSymbols(
      [
        '2000 400 JS:~parseSource node:internal/deps/cjs-module-lexer/lexer:85:22',
        '2100 100 JS:*_handleRowDescription node_modules/pg/lib/client.js:444:24',
        '2380 100 JS:*parse node_modules/pg-protocol/dist/parser.js:26:10',
      ].join('\n'),
    );

    expect(symbols.nameAt(0x2000)).toBe('JS:~parseSource node:internal/deps/cjs-module-lexer/lexer:85:22');
    expect(symbols.nameAt(0x2150)).toBe('JS:*_handleRowDescription node_modules/pg/lib/client.js:444:24');
    // The earlier line holds again between the two later ones...
    expect(symbols.nameAt(0x2200)).toBe('JS:~parseSource node:internal/deps/cjs-module-lexer/lexer:85:22');
    // ...and the last one runs past its end.
    expect(symbols.nameAt(0x23ff)).toBe('JS:*parse node_modules/pg-protocol/dist/parser.js:26:10');
    expect(symbols.nameAt(0x2470)).toBe('JS:*parse node_modules/pg-protocol/dist/parser.js:26:10');
    expect(symbols.nameAt(0x2480)).toBeUndefined();
  });

  it('keeps the later line where an earlier one starts inside it, and skips lines that are not ranges', () => {
    const symbols = new JitSymbols(
      ['3000 10 JS:*old x.js:1:1', '2ff0 40 JS:*new y.js:1:1', 'not a line', '3100 0 JS:*empty z.js:1:1'].join('\n'),
    );

    expect(symbols.nameAt(0x2ff0)).toBe('JS:*new y.js:1:1');
    expect(symbols.nameAt(0x3008)).toBe('JS:*new y.js:1:1');
    expect(symbols.nameAt(0x302f)).toBe('JS:*new y.js:1:1');
    expect(symbols.nameAt(0x3100)).toBeUndefined();
  });
});
