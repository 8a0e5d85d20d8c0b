/** The credential of an `Authorization: Bearer <token>` header, or null when absent or malformed. */
export function bearerToken(header: string | undefined): string | null {
  const match = /^Bearer +([A-Za-z0-9\-_.~+/]+=*)$/i.exec(header?.trim() ?? '');
  return match ? match[1] : null;
}

/** The `WWW-Authenticate` challenge of a bearer credential that was refused. */
export const INVALID_TOKEN_CHALLENGE = { 'WWW-Authenticate': 'Bearer realm="api", error="invalid_token"' };
export const BEARER_CHALLENGE = { 'WWW-Authenticate': 'Bearer realm="api"' };
