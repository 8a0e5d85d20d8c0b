import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import { ApiHeader } from '@nestjs/swagger';
import type { Request } from 'express';
import { ApiException } from '../../../platform/http/api-error';

export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
const PRINTABLE_KEY = /^[\x20-\x7E]{1,255}$/;

/**
 * The request's Idempotency-Key: undefined when absent (POST /payments then answers 409
 * IDEMPOTENCY_KEY_REQUIRED; where the key is optional the service picks its own scope), 400
 * when present but not 1-255 printable ASCII characters.
 */
export const IdempotencyKey = createParamDecorator((_data: unknown, context: ExecutionContext): string | undefined => {
  const value = context.switchToHttp().getRequest<Request>().headers['idempotency-key'];
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || !PRINTABLE_KEY.test(value) || value.trim().length === 0) {
    throw new ApiException('VALIDATION_FAILED', 'Request validation failed', [
      { field: IDEMPOTENCY_KEY_HEADER, message: 'must be 1-255 printable ASCII characters' },
    ]);
  }
  return value;
});

/**
 * Documents the header on a money-moving write: required by default (POST /payments);
 * `optional` with the route's own description and example where the route has a natural scope
 * without it (paying a bill).
 */
export const ApiIdempotencyKeyHeader = (
  options: { optional: true; description: string; example: string } | { optional?: false } = {},
) =>
  ApiHeader({
    name: IDEMPOTENCY_KEY_HEADER,
    required: !options.optional,
    description: options.optional
      ? options.description
      : 'Unique per logical payment, scoped to you: a retry with the same key and body answers 409 DUPLICATE_PAYMENT naming the original payment; the same key with another body answers 409 IDEMPOTENCY_KEY_REUSED.',
    schema: {
      type: 'string',
      minLength: 1,
      maxLength: 255,
      example: options.optional ? options.example : 'pay-2026-11-23-0001',
    },
  });
