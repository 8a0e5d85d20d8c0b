import { Param, PipeTransform } from '@nestjs/common';
import { ApiParam } from '@nestjs/swagger';
import { ReceiptError } from './receipt.errors';

const NAME = 'token';
const MAX_LENGTH = 128;
const PATTERN = /^[A-Za-z0-9_-]+$/;

/**
 * Refuses a segment that cannot be a receipt token (not base64url, or longer than any token)
 * with a 400 before any work; a well-formed token that does not verify is the service's 404.
 */
class ReceiptTokenPipe implements PipeTransform<string, string> {
  transform(value: string): string {
    if (typeof value === 'string' && value.length <= MAX_LENGTH && PATTERN.test(value)) return value;
    throw ReceiptError.invalidToken(`path.${NAME}`);
  }
}

/** The `{token}` path parameter of a receipt link. */
export function ReceiptTokenParam(): ParameterDecorator {
  return (target, propertyKey, index) => {
    Param(NAME, new ReceiptTokenPipe())(target, propertyKey, index);
    if (propertyKey !== undefined) {
      const descriptor = Object.getOwnPropertyDescriptor(target, propertyKey);
      if (descriptor) {
        ApiParam({
          name: NAME,
          description: 'The token of a receipt link, as issued by `POST /payments/{id}/receipt`.',
          schema: {
            type: 'string',
            pattern: PATTERN.source,
            minLength: 1,
            maxLength: MAX_LENGTH,
            example: 'AQGT9cJ9HnxKmy9ebXyLmgEAAGki2gAryo8pWFUitKs7tCih9IxMsNrMbkw0FDVEECcN5iWKyg',
          },
        })(target, propertyKey, descriptor);
      }
    }
  };
}
