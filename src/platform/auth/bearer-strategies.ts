import type { Request } from 'express';
import { Strategy } from 'passport-strategy';

/** The names the auth guards ask passport for. */
export const STRATEGY = {
  customerJwt: 'customer-jwt',
  merchantJwt: 'merchant-jwt',
  merchantApiKey: 'merchant-api-key',
  internalKey: 'internal-key',
} as const;

type Verified = (error: unknown, principal?: unknown) => void;

/**
 * A passport strategy for an opaque credential (an API key, the internal key): `credentialOf`
 * reads it from the request, the verify callback (the Nest strategy's `validate`) says whose it
 * is. No credential, or one that verifies to nobody, is a failure (passport then tries the
 * guard's next strategy); the guard's `handleRequest` turns the failure into the ApiError.
 */
export class CredentialStrategy extends Strategy {
  constructor(
    private readonly credentialOf: (request: Request) => string | null,
    private readonly verify: (credential: string, done: Verified) => void,
  ) {
    super();
  }

  authenticate(request: Request): void {
    const credential = this.credentialOf(request);
    if (credential === null) return this.fail(401);
    this.verify(credential, (error, principal) => {
      if (error) this.error(error as Error);
      else if (principal) this.success(principal);
      else this.fail(401);
    });
  }
}
