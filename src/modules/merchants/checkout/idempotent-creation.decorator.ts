import { applyDecorators, Type } from '@nestjs/common';
import { ApiCreatedResponse, ApiHeader } from '@nestjs/swagger';

/** Set on an answer replayed from an earlier request with the same Idempotency-Key. */
export const IDEMPOTENT_REPLAYED_HEADER = 'Idempotent-Replayed';

/**
 * The OpenAPI description of a merchant-API creation that requires an Idempotency-Key: the
 * required header (1 to 255 characters) and the 201 answer of `type`, with the
 * `Idempotent-Replayed: true` header the handler sets on a replay. `keyDescription` says what
 * one key stands for and what a retry answers; `replayed` names what was made ("the session
 * was opened", "the refund was made").
 */
export function IdempotentCreation(options: {
  type: Type<unknown>;
  keyDescription: string;
  keyExample: string;
  replayed: string;
}): MethodDecorator {
  return applyDecorators(
    ApiHeader({
      name: 'Idempotency-Key',
      required: true,
      description: options.keyDescription,
      schema: { type: 'string', minLength: 1, maxLength: 255, example: options.keyExample },
    }),
    ApiCreatedResponse({
      type: options.type,
      headers: {
        [IDEMPOTENT_REPLAYED_HEADER]: {
          description: `\`true\` when ${options.replayed} by an earlier request with the same Idempotency-Key.`,
          schema: { type: 'string', enum: ['true'] },
        },
      },
    }),
  );
}
