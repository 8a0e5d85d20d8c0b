import type { AppConfig } from './app-config';
import type { NamedSecret } from './production-secrets';

/** The settings class of one context (or the platform's `AppConfig`), loaded by `loadConfiguration`. */
export type ConfigSliceType<T extends object = object> = new () => T;

/** What a slice may add to its decorators' validation, run once at load after every slice validated. */
export interface ConfigSliceChecks {
  /**
   * Rules that span variables, or read the platform's settings (`platform` is the loaded
   * `AppConfig`); answers the problems, one line each, naming the variable. Also the place to
   * derive what the slice parses once (a table from a variable), never per request.
   */
  check?(platform: AppConfig): string[];
  /** The slice's secrets under the names an operator knows them by; production refuses weak and shared ones. */
  namedSecrets?(): NamedSecret[];
}

const titles = new Map<ConfigSliceType, { title: string; file: string }>();
const descriptions = new Map<ConfigSliceType, Map<string, string>>();

/**
 * Marks a class as a configuration slice: `title` heads its table in the README's configuration
 * section, `file` is the slice's path from the repository root.
 */
export function ConfigSlice(title: string, file: string) {
  return (target: ConfigSliceType): void => {
    titles.set(target, { title, file });
  };
}

/** Documents one variable of a slice: its line in the README's configuration table. */
export function Setting(description: string) {
  return (target: object, property: string): void => {
    const slice = target.constructor as ConfigSliceType;
    const known = descriptions.get(slice) ?? new Map<string, string>();
    known.set(property, description);
    descriptions.set(slice, known);
  };
}

/** A slice's title and file, as `@ConfigSlice` declared them. */
export function sliceTitle(slice: ConfigSliceType): { title: string; file: string } {
  return titles.get(slice) ?? { title: slice.name, file: '' };
}

/** The description `@Setting` gave a variable of `slice`, if any. */
export function settingDescription(slice: ConfigSliceType, variable: string): string | undefined {
  return descriptions.get(slice)?.get(variable);
}

/** Parses an integer from an environment string; anything else stays as it is for the validator to refuse. */
export const toInt = ({ value }: { value: unknown }) =>
  typeof value === 'string' && /^-?\d+$/.test(value.trim()) ? Number(value) : value;

/** Parses `true`/`1`/`false`/`0`/empty; anything else stays as it is for the validator to refuse. */
export const toBoolean = ({ value }: { value: unknown }) => {
  if (typeof value === 'boolean') return value;
  if (value === 'true' || value === '1') return true;
  if (value === 'false' || value === '0' || value === '') return false;
  return value;
};
