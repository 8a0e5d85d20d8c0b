import { Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { DiscoveryService, MetadataScanner, Reflector } from '@nestjs/core';
import { PATH_METADATA } from '@nestjs/common/constants';
import { ACCESS_POLICY } from './access-policy';

/**
 * Refuses to start an application in which a route handler has no access policy, so a
 * forgotten decorator fails at boot, in every test, rather than in production.
 */
@Injectable()
export class AccessPolicyAudit implements OnApplicationBootstrap {
  constructor(
    private readonly discovery: DiscoveryService,
    private readonly scanner: MetadataScanner,
    private readonly reflector: Reflector,
  ) {}

  onApplicationBootstrap(): void {
    const missing: string[] = [];
    for (const wrapper of this.discovery.getControllers()) {
      const instance = wrapper.instance as Record<string, unknown> | undefined;
      if (!instance || !wrapper.metatype) continue;
      const prototype = Object.getPrototypeOf(instance) as object;
      for (const name of this.scanner.getAllMethodNames(prototype)) {
        const handler = (prototype as Record<string, unknown>)[name] as object;
        if (Reflect.getMetadata(PATH_METADATA, handler) === undefined) continue;
        const policy = this.reflector.getAllAndOverride(ACCESS_POLICY, [handler as never, wrapper.metatype as never]);
        if (!policy) missing.push(`${wrapper.name}.${name}`);
      }
    }
    if (missing.length > 0) {
      throw new Error(`Routes without an access policy (add @Public(), @CustomerAuth() ...): ${missing.join(', ')}`);
    }
  }
}
