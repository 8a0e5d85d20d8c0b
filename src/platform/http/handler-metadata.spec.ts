import { ExecutionContext, SetMetadata, Type } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { ExecutionContextHost } from '@nestjs/core/helpers/execution-context-host';
import { HandlerMetadata } from './handler-metadata';

const KEY = 'spec-handler-metadata';

@SetMetadata(KEY, 'base-class')
class BaseController {
  inherited(): void {}

  @SetMetadata(KEY, 'own-handler')
  own(): void {}
}

@SetMetadata(KEY, 'child-class')
class ChildController extends BaseController {}

function contextOf(controller: Type, handler: (...args: never[]) => unknown): ExecutionContext {
  return new ExecutionContextHost([], controller, handler);
}

describe('HandlerMetadata', () => {
  it('answers what Reflector.getAllAndOverride answers: the handler first, then its controller', () => {
    const metadata = new HandlerMetadata<string>(new Reflector(), KEY);

    expect(metadata.of(contextOf(BaseController, BaseController.prototype.own))).toBe('own-handler');
    expect(metadata.of(contextOf(BaseController, BaseController.prototype.inherited))).toBe('base-class');
    expect(metadata.of(contextOf(ChildController, ChildController.prototype.inherited))).toBe('child-class');
    expect(
      new HandlerMetadata<string>(new Reflector(), 'absent-key').of(
        contextOf(BaseController, BaseController.prototype.own),
      ),
    ).toBeUndefined();
  });

  it('reads a handler and controller once, however many requests ask', () => {
    const reflector = new Reflector();
    const lookups = jest.spyOn(reflector, 'getAllAndOverride');
    const metadata = new HandlerMetadata<string>(reflector, KEY);

    for (let request = 0; request < 3; request += 1) {
      expect(metadata.of(contextOf(BaseController, BaseController.prototype.inherited))).toBe('base-class');
      expect(metadata.of(contextOf(ChildController, ChildController.prototype.inherited))).toBe('child-class');
      expect(
        new HandlerMetadata<string>(reflector, KEY).of(contextOf(BaseController, BaseController.prototype.own)),
      ).toBe('own-handler');
    }

    // The same handler under two controllers is two lookups; the third instance is new each time.
    expect(lookups).toHaveBeenCalledTimes(2 + 3);
  });
});
