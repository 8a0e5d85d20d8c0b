import { applyDecorators } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean } from 'class-validator';
import { Omittable } from './omittable.decorator';

/** Only the two spellings the document admits; anything else stays a string and fails `IsBoolean`. */
const parseBoolean = ({ value }: { value: unknown }): unknown =>
  value === 'true' ? true : value === 'false' ? false : value;

/**
 * An optional boolean query parameter, documented as `type: boolean`. A query value arrives as
 * a string and implicit conversion is off (it would read `false` as true), so exactly `true`
 * and `false` are turned into booleans; `1`, `yes`, `TRUE`, an empty value or a repeated
 * parameter stay as they came and answer 400 `VALIDATION_FAILED`.
 */
export function BooleanQuery(): PropertyDecorator {
  return applyDecorators(
    ApiProperty({ required: false, type: 'boolean' }),
    Omittable(),
    Transform(parseBoolean),
    IsBoolean({ message: '$property must be true or false' }),
  );
}
