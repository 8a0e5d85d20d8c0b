import { Body, Controller, Get, HttpCode, Patch, Post, Query } from '@nestjs/common';
import { ApiNoContentResponse, ApiTags } from '@nestjs/swagger';
import { CurrentPrincipal, StaffAuth } from '../../platform/auth/auth.decorators';
import type { UserPrincipal } from '../../platform/auth/principal';
import { ApiErrors } from '../../platform/http/api-errors.decorator';
import { ApiPageResponse, Page } from '../../platform/http/pagination';
import { UuidParam } from '../../platform/http/uuid-param.decorator';
import { AdminUsersService, AdminUserView } from './admin-users.service';
import { AdminUserDto, AdminUserListQueryDto, AdminUserRoleRequestDto } from './dto/admin-user.dto';

@ApiTags('Admin: users')
@Controller('admin/users')
export class AdminUsersController {
  constructor(private readonly users: AdminUsersService) {}

  /** Users newest first, filtered by role, status, KYC tier and `q` (phone digits or name). No secrets. */
  @Get()
  @StaffAuth('ADMIN')
  @ApiPageResponse(AdminUserDto, 'AdminUserPage')
  async list(@Query() query: AdminUserListQueryDto): Promise<Page<AdminUserDto>> {
    const page = await this.users.list(
      { role: query.role ?? null, status: query.status ?? null, kycTier: query.kycTier ?? null, q: query.q ?? null },
      query,
    );
    return { ...page, items: page.items.map(toAdminUser) };
  }

  /**
   * Gives the user a role; their sessions carry it from their next request. 409 OWN_ROLE_CHANGE
   * for your own account, 409 LAST_ADMIN when it would leave no active ADMIN. Audited.
   */
  @Patch(':id/role')
  @StaffAuth('ADMIN')
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'The role is set.' })
  @ApiErrors('NOT_FOUND', 'OWN_ROLE_CHANGE', 'LAST_ADMIN')
  async changeRole(
    @CurrentPrincipal() principal: UserPrincipal,
    @UuidParam('id') id: string,
    @Body() body: AdminUserRoleRequestDto,
  ): Promise<void> {
    await this.users.changeRole(principal, id, body.role);
  }

  /**
   * Deactivates the account: every session ends at once (its tokens stop on the next request),
   * login answers 403 ACCOUNT_DEACTIVATED, and the user's schedules pause. Deactivating again
   * answers 204. 409 OWN_ROLE_CHANGE for your own account, LAST_ADMIN for the last active ADMIN.
   */
  @Post(':id/deactivate')
  @StaffAuth('ADMIN')
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'Deactivated (or already).' })
  @ApiErrors('NOT_FOUND', 'OWN_ROLE_CHANGE', 'LAST_ADMIN')
  async deactivate(@CurrentPrincipal() principal: UserPrincipal, @UuidParam('id') id: string): Promise<void> {
    await this.users.deactivate(principal, id);
  }
}

function toAdminUser(user: AdminUserView): AdminUserDto {
  return {
    id: user.id,
    phone: user.phone,
    role: user.role,
    status: user.status,
    kycTier: user.kycTier,
    displayName: user.displayName,
    email: user.email,
    lockedUntil: user.lockedUntil?.toISOString() ?? null,
    createdAt: user.createdAt.toISOString(),
    deactivatedAt: user.deactivatedAt?.toISOString() ?? null,
    lastSeenAt: user.lastSeenAt?.toISOString() ?? null,
  };
}
