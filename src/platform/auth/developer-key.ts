import type { Request } from 'express';
import { ApiException } from '../http/api-error';
import { isMerchantApiKey } from './access-policy';
import { bearerToken } from './bearer-token';

/** The spec's sandbox header: the same API key as `Authorization: Bearer sk_test_...`. */
export const DEVELOPER_KEY_HEADER = 'x-service-developer-key';

const LIVE_KEY_PREFIX = 'sk_live_';

/** The value of `X-Service-Developer-Key`, trimmed; null when absent or empty. */
export function developerKeyOf(request: Pick<Request, 'headers'>): string | null {
  const raw = request.headers[DEVELOPER_KEY_HEADER];
  const value = (Array.isArray(raw) ? raw.join(',') : raw)?.trim();
  return value ? value : null;
}

/** The API key a request presents, without judging it (the strategy's view; the guard judges first). */
export function apiKeyCandidate(request: Pick<Request, 'headers'>): string | null {
  const developerKey = developerKeyOf(request);
  if (developerKey !== null) return developerKey;
  const token = bearerToken(request.headers.authorization);
  return token !== null && isMerchantApiKey(token) ? token : null;
}

/**
 * The merchant API key a request presents: `X-Service-Developer-Key` when sent, else an
 * `Authorization: Bearer` value with a key's prefix (a JWT is not a key: null). The header takes
 * sandbox keys only.
 *
 * - Both headers with different values: 400 AMBIGUOUS_CREDENTIALS (which one would the caller
 *   mean? Authenticating either could act as a merchant it did not intend). The same key in both
 *   is the same credential.
 * - A live key (`sk_live_`) in the developer header: 403 SANDBOX_KEY_REQUIRED, before any lookup.
 *   The header is the sandbox's; a live key there is a live secret in development tooling.
 */
export function presentedApiKey(request: Pick<Request, 'headers'>): string | null {
  const developerKey = developerKeyOf(request);
  const authorization = request.headers.authorization;
  if (developerKey === null) {
    const token = bearerToken(authorization);
    return token !== null && isMerchantApiKey(token) ? token : null;
  }
  if (authorization !== undefined && authorization.trim() !== '' && bearerToken(authorization) !== developerKey) {
    throw new ApiException(
      'AMBIGUOUS_CREDENTIALS',
      'Authorization and X-Service-Developer-Key carry different credentials: send one key, in one of them',
      [
        { field: 'Authorization', message: 'differs from X-Service-Developer-Key' },
        { field: 'X-Service-Developer-Key', message: 'differs from Authorization' },
      ],
    );
  }
  if (developerKey.startsWith(LIVE_KEY_PREFIX)) {
    throw new ApiException(
      'SANDBOX_KEY_REQUIRED',
      'X-Service-Developer-Key takes a sandbox key (sk_test_...); send a live key as Authorization: Bearer',
      [{ field: 'X-Service-Developer-Key', message: 'is a live key' }],
    );
  }
  return developerKey;
}
