import { Global, Module, RequestMethod } from '@nestjs/common';
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
      // nestjs-pino 4 (the newest on Node 20) names its routes in Nest 11's path syntax; Nest 12
      // warns about that default, so the route is named in the new one.
      useFactory: (logger: Logger) => ({
        useExisting: true,
        pinoHttp: { logger },
        forRoutes: [{ path: '{*path}', method: RequestMethod.ALL }],
      }),
    }),
  ],
  exports: [LoggerModule, RootLoggerModule],
})
export class LoggingModule {}
