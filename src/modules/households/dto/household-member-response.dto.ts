import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { HOUSEHOLD_ROLES, type HouseholdRole } from '../household-member.entity';

/** A member of the household. */
@ApiSchema({ name: 'HouseholdMemberResponse' })
export class HouseholdMemberResponseDto {
  @ApiProperty({ format: 'uuid', example: '0193f5c2-7d1e-7c4a-9b2f-5e6d7c8b9d01' })
  userId: string;

  /**
   * Your own phone in full; another member's masked to its country code and last four digits
   * (null if their account was closed).
   */
  @ApiProperty({ type: String, nullable: true, example: '+234******4567' })
  phone: string | null;

  @ApiProperty({ enum: HOUSEHOLD_ROLES, enumName: 'HouseholdRole', example: 'MEMBER' })
  role: HouseholdRole;

  /** Whether this member is you. */
  @ApiProperty({ example: false })
  you: boolean;

  @ApiProperty({ format: 'date-time', example: '2026-11-01T09:00:00.000Z' })
  joinedAt: string;
}
