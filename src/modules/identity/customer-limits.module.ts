import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CustomerLimitsService } from './customer-limits.service';
import { IDENTITY_ENTITIES } from './identity.entities';
import { ConfigModule } from '../../platform/config/config.module';
import { IdentityConfig } from './identity.config';

/** The one piece of identity the payments context reads: a customer's tier and limits. */
@Module({
  imports: [ConfigModule.forFeature(IdentityConfig), TypeOrmModule.forFeature(IDENTITY_ENTITIES)],
  providers: [CustomerLimitsService],
  exports: [CustomerLimitsService],
})
export class CustomerLimitsModule {}
