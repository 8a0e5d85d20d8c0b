import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Response } from 'express';
import { ApiException } from '../http/api-error';
import { ACCESS_POLICY, AccessPolicy } from './access-policy';

/**
 * Global guard: a route whose handler and controller carry no auth decorator is refused.
 * The authenticating guards are bundled in the decorators themselves.
 *
 * Every answer to a route that needs credentials (user, staff, merchant, API key, internal key)
 * carries `Cache-Control: no-store`, its errors included: what a signed-in caller reads is
 * theirs, and a shared cache or the browser's history must not keep it. The header is set here,
 * before any handler runs, because this guard runs first on every route and knows its policy;
 * a handler's own `@Header('Cache-Control', ...)` (such as `private, no-store`) still wins.
 * Public routes keep whatever caching they choose.
 */
@Injectable()
export class AccessPolicyGuard implements CanActivate {
  constructor(private readonly reflector: Reflector) {}

  canActivate(context: ExecutionContext): boolean {
    const policy = this.reflector.getAllAndOverride<AccessPolicy | undefined>(ACCESS_POLICY, [
      context.getHandler(),
      context.getClass(),
    ]);
    if (!policy) throw new ApiException('FORBIDDEN', 'This route declares no access policy');
    if (policy.kind !== 'public' && context.getType() === 'http') {
      context.switchToHttp().getResponse<Response>().setHeader('Cache-Control', 'no-store');
    }
    return true;
  }
}
