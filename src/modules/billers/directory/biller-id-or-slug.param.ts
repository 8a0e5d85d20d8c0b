import { Param, PipeTransform } from '@nestjs/common';
import { ApiParam } from '@nestjs/swagger';
import { isUUID } from 'class-validator';
import { BillerError } from '../billers.errors';
import { BILLER_SLUG_PATTERN } from '../catalogue/dto/slug';

const NAME = 'billerIdOrSlug';

/** Refuses a segment that is neither a UUID nor a biller slug with a 400, before any query. */
class BillerIdOrSlugPipe implements PipeTransform<string, string> {
  transform(value: string): string {
    if (typeof value === 'string' && value.length <= 80) {
      if (isUUID(value)) return value.toLowerCase();
      if (BILLER_SLUG_PATTERN.test(value)) return value;
    }
    throw BillerError.invalid(`path.${NAME}`, 'must be a biller id (UUID) or slug');
  }
}

/** The `{billerIdOrSlug}` path parameter: a biller's UUID or its slug. */
export function BillerIdOrSlugParam(): ParameterDecorator {
  return (target, propertyKey, index) => {
    Param(NAME, new BillerIdOrSlugPipe())(target, propertyKey, index);
    if (propertyKey !== undefined) {
      const descriptor = Object.getOwnPropertyDescriptor(target, propertyKey);
      if (descriptor) {
        ApiParam({
          name: NAME,
          description: "The biller's id (UUID) or slug.",
          schema: { type: 'string', maxLength: 80, example: 'ikeja-electric' },
        })(target, propertyKey, descriptor);
      }
    }
  };
}
