import { Module } from '@nestjs/common';
import { MerchantVelocity } from './merchant-velocity.service';

/**
 * The velocity caps' enforcement alone (no HTTP, no sign-in services), for the payment core in
 * both applications: the API's payments and the worker's recovery (a payment found declined gives
 * its admission back). MerchantsModule imports and re-exports it.
 */
@Module({
  providers: [MerchantVelocity],
  exports: [MerchantVelocity],
})
export class MerchantVelocityModule {}
