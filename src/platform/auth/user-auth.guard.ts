import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { ApiException } from '../http/api-error';
import { ACCESS_POLICY, AccessPolicy } from './access-policy';
import { AccessTokenService } from './access-token.service';
import { AuthenticatedRequest } from './principal';
import { SessionVerifier } from './session-verifier';

const CHALLENGE = { 'WWW-Authenticate': 'Bearer realm="api", error="invalid_token"' };

/**
 * Authenticates a user by the access token in `Authorization: Bearer`: the JWT must be valid
 * and of the user kind, and its device session still active (a revoked session's tokens stop
 * at once). The role comes from the session lookup, then the route's roles are checked.
 */
@Injectable()
export class UserAuthGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly tokens: AccessTokenService,
    private readonly sessions: SessionVerifier,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<Request & AuthenticatedRequest>();
    const token = bearerToken(request.headers.authorization);
    if (!token) {
      throw new ApiException('UNAUTHENTICATED', 'A bearer access token is required', undefined, {
        'WWW-Authenticate': 'Bearer realm="api"',
      });
    }
    const claims = this.tokens.verify(token);
    if (!claims)
      throw new ApiException('UNAUTHENTICATED', 'The access token is invalid or expired', undefined, CHALLENGE);
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
}

function bearerToken(header: string | undefined): string | null {
  const match = /^Bearer +([A-Za-z0-9\-_.~+/]+=*)$/i.exec(header?.trim() ?? '');
  return match ? match[1] : null;
}
