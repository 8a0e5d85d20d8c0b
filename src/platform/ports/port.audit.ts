import { Injectable, OnModuleInit } from '@nestjs/common';
import { PARAMTYPES_METADATA, PROPERTY_DEPS_METADATA, SELF_DECLARED_DEPS_METADATA } from '@nestjs/common/constants';
import { ModulesContainer } from '@nestjs/core';
import type { InstanceWrapper } from '@nestjs/core/injector/instance-wrapper';
import { portDeclaration } from './port';

/** A port's token: the abstract class consumers inject. */
type PortClass = abstract new (...parameters: never[]) => unknown;

/**
 * Refuses to start an application in which a class depends on a port (`@Port`) that no module
 * bound to an implementation: the API, the worker and every composition a test or a CLI
 * command builds. A consumer whose module cannot see any binding already stops Nest's own
 * resolution (the message names the port); this audit catches what resolution lets through,
 * a binding to nothing (`useValue(null)`, an `@Optional()` injection), and names every missing
 * port at once with the module that implements it. Runs first among the modules' init hooks
 * (its module is global), before any queue processor or timer starts.
 */
@Injectable()
export class PortAudit implements OnModuleInit {
  constructor(private readonly modules: ModulesContainer) {}

  onModuleInit(): void {
    const consumers = new Map<PortClass, Set<string>>();
    const bound = new Set<unknown>();
    for (const module of this.modules.values()) {
      const wrappers = [...module.providers.values(), ...module.controllers.values(), ...module.injectables.values()];
      for (const wrapper of wrappers) {
        if (portDeclaration(wrapper.token) && wrapper.instance != null) bound.add(wrapper.token);
        for (const dependency of dependenciesOf(wrapper)) {
          if (!portDeclaration(dependency)) continue;
          const port = dependency as PortClass;
          const names = consumers.get(port) ?? new Set<string>();
          names.add(String(wrapper.name));
          consumers.set(port, names);
        }
      }
    }
    const missing = [...consumers]
      .filter(([port]) => !bound.has(port))
      .map(([port, names]) => {
        const { implementedBy } = portDeclaration(port)!;
        return `${port.name} (needed by ${[...names].sort().join(', ')}; implemented by ${implementedBy})`;
      });
    if (missing.length > 0) {
      throw new Error(
        `Ports with no implementation bound (import the module that implements each): ${missing.join(', ')}`,
      );
    }
  }
}

/** What Nest injects into the wrapper's instance: a factory's `inject`, else the class's constructor and properties. */
function dependenciesOf(wrapper: InstanceWrapper): unknown[] {
  if (wrapper.inject) {
    return wrapper.inject.map((dependency) =>
      typeof dependency === 'object' && dependency !== null && 'token' in dependency ? dependency.token : dependency,
    );
  }
  const type = wrapper.metatype;
  if (typeof type !== 'function') return [];
  const parameters = [...((Reflect.getMetadata(PARAMTYPES_METADATA, type) as unknown[] | undefined) ?? [])];
  const declared = (Reflect.getMetadata(SELF_DECLARED_DEPS_METADATA, type) ?? []) as {
    index: number;
    param: unknown;
  }[];
  for (const { index, param } of declared) parameters[index] = param;
  const properties = (Reflect.getMetadata(PROPERTY_DEPS_METADATA, type) ?? []) as { type: unknown }[];
  return [...parameters, ...properties.map((property) => property.type)];
}
