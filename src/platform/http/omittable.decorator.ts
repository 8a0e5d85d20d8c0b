import { IsOptional, ValidateIf } from 'class-validator';

/**
 * A request field the client may leave out. Unlike class-validator's `@IsOptional()`, an
 * explicit `null` is still validated (and so refused) unless the field is documented
 * `nullable`, where `null` means "clear it".
 */
export function Omittable(options: { nullable?: boolean } = {}): PropertyDecorator {
  return options.nullable ? IsOptional() : ValidateIf((_object: object, value: unknown) => value !== undefined);
}
