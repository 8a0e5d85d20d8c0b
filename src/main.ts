import 'reflect-metadata';
import type { NestApplicationOptions } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { Logger } from 'nestjs-pino';
import { ApiModule } from './api.module';
import { AppConfig } from './platform/config/app-config';
import { configureHttpApp } from './platform/http/configure-http-app';
import { installGracefulShutdown } from './platform/http/graceful-shutdown';
import { loadSwaggerPluginMetadata } from './platform/openapi/swagger-plugin-metadata';

/** Builds the API application from `ApiModule` with the options it is given. */
export type ApiFactory = (options: NestApplicationOptions) => Promise<NestExpressApplication>;

const fromApiModule: ApiFactory = (options) => NestFactory.create<NestExpressApplication>(ApiModule, options);

/**
 * Starts the HTTP API: the application `create` builds (`ApiModule`, by default through
 * NestFactory), without Express's own body parser (`configureHttpApp` installs ours) and with
 * its logs buffered until the logger is up, configured as every API is (with the Swagger plugin's
 * metadata loaded first where the OpenAPI document is served), listening on PORT and stopping
 * gracefully.
 */
export async function bootstrap(create: ApiFactory = fromApiModule): Promise<NestExpressApplication> {
  const app = await create({ bodyParser: false, bufferLogs: true });
  const config = app.get(AppConfig);
  if (config.SWAGGER_ENABLED) await loadSwaggerPluginMetadata();
  configureHttpApp(app);
  const logger = app.get(Logger);
  await app.listen(config.PORT);
  installGracefulShutdown(app, { server: app.getHttpServer(), timeoutMs: config.SHUTDOWN_TIMEOUT_MS, logger });
  logger.log(`API listening on port ${config.PORT}; Swagger UI at /api/v1/docs`);
  return app;
}

if (require.main === module) {
  bootstrap().catch((error: unknown) => {
    process.stderr.write(`API failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  });
}
