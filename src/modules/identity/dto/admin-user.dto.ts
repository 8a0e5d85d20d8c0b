import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { IsIn, IsString, MaxLength, MinLength } from 'class-validator';
import { USER_ROLES, type UserRole } from '../../../platform/auth/principal';
import { Omittable } from '../../../platform/http/omittable.decorator';
import { PageQueryDto } from '../../../platform/http/pagination';
import { ADMIN_USER_STATUSES, type AdminUserStatus } from '../admin-users.service';
import { KYC_TIERS, type KycTier } from '../user.entity';

/** GET /admin/users: users newest first, filtered. */
export class AdminUserListQueryDto extends PageQueryDto {
  @ApiProperty({ required: false, enum: USER_ROLES, enumName: 'UserRole', example: 'SUPPORT' })
  @Omittable()
  @IsIn(USER_ROLES)
  role?: UserRole;

  /** `LOCKED`: active, with a PIN lock still running. */
  @ApiProperty({ required: false, enum: ADMIN_USER_STATUSES, enumName: 'AdminUserStatus', example: 'ACTIVE' })
  @Omittable()
  @IsIn(ADMIN_USER_STATUSES)
  status?: AdminUserStatus;

  @ApiProperty({ required: false, enum: KYC_TIERS, enumName: 'KycTier', example: 'TIER_1' })
  @Omittable()
  @IsIn(KYC_TIERS)
  kycTier?: KycTier;

  /** Part of the phone number (its digits) or of the display name. */
  @ApiProperty({ required: false, minLength: 2, maxLength: 60, example: '803123' })
  @Omittable()
  @IsString()
  @MinLength(2)
  @MaxLength(60)
  q?: string;
}

@ApiSchema({ name: 'AdminUser' })
export class AdminUserDto {
  @ApiProperty({ format: 'uuid', example: '0193f5c2-7d1e-7c4a-9b2f-5e6d7c8b9a01' })
  id: string;

  @ApiProperty({ example: '+2348031234567' })
  phone: string;

  @ApiProperty({ enum: USER_ROLES, enumName: 'UserRole', example: 'CUSTOMER' })
  role: UserRole;

  /** `LOCKED`: active, with a PIN lock running until `lockedUntil`. */
  @ApiProperty({ enum: ADMIN_USER_STATUSES, enumName: 'AdminUserStatus', example: 'ACTIVE' })
  status: AdminUserStatus;

  @ApiProperty({ enum: KYC_TIERS, enumName: 'KycTier', example: 'TIER_1' })
  kycTier: KycTier;

  @ApiProperty({ type: String, nullable: true, example: 'Ada Obi' })
  displayName: string | null;

  @ApiProperty({ type: String, nullable: true, example: 'ada@example.com' })
  email: string | null;

  @ApiProperty({ type: String, format: 'date-time', nullable: true, example: null })
  lockedUntil: string | null;

  @ApiProperty({ format: 'date-time', example: '2026-11-20T08:00:00.000Z' })
  createdAt: string;

  @ApiProperty({ type: String, format: 'date-time', nullable: true, example: null })
  deactivatedAt: string | null;

  /** The latest use of any of the user's sessions; null if they never signed in. */
  @ApiProperty({ type: String, format: 'date-time', nullable: true, example: '2026-11-24T09:15:00.000Z' })
  lastSeenAt: string | null;
}

@ApiSchema({ name: 'AdminUserRoleRequest' })
export class AdminUserRoleRequestDto {
  @ApiProperty({ enum: USER_ROLES, enumName: 'UserRole', example: 'SUPPORT' })
  @IsIn(USER_ROLES)
  role: UserRole;
}
