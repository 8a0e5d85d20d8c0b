import 'reflect-metadata';
import type { INestApplicationContext, NestApplicationOptions } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { Logger } from 'nestjs-pino';
import { AppConfig } from './platform/config/app-config';
import { installGracefulShutdown } from './platform/http/graceful-shutdown';
import { WorkerModule } from './worker.module';

/** Builds the worker's application context from `WorkerModule` with the options it is given. */
export type WorkerFactory = (options: Pick<NestApplicationOptions, 'bufferLogs'>) => Promise<INestApplicationContext>;

const fromWorkerModule: WorkerFactory = (options) => NestFactory.createApplicationContext(WorkerModule, options);

/**
 * Starts the worker: the application context `create` builds (`WorkerModule`, by default
 * through NestFactory), with its logs buffered until the logger is up, stopping gracefully,
 * then initialised (its processors and loops start).
 */
export async function bootstrap(create: WorkerFactory = fromWorkerModule): Promise<INestApplicationContext> {
  const app = await create({ bufferLogs: true });
  const logger = app.get(Logger);
  app.useLogger(logger);
  app.flushLogs();
  installGracefulShutdown(app, { timeoutMs: app.get(AppConfig).SHUTDOWN_TIMEOUT_MS, logger });
  await app.init();
  logger.log('worker started');
  return app;
}

if (require.main === module) {
  bootstrap().catch((error: unknown) => {
    process.stderr.write(`worker failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  });
}
