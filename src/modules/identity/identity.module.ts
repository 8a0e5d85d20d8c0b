import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AccessTokenService } from '../../platform/auth/access-token.service';
import { RefreshSessions } from '../../platform/auth/refresh-sessions';
import { SessionVerifier } from '../../platform/auth/session-verifier';
import { MessagingModule } from '../../platform/messaging/messaging.module';
import { AdminAuditModule } from '../../platform/audit/admin-audit.module';
import { OutboxModule } from '../../platform/outbox/outbox.module';
import { DeviceSessionRepository } from './device-session.repository';
import { DeviceSessionService } from './device-session.service';
import { FunnelReadModel } from './funnel-read-model.service';
import { IDENTITY_ENTITIES } from './identity.entities';
import { KycSubmissionRepository } from './kyc-submission.repository';
import { KycService } from './kyc.service';
import { LoginService } from './login.service';
import { OtpChallengeRepository } from './otp-challenge.repository';
import { PasswordHasherModule } from '../../platform/crypto/password-hasher.module';
import { ProfileService } from './profile.service';
import { RegistrationService } from './registration.service';
import { SessionCache } from './session-cache';
import { StaffAccountService } from './staff-account.service';
import { AdminUsersService } from './admin-users.service';
import { UserRepository } from './user.repository';
import { ConfigModule } from '../../platform/config/config.module';
import { IdentityConfig } from './identity.config';

/**
 * Customer identity: registration, OTP, PIN, device sessions, KYC tier 1, profile, staff roles.
 *
 * Global because every context authenticates through it: `@CustomerAuth()` and `@StaffAuth()`
 * put the platform's UserAuthGuard on a route, and that guard needs the AccessTokenService and
 * the SessionVerifier (backed by the session cache) this module provides. Services only; the
 * routes are in IdentityHttpModule (API only). Other contexts import nothing else from here.
 */
@Global()
@Module({
  imports: [
    ConfigModule.forFeature(IdentityConfig),
    TypeOrmModule.forFeature(IDENTITY_ENTITIES),
    OutboxModule,
    MessagingModule,
    AdminAuditModule,
    PasswordHasherModule,
  ],
  providers: [
    AccessTokenService,
    FunnelReadModel,
    SessionCache,
    { provide: SessionVerifier, useExisting: SessionCache },
    UserRepository,
    OtpChallengeRepository,
    DeviceSessionRepository,
    KycSubmissionRepository,
    RefreshSessions,
    DeviceSessionService,
    RegistrationService,
    LoginService,
    KycService,
    ProfileService,
    StaffAccountService,
    AdminUsersService,
  ],
  exports: [
    AccessTokenService,
    FunnelReadModel,
    SessionVerifier,
    StaffAccountService,
    AdminUsersService,
    RegistrationService,
    LoginService,
    DeviceSessionService,
    KycService,
    ProfileService,
  ],
})
export class IdentityModule {}
