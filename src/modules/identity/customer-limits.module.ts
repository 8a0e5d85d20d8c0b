import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CustomerLimitsService } from './customer-limits.service';
import { IDENTITY_ENTITIES } from './identity.entities';

/** The one piece of identity the payments context reads: a customer's tier and limits. */
@Module({
  imports: [TypeOrmModule.forFeature(IDENTITY_ENTITIES)],
  providers: [CustomerLimitsService],
  exports: [CustomerLimitsService],
})
export class CustomerLimitsModule {}
