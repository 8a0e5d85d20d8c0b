import { ArgumentMetadata, Injectable, Param, PipeTransform } from '@nestjs/common';
import { ApiParam } from '@nestjs/swagger';
import { isUUID } from 'class-validator';
import { ApiException } from './api-error';

@Injectable()
export class ParseUuidPipe implements PipeTransform<string, string> {
  transform(value: string, metadata: ArgumentMetadata): string {
    if (typeof value !== 'string' || !isUUID(value)) {
      const field = `path.${metadata.data ?? 'id'}`;
      throw new ApiException('VALIDATION_FAILED', 'Request validation failed', [{ field, message: 'must be a UUID' }]);
    }
    return value.toLowerCase();
  }
}

/** A UUID path parameter: validated (400 `VALIDATION_FAILED` otherwise) and documented as `format: uuid`. */
export function UuidParam(name: string): ParameterDecorator {
  return (target, propertyKey, index) => {
    Param(name, ParseUuidPipe)(target, propertyKey, index);
    if (propertyKey !== undefined) {
      const descriptor = Object.getOwnPropertyDescriptor(target, propertyKey);
      if (descriptor) ApiParam({ name, type: 'string', format: 'uuid' })(target, propertyKey, descriptor);
    }
  };
}
