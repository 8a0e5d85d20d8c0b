import fc from 'fast-check';
import { randomBytes, randomUUID } from 'node:crypto';
import { estimatedBitsPerCharacter, MIN_BITS_PER_CHARACTER, secretWeakness } from './secret-strength';

describe('secretWeakness', () => {
  it('accepts fresh random secrets of 32+ characters in hex, base64, base64url and UUIDs', () => {
    for (let round = 0; round < 2000; round += 1) {
      for (const secret of [
        randomBytes(16).toString('hex'),
        randomBytes(24).toString('hex'),
        randomBytes(24).toString('base64'),
        randomBytes(32).toString('base64'),
        randomBytes(32).toString('base64url'),
        randomUUID(),
      ]) {
        expect({ secret, weakness: secretWeakness(secret) }).toEqual({ secret, weakness: undefined });
      }
    }
  });

  it('accepts any 32 random bytes, whatever their encoding', () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ minLength: 32, maxLength: 64 }),
        fc.constantFrom('base64', 'base64url'),
        (bytes, encoding) => {
          expect(secretWeakness(Buffer.from(bytes).toString(encoding as BufferEncoding))).toBeUndefined();
        },
      ),
    );
  });

  it.each([
    ['a short one', 'Zq3!x9Lm#2Vb8Rt', 'is shorter than 32 characters'],
    ['the "change-me" placeholder', 'prod-jwt-secret-change-me-7f3a9c1e5b2d', 'still holds a "change-me" placeholder'],
    ['one character repeated', 'x'.repeat(32), 'is one character repeated'],
    ['two characters alternating', 'ab'.repeat(20), 'repeats a short pattern'],
    ['a word repeated', 'password'.repeat(4), 'repeats a short pattern'],
    ['a pattern repeated with a partial tail', 'k3Q9-'.repeat(7) + 'k3', 'repeats a short pattern'],
    ['a pattern of half the length, twice', 'A7fK2pQx9LmZ3vB8'.repeat(2), 'repeats a short pattern'],
    ['an alphabet run', 'abcdefghijklmnopqrstuvwxyz0123456789', expect.stringMatching(/^has under 2.5 bits/)],
    ['a digit run', '01234567890123456789012345678901x', expect.stringMatching(/^has under 2.5 bits/)],
    ['few distinct characters', 'aaaaaaaabbbbbbbbccccccccdddddddd', expect.stringMatching(/^has under 2.5 bits/)],
    ['one character dominating', `${'0'.repeat(28)}f3a9c1e5`, expect.stringMatching(/^has under 2.5 bits/)],
  ])('refuses %s', (_label, secret, reason) => {
    expect(secretWeakness(secret)).toEqual(reason);
  });

  it('never quotes the secret in its reason', () => {
    for (const secret of ['x'.repeat(40), 'password'.repeat(4), 'abcdefghijklmnopqrstuvwxyz012345']) {
      expect(secretWeakness(secret)).not.toContain(secret.slice(0, 8));
    }
  });
});

describe('estimatedBitsPerCharacter', () => {
  it('is the Shannon entropy of the characters when their steps vary more', () => {
    expect(estimatedBitsPerCharacter('abba')).toBeCloseTo(1);
    expect(estimatedBitsPerCharacter('a')).toBe(0);
  });

  it('sees through straight runs, whose characters are all distinct', () => {
    expect(estimatedBitsPerCharacter('abcdefghijklmnopqrstuvwxyz')).toBe(0);
    expect(estimatedBitsPerCharacter(randomBytes(24).toString('base64'))).toBeGreaterThan(MIN_BITS_PER_CHARACTER);
  });
});
