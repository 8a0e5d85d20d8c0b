import { createHash } from 'node:crypto';

/**
 * SHA-256 of a bill payment request in canonical JSON (keys sorted, undefined left out), the
 * core's `requestHash`: a retry of the same request is recognised as one (DUPLICATE_PAYMENT), the
 * same key with another request is refused (IDEMPOTENCY_KEY_REUSED).
 */
export function billRequestFingerprint(request: Record<string, string | number | boolean | undefined>): string {
  const canonical = Object.keys(request)
    .filter((key) => request[key] !== undefined)
    .sort()
    .map((key) => `${JSON.stringify(key)}:${JSON.stringify(request[key])}`)
    .join(',');
  return createHash('sha256').update(`{${canonical}}`).digest('hex');
}
