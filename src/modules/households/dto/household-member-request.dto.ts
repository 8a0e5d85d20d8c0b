import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { IsIn } from 'class-validator';
import { IsPhoneNumberE164 } from '../../identity';
import { ADDABLE_HOUSEHOLD_ROLES, type AddableHouseholdRole } from '../household-member.entity';

/** A registered customer to add, by phone, with their role (an OWNER is made by promotion). */
@ApiSchema({ name: 'HouseholdMemberRequest' })
export class HouseholdMemberRequestDto {
  @IsPhoneNumberE164()
  phone: string;

  @ApiProperty({ enum: ADDABLE_HOUSEHOLD_ROLES, enumName: 'HouseholdMemberRole', example: 'MEMBER' })
  @IsIn(ADDABLE_HOUSEHOLD_ROLES)
  role: AddableHouseholdRole;
}
