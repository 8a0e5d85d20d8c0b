import { applyDecorators } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { ValidateBy } from 'class-validator';
import { parsePhoneNumberFromString } from 'libphonenumber-js/max';

const E164 = /^\+[1-9]\d{6,14}$/;

/**
 * The E.164 form of an international phone number (`+234 803 123 4567` -> `+2348031234567`),
 * or null when it is not a valid number. National forms without `+` are refused: the service
 * serves several countries and will not guess one.
 */
export function normalizePhoneNumber(input: unknown): string | null {
  if (typeof input !== 'string' || input.length > 32) return null;
  const trimmed = input.trim();
  if (!trimmed.startsWith('+')) return null;
  const parsed = parsePhoneNumberFromString(trimmed);
  if (!parsed || !parsed.isValid()) return null;
  return E164.test(parsed.number) ? parsed.number : null;
}

/**
 * A request field holding a phone number: normalised to E.164 before validation, and refused
 * (400, naming the field) unless it is a valid international number.
 */
export function IsPhoneNumberE164() {
  return applyDecorators(
    Transform(({ value }: { value: unknown }) => normalizePhoneNumber(value) ?? value),
    ValidateBy({
      name: 'isPhoneNumberE164',
      validator: {
        validate: (value: unknown) => typeof value === 'string' && normalizePhoneNumber(value) === value,
        defaultMessage: (args) =>
          `${args?.property ?? 'phone'} must be a valid international phone number in E.164 form, e.g. +2348031234567`,
      },
    }),
    ApiProperty({
      example: '+2348031234567',
      pattern: E164.source,
      description: 'Phone number in E.164 form (spaces and hyphens are accepted and removed).',
    }),
  );
}
