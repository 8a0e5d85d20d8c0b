import { Global, Module } from '@nestjs/common';
import { LoggerModule } from 'nestjs-pino';
import type { Logger } from 'pino';
import { AppConfig } from '../config/app-config';
import { createRootLogger } from './root-logger';

export const ROOT_LOGGER = Symbol('ROOT_LOGGER');

@Global()
@Module({
  providers: [{ provide: ROOT_LOGGER, inject: [AppConfig], useFactory: createRootLogger }],
  exports: [ROOT_LOGGER],
})
class RootLoggerModule {}

/**
 * nestjs-pino over one root logger. The HTTP app installs its own request logger as its first
 * middleware (see configureHttpApp) with the same root logger, so this module only binds each
 * request's logger to the async context (`useExisting`).
 */
@Global()
@Module({
  imports: [
    RootLoggerModule,
    LoggerModule.forRootAsync({
      inject: [ROOT_LOGGER],
      useFactory: (logger: Logger) => ({ useExisting: true, pinoHttp: { logger } }),
    }),
  ],
  exports: [LoggerModule, RootLoggerModule],
})
export class LoggingModule {}
