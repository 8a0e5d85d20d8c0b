import { parseOrigin } from '../origins/origin-parser';

export const MAX_REDIRECT_URL_LENGTH = 2000;

export type RedirectUrlCheck = { ok: true; url: string; origin: string } | { ok: false; reason: string };

/**
 * A URL the hosted page may send the customer to: absolute, no user information, and an origin
 * the origins rules accept (`https://` host name, or `http://localhost[:port]`, test mode only).
 * In live mode its origin must also be one of `liveOrigins` (the merchant's VERIFIED origins).
 */
export function checkRedirectUrl(input: string, livemode: boolean, liveOrigins: Set<string>): RedirectUrlCheck {
  if (input.length === 0 || input.length > MAX_REDIRECT_URL_LENGTH) {
    return { ok: false, reason: `must be 1 to ${MAX_REDIRECT_URL_LENGTH} characters` };
  }
  if (/[\s\\]/.test(input)) return { ok: false, reason: 'must not contain spaces or backslashes' };
  let url: URL;
  try {
    url = new URL(input);
  } catch {
    return { ok: false, reason: 'must be an absolute URL' };
  }
  if (url.username !== '' || url.password !== '') return { ok: false, reason: 'must not carry user information' };
  const parsed = parseOrigin(url.origin);
  if (!parsed.ok) return { ok: false, reason: `has an origin that ${parsed.reason}` };
  const { origin, testModeOnly } = parsed.parsed;
  if (livemode && testModeOnly) return { ok: false, reason: `${origin} is for test mode only` };
  if (livemode && !liveOrigins.has(origin)) {
    return { ok: false, reason: `${origin} is not a verified origin of the merchant` };
  }
  return { ok: true, url: url.href, origin };
}
