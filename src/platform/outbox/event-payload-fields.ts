import { applyDecorators } from '@nestjs/common';
import { Type } from 'class-transformer';
import {
  IsBoolean,
  IsDate,
  IsIn,
  IsISO8601,
  IsOptional,
  IsString,
  Matches,
  MaxLength,
  ValidateBy,
  ValidateIf,
} from 'class-validator';

/**
 * The field rules of outbox event payload classes (`<context>.events.ts`): what a consumer's
 * `OutboxEventReader` checks a payload against before any handler sees it. A payload arrives
 * as JSON from another process: its producer's type says more than it proves.
 */

/** Pattern of the ids events carry. */
export const EVENT_ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const CURRENCY_CODE = /^[A-Z]{3}$/;
const CALENDAR_DATE = /^\d{4}-\d{2}-\d{2}$/;
const NOT_BLANK = /\S/;

/** A string with something besides spaces in it, matching `pattern` and at most `max` characters when given. */
export function EventText(rule: { pattern?: RegExp; max?: number } = {}): PropertyDecorator {
  return applyDecorators(
    IsString(),
    Matches(NOT_BLANK),
    ...(rule.max === undefined ? [] : [MaxLength(rule.max)]),
    ...(rule.pattern === undefined ? [] : [Matches(rule.pattern)]),
  );
}

/** An id (UUID). */
export function EventId(): PropertyDecorator {
  return EventText({ pattern: EVENT_ID_PATTERN });
}

/** Absent, null, or a string. */
export function OptionalEventText(): PropertyDecorator {
  return applyDecorators(IsOptional(), IsString());
}

/** Absent, null, or an id (UUID). */
export function OptionalEventId(): PropertyDecorator {
  return applyDecorators(IsOptional(), Matches(EVENT_ID_PATTERN));
}

/** An ISO 4217 code. */
export function EventCurrency(): PropertyDecorator {
  return Matches(CURRENCY_CODE);
}

/** A whole, non-negative number of minor units. */
export function EventMinorUnits(): PropertyDecorator {
  return ValidateBy({
    name: 'isMinorUnits',
    validator: {
      validate: (value: unknown) => typeof value === 'number' && Number.isSafeInteger(value) && value >= 0,
      defaultMessage: () => '$property must be a whole, non-negative number of minor units',
    },
  });
}

/** A real calendar date written `YYYY-MM-DD`. */
export function EventCalendarDate(): PropertyDecorator {
  return applyDecorators(Matches(CALENDAR_DATE), IsISO8601({ strict: true }));
}

/** An instant: written as a `Date`, it travels as ISO 8601 text and is read back as a `Date`. */
export function EventInstant(): PropertyDecorator {
  return applyDecorators(
    Type(() => Date),
    IsDate(),
  );
}

/** One of `values`. */
export function EventOneOf(values: readonly string[]): PropertyDecorator {
  return IsIn([...values]);
}

/** Absent, null, or one of `values`. */
export function OptionalEventOneOf(values: readonly string[]): PropertyDecorator {
  return applyDecorators(IsOptional(), IsIn([...values]));
}

export function EventFlag(): PropertyDecorator {
  return IsBoolean();
}

/** Absent (not null), or a boolean. */
export function OptionalEventFlag(): PropertyDecorator {
  return applyDecorators(
    ValidateIf((_payload: object, value: unknown) => value !== undefined),
    IsBoolean(),
  );
}
