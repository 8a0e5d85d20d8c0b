import { Module } from '@nestjs/common';
import { AdminUsersController } from './admin-users.controller';
import { AuthController } from './auth.controller';
import { IdentityModule } from './identity.module';
import { KycController } from './kyc.controller';
import { ProfileController } from './profile.controller';
import { SessionsController } from './sessions.controller';
import { ConfigModule } from '../../platform/config/config.module';
import { IdentityConfig } from './identity.config';

/** Identity's routes (sign-up, sign-in, sessions, KYC, profile, the admin's users); only ApiModule imports it. */
@Module({
  imports: [ConfigModule.forFeature(IdentityConfig), IdentityModule],
  controllers: [AuthController, SessionsController, KycController, ProfileController, AdminUsersController],
})
export class IdentityHttpModule {}
