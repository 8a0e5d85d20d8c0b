import { applyDecorators } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import { IsInt, IsString, Matches, Max, Min, ValidateBy, type ValidationArguments } from 'class-validator';
import { Omittable } from '../../../../platform/http/omittable.decorator';

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

const FUNDING_ACCOUNT_RULES =
  'By rail: `CARD` a card number (12-19 digits, a valid Luhn check digit, not all zeros); ' +
  '`BANK_TRANSFER` a 10-digit bank account number (NUBAN), not all zeros; `MOBILE_MONEY` a phone ' +
  'number of 10-15 digits, with an optional leading `+`; other rails 4-34 letters, digits or dashes.';

/**
 * The card, bank account, mobile money number or wallet id the funds come from
 * (`fundingAccount`), checked against the request's `rail` (`fundingAccountProblem`).
 */
export function FundingAccountField({ description }: { description: string }) {
  return applyDecorators(
    ApiProperty({
      description: `${description}\n\n${FUNDING_ACCOUNT_RULES}`,
      pattern: FUNDING_ACCOUNT.source,
      example: '4242424242424242',
    }),
    IsString(),
    Matches(FUNDING_ACCOUNT, { message: 'fundingAccount must be 4-34 letters, digits or dashes' }),
    ValidateBy({
      name: 'fundingAccountFitsRail',
      validator: {
        validate: (value: unknown, args?: ValidationArguments) =>
          typeof value !== 'string' || fundingAccountProblem(railOf(args), value) === null,
        defaultMessage: (args?: ValidationArguments) =>
          fundingAccountProblem(railOf(args), String(args?.value)) ?? 'fundingAccount does not fit the rail',
      },
    }),
  );
}

function railOf(args: ValidationArguments | undefined): unknown {
  return (args?.object as { rail?: unknown } | undefined)?.rail;
}

/**
 * Why a funding account cannot be paid from by `rail`, or null. The standard rails have a
 * shape a typo or a placeholder (`"null"`, `"4242"`, zeros) cannot pass, so such a value is
 * refused with 400 before a rail is asked; an admin-defined rail keeps the generic shape. A
 * bank account is checked for its length only: its NUBAN check digit depends on a bank code
 * the request does not carry.
 */
export function fundingAccountProblem(rail: unknown, fundingAccount: string): string | null {
  switch (rail) {
    case 'CARD':
      if (!/^[0-9]{12,19}$/.test(fundingAccount)) return 'fundingAccount must be a card number of 12-19 digits';
      if (/^0+$/.test(fundingAccount)) return 'fundingAccount must not be all zeros';
      if (!passesLuhn(fundingAccount)) return 'fundingAccount is not a valid card number (check digit)';
      return null;
    case 'BANK_TRANSFER':
      if (!/^[0-9]{10}$/.test(fundingAccount)) {
        return 'fundingAccount must be a 10-digit bank account number (NUBAN)';
      }
      return /^0+$/.test(fundingAccount) ? 'fundingAccount must not be all zeros' : null;
    case 'MOBILE_MONEY':
      if (!/^\+?[0-9]{10,15}$/.test(fundingAccount)) {
        return 'fundingAccount must be a mobile number of 10-15 digits, with an optional leading +';
      }
      return /^\+?0+$/.test(fundingAccount) ? 'fundingAccount must not be all zeros' : null;
    default:
      return null;
  }
}

/** The Luhn (mod 10) check every card number carries in its last digit. */
function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
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
