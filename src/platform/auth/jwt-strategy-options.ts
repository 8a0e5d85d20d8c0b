import type { Request } from 'express';
import type { StrategyOptionsWithoutRequest } from 'passport-jwt';
import { AccessTokenService } from './access-token.service';
import { bearerToken } from './bearer-token';

/**
 * The passport-jwt options of both access-token strategies: the key, algorithm, issuer and
 * audience the tokens are signed with. The token comes from the same strict `Authorization:
 * Bearer` parser as before rather than ExtractJwt's, which takes the first word after any scheme
 * and ignores what follows it. Expiry is left to `validate`, which judges it on the injected
 * clock (passport-jwt verifies on the system clock, fixed when the strategy is built).
 */
export function accessTokenStrategyOptions(tokens: AccessTokenService): StrategyOptionsWithoutRequest {
  const { key, algorithms, issuer, audience } = tokens.verification;
  return {
    jwtFromRequest: (request: Request) => bearerToken(request.headers.authorization),
    // A KeyObject made once (passport-jwt.d.ts says why jsonwebtoken takes it and why it matters).
    secretOrKey: key,
    algorithms,
    issuer,
    audience,
    ignoreExpiration: true,
  };
}
