import { applyDecorators } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import { IsString, IsUUID, Matches, MaxLength, MinLength } from 'class-validator';
import { Omittable } from '../../../../platform/http/omittable.decorator';

export const MAX_ACCOUNT_REFERENCE_LENGTH = 64;
/** Printable characters only; the biller's own pattern then decides. */
export const ACCOUNT_REFERENCE_CHARACTERS = /^[\p{L}\p{N}\p{P}\p{S} ]+$/u;

/**
 * The request fields that name a biller and an account with it, validated and documented the
 * same way wherever a request carries them. The constraints are repeated in `@ApiProperty`
 * because the swagger plugin cannot see class-validator decorators through a composition.
 */
type FieldOptions = { description?: string | null; optional?: boolean };

const BILLER_ID_OR_SLUG = /^[A-Za-z0-9-]+$/;

/** A biller's id or slug (`biller`). */
export function BillerIdOrSlugField({ description = "The biller's id or slug." }: Omit<FieldOptions, 'optional'> = {}) {
  return applyDecorators(
    ApiProperty({
      ...(description === null ? {} : { description }),
      minLength: 1,
      maxLength: 80,
      pattern: BILLER_ID_OR_SLUG.source,
      example: 'ikeja-electric',
    }),
    IsString(),
    MinLength(1),
    MaxLength(80),
    Matches(BILLER_ID_OR_SLUG, { message: 'biller must be a biller id or slug' }),
  );
}

/**
 * The customer's account reference with a biller (`accountReference`): printable characters;
 * the biller's own pattern is checked by the service. `description: null` leaves it undescribed.
 */
export function AccountReferenceField({
  description = "Must have the biller's format (its `accountReferencePattern`).",
  optional = false,
}: FieldOptions = {}) {
  return applyDecorators(
    ApiProperty({
      ...(optional ? { required: false } : {}),
      ...(description === null ? {} : { description }),
      minLength: 1,
      maxLength: MAX_ACCOUNT_REFERENCE_LENGTH,
      example: '45010001234',
    }),
    ...(optional ? [Omittable()] : []),
    IsString(),
    MinLength(1),
    MaxLength(MAX_ACCOUNT_REFERENCE_LENGTH),
    Matches(ACCOUNT_REFERENCE_CHARACTERS, { message: 'accountReference must contain printable characters only' }),
  );
}

/** One of the customer's saved accounts (`savedAccountId`), optional: the alternative to `accountReference`. */
export function SavedAccountIdField() {
  return applyDecorators(
    ApiProperty({
      required: false,
      description: 'One of your saved accounts, instead of `accountReference`.',
      format: 'uuid',
      example: '0193f5c2-7d1e-7c4a-9b2f-5e6d7c8b9a04',
    }),
    Omittable(),
    IsUUID(),
  );
}
