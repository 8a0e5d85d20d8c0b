import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { USER_ROLES, UserRole } from '../../../platform/auth/principal';
import { KYC_TIERS, KycTier, LANGUAGES, User } from '../user.entity';

@ApiSchema({ name: 'ProfileResponse' })
export class ProfileResponseDto {
  @ApiProperty({ example: '0193f5c2-7d1e-7c4a-9b2f-5e6d7c8b9a01', format: 'uuid' })
  id: string;

  @ApiProperty({ example: '+2348031234567' })
  phone: string;

  @ApiProperty({ type: String, nullable: true, example: 'Ada' })
  displayName: string | null;

  @ApiProperty({ type: String, nullable: true, example: 'ada@example.com' })
  email: string | null;

  /** False until the address is confirmed; a changed address starts unverified. */
  @ApiProperty({ example: false })
  emailVerified: boolean;

  @ApiProperty({ enum: LANGUAGES, example: 'en' })
  language: string;

  @ApiProperty({ enum: USER_ROLES, enumName: 'UserRole', example: 'CUSTOMER' })
  role: UserRole;

  @ApiProperty({ enum: KYC_TIERS, enumName: 'KycTier', example: 'TIER_0' })
  kycTier: KycTier;

  /** Whether a PIN is set (a new account sets it with the token from /auth/verify). */
  @ApiProperty({ example: true })
  pinSet: boolean;

  @ApiProperty({ example: '2026-11-22T10:00:00.000Z', format: 'date-time' })
  createdAt: string;
}

export function toProfileResponse(user: User): ProfileResponseDto {
  return {
    id: user.id,
    phone: user.phone,
    displayName: user.displayName,
    email: user.email,
    emailVerified: user.emailVerified,
    language: user.language,
    role: user.role,
    kycTier: user.kycTier,
    pinSet: user.pinHash !== null,
    createdAt: user.createdAt.toISOString(),
  };
}
