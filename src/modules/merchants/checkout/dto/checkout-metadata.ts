import { applyDecorators } from '@nestjs/common';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { ValidateBy } from 'class-validator';
import { Omittable } from '../../../../platform/http/omittable.decorator';

export const MAX_METADATA_KEYS = 20;
export const MAX_METADATA_KEY_LENGTH = 40;
export const MAX_METADATA_VALUE_LENGTH = 500;
const KEY = /^[A-Za-z0-9_.-]+$/;

/** Why `value` is not acceptable metadata, or null when it is. */
export function metadataProblem(value: unknown): string | null {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return 'must be an object of strings';
  const entries = Object.entries(value as Record<string, unknown>);
  if (entries.length > MAX_METADATA_KEYS) return `must have at most ${MAX_METADATA_KEYS} keys`;
  for (const [key, item] of entries) {
    if (key.length === 0 || key.length > MAX_METADATA_KEY_LENGTH || !KEY.test(key)) {
      return `keys must be 1 to ${MAX_METADATA_KEY_LENGTH} letters, digits, '_', '.' or '-'`;
    }
    if (typeof item !== 'string') return `${key} must be a string`;
    if (item.length > MAX_METADATA_VALUE_LENGTH)
      return `${key} must be at most ${MAX_METADATA_VALUE_LENGTH} characters`;
  }
  return null;
}

/** Optional `metadata`: at most 20 keys, string values; kept and shown back, never interpreted. */
export function MetadataField() {
  return applyDecorators(
    ApiPropertyOptional({
      type: 'object',
      additionalProperties: { type: 'string', maxLength: MAX_METADATA_VALUE_LENGTH },
      maxProperties: MAX_METADATA_KEYS,
      description: `At most ${MAX_METADATA_KEYS} keys (1-${MAX_METADATA_KEY_LENGTH} letters, digits, \`_\`, \`.\`, \`-\`), string values of at most ${MAX_METADATA_VALUE_LENGTH} characters.`,
      example: { orderId: 'ord_1042' },
    }),
    Omittable(),
    ValidateBy({
      name: 'isCheckoutMetadata',
      validator: {
        validate: (value: unknown) => metadataProblem(value) === null,
        defaultMessage: (args) => `metadata ${metadataProblem(args?.value) ?? 'is invalid'}`,
      },
    }),
  );
}
