import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsEmail, IsIn, MaxLength } from 'class-validator';
import { MERCHANT_ROLES, type MerchantRole } from '../../../../platform/auth/principal';
import type { MerchantInvitation } from '../merchant-identity.entities';
import { lowerCaseTrimmed } from './merchant-identity.dto';
import type { TeamMemberRow } from '../merchant-identity.repository';
import { INVITABLE_ROLES, type InvitableRole } from '../merchant-invitations.service';

export const INVITATION_VIEW_STATUSES = ['PENDING', 'EXPIRED', 'ACCEPTED', 'REVOKED'] as const;
export type InvitationViewStatus = (typeof INVITATION_VIEW_STATUSES)[number];

@ApiSchema({ name: 'MerchantInvitationRequest' })
export class MerchantInvitationRequestDto {
  @ApiProperty({ maxLength: 254, example: 'dev@acme.example' })
  @Transform(lowerCaseTrimmed)
  @IsEmail({}, { message: 'email must be an e-mail address' })
  @MaxLength(254)
  email: string;

  /** OWNER is not invitable: ownership moves only by transfer (PATCH /merchant/team/members/{id}). */
  @ApiProperty({ enum: INVITABLE_ROLES, enumName: 'MerchantInvitableRole', example: 'DEVELOPER' })
  @IsIn(INVITABLE_ROLES, { message: `role must be one of ${INVITABLE_ROLES.join(', ')}` })
  role: InvitableRole;
}

@ApiSchema({ name: 'MerchantInvitationResponse' })
export class MerchantInvitationResponseDto {
  @ApiProperty({ format: 'uuid', example: '0193f5c2-7d1e-7c4a-9b2f-5e6d7c8b9a95' })
  id: string;

  @ApiProperty({ example: 'dev@acme.example' })
  email: string;

  @ApiProperty({ enum: MERCHANT_ROLES, enumName: 'MerchantRole', example: 'DEVELOPER' })
  role: MerchantRole;

  /** EXPIRED: still pending, past `expiresAt`; resending renews it. */
  @ApiProperty({ enum: INVITATION_VIEW_STATUSES, enumName: 'MerchantInvitationStatus', example: 'PENDING' })
  status: InvitationViewStatus;

  @ApiProperty({ format: 'date-time', example: '2026-12-02T09:30:00.000Z' })
  expiresAt: string;

  @ApiProperty({ format: 'date-time', example: '2026-11-25T09:30:00.000Z' })
  createdAt: string;

  @ApiProperty({ type: String, format: 'date-time', nullable: true, example: null })
  resentAt: string | null;

  /** The member who invited; null for the OWNER invitation sent at registration. */
  @ApiProperty({ type: String, format: 'uuid', nullable: true, example: '0193f5c2-7d1e-7c4a-9b2f-5e6d7c8b9a90' })
  invitedByUserId: string | null;
}

@ApiSchema({ name: 'MerchantTeamMemberResponse' })
export class MerchantTeamMemberResponseDto {
  /** The membership's id: the `{id}` of PATCH and DELETE /merchant/team/members/{id}. */
  @ApiProperty({ format: 'uuid', example: '0193f5c2-7d1e-7c4a-9b2f-5e6d7c8b9a91' })
  id: string;

  @ApiProperty({ format: 'uuid', example: '0193f5c2-7d1e-7c4a-9b2f-5e6d7c8b9a90' })
  userId: string;

  @ApiProperty({ example: 'dev@acme.example' })
  email: string;

  @ApiProperty({ example: 'Ada Obi' })
  name: string;

  @ApiProperty({ enum: MERCHANT_ROLES, enumName: 'MerchantRole', example: 'DEVELOPER' })
  role: MerchantRole;

  @ApiProperty({ format: 'date-time', example: '2026-11-25T09:30:00.000Z' })
  joinedAt: string;
}

@ApiSchema({ name: 'MerchantTeamRoleRequest' })
export class MerchantTeamRoleRequestDto {
  /** `OWNER` hands ownership to this member (the OWNER only); the old OWNER becomes ADMIN. */
  @ApiProperty({ enum: MERCHANT_ROLES, enumName: 'MerchantRole', example: 'ANALYST' })
  @IsIn(MERCHANT_ROLES, { message: `role must be one of ${MERCHANT_ROLES.join(', ')}` })
  role: MerchantRole;
}

export function toTeamMemberResponse(member: TeamMemberRow): MerchantTeamMemberResponseDto {
  return {
    id: member.membershipId,
    userId: member.userId,
    email: member.email,
    name: member.name,
    role: member.role,
    joinedAt: member.joinedAt.toISOString(),
  };
}

export function toInvitationResponse(invitation: MerchantInvitation, now: Date): MerchantInvitationResponseDto {
  const status: InvitationViewStatus =
    invitation.status === 'PENDING' && invitation.expiresAt <= now ? 'EXPIRED' : invitation.status;
  return {
    id: invitation.id,
    email: invitation.email,
    role: invitation.role,
    status,
    expiresAt: invitation.expiresAt.toISOString(),
    createdAt: invitation.createdAt.toISOString(),
    resentAt: invitation.resentAt?.toISOString() ?? null,
    invitedByUserId: invitation.invitedByUserId,
  };
}
