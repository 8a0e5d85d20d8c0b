import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { IsUUID } from 'class-validator';

/** A household you belong to, to share the bill with. */
@ApiSchema({ name: 'BillShareRequest' })
export class BillShareRequestDto {
  @ApiProperty({ format: 'uuid', example: '0193f5c2-7d1e-7c4a-9b2f-5e6d7c8b9c01' })
  @IsUUID()
  householdId: string;
}

/** Your bill, shared with a household: its members see it in GET /bills and, but for VIEWERs, may pay it. */
@ApiSchema({ name: 'BillShareResponse' })
export class BillShareResponseDto {
  @ApiProperty({ format: 'uuid', example: '0193f5c2-7d1e-7c4a-9b2f-5e6d7c8b9b01' })
  billId: string;

  @ApiProperty({ format: 'uuid', example: '0193f5c2-7d1e-7c4a-9b2f-5e6d7c8b9c01' })
  householdId: string;

  @ApiProperty({ example: 'Adeyemi family' })
  householdName: string;

  @ApiProperty({ format: 'uuid', example: '0193f5c2-7d1e-7c4a-9b2f-5e6d7c8b9d01' })
  sharedBy: string;

  @ApiProperty({ format: 'date-time', example: '2026-11-01T09:00:00.000Z' })
  sharedAt: string;
}
