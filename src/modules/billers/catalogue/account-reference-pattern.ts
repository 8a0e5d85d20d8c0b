import { Logger } from '@nestjs/common';
import tokenize, { types, type SetTokens, type Token } from 'ret';
import { MAX_ACCOUNT_REFERENCE_LENGTH } from './dto/biller-request-fields';

/**
 * Account reference patterns are regular expressions written by admins and run on customer
 * input, on the API's event loop: a pattern that backtracks without bound freezes the process
 * for every request. So a pattern is checked when it is saved, and again before it first runs.
 *
 * The check parses the pattern (with `ret`, the tokenizer safe-regex2 is built on) and admits
 * only patterns a backtracking engine matches in about linear time:
 *
 * - no back-references, lookarounds, named groups or `\p{...}` / `\u{...}` escapes (the
 *   tokenizer does not model them, and account references do not need them);
 * - no repetition (other than `?`) of a group that itself varies in length or alternates, such
 *   as `(a+)+`, `(\d{2,3})*`, `(\d{1,2}){3}` or `(a|ab)*`: the star-height rule safe-regex2
 *   applies, except that a group of fixed length may repeat (`(\d{4}-){3}\d{4}`);
 * - no two parts of varying length in one sequence that can match the same characters with
 *   nothing between them that tells them apart, such as `\d*\d*`, `\d+0\d+` or `[a-z]*a?[a-z]+`:
 *   safe-regex2 says these are safe, yet each such pair multiplies the ways a reference can be
 *   split, so six of them (`\d*\d*\d*\d*\d*\d*x`) try millions of splits of a 24-digit reference.
 *   Parts are told apart when their characters differ (`[A-Z]{2,4}\d{6,10}`) or when a
 *   fixed part between them matches none of the characters both share (`\d+-\d+`).
 *
 * Matching is bounded too: a reference longer than MAX_ACCOUNT_REFERENCE_LENGTH characters
 * never reaches the engine, and the whole reference must match (the pattern is anchored here,
 * whatever anchors it already has). A pattern stored before these rules that breaks them is
 * never run: it matches no reference (the customer is told the reference does not have the
 * biller's format) and the API logs a warning naming it once per process, until an admin
 * corrects it.
 */
const MAX_COMPILED = 500;
/** Each pattern seen, compiled, or null when it breaks the rules and must not run. */
const compiled = new Map<string, RegExp | null>();
const logger = new Logger('AccountReferencePattern');

