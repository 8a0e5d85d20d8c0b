import { normalizePhoneNumber } from '../identity';

/** What a biller says about the customer a bill is for. Every field is optional. */
export interface CustomerHints {
  phone?: string | null;
  name?: string | null;
  nationalId?: string | null;
}

/** What a verified customer is compared on (identity's `VerifiedCustomer`, without its id). */
export interface ComparableCustomer {
  phone: string;
  name: string | null;
  nationalId: string | null;
}

/**
 * A phone hint that is not a phone number: it was given, so it must agree, and it agrees with no
 * customer (no E.164 number has this form).
 */
export const UNREADABLE_PHONE = 'invalid';

/** The hints actually given (non-blank), in the comparable forms. */
export interface GivenHints {
  /** E.164, or `UNREADABLE_PHONE` when the biller sent something that is not a phone number. */
  phone: string | null;
  nameTokens: string[] | null;
  nationalId: string | null;
}

export function givenHints(hints: CustomerHints | null | undefined): GivenHints {
  const phone = blank(hints?.phone) ? null : (normalizePhoneNumber(hints?.phone) ?? UNREADABLE_PHONE);
  const nameTokens = blank(hints?.name) ? null : nameTokensOf(hints?.name as string);
  const nationalId = blank(hints?.nationalId) ? null : normalizeNationalId(hints?.nationalId as string);
  return { phone, nameTokens: nameTokens && nameTokens.length > 0 ? nameTokens : null, nationalId };
}

/**
 * How many hints agree with the customer, or null when any hint given disagrees (a match then
 * is never made, and the caller is never told which hint it was).
 */
export function agreeingHints(hints: GivenHints, customer: ComparableCustomer): number | null {
  let agreeing = 0;
  if (hints.phone !== null) {
    if (hints.phone !== customer.phone) return null;
    agreeing += 1;
  }
  if (hints.nationalId !== null) {
    if (customer.nationalId === null || normalizeNationalId(customer.nationalId) !== hints.nationalId) return null;
    agreeing += 1;
  }
  if (hints.nameTokens !== null) {
    if (customer.name === null || !sameTokens(hints.nameTokens, nameTokensOf(customer.name))) return null;
    agreeing += 1;
  }
  return agreeing;
}

/** A national id compared without surrounding spaces, inner spaces or dashes, in upper case. */
export function normalizeNationalId(value: string): string {
  return value
    .trim()
    .replace(/[\s-]+/g, '')
    .toUpperCase();
}

/**
 * A name as a set of words: accents removed (`Adébáyọ̀` -> `adebayo`), case folded, punctuation
 * and runs of spaces ignored, order ignored (`OKAFOR, Chinedu` and `chinedu okafor` agree).
 */
export function nameTokensOf(value: string): string[] {
  const folded = value
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLocaleLowerCase('en')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
  return folded === '' ? [] : [...new Set(folded.split(' '))].sort();
}

function sameTokens(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((token, index) => token === b[index]);
}

function blank(value: string | null | undefined): boolean {
  return value === undefined || value === null || value.trim() === '';
}
