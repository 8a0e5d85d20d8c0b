import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { ApiException } from '../http/api-error';
import { ACCESS_POLICY, AccessPolicy } from './access-policy';

/**
 * Global guard: a route whose handler and controller carry no auth decorator is refused.
 * The authenticating guards are bundled in the decorators themselves.
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
    return true;
  }
}
