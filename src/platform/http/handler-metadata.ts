import type { ExecutionContext, Type } from '@nestjs/common';
import type { Reflector } from '@nestjs/core';

type Handler = (...args: never[]) => unknown;

/**
 * One metadata key of a route, as `Reflector.getAllAndOverride` reads it (the handler's value,
 * else the controller's), looked up once per handler and controller rather than on every
 * request: decorators set route metadata when the classes are defined, and it never changes
 * afterwards. Keyed by the class too, since a handler inherited by two controllers can have
 * two answers. Weak maps, so a test module's classes are not kept.
 */
export class HandlerMetadata<T> {
  private readonly byHandler = new WeakMap<Handler, WeakMap<Type, { value: T | undefined }>>();

  constructor(
    private readonly reflector: Reflector,
    private readonly key: string,
  ) {}

  of(context: ExecutionContext): T | undefined {
    const handler = context.getHandler() as Handler;
    const controller = context.getClass();
    let byClass = this.byHandler.get(handler);
    if (byClass === undefined) {
      byClass = new WeakMap();
      this.byHandler.set(handler, byClass);
    }
    let entry = byClass.get(controller);
    if (entry === undefined) {
      entry = { value: this.reflector.getAllAndOverride<T | undefined>(this.key, [handler, controller]) };
      byClass.set(controller, entry);
    }
    return entry.value;
  }
}
