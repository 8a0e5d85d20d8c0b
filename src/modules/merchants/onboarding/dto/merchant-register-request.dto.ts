import { ApiProperty, ApiPropertyOptional, ApiSchema } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsEmail, IsIn, IsString, IsUrl, Matches, MaxLength, MinLength, ValidateIf } from 'class-validator';
import { IsPhoneNumberE164 } from '../../../identity';
import { BUSINESS_TYPES, type BusinessType } from '../merchant.entity';

/** Upper case, spaces removed: `rc 123 456` and `RC123456` are the same registration number. */
export function normalizeRegistrationNumber(value: unknown): unknown {
  return typeof value === 'string' ? value.replace(/\s+/g, '').toUpperCase() : value;
}

const trimmed = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

/** A business applying to take payments. KYB starts PENDING with every document due. */
@ApiSchema({ name: 'MerchantRegisterRequest' })
export class MerchantRegisterRequestDto {
  /** The trading name customers see. */
  @ApiProperty({ minLength: 2, maxLength: 120, example: 'Acme Foods Ltd' })
  @Transform(trimmed)
  @IsString()
  @MinLength(2)
  @MaxLength(120)
  name: string;

  /** The company registration number (CAC RC/BN number in Nigeria); compared without spaces, upper case. */
  @ApiProperty({ pattern: '^[A-Z0-9][A-Z0-9-]{2,39}$', example: 'RC1234567' })
  @Transform(({ value }: { value: unknown }) => normalizeRegistrationNumber(value))
  @IsString()
  @Matches(/^[A-Z0-9][A-Z0-9-]{2,39}$/, {
    message: 'registrationNumber must be 3-40 letters, digits or hyphens',
  })
  registrationNumber: string;

  /** Where the owner's invitation and the onboarding link are sent. */
  @ApiProperty({ maxLength: 254, example: 'owner@acme.example' })
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim().toLowerCase() : value))
  @IsEmail({}, { message: 'contactEmail must be an e-mail address' })
  @MaxLength(254)
  contactEmail: string;

  @ApiPropertyOptional({ example: '+2348031234567' })
  @ValidateIf((_object, value) => value !== undefined)
  @IsPhoneNumberE164()
  contactPhone?: string;

  /** ISO 3166-1 alpha-2. */
  @ApiProperty({ pattern: '^[A-Z]{2}$', example: 'NG' })
  @IsString()
  @Matches(/^[A-Z]{2}$/, { message: 'country must be an ISO 3166-1 alpha-2 code such as NG' })
  country: string;

  @ApiProperty({ enum: BUSINESS_TYPES, enumName: 'MerchantBusinessType', example: 'LIMITED_COMPANY' })
  @IsIn(BUSINESS_TYPES)
  businessType: BusinessType;

  @ApiPropertyOptional({ maxLength: 200, example: 'https://acme.example' })
  @ValidateIf((_object, value) => value !== undefined)
  @IsUrl({ protocols: ['https'], require_protocol: true }, { message: 'website must be an https URL' })
  @MaxLength(200)
  website?: string;
}
