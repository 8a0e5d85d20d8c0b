import { Module } from '@nestjs/common';
import { MerchantVelocity } from './merchant-velocity.service';
import { VelocityBucketRetention } from './velocity-bucket-retention';

/**
 * The velocity caps' enforcement alone (no HTTP, no sign-in services), for the payment core in
 * both applications: the API's payments and the worker's recovery (a payment found declined gives
 * its admission back); and the buckets' retention, which the worker's repeatable job runs.
 * MerchantsModule imports and re-exports it.
 */
@Module({
  providers: [MerchantVelocity, VelocityBucketRetention],
  exports: [MerchantVelocity, VelocityBucketRetention],
})
export class MerchantVelocityModule {}
