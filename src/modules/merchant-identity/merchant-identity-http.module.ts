import { Module } from '@nestjs/common';
import { MerchantAuthController } from './merchant-auth.controller';
import { MerchantIdentityModule } from './merchant-identity.module';

/** The merchant identity routes; only ApiModule imports it. */
@Module({ imports: [MerchantIdentityModule], controllers: [MerchantAuthController] })
export class MerchantIdentityHttpModule {}
