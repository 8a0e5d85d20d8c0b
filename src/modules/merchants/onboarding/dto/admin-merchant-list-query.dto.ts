import { ApiPropertyOptional, ApiSchema } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsString, MaxLength, MinLength, ValidateIf } from 'class-validator';
import { PageQueryDto } from '../../../../platform/http/pagination';
import { KYB_STATUSES, type KybStatus } from '../merchant.entity';

@ApiSchema({ name: 'AdminMerchantListQuery' })
export class AdminMerchantListQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ enum: KYB_STATUSES, enumName: 'MerchantKybStatus', example: 'UNDER_REVIEW' })
  @ValidateIf((_object, value) => value !== undefined)
  @IsIn(KYB_STATUSES)
  kybStatus?: KybStatus;

  /** Part of the name, registration number or contact e-mail (case-insensitive). */
  @ApiPropertyOptional({ minLength: 1, maxLength: 100, example: 'acme' })
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value))
  @ValidateIf((_object, value) => value !== undefined)
  @IsString()
  @MinLength(1)
  @MaxLength(100)
  q?: string;
}
