import { Body, Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiNoContentResponse, ApiOkResponse, ApiParam, ApiTags } from '@nestjs/swagger';
import { CurrentPrincipal, MerchantAuth, Public } from '../../../platform/auth/auth.decorators';
import type { MerchantUserPrincipal } from '../../../platform/auth/principal';
import { ApiErrors } from '../../../platform/http/api-errors.decorator';
import { ClientInfo, CurrentClient } from '../../../platform/http/client-info.decorator';
import { byBodyField, byClientAddress, RateLimit, RateLimitRule } from '../../../platform/http/rate-limit.decorator';
import { UuidParam } from '../../../platform/http/uuid-param.decorator';
import { RefreshRequestDto, SignInLimits, TokenResponseDto } from '../../identity';
import {
  MerchantInvitationAcceptRequestDto,
  MerchantLoginRequestDto,
  MerchantMembershipResponseDto,
  MerchantMeResponseDto,
  toMerchantTokenResponse,
} from './dto/merchant-identity.dto';
import { MerchantAuthService } from './merchant-auth.service';
import { MerchantInvitationsService } from './merchant-invitations.service';
import { MerchantSessionsService } from './merchant-sessions.service';

const byEmail = byBodyField('email', (value) =>
  typeof value === 'string' ? value.trim().toLowerCase() || null : null,
);

/** Merchant logins share the customer login limits' settings, counted per e-mail and per address. */
const LOGIN_LIMITS = {
  perEmail: {
    name: 'merchant-login-email',
    key: byEmail,
    limit: SignInLimits.loginsPerAccount,
  },
  perAddress: {
    name: 'merchant-login-address',
    key: byClientAddress,
    limit: SignInLimits.signUpsPerAddress,
  },
} satisfies Record<string, RateLimitRule>;

@ApiTags('Merchant identity')
@Controller('merchant')
export class MerchantAuthController {
  constructor(
    private readonly auth: MerchantAuthService,
    private readonly sessions: MerchantSessionsService,
    private readonly invitations: MerchantInvitationsService,
  ) {}

  /**
   * Sign in to the dashboard: tokens for one membership (`merchantId`, else the last used, else
   * the oldest). 401 INVALID_CREDENTIALS for a wrong e-mail or password alike; 403
   * NO_ACTIVE_MEMBERSHIP when there is no membership to sign in to.
   */
  @Post('auth/login')
  @Public()
  @HttpCode(200)
  @RateLimit(LOGIN_LIMITS.perEmail, LOGIN_LIMITS.perAddress)
  @ApiOkResponse({ type: TokenResponseDto })
  @ApiErrors('INVALID_CREDENTIALS', 'NO_ACTIVE_MEMBERSHIP')
  async login(@Body() body: MerchantLoginRequestDto, @CurrentClient() client: ClientInfo): Promise<TokenResponseDto> {
    return toMerchantTokenResponse(await this.auth.login(body.email, body.password, body.merchantId, client));
  }

  /** A new token pair; each refresh token works once, and a second use ends the session. */
  @Post('auth/refresh')
  @Public()
  @HttpCode(200)
  @ApiOkResponse({ type: TokenResponseDto })
  @ApiErrors('UNAUTHENTICATED')
  async refresh(@Body() body: RefreshRequestDto): Promise<TokenResponseDto> {
    return toMerchantTokenResponse(await this.sessions.refresh(body.refreshToken));
  }

  /** Ends the current session; its tokens stop working at once. */
  @Post('auth/logout')
  @MerchantAuth()
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'Signed out.' })
  async logout(
    @CurrentPrincipal() principal: MerchantUserPrincipal,
    @CurrentClient() client: ClientInfo,
  ): Promise<void> {
    await this.auth.logout(principal, client);
  }

  /**
   * Accept an invitation (the token from the e-mail). A new user gives `name` and a password
   * (10-128 characters, not a common one: 400 WEAK_PASSWORD); an existing user gives their
   * password (401 if wrong). 403 INVITATION_NOT_FOUND when unknown, used, revoked or the seat
   * is gone; 410 INVITATION_EXPIRED after 7 days. Answers tokens for the new membership.
   */
  @Post('invitations/:token/accept')
  @Public()
  @HttpCode(200)
  @ApiParam({ name: 'token', schema: { type: 'string', minLength: 1, maxLength: 100 } })
  @ApiOkResponse({ type: TokenResponseDto })
  @ApiErrors('INVALID_CREDENTIALS', 'INVITATION_NOT_FOUND', 'INVITATION_EXPIRED', 'WEAK_PASSWORD')
  async accept(
    @Param('token') token: string,
    @Body() body: MerchantInvitationAcceptRequestDto,
    @CurrentClient() client: ClientInfo,
  ): Promise<TokenResponseDto> {
    return toMerchantTokenResponse(await this.invitations.accept(token.slice(0, 100), body, client));
  }

  /** The signed-in person, the merchant of the token and the membership's role. */
  @Get('me')
  @MerchantAuth()
  @ApiOkResponse({ type: MerchantMeResponseDto })
  me(@CurrentPrincipal() principal: MerchantUserPrincipal): Promise<MerchantMeResponseDto> {
    return this.auth.me(principal);
  }

  /** Every active membership of the signed-in person, `current` marking the token's. */
  @Get('memberships')
  @MerchantAuth()
  @ApiOkResponse({ type: [MerchantMembershipResponseDto] })
  memberships(@CurrentPrincipal() principal: MerchantUserPrincipal): Promise<MerchantMembershipResponseDto[]> {
    return this.auth.memberships(principal);
  }

  /** Tokens for the person's membership in another merchant; the current session ends. 403 MEMBERSHIP_NOT_FOUND without one. */
  @Post('memberships/:merchantId/switch')
  @MerchantAuth()
  @HttpCode(200)
  @ApiOkResponse({ type: TokenResponseDto })
  @ApiErrors('MEMBERSHIP_NOT_FOUND')
  async switchMembership(
    @CurrentPrincipal() principal: MerchantUserPrincipal,
    @UuidParam('merchantId') merchantId: string,
    @CurrentClient() client: ClientInfo,
  ): Promise<TokenResponseDto> {
    return toMerchantTokenResponse(await this.auth.switchTo(principal, merchantId, client));
  }
}
