import { ApiException } from '../http/api-error';

/** The credential of an `Authorization: Bearer <token>` header, or null when absent or malformed. */
export function bearerToken(header: string | undefined): string | null {
  const match = /^Bearer +([A-Za-z0-9\-_.~+/]+=*)$/i.exec(header?.trim() ?? '');
  return match ? match[1] : null;
}

/** The `WWW-Authenticate` challenge of a bearer credential that was refused. */
export const INVALID_TOKEN_CHALLENGE = { 'WWW-Authenticate': 'Bearer realm="api", error="invalid_token"' };
export const BEARER_CHALLENGE = { 'WWW-Authenticate': 'Bearer realm="api"' };

/** The answer to a bearer token that does not verify, has expired or is of another kind. */
export function invalidAccessToken(): ApiException {
  return new ApiException(
    'UNAUTHENTICATED',
    'The access token is invalid or expired',
    undefined,
    INVALID_TOKEN_CHALLENGE,
  );
}

/** The answer to a valid token whose session was revoked, expired or no longer matches it. */
export function endedSession(): ApiException {
  return new ApiException(
    'UNAUTHENTICATED',
    'The session of this access token has ended',
    undefined,
    INVALID_TOKEN_CHALLENGE,
  );
}
