/** Longest endpoint URL kept. */
export const MAX_WEBHOOK_URL_LENGTH = 2048;

export type ParsedWebhookUrl = { ok: true; url: string } | { ok: false; reason: string };

/**
 * An endpoint URL as the WHATWG parser reads it: `https:` only, no user information, no
 * fragment, at most 2048 characters; stored as the parser writes it back. Where it leads is
 * checked next, by the outbound guard (public addresses only).
 */
export function parseWebhookUrl(input: string): ParsedWebhookUrl {
  let url: URL;
  try {
    url = new URL(input);
  } catch {
    return { ok: false, reason: 'is not a URL' };
  }
  if (url.protocol !== 'https:') return { ok: false, reason: 'is not https' };
  if (url.username !== '' || url.password !== '') return { ok: false, reason: 'holds user information' };
  if (url.hash !== '' || input.includes('#')) return { ok: false, reason: 'has a fragment' };
  if (url.href.length > MAX_WEBHOOK_URL_LENGTH) return { ok: false, reason: 'is longer than 2048 characters' };
  return { ok: true, url: url.href };
}
