import { Body, Controller, Delete, Get, HttpCode, Patch, Post } from '@nestjs/common';
import { ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { CurrentPrincipal, CustomerAuth } from '../../platform/auth/auth.decorators';
import type { UserPrincipal } from '../../platform/auth/principal';
import { ApiErrors } from '../../platform/http/api-errors.decorator';
import { RateLimit } from '../../platform/http/rate-limit.decorator';
import { UuidParam } from '../../platform/http/uuid-param.decorator';
import { toHouseholdMemberResponse, toHouseholdResponse, toSharedAccountResponse } from './dto/household-mappers';
import { HouseholdMemberRequestDto } from './dto/household-member-request.dto';
import { HouseholdMemberResponseDto } from './dto/household-member-response.dto';
import { HouseholdRequestDto } from './dto/household-request.dto';
import { HouseholdResponseDto } from './dto/household-response.dto';
import { HouseholdRoleRequestDto } from './dto/household-role-request.dto';
import { SharedAccountRequestDto } from './dto/shared-account-request.dto';
import { SharedAccountResponseDto } from './dto/shared-account-response.dto';
import { HouseholdRateLimits } from './households-rate-limits';
import { HouseholdsService } from './households.service';

@ApiTags('Households')
@Controller('households')
export class HouseholdsController {
  constructor(private readonly households: HouseholdsService) {}

  /** Create a household; you are its OWNER. */
  @Post()
  @CustomerAuth()
  @ApiCreatedResponse({ type: HouseholdResponseDto })
  async create(
    @CurrentPrincipal() principal: UserPrincipal,
    @Body() body: HouseholdRequestDto,
  ): Promise<HouseholdResponseDto> {
    return toHouseholdResponse(await this.households.create(principal.userId, body.name));
  }

  /** The households you belong to, newest first, each with your role. */
  @Get()
  @CustomerAuth()
  @ApiOkResponse({ type: HouseholdResponseDto, isArray: true })
  async list(@CurrentPrincipal() principal: UserPrincipal): Promise<HouseholdResponseDto[]> {
    return (await this.households.list(principal.userId)).map(toHouseholdResponse);
  }

  /**
   * The household's members, OWNERs first. Other members' phones are masked. A household you
   * do not belong to is 404.
   */
  @Get(':id/members')
  @CustomerAuth()
  @ApiOkResponse({ type: HouseholdMemberResponseDto, isArray: true })
  @ApiErrors('NOT_FOUND')
  async members(
    @CurrentPrincipal() principal: UserPrincipal,
    @UuidParam('id') id: string,
  ): Promise<HouseholdMemberResponseDto[]> {
    return (await this.households.members(principal.userId, id)).map(toHouseholdMemberResponse);
  }

  /**
   * Add a registered customer by phone as `ADMIN`, `MEMBER` or `VIEWER` (OWNER or ADMIN only:
   * 403 HOUSEHOLD_ROLE_REQUIRED). 404 CUSTOMER_NOT_FOUND when no registered customer has the
   * phone; 409 ALREADY_HOUSEHOLD_MEMBER; 422 HOUSEHOLD_FULL at the member limit. Attempts are
   * limited per caller per hour (429 RATE_LIMITED), found or not, so the route cannot be used to
   * enumerate phone numbers.
   */
  @Post(':id/members')
  // Above @CustomerAuth(): its guard is added after the authenticating one, so it counts per caller.
  @RateLimit(HouseholdRateLimits.memberAddsPerCaller)
  @CustomerAuth()
  @ApiCreatedResponse({ type: HouseholdMemberResponseDto })
  @ApiErrors('NOT_FOUND', 'CUSTOMER_NOT_FOUND', 'HOUSEHOLD_ROLE_REQUIRED', 'ALREADY_HOUSEHOLD_MEMBER', 'HOUSEHOLD_FULL')
  async addMember(
    @CurrentPrincipal() principal: UserPrincipal,
    @UuidParam('id') id: string,
    @Body() body: HouseholdMemberRequestDto,
  ): Promise<HouseholdMemberResponseDto> {
    return toHouseholdMemberResponse(await this.households.addMember(principal.userId, id, body));
  }

  /**
   * Change a member's role (OWNER or ADMIN only). An ADMIN cannot change an OWNER or make one
   * (403 HOUSEHOLD_ROLE_REQUIRED); the last OWNER cannot be demoted (409 LAST_OWNER).
   */
  @Patch(':id/members/:userId')
  @CustomerAuth()
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'Role changed (or already that role).' })
  @ApiErrors('NOT_FOUND', 'HOUSEHOLD_ROLE_REQUIRED', 'LAST_OWNER')
  async changeRole(
    @CurrentPrincipal() principal: UserPrincipal,
    @UuidParam('id') id: string,
    @UuidParam('userId') userId: string,
    @Body() body: HouseholdRoleRequestDto,
  ): Promise<void> {
    await this.households.changeRole(principal.userId, id, userId, body.role);
  }

  /**
   * Remove a member (OWNER or ADMIN; an ADMIN cannot remove an OWNER), or leave: any member may
   * remove themselves, except the last OWNER (409 LAST_OWNER). The member's bill and account
   * shares to the household end with their membership.
   */
  @Delete(':id/members/:userId')
  @CustomerAuth()
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'Removed.' })
  @ApiErrors('NOT_FOUND', 'HOUSEHOLD_ROLE_REQUIRED', 'LAST_OWNER')
  async removeMember(
    @CurrentPrincipal() principal: UserPrincipal,
    @UuidParam('id') id: string,
    @UuidParam('userId') userId: string,
  ): Promise<void> {
    await this.households.removeMember(principal.userId, id, userId);
  }

  /**
   * Share one of your saved accounts with the household (an addition to the spec): your bills
   * of that biller account then show in every member's GET /bills, marked `shared`, and
   * members other than VIEWERs may pay them. Any member may share their own account; sharing
   * it again answers the share as it is. Another customer's saved account is 404.
   */
  @Post(':id/shared-accounts')
  @CustomerAuth()
  @ApiCreatedResponse({ type: SharedAccountResponseDto })
  @ApiErrors('NOT_FOUND')
  async shareAccount(
    @CurrentPrincipal() principal: UserPrincipal,
    @UuidParam('id') id: string,
    @Body() body: SharedAccountRequestDto,
  ): Promise<SharedAccountResponseDto> {
    const shared = await this.households.shareAccount(principal.userId, id, body.savedAccountId);
    return toSharedAccountResponse(shared, principal.userId);
  }

  /** The saved accounts shared with the household, newest first (an addition to the spec). */
  @Get(':id/shared-accounts')
  @CustomerAuth()
  @ApiOkResponse({ type: SharedAccountResponseDto, isArray: true })
  @ApiErrors('NOT_FOUND')
  async sharedAccounts(
    @CurrentPrincipal() principal: UserPrincipal,
    @UuidParam('id') id: string,
  ): Promise<SharedAccountResponseDto[]> {
    const accounts = await this.households.sharedAccounts(principal.userId, id);
    return accounts.map((account) => toSharedAccountResponse(account, principal.userId));
  }

  /** End an account's share: the member who shared it, or an OWNER or ADMIN (an addition to the spec). */
  @Delete(':id/shared-accounts/:savedAccountId')
  @CustomerAuth()
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'No longer shared.' })
  @ApiErrors('NOT_FOUND', 'HOUSEHOLD_ROLE_REQUIRED')
  async unshareAccount(
    @CurrentPrincipal() principal: UserPrincipal,
    @UuidParam('id') id: string,
    @UuidParam('savedAccountId') savedAccountId: string,
  ): Promise<void> {
    await this.households.unshareAccount(principal.userId, id, savedAccountId);
  }
}
