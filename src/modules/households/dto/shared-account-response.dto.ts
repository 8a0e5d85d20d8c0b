import { ApiProperty, ApiSchema } from '@nestjs/swagger';

/** A saved account a member shared with the household: the sharer's bills of it are the household's shared bills. */
@ApiSchema({ name: 'HouseholdSharedAccountResponse' })
export class SharedAccountResponseDto {
  @ApiProperty({ format: 'uuid', example: '0193f5c2-7d1e-7c4a-9b2f-5e6d7c8b9a30' })
  savedAccountId: string;

  @ApiProperty({ format: 'uuid', example: '0193f5c2-7d1e-7c4a-9b2f-5e6d7c8b9a01' })
  billerId: string;

  @ApiProperty({ example: 'Ikeja Electric' })
  billerName: string;

  @ApiProperty({ example: '45010001234' })
  accountReference: string;

  /** The member who shared it. */
  @ApiProperty({ format: 'uuid', example: '0193f5c2-7d1e-7c4a-9b2f-5e6d7c8b9d01' })
  sharedBy: string;

  /** Whether you shared it. */
  @ApiProperty({ example: true })
  sharedByMe: boolean;

  @ApiProperty({ format: 'date-time', example: '2026-11-01T09:00:00.000Z' })
  sharedAt: string;
}
