import fc from 'fast-check';
import { findJsonKeyProblem, FORBIDDEN_JSON_KEYS, JsonKeyProblem } from './json-key-scanner';

const scan = (text: string): JsonKeyProblem | undefined => findJsonKeyProblem(Buffer.from(text, 'utf8'));

/** JSON values without forbidden keys (duplicates cannot arise: they come from JSON.stringify). */
const cleanJson = fc
  .jsonValue({ maxDepth: 4 })
  .filter((value) => !/"(__proto__|constructor|prototype)":/.test(JSON.stringify(value)));

describe('findJsonKeyProblem', () => {
  it('finds nothing in JSON that JSON.stringify wrote, however it is spaced', () => {
    fc.assert(
      fc.property(cleanJson, fc.constantFrom(undefined, 2, '\t'), (value, space) => {
        expect(scan(JSON.stringify(value, null, space))).toBeUndefined();
      }),
      { numRuns: 500 },
    );
  });

  it('finds a key written twice in any object, at any depth, and says where', () => {
    expect(scan('{"name":"a","amount":1,"name":"b"}')).toEqual({ kind: 'duplicate', key: 'name', field: 'name' });
    expect(scan('{"a":{"b":[{"c":1},{"c":1,"d":{"x":1,"x":2}}]}}')).toEqual({
      kind: 'duplicate',
      key: 'x',
      field: 'a.b[1].d.x',
    });
    expect(scan('[1, {"k": 1}, [{"k": [], "k": {}}]]')).toEqual({ kind: 'duplicate', key: 'k', field: '[2][0].k' });
  });

  it('finds a duplicate whichever way the key is escaped, as JSON.parse decodes it', () => {
    expect(scan('{"amount":1,"\\u0061mount":2}')).toEqual({ kind: 'duplicate', key: 'amount', field: 'amount' });
    expect(scan('{"caf\u00e9":1,"caf\\u00e9":2}')).toEqual({ kind: 'duplicate', key: 'caf\u00e9', field: 'caf\u00e9' });
  });

  it('tells keys from values and from strings that merely look like keys', () => {
    expect(scan('{"a":"a","b":"a","c":["a","a"],"d":{"a":"\\"a\\":"}}')).toBeUndefined();
    expect(scan('{"a\\"":1,"a":2,"a\\\\":3}')).toBeUndefined();
    expect(scan('{"x":"}{,\\"x\\":","x":1}')).toEqual({ kind: 'duplicate', key: 'x', field: 'x' });
  });

  it('keeps sibling objects apart: the same key in two objects is no duplicate', () => {
    expect(scan('{"a":{"k":1},"b":{"k":1},"k":{"k":{"k":1}}}')).toBeUndefined();
  });

  it('finds a duplicate among many keys, past the linear search', () => {
    const keys = Array.from({ length: 40 }, (_, index) => `"key${index}":${index}`);
    expect(scan(`{${keys.join(',')}}`)).toBeUndefined();
    expect(scan(`{${keys.join(',')},"key7":0}`)).toEqual({ kind: 'duplicate', key: 'key7', field: 'key7' });
  });

  it('finds a duplicate injected anywhere in random JSON', () => {
    fc.assert(
      fc.property(
        fc.dictionary(fc.string({ maxLength: 6 }), cleanJson, { minKeys: 1, maxKeys: 8 }),
        fc.nat(),
        (object, pick) => {
          if (Object.keys(object).some((key) => FORBIDDEN_JSON_KEYS.has(key))) return;
          const key = Object.keys(object)[pick % Object.keys(object).length];
          const text = `${JSON.stringify({ wrapper: [object] }).slice(0, -3)},${JSON.stringify(key)}:null}]}`;
          expect(scan(text)).toEqual({ kind: 'duplicate', key, field: `wrapper[0].${key}` });
        },
      ),
      { numRuns: 300 },
    );
  });

  it.each([...FORBIDDEN_JSON_KEYS])('finds the forbidden key %s at any depth, escaped or not', (key) => {
    expect(scan(`{"${key}":{}}`)).toEqual({ kind: 'forbidden', key, field: key });
    expect(scan(`{"a":[1,{"b":{"${key}":{"admin":true}}}]}`)).toEqual({
      kind: 'forbidden',
      key,
      field: `a[1].b.${key}`,
    });
    const escaped = `\\u00${key.charCodeAt(0).toString(16)}${key.slice(1)}`;
    expect(scan(`{"x":1,"${escaped}":1}`)).toEqual({ kind: 'forbidden', key, field: key });
  });

  it('leaves the forbidden words alone as values', () => {
    expect(scan('{"name":"__proto__","tags":["constructor","prototype"]}')).toBeUndefined();
  });

  it('agrees with a reference walk over random documents with repeated, escaped and forbidden keys', () => {
    type Node = { entries: [string, Node][] } | { items: Node[] } | { leaf: string | number | boolean | null };
    const key = fc.constantFrom('a', 'b', 'ab', 'é', '__proto__', 'constructor', 'prototype', 'x"y', 'k\\');
    const { node } = fc.letrec<{ node: Node }>((tie) => ({
      node: fc.oneof(
        { depthSize: 'small', withCrossShrink: true },
        fc.record({ leaf: fc.oneof(fc.string({ maxLength: 4 }), fc.integer(), fc.boolean(), fc.constant(null)) }),
        fc.record({ entries: fc.array(fc.tuple(key, tie('node')), { maxLength: 4 }) }),
        fc.record({ items: fc.array(tie('node'), { maxLength: 3 }) }),
      ),
    }));
    const writeKey = (name: string, escapeFirst: boolean) =>
      escapeFirst
        ? `"\\u${name.charCodeAt(0).toString(16).padStart(4, '0')}${JSON.stringify(name).slice(2)}`
        : JSON.stringify(name);
    const write = (value: Node, escape: () => boolean): string => {
      if ('leaf' in value) return JSON.stringify(value.leaf);
      if ('items' in value) return `[${value.items.map((item) => write(item, escape)).join(', ')}]`;
      return `{${value.entries.map(([name, item]) => `${writeKey(name, escape())}: ${write(item, escape)}`).join(',')}}`;
    };
    const reference = (value: Node, field: string): JsonKeyProblem | undefined => {
      if ('leaf' in value) return undefined;
      if ('items' in value) {
        for (const [index, item] of value.items.entries()) {
          const found = reference(item, `${field}[${index}]`);
          if (found) return found;
        }
        return undefined;
      }
      const seen = new Set<string>();
      for (const [name, item] of value.entries) {
        const at = field === '' ? name : `${field}.${name}`;
        if (FORBIDDEN_JSON_KEYS.has(name)) return { kind: 'forbidden', key: name, field: at };
        if (seen.has(name)) return { kind: 'duplicate', key: name, field: at };
        seen.add(name);
        const found = reference(item, at);
        if (found) return found;
      }
      return undefined;
    };
    fc.assert(
      fc.property(node, fc.infiniteStream(fc.boolean()), (document, coins) => {
        const text = write(document, () => coins.next().value as boolean);
        expect(scan(text)).toEqual(reference(document, ''));
      }),
      { numRuns: 1000 },
    );
  });

  it('returns, without throwing, on any text at all, valid JSON or not', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 200 }), (bytes) => {
        findJsonKeyProblem(bytes);
      }),
      { numRuns: 2000 },
    );
    fc.assert(
      fc.property(fc.stringMatching(/^[{}[\]",:\\a-c ]{0,60}$/), (text) => {
        scan(text);
      }),
      { numRuns: 2000 },
    );
    expect(scan('{"a":1,"b')).toBeUndefined();
    expect(scan('}}]]{"\\')).toBeUndefined();
  });
});
