import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { ApiException } from '../http/api-error';
import { ACCESS_POLICY, AccessPolicy, isMerchantApiKey } from './access-policy';
import { AccessTokenService } from './access-token.service';
import { BEARER_CHALLENGE, bearerToken, INVALID_TOKEN_CHALLENGE as CHALLENGE } from './bearer-token';
import { MerchantApiKeyVerifier } from './merchant-credentials';
import { AuthenticatedRequest } from './principal';
import { SessionVerifier } from './session-verifier';

/**
 * Authenticates a user by the access token in `Authorization: Bearer`: the JWT must be valid
 * and of the user kind, and its device session still active (a revoked session's tokens stop
 * at once). The role comes from the session lookup, then the route's roles are checked.
 * Merchant credentials that verify (a merchant access token, a live API key) are 403
 * USER_CONTEXT_REQUIRED: the caller is known, on the wrong side of the service.
 */
@Injectable()
export class UserAuthGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly tokens: AccessTokenService,
    private readonly sessions: SessionVerifier,
    private readonly merchantApiKeys: MerchantApiKeyVerifier,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<Request & AuthenticatedRequest>();
    const token = bearerToken(request.headers.authorization);
    if (!token) {
      throw new ApiException('UNAUTHENTICATED', 'A bearer access token is required', undefined, BEARER_CHALLENGE);
    }
    const claims = this.tokens.verify(token);
    if (!claims) {
      if (await this.isMerchantCredential(token)) {
        throw new ApiException('USER_CONTEXT_REQUIRED', 'Merchant credentials cannot call this operation');
      }
      throw new ApiException('UNAUTHENTICATED', 'The access token is invalid or expired', undefined, CHALLENGE);
    }
    const session = await this.sessions.findActive(claims.sessionId);
    if (!session || session.userId !== claims.userId) {
      throw new ApiException('UNAUTHENTICATED', 'The session of this access token has ended', undefined, CHALLENGE);
    }
    const policy = this.reflector.getAllAndOverride<AccessPolicy | undefined>(ACCESS_POLICY, [
      context.getHandler(),
      context.getClass(),
    ]);
    if (policy?.kind === 'user' && policy.roles && !policy.roles.includes(session.role)) {
      throw new ApiException('FORBIDDEN', 'Your role may not use this operation');
    }
    request.principal = { kind: 'user', userId: session.userId, sessionId: claims.sessionId, role: session.role };
    return true;
  }

  private async isMerchantCredential(token: string): Promise<boolean> {
    if (isMerchantApiKey(token)) return (await this.merchantApiKeys.verify(token)) !== null;
    return this.tokens.verifyMerchant(token) !== null;
  }
}
