/** A key that a JSON body must not carry, and where it is. */
export interface JsonKeyProblem {
  kind: 'forbidden' | 'duplicate';
  /** The key as JSON.parse would decode it. */
  key: string;
  /** Where it is, as the validation errors name fields: `address.city`, `items[2].name`. */
  field: string;
}

/**
 * Keys that reach an object's prototype machinery when code copies or merges a parsed body
 * (`target[key] = value`), and that no request DTO declares. JSON.parse makes them plain own
 * properties, which slip past the validation pipe's unknown-field check.
 */
export const FORBIDDEN_JSON_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const COMMA = 0x2c;

/** Below this many keys an object's keys are checked by a linear search, which beats a Set. */
const LINEAR_SEARCH_LIMIT = 16;

const indexOfByte = Uint8Array.prototype.indexOf;

/**
 * Finds the first forbidden or duplicated key in a UTF-8 JSON text, without building its
 * values: JSON.parse, which can report neither (a later duplicate silently wins; a reviver
 * never sees the first one), still does the parsing. Both passes read only strings and the
 * structural characters `{ } [ ] ,`, which never occur inside a multi-byte UTF-8 sequence, so
 * a text that is not valid JSON yields some answer or none, never an exception or a hang; the
 * caller lets JSON.parse's verdict on such a text win.
 *
 * The first pass runs on every body and costs about half as much as JSON.parse (1.5-2 µs for
 * 1 KB, `bench/json-body-parse.bench.ts`): it compares keys by a hash of their bytes and
 * settles only that a text is clean. Anything it cannot settle that
 * way (a key with an escape or a non-ASCII byte, a forbidden key, two keys with one hash)
 * goes to the second, exact pass, which decodes keys as JSON.parse does and says where.
 */
export function findJsonKeyProblem(bytes: Uint8Array): JsonKeyProblem | undefined {
  return isPlainlyClean(bytes) ? undefined : locateJsonKeyProblem(bytes);
}

/** FNV-1a of an ASCII key's bytes, as `isPlainlyClean` computes it. */
function hashOf(key: string): number {
  let hash = FNV_OFFSET;
  for (let index = 0; index < key.length; index += 1) hash = Math.imul(hash ^ key.charCodeAt(index), FNV_PRIME);
  return hash;
}

const FNV_OFFSET = 0x811c9dc5 | 0;
const FNV_PRIME = 0x01000193;
// Three constants compared one by one: an array's `includes` made the whole pass 60% slower.
const [FORBIDDEN_HASH_1, FORBIDDEN_HASH_2, FORBIDDEN_HASH_3] = [...FORBIDDEN_JSON_KEYS].map(hashOf);
const FIRST_NON_ASCII = 0x80;

/**
 * True when no object in the text repeats a key and no key is forbidden, judged on ASCII keys
 * without escapes by their hashes; false when it cannot tell. One stack of key hashes serves
 * every open object (an object's keys sit above its start mark), so a body costs no
 * allocation per object; an object with many keys moves them to a Set, so a body of 100,000
 * keys in one object stays linear.
 */
function isPlainlyClean(bytes: Uint8Array): boolean {
  const hashes: number[] = [];
  const frameStarts: number[] = [];
  const frameIsObject: boolean[] = [];
  const frameSets: (Set<number> | undefined)[] = [];
  let depth = -1;
  let top = 0;
  let expectKey = false;
  const length = bytes.length;

  for (let index = 0; index < length; index += 1) {
    const byte = bytes[index];
    if (byte === QUOTE) {
      let end = index + 1;
      if (!expectKey) {
        while (end < length) {
          const inner = bytes[end];
          if (inner === QUOTE) break;
          end += inner === BACKSLASH ? 2 : 1;
        }
        index = end;
        continue;
      }
      let hash = FNV_OFFSET;
      while (end < length) {
        const inner = bytes[end];
        if (inner === QUOTE) break;
        if (inner === BACKSLASH || inner >= FIRST_NON_ASCII) return false;
        hash = Math.imul(hash ^ inner, FNV_PRIME);
        end += 1;
      }
      index = end;
      expectKey = false;
      if (depth < 0 || hash === FORBIDDEN_HASH_1 || hash === FORBIDDEN_HASH_2 || hash === FORBIDDEN_HASH_3)
        return false;
      const set = frameSets[depth];
      if (set) {
        if (set.has(hash)) return false;
        set.add(hash);
        continue;
      }
      for (let key = frameStarts[depth]; key < top; key += 1) if (hashes[key] === hash) return false;
      hashes[top] = hash;
      top += 1;
      if (top - frameStarts[depth] > LINEAR_SEARCH_LIMIT) {
        frameSets[depth] = new Set(hashes.slice(frameStarts[depth], top));
        top = frameStarts[depth];
      }
      continue;
    }
    switch (byte) {
      case OPEN_OBJECT:
      case OPEN_ARRAY:
        depth += 1;
        frameStarts[depth] = top;
        frameIsObject[depth] = byte === OPEN_OBJECT;
        frameSets[depth] = undefined;
        expectKey = byte === OPEN_OBJECT;
        break;
      case CLOSE_OBJECT:
      case CLOSE_ARRAY:
        if (depth >= 0) {
          top = frameStarts[depth];
          frameSets[depth] = undefined;
          depth -= 1;
        }
        expectKey = false;
        break;
      case COMMA:
        expectKey = depth >= 0 && frameIsObject[depth];
        break;
    }
  }
  return true;
}

