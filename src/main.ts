import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { Logger } from 'nestjs-pino';
import { ApiModule } from './api.module';
import { AppConfig } from './platform/config/app-config';
import { configureHttpApp } from './platform/http/configure-http-app';
import { installGracefulShutdown } from './platform/http/graceful-shutdown';

async function bootstrap(): Promise<void> {
  const app = await NestFactory.create<NestExpressApplication>(ApiModule, { bodyParser: false, bufferLogs: true });
  configureHttpApp(app);
  const config = app.get(AppConfig);
  const logger = app.get(Logger);
  await app.listen(config.PORT);
  installGracefulShutdown(app, { server: app.getHttpServer(), timeoutMs: config.SHUTDOWN_TIMEOUT_MS, logger });
  logger.log(`API listening on port ${config.PORT}; Swagger UI at /api/v1/docs`);
}

bootstrap().catch((error: unknown) => {
  process.stderr.write(`API failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
