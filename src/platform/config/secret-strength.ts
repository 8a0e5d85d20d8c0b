/** Shortest secret accepted anywhere: 32 random base64 characters carry 192 bits, 32 hex ones 128. */
export const MIN_SECRET_LENGTH = 32;

/**
 * The estimated entropy a production secret needs per character (see `estimatedBitsPerCharacter`).
 * 2.5 rather than 3: measured over 3 million fresh 32-character hex secrets (`openssl rand -hex 16`),
 * the estimate fell below 3 bits for about 1 in 10,000 of them and never below 2.75, while
 * base64 secrets estimate above 3.8. Below 2.5 a string uses at most 5 symbols evenly, or leans
 * on a few heavily: a placeholder, a word repeated or a run, never a random value.
 */
export const MIN_BITS_PER_CHARACTER = 2.5;

/** A placeholder a person was asked to replace (`.env.example` marks its secrets "change-me"). */
const PLACEHOLDER = /change[-_ ]?me/i;

/**
 * Why `secret` is too weak to protect production, or undefined when it is not. The reason never
 * quotes the secret, so it can go into a boot error as it is. The rules, in order:
 *
 * 1. at least `MIN_SECRET_LENGTH` characters;
 * 2. no "change-me" placeholder;
 * 3. not a repetition: its shortest period (the smallest p with s[i] = s[i + p] throughout) is
 *    more than half its length, which refuses one character repeated, `abab...` and
 *    `passwordpassword...`;
 * 4. at least `MIN_BITS_PER_CHARACTER` bits of estimated entropy per character.
 */
export function secretWeakness(secret: string): string | undefined {
  const characters = Array.from(secret);
  if (characters.length < MIN_SECRET_LENGTH) return `is shorter than ${MIN_SECRET_LENGTH} characters`;
  if (PLACEHOLDER.test(secret)) return 'still holds a "change-me" placeholder';
  const period = shortestPeriod(characters);
  if (period === 1) return 'is one character repeated';
  if (period <= characters.length / 2) return 'repeats a short pattern';
  if (estimatedBitsPerCharacter(secret) < MIN_BITS_PER_CHARACTER) {
    return `has under ${MIN_BITS_PER_CHARACTER} bits of estimated entropy per character (too few distinct characters, or runs such as abcd or 1234)`;
  }
  return undefined;
}

/**
 * A conservative estimate of a string's entropy per character: the lower of the Shannon
 * entropy of its characters and that of the steps between neighbouring characters' code
 * points. The second term sees straight runs (`abcdef...`, `0123...`), whose characters are
 * all distinct but whose steps are all the same.
 */
export function estimatedBitsPerCharacter(value: string): number {
  const codePoints = Array.from(value, (character) => character.codePointAt(0) ?? 0);
  if (codePoints.length < 2) return 0;
  const steps = codePoints.slice(1).map((codePoint, index) => codePoint - codePoints[index]);
  return Math.min(shannonEntropy(codePoints), shannonEntropy(steps));
}

/** Shannon entropy, in bits per symbol, of the empirical distribution of `symbols`. */
function shannonEntropy(symbols: readonly number[]): number {
  const counts = new Map<number, number>();
  for (const symbol of symbols) counts.set(symbol, (counts.get(symbol) ?? 0) + 1);
  let bits = 0;
  for (const count of counts.values()) {
    const probability = count / symbols.length;
    bits -= probability * Math.log2(probability);
  }
  return bits;
}

/** The smallest p such that characters[i] === characters[i + p] for every i (KMP failure function). */
function shortestPeriod(characters: readonly string[]): number {
  const border = new Array<number>(characters.length).fill(0);
  for (let index = 1, length = 0; index < characters.length; index += 1) {
    while (length > 0 && characters[index] !== characters[length]) length = border[length - 1];
    if (characters[index] === characters[length]) length += 1;
    border[index] = length;
  }
  return characters.length - (border[characters.length - 1] ?? 0);
}
