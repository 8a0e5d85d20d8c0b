import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { HOUSEHOLD_ROLES, type HouseholdRole } from '../household-member.entity';

/** A household you belong to. */
@ApiSchema({ name: 'HouseholdResponse' })
export class HouseholdResponseDto {
  @ApiProperty({ format: 'uuid', example: '0193f5c2-7d1e-7c4a-9b2f-5e6d7c8b9c01' })
  id: string;

  @ApiProperty({ example: 'Adeyemi family' })
  name: string;

  /** Your role in it. */
  @ApiProperty({ enum: HOUSEHOLD_ROLES, enumName: 'HouseholdRole', example: 'OWNER' })
  role: HouseholdRole;

  @ApiProperty({ type: 'integer', example: 3 })
  memberCount: number;

  @ApiProperty({ format: 'date-time', example: '2026-11-01T09:00:00.000Z' })
  createdAt: string;
}
