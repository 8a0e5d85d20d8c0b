import { getMetadataStorage } from 'class-validator';

type MetadataStorage = ReturnType<typeof getMetadataStorage>;
type Lookup = MetadataStorage['getTargetValidationMetadatas'];
type Metadatas = ReturnType<Lookup>;

/** The storage this process's class-validator uses, once its lookups are memoised. */
let installedOn: MetadataStorage | undefined;

/**
 * Memoises class-validator's `getTargetValidationMetadatas`, which every `validate` call makes
 * (once per validated object, nested ones included). Unmemoised it walks every decorated class the
 * process has loaded to find the target's ancestors (typestack/class-validator#2686, open): with
 * this service's hundreds of DTOs that walk was the largest part of validating a request's query
 * or body. The answer depends only on its arguments and on what is registered, so it is cached per
 * target and argument tuple, and the whole cache is dropped whenever a decorator registers more
 * metadata (a class loaded later), so no answer outlives what it was computed from.
 *
 * Idempotent: the HTTP validation pipe and every outbox event reader call it when they are built,
 * so the API and the worker both have it. The configuration check, which validates once at boot,
 * does not need it.
 */
export function memoizeValidationMetadata(): void {
  const storage = getMetadataStorage();
  if (installedOn === storage) return;
  installedOn = storage;

  let cache = new WeakMap<object, Map<string, Metadatas>>();
  const forget = () => {
    cache = new WeakMap();
  };

  const lookup: Lookup = storage.getTargetValidationMetadatas.bind(storage);
  storage.getTargetValidationMetadatas = (targetConstructor, targetSchema, always, strictGroups, groups) => {
    const key = `${targetSchema}\u0000${always}\u0000${strictGroups}\u0000${groups ? groups.join('\u0001') : ''}`;
    let byArguments = cache.get(targetConstructor);
    if (!byArguments) {
      byArguments = new Map();
      cache.set(targetConstructor, byArguments);
    }
    let found = byArguments.get(key);
    if (!found) {
      found = lookup(targetConstructor, targetSchema, always, strictGroups, groups);
      byArguments.set(key, found);
    }
    return found;
  };

  for (const method of ['addValidationMetadata', 'addConstraintMetadata', 'addValidationSchema'] as const) {
    const register = storage[method].bind(storage) as (argument: never) => void;
    (storage[method] as (argument: never) => void) = (argument) => {
      forget();
      register(argument);
    };
  }
}
