import { Body, Controller, Delete, Get, HttpCode, Patch, Post } from '@nestjs/common';
import { ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { CurrentPrincipal, MerchantAuth } from '../../../platform/auth/auth.decorators';
import type { MerchantUserPrincipal } from '../../../platform/auth/principal';
import { Clock } from '../../../platform/clock/clock';
import { ApiErrors } from '../../../platform/http/api-errors.decorator';
import { ClientInfo, CurrentClient } from '../../../platform/http/client-info.decorator';
import { RATE_LIMIT_HEADERS, RateLimit, RateLimitRule } from '../../../platform/http/rate-limit.decorator';
import { UuidParam } from '../../../platform/http/uuid-param.decorator';
import {
  MerchantInvitationRequestDto,
  MerchantInvitationResponseDto,
  MerchantTeamMemberResponseDto,
  MerchantTeamRoleRequestDto,
  toInvitationResponse,
  toTeamMemberResponse,
} from './dto/merchant-team.dto';
import { MerchantInvitationsService } from './merchant-invitations.service';
import { MerchantTeamService } from './merchant-team.service';

/** An invitation is resent at most 5 times a day (design/merchants.md section 3). */
const RESENDS_PER_INVITATION: RateLimitRule = {
  name: 'merchant-invitation-resend',
  key: (request: Request) => (typeof request.params?.id === 'string' ? request.params.id.toLowerCase() : undefined),
  limit: () => ({ max: 5, windowSeconds: 24 * 3600 }),
};

/**
 * The team: members and invitations, for the OWNER and ADMINs, people only (an API key gets 403
 * HUMAN_CONTEXT_REQUIRED, another role 403 FORBIDDEN).
 */
@ApiTags('Merchant team')
@Controller('merchant/team')
export class MerchantTeamController {
  constructor(
    private readonly team: MerchantTeamService,
    private readonly invitations: MerchantInvitationsService,
    private readonly clock: Clock,
  ) {}

  /** The active members, the OWNER first, then by the date they joined. */
  @Get('members')
  @MerchantAuth({ roles: ['OWNER', 'ADMIN'] })
  @ApiOkResponse({ type: [MerchantTeamMemberResponseDto] })
  async members(@CurrentPrincipal() principal: MerchantUserPrincipal): Promise<MerchantTeamMemberResponseDto[]> {
    return (await this.team.members(principal)).map(toTeamMemberResponse);
  }

  /**
   * Changes a member's role. `OWNER` transfers ownership (the OWNER only; they become ADMIN). An
   * ADMIN cannot change the OWNER (403); the OWNER cannot step down but by a transfer (409
   * LAST_OWNER). The member's open sessions carry the new role from their next request.
   */
  @Patch('members/:id')
  @MerchantAuth({ roles: ['OWNER', 'ADMIN'] })
  @ApiOkResponse({ type: MerchantTeamMemberResponseDto })
  @ApiErrors('NOT_FOUND', 'LAST_OWNER')
  async changeRole(
    @CurrentPrincipal() principal: MerchantUserPrincipal,
    @UuidParam('id') id: string,
    @Body() body: MerchantTeamRoleRequestDto,
    @CurrentClient() client: ClientInfo,
  ): Promise<MerchantTeamMemberResponseDto> {
    return toTeamMemberResponse(await this.team.changeRole(principal, id, body.role, client));
  }

  /**
   * Removes a member, or lets a member leave (their own id): the membership ends and their
   * sessions stop working at once. The OWNER cannot be removed (409 LAST_OWNER: transfer first).
   */
  @Delete('members/:id')
  @MerchantAuth({ roles: ['OWNER', 'ADMIN'] })
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'Removed.' })
  @ApiErrors('NOT_FOUND', 'LAST_OWNER')
  async remove(
    @CurrentPrincipal() principal: MerchantUserPrincipal,
    @UuidParam('id') id: string,
    @CurrentClient() client: ClientInfo,
  ): Promise<void> {
    await this.team.remove(principal, id, client);
  }

  /** Pending invitations, expired ones included (status EXPIRED; they can be resent), newest first. */
  @Get('invitations')
  @MerchantAuth({ roles: ['OWNER', 'ADMIN'] })
  @ApiOkResponse({ type: [MerchantInvitationResponseDto] })
  async pending(@CurrentPrincipal() principal: MerchantUserPrincipal): Promise<MerchantInvitationResponseDto[]> {
    const now = this.clock.now();
    return (await this.invitations.pending(principal)).map((invitation) => toInvitationResponse(invitation, now));
  }

  /**
   * Invites a person by e-mail with a role (ADMIN, DEVELOPER or ANALYST); the token goes only
   * in the e-mail and expires in 7 days. 409 INVITATION_ALREADY_PENDING (resend it instead) or
   * ALREADY_MERCHANT_MEMBER.
   */
  @Post('invitations')
  @MerchantAuth({ roles: ['OWNER', 'ADMIN'] })
  @ApiCreatedResponse({ type: MerchantInvitationResponseDto })
  @ApiErrors('INVITATION_ALREADY_PENDING', 'ALREADY_MERCHANT_MEMBER')
  async invite(
    @CurrentPrincipal() principal: MerchantUserPrincipal,
    @Body() body: MerchantInvitationRequestDto,
    @CurrentClient() client: ClientInfo,
  ): Promise<MerchantInvitationResponseDto> {
    return toInvitationResponse(await this.invitations.invite(principal, body, client), this.clock.now());
  }

  /**
   * A new e-mail with a new token and a new 7-day expiry (the old token stops working); works on
   * an expired invitation too. 404 once accepted or revoked; 429 after 5 resends in a day.
   */
  @Post('invitations/:id/resend')
  // Above @MerchantAuth(): its guard runs after the authenticating one.
  @RateLimit(RESENDS_PER_INVITATION)
  @MerchantAuth({ roles: ['OWNER', 'ADMIN'] })
  @HttpCode(200)
  @ApiOkResponse({ type: MerchantInvitationResponseDto, headers: RATE_LIMIT_HEADERS })
  @ApiErrors('NOT_FOUND')
  async resend(
    @CurrentPrincipal() principal: MerchantUserPrincipal,
    @UuidParam('id') id: string,
    @CurrentClient() client: ClientInfo,
  ): Promise<MerchantInvitationResponseDto> {
    return toInvitationResponse(await this.invitations.resend(principal, id, client), this.clock.now());
  }

  /** Revokes a pending invitation: its token stops working. 404 once accepted or revoked. */
  @Delete('invitations/:id')
  @MerchantAuth({ roles: ['OWNER', 'ADMIN'] })
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'Revoked.' })
  @ApiErrors('NOT_FOUND')
  async revoke(
    @CurrentPrincipal() principal: MerchantUserPrincipal,
    @UuidParam('id') id: string,
    @CurrentClient() client: ClientInfo,
  ): Promise<void> {
    await this.invitations.revoke(principal, id, client);
  }
}
