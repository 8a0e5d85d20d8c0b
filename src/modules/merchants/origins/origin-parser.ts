import { isIP } from 'node:net';

/** An origin in its canonical form, as stored and compared. */
export interface ParsedOrigin {
  /** `https://host[:port]` or `http://localhost[:port]`; the default port is left out. */
  origin: string;
  /** The host name alone (lower-case punycode), where the DNS challenge lives. */
  hostname: string;
  /** `http://localhost[:port]`: test mode only, verified without a challenge. */
  testModeOnly: boolean;
}

export type OriginParse = { ok: true; parsed: ParsedOrigin } | { ok: false; reason: string };

const MAX_LENGTH = 300;
/** A DNS label as host names use it (LDH): letters, digits, inner hyphens, 1 to 63 characters. */
const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

const refuse = (reason: string): OriginParse => ({ ok: false, reason });

/**
 * Parses what a merchant typed as an origin (design/merchants.md section 4). WHATWG URL
 * parsing, then: `https:` only (or `http://localhost[:port]`, test mode only); no user
 * information, path (a lone trailing `/` is tolerated), query or fragment; no IP literal, in any
 * spelling the URL parser understands; no wildcard; a host name of at least two LDH labels, which
 * the URL parser has already lower-cased and turned into punycode (`Bücher.example` becomes
 * `xn--bcher-kva.example`); no `.localhost` name. The port may be given.
 */
export function parseOrigin(input: string): OriginParse {
  if (input.length === 0 || input.length > MAX_LENGTH) return refuse(`must be 1 to ${MAX_LENGTH} characters`);
  // The URL parser would drop or repair these silently; an origin never has them.
  if (/[\s\\]/.test(input)) return refuse('must not contain spaces or backslashes');
  if (input.includes('*')) return refuse('must not be a wildcard');
  if (/[?#]/.test(input)) return refuse('must not have a query or a fragment');
  let url: URL;
  try {
    url = new URL(input);
  } catch {
    return refuse('is not a URL');
  }
  if (url.username !== '' || url.password !== '' || /^[a-z][a-z0-9+.-]*:\/\/[^/]*@/i.test(input)) {
    return refuse('must not have user information');
  }
  if (url.pathname !== '/' || !/^[a-z][a-z0-9+.-]*:\/\/[^/]+\/?$/i.test(input)) return refuse('must not have a path');
  const host = url.hostname;
  if (url.protocol === 'http:' && host === 'localhost') {
    return { ok: true, parsed: { origin: url.origin, hostname: host, testModeOnly: true } };
  }
  if (url.protocol !== 'https:') return refuse('must use https (http only for http://localhost in test mode)');
  if (host.startsWith('[') || isIP(host) !== 0) return refuse('must be a host name, not an IP address');
  if (host.length > 253) return refuse('the host name is longer than 253 characters');
  const labels = host.split('.');
  if (labels.at(-1) === 'localhost') return refuse('a localhost name is only accepted as http://localhost');
  if (labels.length < 2) return refuse('the host name needs a domain (at least two labels)');
  if (!labels.every((label) => LABEL.test(label))) return refuse('the host name is not a valid DNS name');
  return { ok: true, parsed: { origin: url.origin, hostname: host, testModeOnly: false } };
}
