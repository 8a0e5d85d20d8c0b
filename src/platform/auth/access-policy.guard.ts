import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Response } from 'express';
import { ApiException } from '../http/api-error';
import { HandlerMetadata } from '../http/handler-metadata';
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
  private readonly policies: HandlerMetadata<AccessPolicy>;

  constructor(reflector: Reflector) {
    this.policies = new HandlerMetadata(reflector, ACCESS_POLICY);
  }

  canActivate(context: ExecutionContext): boolean {
    const policy = this.policies.of(context);
    if (!policy) throw new ApiException('FORBIDDEN', 'This route declares no access policy');
    if (policy.kind !== 'public' && context.getType() === 'http') {
      context.switchToHttp().getResponse<Response>().setHeader('Cache-Control', 'no-store');
    }
    return true;
  }
}
