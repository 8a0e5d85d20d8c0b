import { ApiProperty, ApiPropertyOptional, ApiSchema } from '@nestjs/swagger';
import { ArrayMaxSize, ArrayUnique, IsArray, IsIn, IsString, Matches, MaxLength, ValidateIf } from 'class-validator';
import { KYB_DOCUMENT_TYPES, KYB_STATUSES, type KybDocumentType, type KybStatus } from '../merchant.entity';

/** A reviewer's decision on a merchant's KYB. */
@ApiSchema({ name: 'MerchantKybRequest' })
export class MerchantKybRequestDto {
  @ApiProperty({ enum: KYB_STATUSES, enumName: 'MerchantKybStatus', example: 'APPROVED' })
  @IsIn(KYB_STATUSES)
  status: KybStatus;

  /** Why (required for ACTION_REQUIRED, SUSPENDED and REJECTED): shown to the merchant as `disabledReason`. */
  @ApiPropertyOptional({ pattern: '^[a-z][a-z0-9_.]{1,59}$', example: 'requirements.past_due' })
  @ValidateIf(
    (object: MerchantKybRequestDto, value) =>
      value !== undefined || ['ACTION_REQUIRED', 'SUSPENDED', 'REJECTED'].includes(object.status),
  )
  @IsString()
  @Matches(/^[a-z][a-z0-9_.]{1,59}$/, {
    message: 'reasonCode is required for this status: lower case, dotted, such as rejected.fraud',
  })
  reasonCode?: string;

  @ApiPropertyOptional({ maxLength: 1000, example: 'The tax clearance certificate has expired.' })
  @ValidateIf((_object, value) => value !== undefined)
  @IsString()
  @MaxLength(1000)
  note?: string;

  /** With ACTION_REQUIRED: the documents to upload again (they become due; a new onboarding link is e-mailed). */
  @ApiPropertyOptional({
    enum: KYB_DOCUMENT_TYPES,
    enumName: 'MerchantKybDocumentType',
    isArray: true,
    example: ['TAX_CLEARANCE'],
  })
  @ValidateIf((_object, value) => value !== undefined)
  @IsArray()
  @ArrayUnique()
  @ArrayMaxSize(KYB_DOCUMENT_TYPES.length)
  @IsIn(KYB_DOCUMENT_TYPES, { each: true })
  requirements?: KybDocumentType[];
}
