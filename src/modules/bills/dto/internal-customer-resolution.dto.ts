import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ValidateNested } from 'class-validator';
import { Omittable } from '../../../platform/http/omittable.decorator';
import { AccountReferenceField, BillerIdOrSlugField } from '../../billers';
import { CustomerHintsDto } from './customer-hints.dto';

/** A bill's identifiers as a biller uploaded them: which verified customer, if any, are they? */
@ApiSchema({ name: 'InternalCustomerResolutionRequest' })
export class InternalCustomerResolutionRequestDto {
  @BillerIdOrSlugField()
  biller: string;

  @AccountReferenceField({ description: null })
  accountReference: string;

  @ApiProperty({ type: CustomerHintsDto, required: false })
  @Omittable()
  @ValidateNested()
  @Type(() => CustomerHintsDto)
  customer?: CustomerHintsDto;
}

/**
 * A high-confidence match (`matched: true`, `customerId`, `confidence: HIGH`) or an explicit
 * unmatched result (`matched: false`, `reason`). Nothing else about any customer is answered,
 * and a reason never says which hint failed.
 */
@ApiSchema({ name: 'InternalCustomerResolutionResponse' })
export class InternalCustomerResolutionResponseDto {
  @ApiProperty({ example: true })
  matched: boolean;

  /** Only when matched. */
  @ApiProperty({ required: false, format: 'uuid', example: '0193f5c2-7d1e-7c4a-9b2f-5e6d7c8b9a05' })
  customerId?: string;

  /** Only when matched: matches are made only with high confidence. */
  @ApiProperty({ required: false, enum: ['HIGH'], example: 'HIGH' })
  confidence?: 'HIGH';

  /** Only when unmatched: `NO_CANDIDATE` (no verified customer is linked to these identifiers) or `NOT_CONFIDENT`. */
  @ApiProperty({ required: false, enum: ['NO_CANDIDATE', 'NOT_CONFIDENT'] })
  reason?: 'NO_CANDIDATE' | 'NOT_CONFIDENT';
}
