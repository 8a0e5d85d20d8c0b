import { Controller, HttpCode, Post } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { CurrentPrincipal, StaffAuth } from '../../../platform/auth/auth.decorators';
import type { UserPrincipal } from '../../../platform/auth/principal';
import { Clock } from '../../../platform/clock/clock';
import { ApiErrors } from '../../../platform/http/api-errors.decorator';
// The codes @ApiErrors names are looked up when the class is defined: APPLICATION_CLOSED is onboarding's.
import '../onboarding/onboarding.errors';
import { ClientInfo, CurrentClient } from '../../../platform/http/client-info.decorator';
import { UuidParam } from '../../../platform/http/uuid-param.decorator';
import { MerchantInvitationResponseDto, toInvitationResponse } from './dto/merchant-team.dto';
import { MerchantInvitationsService } from './merchant-invitations.service';

@ApiTags('Admin: merchants')
@Controller('admin/merchants')
export class AdminMerchantOwnerInvitationController {
  constructor(
    private readonly invitations: MerchantInvitationsService,
    private readonly clock: Clock,
  ) {}

  /**
   * Sends the OWNER invitation again to the merchant's contact e-mail, with a new token and a new
   * 7-day expiry, for an applicant who did not accept in time (until an OWNER exists, no member
   * can). An addition to the spec. 409 MERCHANT_HAS_OWNER once there is an OWNER; 409
   * APPLICATION_CLOSED for a REJECTED merchant. Audited as PLATFORM_STAFF.
   */
  @Post(':merchantId/owner-invitation')
  @StaffAuth('ADMIN')
  @HttpCode(200)
  @ApiOkResponse({ type: MerchantInvitationResponseDto })
  @ApiErrors('NOT_FOUND', 'MERCHANT_HAS_OWNER', 'APPLICATION_CLOSED')
  async reissue(
    @CurrentPrincipal() principal: UserPrincipal,
    @UuidParam('merchantId') merchantId: string,
    @CurrentClient() client: ClientInfo,
  ): Promise<MerchantInvitationResponseDto> {
    const invitation = await this.invitations.reissueOwnerInvitation(principal, merchantId, client);
    return toInvitationResponse(invitation, this.clock.now());
  }
}
