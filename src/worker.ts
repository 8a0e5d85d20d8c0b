import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { Logger } from 'nestjs-pino';
import { AppConfig } from './platform/config/app-config';
import { installGracefulShutdown } from './platform/http/graceful-shutdown';
import { WorkerModule } from './worker.module';

async function bootstrap(): Promise<void> {
  const app = await NestFactory.createApplicationContext(WorkerModule, { bufferLogs: true });
  const logger = app.get(Logger);
  app.useLogger(logger);
  app.flushLogs();
  installGracefulShutdown(app, { timeoutMs: app.get(AppConfig).SHUTDOWN_TIMEOUT_MS, logger });
  await app.init();
  logger.log('worker started');
}

bootstrap().catch((error: unknown) => {
  process.stderr.write(`worker failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
