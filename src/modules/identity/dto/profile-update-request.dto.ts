import { ApiPropertyOptional, ApiSchema } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsEmail, IsIn, IsString, MaxLength, MinLength, ValidateIf } from 'class-validator';
import { Omittable } from '../../../platform/http/omittable.decorator';
import { Language, LANGUAGES } from '../user.entity';

/** Fields left out stay as they are; `null` clears `displayName` or `email`. */
@ApiSchema({ name: 'ProfileUpdateRequest' })
export class ProfileUpdateRequestDto {
  @Omittable({ nullable: true })
  @IsString()
  @MinLength(1)
  @MaxLength(60)
  @ApiPropertyOptional({ type: String, nullable: true, example: 'Ada' })
  displayName?: string | null;

  /** A changed address is marked unverified until confirmed. */
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.toLowerCase() : value))
  @Omittable({ nullable: true })
  @IsEmail({}, { message: 'email must be an e-mail address' })
  @MaxLength(254)
  @ApiPropertyOptional({ type: String, nullable: true, example: 'ada@example.com' })
  email?: string | null;

  @ValidateIf((_object, value) => value !== undefined)
  @IsIn(LANGUAGES)
  @ApiPropertyOptional({ enum: LANGUAGES, example: 'en' })
  language?: Language;
}