/** Why a pattern is refused, or null when it may be stored. */
export function accountReferencePatternProblem(pattern: string): string | null {
  try {
    new RegExp(pattern, 'u');
  } catch {
    return 'must be a valid regular expression';
  }
  if (/\\[1-9]|\\k</.test(pattern)) return 'must not use back-references';
  if (/\\[pP]\{|\\u\{|\(\?</.test(pattern)) {
    return 'must not use named groups, lookbehinds, \\p{...} or \\u{...}';
  }
  let root: ReturnType<typeof tokenize>;
  try {
    root = tokenize(pattern);
  } catch {
    return 'must be a valid regular expression';
  }
  try {
    alternatives(root.options ?? [root.stack ?? []]);
    return null;
  } catch (error) {
    if (error instanceof PatternProblem) return error.message;
    throw error;
  }
}

/** Whether `reference` matches `pattern` as a whole; a pattern that breaks the rules matches nothing. */
export function matchesAccountReference(pattern: string, reference: string): boolean {
  if (reference.length > MAX_ACCOUNT_REFERENCE_LENGTH) return false;
  let regex = compiled.get(pattern);
  if (regex === undefined) {
    const problem = accountReferencePatternProblem(pattern);
    if (problem) {
      logger.warn(`a stored account reference pattern ${JSON.stringify(pattern)} ${problem}: it matches nothing`);
    }
    regex = problem ? null : new RegExp(`^(?:${pattern})$`, 'u');
    if (compiled.size >= MAX_COMPILED) compiled.clear();
    compiled.set(pattern, regex);
  }
  return regex !== null && regex.test(reference);
}

class PatternProblem extends Error {}

/** Code point ranges `[from, to]`, sorted and disjoint. */
type Characters = [number, number][];

/** What a part of a pattern can match: how many characters, which, and whether it alternates. */
interface Shape {
  min: number;
  max: number;
  characters: Characters;
  alternates: boolean;
}

const MAX_CODE_POINT = 0x10ffff;

function alternatives(options: Token[][]): Shape {
  const shapes = options.map(sequence);
  return {
    min: Math.min(...shapes.map((shape) => shape.min)),
    max: Math.max(...shapes.map((shape) => shape.max)),
    characters: union(shapes.flatMap((shape) => shape.characters)),
    alternates: options.length > 1 || shapes.some((shape) => shape.alternates),
  };
}

function sequence(tokens: Token[]): Shape {
  const shapes = tokens.map(shapeOf);
  refuseAmbiguousNeighbours(shapes);
  return {
    min: shapes.reduce((total, shape) => total + shape.min, 0),
    max: shapes.reduce((total, shape) => total + shape.max, 0),
    characters: union(shapes.flatMap((shape) => shape.characters)),
    alternates: shapes.some((shape) => shape.alternates),
  };
}

/**
 * Two parts of varying length that share characters, with only parts between them that may be
 * empty or match some of those characters too, can split the same text in many ways.
 */
function refuseAmbiguousNeighbours(shapes: Shape[]): void {
  for (let first = 0; first < shapes.length; first += 1) {
    if (shapes[first].min === shapes[first].max) continue;
    for (let second = first + 1; second < shapes.length; second += 1) {
      const between = shapes[second];
      if (between.min !== between.max) {
        const shared = intersection(shapes[first].characters, between.characters);
        const linked = shapes
          .slice(first + 1, second)
          .every((part) => part.min === 0 || intersection(part.characters, shared).length > 0);
        if (shared.length > 0 && linked) {
          throw new PatternProblem(
            'must not have two repetitions that can match the same characters one after the other, such as \\d*\\d* or \\d+0\\d+',
          );
        }
      }
      // A fixed part that matches none of the first part's characters tells every later part apart from it.
      if (between.min > 0 && intersection(between.characters, shapes[first].characters).length === 0) break;
    }
  }
}

function shapeOf(token: Token): Shape {
  switch (token.type) {
    case types.CHAR:
      return fixed([[token.value, token.value]]);
    case types.SET:
      return fixed(setCharacters(token.set, token.not));
    case types.POSITION:
      return { min: 0, max: 0, characters: [], alternates: false };
    case types.REFERENCE:
      throw new PatternProblem('must not use back-references');
    case types.GROUP:
      if (token.followedBy || token.notFollowedBy || token.lookBehind) {
        throw new PatternProblem('must not use lookaheads or lookbehinds');
      }
      return alternatives(token.options ?? [token.stack ?? []]);
    case types.REPETITION: {
      const body = shapeOf(token.value);
      const times = token.max === null || token.max === Infinity ? Infinity : token.max;
      if (times > 1 && (body.min !== body.max || body.alternates)) {
        throw new PatternProblem(
          'must not repeat a group that contains a repetition or an alternation, such as (a+)+ or (a|ab)*',
        );
      }
      return {
        min: token.min * body.min,
        max: body.max === 0 ? 0 : times * body.max,
        characters: body.characters,
        alternates: body.alternates,
      };
    }
  }
}

function fixed(characters: Characters): Shape {
  return { min: 1, max: 1, characters, alternates: false };
}

function setCharacters(set: SetTokens, not: boolean): Characters {
  const members = union(
    set.flatMap((member): Characters => {
      if (member.type === types.CHAR) return [[member.value, member.value]];
      if (member.type === types.RANGE) return [[member.from, member.to]];
      return setCharacters(member.set, member.not);
    }),
  );
  return not ? complement(members) : members;
}

function union(ranges: Characters): Characters {
  const sorted = [...ranges].sort((a, b) => a[0] - b[0]);
  const merged: Characters = [];
  for (const [from, to] of sorted) {
    const last = merged[merged.length - 1];
    if (last && from <= last[1] + 1) last[1] = Math.max(last[1], to);
    else merged.push([from, to]);
  }
  return merged;
}

function complement(ranges: Characters): Characters {
  const result: Characters = [];
  let next = 0;
  for (const [from, to] of ranges) {
    if (from > next) result.push([next, from - 1]);
    next = Math.max(next, to + 1);
  }
  if (next <= MAX_CODE_POINT) result.push([next, MAX_CODE_POINT]);
  return result;
}

function intersection(a: Characters, b: Characters): Characters {
  const result: Characters = [];
  for (const [fromA, toA] of a) {
    for (const [fromB, toB] of b) {
      const from = Math.max(fromA, fromB);
      const to = Math.min(toA, toB);
      if (from <= to) result.push([from, to]);
    }
  }
  return result;
}
