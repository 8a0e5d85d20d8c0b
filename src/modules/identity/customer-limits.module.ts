import { Module } from '@nestjs/common';
import { CustomerLimitsService } from './customer-limits.service';

/** The one piece of identity the payments context reads: a customer's tier and limits. */
@Module({
  providers: [CustomerLimitsService],
  exports: [CustomerLimitsService],
})
export class CustomerLimitsModule {}
