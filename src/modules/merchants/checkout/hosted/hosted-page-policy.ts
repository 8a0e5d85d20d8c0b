import { randomBytes } from 'node:crypto';

/** Where a page may send a form (besides itself) and who may frame it. */
export interface HostedPagePolicy {
  /** Origins a form's answer may redirect to: the session's success URL's (CSP form-action covers redirects). */
  formTargets: readonly string[];
  /** The merchant's verified origins; none: the page cannot be framed. */
  frameAncestors: readonly string[];
}

/** A fresh nonce per response, for the page's inline style and script. */
export function newNonce(): string {
  return randomBytes(16).toString('base64');
}

/**
 * The headers of every hosted checkout page. The CSP allows nothing by default: the inline
 * style and script carry the response's nonce, there are no external assets, a form may post
 * to the page's own origin and be redirected to the session's success URL origin (Chromium
 * checks form-action on the redirect too), and only the merchant's verified origins may frame
 * the page. Never cached (a page holds a CSRF token and an attempt), never sent as a referrer
 * (the URL names the session), never sniffed as another type.
 */
export function hostedPageHeaders(nonce: string, policy: HostedPagePolicy): Record<string, string> {
  const formAction = ["'self'", ...unique(policy.formTargets)].join(' ');
  const frameAncestors = policy.frameAncestors.length > 0 ? unique(policy.frameAncestors).join(' ') : "'none'";
  return {
    'Content-Type': 'text/html; charset=utf-8',
    'Content-Security-Policy': [
      "default-src 'none'",
      `style-src 'nonce-${nonce}'`,
      `script-src 'nonce-${nonce}'`,
      `form-action ${formAction}`,
      `frame-ancestors ${frameAncestors}`,
      "base-uri 'none'",
    ].join('; '),
    'Cache-Control': 'no-store',
    'Referrer-Policy': 'no-referrer',
    'X-Content-Type-Options': 'nosniff',
  };
}

function unique(values: readonly string[]): string[] {
  return [...new Set(values)].sort();
}
