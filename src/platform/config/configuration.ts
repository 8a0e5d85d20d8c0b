import { plainToInstance } from 'class-transformer';
import { getMetadataStorage, validateSync } from 'class-validator';
import { AppConfig } from './app-config';
import type { ConfigSliceChecks, ConfigSliceType } from './config-slice';
import { productionSecretProblems } from './production-secrets';

/** The environment variables a configuration is built from. */
export type Environment = Readonly<Record<string, string | undefined>>;

/**
 * Every slice of the configuration, built and validated together from one environment: the
 * platform's `AppConfig` and each context's settings. A context's module provides its slice
 * (`ConfigModule.forFeature`); composition code and tests read one with `get`.
 */
export class Configuration {
  constructor(
    /** The variables the slices were built from. */
    readonly environment: Environment,
    private readonly slices: ReadonlyMap<ConfigSliceType, object>,
  ) {}

  get platform(): AppConfig {
    return this.get(AppConfig);
  }

  get<T extends object>(slice: ConfigSliceType<T>): T {
    const settings = this.slices.get(slice);
    if (!(settings instanceof slice)) {
      throw new Error(
        `${slice.name} is not a slice of this configuration: add it to CONFIG_SLICES (src/configuration.ts)`,
      );
    }
    return settings;
  }
}

export class ConfigValidationError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n  - ${problems.join('\n  - ')}`);
    this.name = 'ConfigValidationError';
  }
}

/** The variables a slice reads: its validated properties, found the way class-validator finds them. */
export function sliceVariables(slice: ConfigSliceType): string[] {
  return [
    ...new Set(
      getMetadataStorage()
        .getTargetValidationMetadatas(slice, '', true, false)
        .map((metadata) => metadata.propertyName),
    ),
  ];
}

/**
 * Builds every slice from an environment map (the platform's `AppConfig` first, whether listed
 * or not) and validates them all before answering: throws one `ConfigValidationError` naming
 * every bad variable of every slice, never a value.
 */
export function loadConfiguration(env: Environment, slices: readonly ConfigSliceType[]): Configuration {
  const ordered = [AppConfig, ...slices.filter((slice) => slice !== AppConfig)];
  const problems: string[] = [];
  const invalid = new Set<string>();
  const loaded = new Map<ConfigSliceType, object>();
  for (const slice of ordered) {
    const source: Record<string, string> = {};
    for (const variable of sliceVariables(slice)) {
      const value = env[variable];
      if (value !== undefined) source[variable] = value;
    }
    const settings = plainToInstance(slice, source);
    const errors = validateSync(settings, { forbidUnknownValues: false });
    for (const error of errors) {
      invalid.add(error.property);
      for (const message of Object.values(error.constraints ?? {})) {
        const described = `(got ${describe(env[error.property])})`;
        problems.push(
          message.startsWith(error.property) ? `${message} ${described}` : `${error.property} ${message} ${described}`,
        );
      }
    }
    loaded.set(slice, settings);
  }
  const configuration = new Configuration({ ...env }, loaded);
  const platform = configuration.platform;
  const checked = [...loaded.values()] as ConfigSliceChecks[];
  for (const settings of checked) problems.push(...(settings.check?.(platform) ?? []));
  if (platform.NODE_ENV === 'production') {
    // A secret that already failed validation is reported once, by its validation message.
    const secrets = checked.flatMap((settings) => settings.namedSecrets?.() ?? []);
    problems.push(...productionSecretProblems(secrets.filter(({ name }) => !invalid.has(name.split(' ')[0]))));
  }
  if (problems.length > 0) throw new ConfigValidationError(problems);
  return configuration;
}

function describe(value: string | undefined): string {
  if (value === undefined) return 'nothing: the variable is missing';
  return value.length > 0 ? 'a value that is not accepted' : 'an empty value';
}

/** The platform's settings alone, from `env` (commands and tests that need nothing of a context). */
export function loadConfig(env: Environment): AppConfig {
  return loadConfiguration(env, [AppConfig]).platform;
}
