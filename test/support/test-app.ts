import type { Type } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { Test, TestingModuleBuilder } from '@nestjs/testing';
import { ApiModule } from '../../src/api.module';
import { configureHttpApp } from '../../src/platform/http/configure-http-app';

/**
 * Boots the real HTTP app, exactly as main.ts configures it, against the run's database and
 * Redis. `override` may replace providers (a failing publisher, a fixed clock).
 */
export async function createTestApp(
  override: (builder: TestingModuleBuilder) => TestingModuleBuilder = (builder) => builder,
  extra: { controllers?: Type<unknown>[] } = {},
): Promise<NestExpressApplication> {
  const moduleRef = await override(
    Test.createTestingModule({ imports: [ApiModule], controllers: extra.controllers ?? [] }),
  ).compile();
  const app = moduleRef.createNestApplication<NestExpressApplication>({ bodyParser: false, bufferLogs: true });
  configureHttpApp(app);
  try {
    await app.init();
  } catch (error) {
    await app.close().catch(() => undefined);
    throw error;
  }
  return app;
}
