import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { MerchantSessionVerifier } from '../../platform/auth/merchant-credentials';
import { MessagingModule } from '../../platform/messaging/messaging.module';
import { MerchantOwnerInvitations, MerchantSessionRevocation, MerchantsModule } from '../merchants';
import { MerchantAuthService } from './merchant-auth.service';
import { MERCHANT_IDENTITY_ENTITIES } from './merchant-identity.entities';
import { MerchantIdentityRepository } from './merchant-identity.repository';
import { MerchantInvitationsService } from './merchant-invitations.service';
import { MerchantSessionsService } from './merchant-sessions.service';
import { MerchantTeamService } from './merchant-team.service';
import './merchant-identity.errors';

/**
 * The people of merchants: users, memberships, dashboard sessions, invitations and teams. It
 * binds the platform's MerchantSessionVerifier (the merchant guard) and the merchants context's
 * MerchantOwnerInvitations and MerchantSessionRevocation ports.
 *
 * Global so those bindings reach their consumers, which cannot import this module: the
 * platform's guard imports no context, and MerchantsModule is imported by this one. An
 * application that declares merchant routes or loads MerchantsModule without this module does
 * not boot.
 */
@Global()
@Module({
  imports: [TypeOrmModule.forFeature(MERCHANT_IDENTITY_ENTITIES), MerchantsModule, MessagingModule],
  providers: [
    MerchantIdentityRepository,
    MerchantSessionsService,
    MerchantInvitationsService,
    MerchantAuthService,
    MerchantTeamService,
    { provide: MerchantSessionVerifier, useExisting: MerchantSessionsService },
    { provide: MerchantSessionRevocation, useExisting: MerchantSessionsService },
    { provide: MerchantOwnerInvitations, useExisting: MerchantInvitationsService },
  ],
  exports: [
    MerchantSessionsService,
    MerchantInvitationsService,
    MerchantAuthService,
    MerchantTeamService,
    MerchantSessionVerifier,
    MerchantSessionRevocation,
    MerchantOwnerInvitations,
  ],
})
export class MerchantIdentityModule {}
