import type { Type } from '@nestjs/common';
import type { TestingModuleBuilder } from '@nestjs/testing';
import type { FakeClock } from '../../support/fake-clock';
import { createTestHarness, TestHarness } from '../../support/test-harness';

export type IdentityApp = TestHarness;

/**
 * The real app with Redis keys of its own (rate-limit counters, cached sessions and the mailbox
 * of one app never touch another spec's). `config` overrides any variable; `clock` replaces the
 * system clock; `override` replaces providers.
 */
export function createIdentityApp(
  options: {
    config?: Record<string, string>;
    clock?: FakeClock;
    controllers?: Type<unknown>[];
    override?: (builder: TestingModuleBuilder) => TestingModuleBuilder;
  } = {},
): Promise<IdentityApp> {
  return createTestHarness({ ...options, redisNamespace: 'identity' });
}
