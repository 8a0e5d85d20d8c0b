import { ApiProperty, ApiPropertyOptional, ApiSchema } from '@nestjs/swagger';

@ApiSchema({ name: 'ApiErrorDetail' })
export class ApiErrorDetailDto {
  /** Path of the offending field, parameter or header (e.g. `amount`, `query.size`), or the name of a fact the code carries (e.g. `paymentId`). */
  @ApiProperty({ example: 'amount' })
  field: string;

  @ApiProperty({ example: 'amount must be a positive integer' })
  message: string;
}

/** The body of every non-2xx response. Clients branch on `code`, never on `message`. */
@ApiSchema({ name: 'ApiError' })
export class ApiErrorDto {
  // The enum is filled in by the document builder, once every context has added its codes.
  @ApiProperty({ enum: ['VALIDATION_FAILED'], enumName: 'ErrorCode', example: 'VALIDATION_FAILED' })
  code: string;

  @ApiProperty({ example: 'Request validation failed' })
  message: string;

  @ApiProperty({ example: '0193f5c2-7d1e-7c4a-9b2f-5e6d7c8b9a01' })
  requestId: string;

  @ApiPropertyOptional({ type: [ApiErrorDetailDto] })
  details?: ApiErrorDetailDto[];
}
