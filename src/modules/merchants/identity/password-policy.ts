import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common';

/**
 * Passwords of merchant users: 10 to 128 characters, and hard to guess as zxcvbn-ts estimates it
 * (score 3 of 4 at least: "safely unguessable"). Its common dictionaries hold the most frequent
 * passwords of public breach corpora, and it also sees what a short list cannot: the variations
 * (`Password123`, `iloveyou123`), keyboard walks, repeats, sequences, dates, and the person's
 * own e-mail and name inside the password. The NIST SP 800-63B advice: a length floor and a
 * check against known-bad passwords, no composition rules.
 */
export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 128;
/** zxcvbn's scale: 3 is "safely unguessable: moderate protection from an offline slow-hash scenario". */
const MIN_SCORE = 3;

let estimator: ZxcvbnFactory | null = null;

/** Built on first use: the dictionaries take a few milliseconds and a few megabytes to load. */
function strength(): ZxcvbnFactory {
  estimator ??= new ZxcvbnFactory({ dictionary, graphs: adjacencyGraphs });
  return estimator;
}

/**
 * Why a password is refused, or null when it is acceptable. `personal` are the person's own
 * details (e-mail, name): a password built from them is as weak as a common one.
 */
export function passwordProblem(password: string, personal: string[] = []): string | null {
  if (password.length < PASSWORD_MIN_LENGTH) return `at least ${PASSWORD_MIN_LENGTH} characters`;
  if (password.length > PASSWORD_MAX_LENGTH) return `at most ${PASSWORD_MAX_LENGTH} characters`;
  const words = personal.flatMap((value) => value.toLowerCase().split(/[^a-z0-9]+/)).filter((word) => word.length >= 3);
  const estimate = strength().check(password, [...personal, ...words]);
  if (estimate.score < MIN_SCORE) {
    return 'harder to guess: not a common password, a variation of one, a pattern, or your own name or e-mail';
  }
  return null;
}
