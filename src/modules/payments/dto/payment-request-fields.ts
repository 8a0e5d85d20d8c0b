import { applyDecorators } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import { IsInt, IsString, Matches, Max, Min } from 'class-validator';
import { Omittable } from '../../../platform/http/omittable.decorator';

/**
 * The request fields that say how a payment is paid and how much, validated and documented the
 * same way wherever a request carries them (one-time payments, bill payments, schedules). The
 * constraints are repeated in `@ApiProperty` because the swagger plugin cannot see
 * class-validator decorators through a composition.
 */

const RAIL_CODE = /^[A-Z][A-Z0-9_]{1,31}$/;
const FUNDING_ACCOUNT = /^\+?[0-9A-Za-z-]{4,34}$/;

/** The rail code the customer pays by (`rail`). */
export function RailField({ description }: { description: string }) {
  return applyDecorators(
    ApiProperty({ description, pattern: RAIL_CODE.source, example: 'CARD' }),
    Matches(RAIL_CODE, { message: 'rail must be a rail code such as CARD' }),
  );
}

/** The card, bank account, mobile money number or wallet id the funds come from (`fundingAccount`). */
export function FundingAccountField({ description }: { description: string }) {
  return applyDecorators(
    ApiProperty({ description, pattern: FUNDING_ACCOUNT.source, example: '4242424242424242' }),
    IsString(),
    Matches(FUNDING_ACCOUNT, { message: 'fundingAccount must be 4-34 letters, digits or dashes' }),
  );
}

/** A positive amount in the currency's minor unit (kobo for NGN), a safe integer. */
export function MinorUnitsAmountField({
  example,
  description,
  optional = false,
}: {
  example: number;
  description?: string;
  optional?: boolean;
}) {
  return applyDecorators(
    ApiProperty({
      type: 'integer',
      ...(optional ? { required: false } : {}),
      ...(description === undefined ? {} : { description }),
      minimum: 1,
      maximum: Number.MAX_SAFE_INTEGER,
      example,
    }),
    ...(optional ? [Omittable()] : []),
    IsInt(),
    Min(1),
    Max(Number.MAX_SAFE_INTEGER),
  );
}
