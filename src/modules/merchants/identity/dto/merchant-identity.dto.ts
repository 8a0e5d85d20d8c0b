import { ApiProperty, ApiPropertyOptional, ApiSchema } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsEmail, IsString, IsUUID, MaxLength, MinLength, ValidateIf } from 'class-validator';
import { MERCHANT_ROLES, type MerchantRole } from '../../../../platform/auth/principal';
import type { TokenResponseDto } from '../../../identity';
import { KYB_STATUSES, type KybStatus } from '../../onboarding/merchant.entity';
import type { IssuedMerchantTokens } from '../merchant-sessions.service';

/** An e-mail as stored: trimmed, lower case. */
export const lowerCaseTrimmed = ({ value }: { value: unknown }) =>
  typeof value === 'string' ? value.trim().toLowerCase() : value;

@ApiSchema({ name: 'MerchantLoginRequest' })
export class MerchantLoginRequestDto {
  @ApiProperty({ maxLength: 254, example: 'owner@acme.example' })
  @Transform(lowerCaseTrimmed)
  @IsEmail({}, { message: 'email must be an e-mail address' })
  @MaxLength(254)
  email: string;

  @ApiProperty({ minLength: 1, maxLength: 128, example: 'correct horse battery staple' })
  @IsString()
  @MinLength(1)
  @MaxLength(128)
  password: string;

  /** The merchant to sign in to; omitted: the one used last, else the oldest membership. */
  @ApiPropertyOptional({ format: 'uuid', example: '0193f5c2-7d1e-7c4a-9b2f-5e6d7c8b9a30' })
  @ValidateIf((_object, value) => value !== undefined)
  @IsUUID()
  merchantId?: string;
}

/** A new user gives a name and a password; a user who already has an account gives their password. */
@ApiSchema({ name: 'MerchantInvitationAcceptRequest' })
export class MerchantInvitationAcceptRequestDto {
  @ApiPropertyOptional({ minLength: 1, maxLength: 100, example: 'Ada Obi' })
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value))
  @ValidateIf((_object, value) => value !== undefined)
  @IsString()
  @MinLength(1)
  @MaxLength(100)
  name?: string;

  /** New users: 10-128 characters, not a common password. */
  @ApiProperty({ minLength: 1, maxLength: 128, example: 'correct horse battery staple' })
  @IsString()
  @MinLength(1)
  @MaxLength(128)
  password: string;
}

@ApiSchema({ name: 'MerchantMeUser' })
class MeUserDto {
  @ApiProperty({ format: 'uuid', example: '0193f5c2-7d1e-7c4a-9b2f-5e6d7c8b9a90' })
  id: string;

  @ApiProperty({ example: 'owner@acme.example' })
  email: string;

  @ApiProperty({ example: 'Ada Obi' })
  name: string;
}

@ApiSchema({ name: 'MerchantMeMerchant' })
class MeMerchantDto {
  @ApiProperty({ format: 'uuid', example: '0193f5c2-7d1e-7c4a-9b2f-5e6d7c8b9a30' })
  id: string;

  @ApiProperty({ example: 'Acme Foods Ltd' })
  name: string;

  @ApiProperty({ enum: KYB_STATUSES, enumName: 'MerchantKybStatus', example: 'APPROVED' })
  kybStatus: KybStatus;
}

@ApiSchema({ name: 'MerchantMeMembership' })
class MeMembershipDto {
  @ApiProperty({ format: 'uuid', example: '0193f5c2-7d1e-7c4a-9b2f-5e6d7c8b9a91' })
  id: string;

  @ApiProperty({ enum: MERCHANT_ROLES, enumName: 'MerchantRole', example: 'OWNER' })
  role: MerchantRole;
}

@ApiSchema({ name: 'MerchantMeResponse' })
export class MerchantMeResponseDto {
  @ApiProperty({ type: MeUserDto })
  user: MeUserDto;

  @ApiProperty({ type: MeMerchantDto })
  merchant: MeMerchantDto;

  @ApiProperty({ type: MeMembershipDto })
  membership: MeMembershipDto;
}

@ApiSchema({ name: 'MerchantMembershipResponse' })
export class MerchantMembershipResponseDto {
  @ApiProperty({ format: 'uuid', example: '0193f5c2-7d1e-7c4a-9b2f-5e6d7c8b9a30' })
  merchantId: string;

  @ApiProperty({ example: 'Acme Foods Ltd' })
  merchantName: string;

  @ApiProperty({ enum: MERCHANT_ROLES, enumName: 'MerchantRole', example: 'OWNER' })
  role: MerchantRole;

  @ApiProperty({ enum: KYB_STATUSES, enumName: 'MerchantKybStatus', example: 'APPROVED' })
  kybStatus: KybStatus;

  /** The membership of the token that asked. */
  @ApiProperty({ example: true })
  current: boolean;
}

export function toMerchantTokenResponse(tokens: IssuedMerchantTokens): TokenResponseDto {
  return {
    accessToken: tokens.accessToken,
    accessTokenExpiresAt: tokens.accessTokenExpiresAt.toISOString(),
    expiresIn: tokens.expiresIn,
    refreshToken: tokens.refreshToken,
    refreshTokenExpiresAt: tokens.refreshTokenExpiresAt.toISOString(),
    sessionId: tokens.sessionId,
  };
}
