import { createHmac } from 'node:crypto';
import { TEST_DEFAULTS } from '../support/test-settings';

/** Signs a JWT by hand (any header, any payload, by default with the run's access secret), as an attacker could. */
export function handMadeJwt(
  header: Record<string, unknown>,
  payload: Record<string, unknown>,
  secret: string | null = TEST_DEFAULTS.JWT_ACCESS_SECRET,
): string {
  const encode = (part: Record<string, unknown>) => Buffer.from(JSON.stringify(part)).toString('base64url');
  const unsigned = `${encode(header)}.${encode(payload)}`;
  const signature = secret === null ? '' : createHmac('sha256', secret).update(unsigned).digest('base64url');
  return `${unsigned}.${signature}`;
}

/** An HS256 JWT of `payload` signed with `secret`. */
export function signJwt(payload: Record<string, unknown>, secret: string): string {
  return handMadeJwt({ alg: 'HS256', typ: 'JWT' }, payload, secret);
}

export function decodeJwtPart(token: string, index: 0 | 1): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[index], 'base64url').toString('utf8')) as Record<string, unknown>;
}
