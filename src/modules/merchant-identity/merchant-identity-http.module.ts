import { Module } from '@nestjs/common';
import { AdminMerchantOwnerInvitationController } from './admin-merchant-owner-invitation.controller';
import { MerchantAuthController } from './merchant-auth.controller';
import { MerchantIdentityModule } from './merchant-identity.module';
import { MerchantTeamController } from './merchant-team.controller';

/** The merchant identity routes; only ApiModule imports it. */
@Module({
  imports: [MerchantIdentityModule],
  controllers: [MerchantAuthController, MerchantTeamController, AdminMerchantOwnerInvitationController],
})
export class MerchantIdentityHttpModule {}
