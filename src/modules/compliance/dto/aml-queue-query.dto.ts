import { ApiProperty } from '@nestjs/swagger';
import { IsIn } from 'class-validator';
import { Omittable } from '../../../platform/http/omittable.decorator';
import { PageQueryDto } from '../../../platform/http/pagination';
import { AML_RULES, AML_SEVERITIES } from '../aml-flag.entity';
import type { AmlRule, AmlSeverity } from '../aml-flag.entity';

/** GET /compliance/aml-queue: the page (`page`, `size`) and the filters. */
export class AmlQueueQueryDto extends PageQueryDto {
  /** Only flags of this severity (one value; `HIGH` are the ones holding a payment). */
  @ApiProperty({ required: false, enum: AML_SEVERITIES, enumName: 'AmlSeverity', example: 'HIGH' })
  @Omittable()
  @IsIn(AML_SEVERITIES)
  severity?: AmlSeverity;

  /** Only flags of this rule (one value). */
  @ApiProperty({ required: false, enum: AML_RULES, enumName: 'AmlRule', example: 'STRUCTURING' })
  @Omittable()
  @IsIn(AML_RULES)
  rule?: AmlRule;
}
