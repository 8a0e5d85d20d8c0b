import { DynamicModule, Global, Module } from '@nestjs/common';
import { AppConfig } from './app-config';
import type { ConfigSliceType } from './config-slice';
import { Configuration, Environment, loadConfiguration } from './configuration';
import { readEnvironment } from './environment';

/** The environment the configuration is built from; tests replace it to rebuild every slice. */
export const ENVIRONMENT = Symbol('ENVIRONMENT');

/** Holds one context's slice (`ConfigModule.forFeature`). */
@Module({})
class ConfigSliceModule {}

/**
 * `forRoot(slices)` (the application's composition, once): reads the environment, builds and
 * validates every slice together, so a bad boot names every bad variable at once, and provides
 * the `Configuration` and the platform's `AppConfig` everywhere. `forFeature(Slice)` (in a
 * context's module): provides that context's slice to its providers.
 */
@Global()
@Module({})
export class ConfigModule {
  static forRoot(slices: readonly ConfigSliceType[]): DynamicModule {
    return {
      module: ConfigModule,
      providers: [
        { provide: ENVIRONMENT, useFactory: readEnvironment },
        {
          provide: Configuration,
          useFactory: (env: Environment) => loadConfiguration(env, slices),
          inject: [ENVIRONMENT],
        },
        {
          provide: AppConfig,
          useFactory: (configuration: Configuration) => configuration.platform,
          inject: [Configuration],
        },
      ],
      exports: [Configuration, AppConfig],
    };
  }

  static forFeature<T extends object>(slice: ConfigSliceType<T>): DynamicModule {
    return {
      module: ConfigSliceModule,
      providers: [
        {
          provide: slice,
          useFactory: (configuration: Configuration) => configuration.get(slice),
          inject: [Configuration],
        },
      ],
      exports: [slice],
    };
  }
}
