import { BullModule, getQueueToken } from '@nestjs/bull';
import type { DynamicModule, ForwardReference, Provider, Type } from '@nestjs/common';
import { MODULE_METADATA } from '@nestjs/common/constants';

type ModuleImport = Type<unknown> | DynamicModule | ForwardReference | Promise<DynamicModule> | undefined;

const TOKEN_PREFIX = getQueueToken('queue').slice(0, -'queue'.length);

/**
 * The names of the Bull queues an application's module tree registers with
 * `BullModule.registerQueue` / `registerQueueAsync`, read from the modules' static metadata
 * (nothing is instantiated, no Redis connection opened). Given the worker's root module it
 * lists every queue the service processes: the registrations are the one place a queue has to
 * be declared for its jobs to run, so the list cannot miss one. Sorted, each name once.
 */
export function registeredQueueNames(root: Type<unknown>): string[] {
  const names = new Set<string>();
  const seen = new Set<unknown>();
  const visit = (entry: ModuleImport): void => {
    if (!entry || entry instanceof Promise) return;
    const resolved = 'forwardRef' in entry ? (entry.forwardRef() as ModuleImport) : entry;
    if (!resolved || resolved instanceof Promise || seen.has(resolved)) return;
    seen.add(resolved);
    if (isDynamicModule(resolved)) {
      if (resolved.module === BullModule) {
        for (const name of queueNamesOf(resolved.exports ?? [])) names.add(name);
      }
      visit(resolved.module);
      for (const imported of resolved.imports ?? []) visit(imported);
      return;
    }
    const imports = (Reflect.getMetadata(MODULE_METADATA.IMPORTS, resolved) as ModuleImport[] | undefined) ?? [];
    for (const imported of imports) visit(imported);
  };
  visit(root);
  return [...names].sort();
}

function isDynamicModule(entry: object): entry is DynamicModule {
  return 'module' in entry;
}

/** The queue a provider `BullModule` exports is the queue of its token (`getQueueToken(name)`). */
function queueNamesOf(exported: NonNullable<DynamicModule['exports']>): string[] {
  const names: string[] = [];
  for (const entry of exported) {
    const token =
      typeof entry === 'object' && entry !== null && 'provide' in entry
        ? (entry as Provider & { provide: unknown }).provide
        : entry;
    if (typeof token !== 'string' || !token.startsWith(TOKEN_PREFIX)) continue;
    const name = token.slice(TOKEN_PREFIX.length);
    if (getQueueToken(name) === token) names.push(name);
  }
  return names;
}