/** The exact pass: keys decoded as JSON.parse decodes them, and a path to the first problem. */
function locateJsonKeyProblem(bytes: Uint8Array): JsonKeyProblem | undefined {
  // One frame per open container: its keys so far (objects) or its current index (arrays).
  const keys: (string[] | Set<string> | null)[] = [];
  const names: (string | number)[] = [];
  let expectKey = false;
  const length = bytes.length;

  for (let index = 0; index < length; index += 1) {
    const byte = bytes[index];
    if (byte === QUOTE) {
      const start = index + 1;
      if (!expectKey) {
        index = closingQuote(bytes, start);
        continue;
      }
      let escaped = false;
      let end = start;
      while (end < length && bytes[end] !== QUOTE) {
        if (bytes[end] === BACKSLASH) {
          escaped = true;
          end += 1;
        }
        end += 1;
      }
      index = end;
      expectKey = false;
      const key = decodeKey(bytes, start, Math.min(end, length), escaped);
      if (key === undefined) continue;
      const depth = keys.length - 1;
      if (depth < 0) continue;
      names[depth] = key;
      if (FORBIDDEN_JSON_KEYS.has(key)) return { kind: 'forbidden', key, field: fieldOf(names) };
      const seen = keys[depth];
      if (seen === null) continue;
      if (Array.isArray(seen)) {
        if (seen.includes(key)) return { kind: 'duplicate', key, field: fieldOf(names) };
        seen.push(key);
        if (seen.length > LINEAR_SEARCH_LIMIT) keys[depth] = new Set(seen);
      } else {
        if (seen.has(key)) return { kind: 'duplicate', key, field: fieldOf(names) };
        seen.add(key);
      }
      continue;
    }
    switch (byte) {
      case OPEN_OBJECT:
        keys.push([]);
        names.push('');
        expectKey = true;
        break;
      case OPEN_ARRAY:
        keys.push(null);
        names.push(0);
        expectKey = false;
        break;
      case CLOSE_OBJECT:
      case CLOSE_ARRAY:
        keys.pop();
        names.pop();
        expectKey = false;
        break;
      case COMMA: {
        const depth = keys.length - 1;
        if (depth < 0) break;
        if (keys[depth] === null) {
          names[depth] = (names[depth] as number) + 1;
        } else {
          expectKey = true;
        }
        break;
      }
    }
  }
  return undefined;
}

/** The index of the quote that closes a string whose contents start at `from` (or the end). */
function closingQuote(bytes: Uint8Array, from: number): number {
  let quote = indexOfByte.call(bytes, QUOTE, from);
  while (quote !== -1) {
    let backslashes = 0;
    for (let before = quote - 1; before >= from && bytes[before] === BACKSLASH; before -= 1) backslashes += 1;
    if (backslashes % 2 === 0) return quote;
    quote = indexOfByte.call(bytes, QUOTE, quote + 1);
  }
  return bytes.length;
}

const utf8 = new TextDecoder('utf-8');

/** A key as JSON.parse decodes it (`"\u005f_proto__"` is `__proto__`); undefined if it does not decode. */
function decodeKey(bytes: Uint8Array, start: number, end: number, escaped: boolean): string | undefined {
  const raw = utf8.decode(bytes.subarray(start, end));
  if (!escaped) return raw;
  try {
    return JSON.parse(`"${raw}"`) as string;
  } catch {
    return undefined;
  }
}

function fieldOf(names: readonly (string | number)[]): string {
  let field = '';
  for (const name of names) {
    if (typeof name === 'number') field += `[${name}]`;
    else field += field === '' ? name : `.${name}`;
  }
  return field;
}
