import type { Type } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { Test, TestingModuleBuilder } from '@nestjs/testing';
import { ApiModule } from '../../src/api.module';
import { AppConfig } from '../../src/platform/config/app-config';
import { loadConfig } from '../../src/platform/config/configuration';
import { configureHttpApp } from '../../src/platform/http/configure-http-app';
import { loadSwaggerPluginMetadata } from '../../src/platform/openapi/swagger-plugin-metadata';

/**
 * Boots the real HTTP app, exactly as main.ts configures it, against the run's database and
 * Redis. `override` may replace providers (a failing publisher, a fixed clock). The OpenAPI
 * document is built only where SWAGGER_ENABLED is on (off in the test defaults: specs about the
 * document turn it on), from the Swagger plugin's metadata as the service loads it.
 */
export async function createTestApp(
  override: (builder: TestingModuleBuilder) => TestingModuleBuilder = (builder) => builder,
  extra: { controllers?: Type<unknown>[] } = {},
): Promise<NestExpressApplication> {
  await loadSwaggerPluginMetadata();
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

/** The configuration of the run with SWAGGER_ENABLED on, for the specs that read the OpenAPI document. */
export function withOpenApi(builder: TestingModuleBuilder): TestingModuleBuilder {
  return builder.overrideProvider(AppConfig).useValue(loadConfig({ ...process.env, SWAGGER_ENABLED: 'true' }));
}
