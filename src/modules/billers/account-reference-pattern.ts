/**
 * Account reference patterns are regular expressions written by admins and run on customer
 * input, so they are checked before they are stored: they must compile, and they must not
 * contain the constructs that make backtracking explode (a repeated group that itself contains
 * a repetition or an alternation, such as `(a+)+`, `(\d{2,3})*` or `(a|ab)*`, and
 * back-references). References are short (at most 64 characters), which bounds the rest.
 * An exact `{n}` repeats without ambiguity and is allowed. The whole reference must match: the
 * pattern is anchored here, whatever anchors it already has.
 */
const MAX_COMPILED = 500;
const compiled = new Map<string, RegExp>();

/** Why a pattern is refused, or null when it may be stored. */
export function accountReferencePatternProblem(pattern: string): string | null {
  try {
    new RegExp(pattern, 'u');
  } catch {
    return 'must be a valid regular expression';
  }
  if (/\\[1-9]|\\k</.test(pattern)) return 'must not use back-references';
  if (hasRiskyRepetition(pattern)) {
    return 'must not repeat a group that contains a repetition or an alternation, such as (a+)+ or (a|ab)*';
  }
  return null;
}

/** Whether `reference` matches `pattern` as a whole. */
export function matchesAccountReference(pattern: string, reference: string): boolean {
  let regex = compiled.get(pattern);
  if (!regex) {
    regex = new RegExp(`^(?:${pattern})$`, 'u');
    if (compiled.size >= MAX_COMPILED) compiled.clear();
    compiled.set(pattern, regex);
  }
  return regex.test(reference);
}

/**
 * Scans the pattern for a group closed by `)` and repeated by `*`, `+` or a ranged `{n,m}`
 * whose body varies in length (contains `*`, `+`, `?`, a ranged `{n,m}`) or an alternation.
 * An exact `{n}` repeats without ambiguity, so it is allowed both inside and outside.
 * Escapes and character classes are skipped.
 */
function hasRiskyRepetition(pattern: string): boolean {
  const groups: { risky: boolean }[] = [];
  let inClass = false;
  for (let index = 0; index < pattern.length; index += 1) {
    const character = pattern[index];
    if (character === '\\') {
      index += 1;
      continue;
    }
    if (inClass) {
      if (character === ']') inClass = false;
      continue;
    }
    if (character === '[') {
      inClass = true;
    } else if (character === '(') {
      groups.push({ risky: false });
    } else if (character === ')') {
      const group = groups.pop();
      if (group?.risky && repeatsAmbiguously(pattern, index + 1)) return true;
      if (group?.risky && groups.length > 0) groups[groups.length - 1].risky = true;
    } else if (character === '|' || (repeatsAmbiguously(pattern, index) && pattern[index - 1] !== '(')) {
      if (groups.length > 0) groups[groups.length - 1].risky = true;
    }
  }
  return false;
}

/** Whether a quantifier other than an exact `{n}` starts at `index`. */
function repeatsAmbiguously(pattern: string, index: number): boolean {
  const character = pattern[index];
  if (character === '*' || character === '+' || character === '?') return true;
  if (character !== '{') return false;
  return !/^\{\d+\}/.test(pattern.slice(index));
}
