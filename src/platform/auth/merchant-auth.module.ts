import { Global, Module } from '@nestjs/common';
import { MerchantCredentials } from './merchant-credentials';

/**
 * The registry the merchant contexts fill with their verifiers, global so the merchant guard
 * resolves it wherever a merchant route is declared.
 */
@Global()
@Module({ providers: [MerchantCredentials], exports: [MerchantCredentials] })
export class MerchantAuthModule {}
