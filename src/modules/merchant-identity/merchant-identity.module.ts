import { Module, OnModuleInit } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { MerchantCredentials } from '../../platform/auth/merchant-credentials';
import { MessagingModule } from '../../platform/messaging/messaging.module';
import { MerchantPortRegistry, MerchantsModule } from '../merchants';
import { MerchantAuthService } from './merchant-auth.service';
import { MERCHANT_IDENTITY_ENTITIES } from './merchant-identity.entities';
import { MerchantIdentityRepository } from './merchant-identity.repository';
import { MerchantInvitationsService } from './merchant-invitations.service';
import { MerchantSessionsService } from './merchant-sessions.service';
import { MerchantTeamService } from './merchant-team.service';
import './merchant-identity.errors';

/**
 * The people of merchants: users, memberships, dashboard sessions, invitations and teams. On start it
 * registers its session verifier with the platform's merchant guard, and its owner invitations
 * and the ending of a rejected merchant's sessions with the merchants context.
 */
@Module({
  imports: [TypeOrmModule.forFeature(MERCHANT_IDENTITY_ENTITIES), MerchantsModule, MessagingModule],
  providers: [
    MerchantIdentityRepository,
    MerchantSessionsService,
    MerchantInvitationsService,
    MerchantAuthService,
    MerchantTeamService,
  ],
  exports: [MerchantSessionsService, MerchantInvitationsService, MerchantAuthService, MerchantTeamService],
})
export class MerchantIdentityModule implements OnModuleInit {
  constructor(
    private readonly credentials: MerchantCredentials,
    private readonly ports: MerchantPortRegistry,
    private readonly sessions: MerchantSessionsService,
    private readonly invitations: MerchantInvitationsService,
  ) {}

  onModuleInit(): void {
    this.credentials.useSessionVerifier(this.sessions);
    this.ports.useOwnerInvitations(this.invitations);
    this.ports.useSessionRevocation(this.sessions);
  }
}
