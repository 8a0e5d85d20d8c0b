import { Injectable } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { KeyedHash } from '../../../../platform/crypto/keyed-hash';

/** The browser's CSRF secret for the hosted pages: HttpOnly, SameSite=Strict, sent to `/c/` only. */
export const CSRF_COOKIE = 'paysvc_checkout_csrf';
export const CSRF_COOKIE_PATH = '/c/';

/** The visitor of payment links (link views and session reuse): HttpOnly, SameSite=Lax, sent to `/l/` only. */
export const VISITOR_COOKIE = 'paysvc_link_visitor';
export const VISITOR_COOKIE_PATH = '/l/';

const CSRF_PURPOSE = 'merchants.hosted-checkout.csrf';
const VISITOR_PURPOSE = 'merchants.payment-link.visitor';
const RANDOM = /^[A-Za-z0-9_-]{43}$/;
const ATTEMPT = /^[A-Za-z0-9_-]{22}$/;

/** What a pay form carries besides the payer's input: one attempt, and its CSRF token. */
export interface PayFormTokens {
  attempt: string;
  csrf: string;
}

/**
 * The hosted page's tokens, all HMAC-SHA256 through the platform's `KeyedHash` (KEY_HASH_SECRET,
 * each use its own purpose), nothing hand-rolled:
 *
 * - **CSRF, signed double submit.** The browser holds a random secret in a cookie (`CSRF_COOKIE`,
 *   32 bytes); each rendered form carries `csrf = HMAC(cookie, session id, attempt)`. A POST is
 *   accepted only when its `csrf` is that digest of the cookie it arrives with: another site can
 *   neither read the cookie nor compute the digest without the service's secret, and a token
 *   lifted from one session's form is worth nothing on another session or with another cookie.
 * - **Idempotency key.** Each render draws a fresh `attempt` (16 random bytes); the payment's
 *   Idempotency-Key is `checkout:{session id}:{attempt}`. The attempt is covered by the CSRF
 *   digest, so it is bound to the session and cannot be chosen by anyone but the form we
 *   rendered: a double click, a resent POST or a browser retry of one form is the same key (one
 *   payment), and a new render (after a decline, in a second tab) is a new key.
 */
@Injectable()
export class HostedCheckoutTokens {
  constructor(private readonly keyedHash: KeyedHash) {}

  /** A new random secret for a cookie (CSRF or visitor). */
  newSecret(): string {
    return randomBytes(32).toString('base64url');
  }

  /** Whether a cookie's value is one of ours in shape (anything else is replaced). */
  isSecret(value: string | undefined): value is string {
    return value !== undefined && RANDOM.test(value);
  }

  /** A fresh attempt and its CSRF token, for one rendered pay form of `sessionId`. */
  payForm(cookieSecret: string, sessionId: string): PayFormTokens {
    const attempt = randomBytes(16).toString('base64url');
    return { attempt, csrf: this.keyedHash.digest(CSRF_PURPOSE, `${cookieSecret}\u0000${sessionId}\u0000${attempt}`) };
  }

  /** Whether a posted form's tokens were rendered for this session under this cookie. */
  verifyPayForm(cookieSecret: string | undefined, sessionId: string, posted: Partial<PayFormTokens>): boolean {
    if (!this.isSecret(cookieSecret)) return false;
    const { attempt, csrf } = posted;
    if (typeof attempt !== 'string' || !ATTEMPT.test(attempt)) return false;
    if (typeof csrf !== 'string' || !/^[0-9a-f]{64}$/.test(csrf)) return false;
    return this.keyedHash.matches(CSRF_PURPOSE, `${cookieSecret}\u0000${sessionId}\u0000${attempt}`, csrf);
  }

  /** The payment's Idempotency-Key for a verified attempt. */
  idempotencyKey(sessionId: string, attempt: string): string {
    return `checkout:${sessionId}:${attempt}`;
  }

  /** What link views keep of a visitor's cookie: its keyed digest, never the cookie. */
  visitorKey(visitorSecret: string): string {
    return this.keyedHash.digest(VISITOR_PURPOSE, visitorSecret);
  }
}
