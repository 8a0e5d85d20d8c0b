import { ApiProperty, ApiPropertyOptional, ApiSchema } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import {
  IsIn,
  IsISO31661Alpha2,
  IsObject,
  IsString,
  Matches,
  MaxLength,
  MinLength,
  ValidateNested,
} from 'class-validator';
import { Omittable } from '../../../platform/http/omittable.decorator';
import { NATIONAL_ID_TYPES, NationalIdType } from '../kyc-submission.entity';

const upperCase = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.toUpperCase() : value);

@ApiSchema({ name: 'KycAddress' })
export class KycAddressDto {
  @IsString()
  @MinLength(1)
  @MaxLength(200)
  @ApiProperty({ example: '12 Admiralty Way' })
  line1: string;

  @Omittable()
  @IsString()
  @MaxLength(200)
  @ApiPropertyOptional({ example: 'Lekki Phase 1' })
  line2?: string;

  @IsString()
  @MinLength(1)
  @MaxLength(100)
  @ApiProperty({ example: 'Lagos' })
  city: string;

  /** State, province or region. */
  @IsString()
  @MinLength(1)
  @MaxLength(100)
  @ApiProperty({ example: 'Lagos' })
  state: string;

  @Omittable()
  @IsString()
  @Matches(/^[A-Za-z0-9 -]{2,20}$/, { message: 'postalCode must be 2-20 letters, digits, spaces or hyphens' })
  @ApiPropertyOptional({ example: '106104' })
  postalCode?: string;

  /** ISO 3166-1 alpha-2. */
  @Transform(upperCase)
  @IsISO31661Alpha2()
  @ApiProperty({ example: 'NG' })
  country: string;
}

@ApiSchema({ name: 'KycTier1Request' })
export class KycTier1RequestDto {
  /** Full name as on the identity document. */
  @IsString()
  @MinLength(2)
  @MaxLength(200)
  @Matches(/^\p{L}[\p{L}\p{M}' .-]*$/u, {
    message: 'legalName must be letters, spaces, apostrophes, hyphens and full stops',
  })
  @ApiProperty({ example: 'Adaeze Okafor' })
  legalName: string;

  /** `YYYY-MM-DD`; the customer must be 18 or older. */
  @IsString()
  @Matches(/^\d{4}-\d{2}-\d{2}$/, { message: 'dateOfBirth must be a date in the form YYYY-MM-DD' })
  @ApiProperty({ example: '1994-03-17', format: 'date' })
  dateOfBirth: string;

  @IsIn(NATIONAL_ID_TYPES)
  @ApiProperty({ enum: NATIONAL_ID_TYPES, enumName: 'NationalIdType', example: 'NIN' })
  nationalIdType: NationalIdType;

  /** NIN and BVN are 11 digits; other documents 5-32 letters, digits or hyphens. */
  @Transform(upperCase)
  @IsString()
  @Matches(/^[A-Z0-9-]{5,32}$/, { message: 'nationalIdNumber must be 5-32 letters, digits or hyphens' })
  @ApiProperty({ example: '12345678901' })
  nationalIdNumber: string;

  @IsObject()
  @ValidateNested()
  @Type(() => KycAddressDto)
  @ApiProperty({ type: KycAddressDto })
  address: KycAddressDto;
}
