import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { IsIn } from 'class-validator';
import { HOUSEHOLD_ROLES, type HouseholdRole } from '../household-member.entity';

/** A member's new role. Only an OWNER makes an OWNER. */
@ApiSchema({ name: 'HouseholdRoleRequest' })
export class HouseholdRoleRequestDto {
  @ApiProperty({ enum: HOUSEHOLD_ROLES, enumName: 'HouseholdRole', example: 'ADMIN' })
  @IsIn(HOUSEHOLD_ROLES)
  role: HouseholdRole;
}
