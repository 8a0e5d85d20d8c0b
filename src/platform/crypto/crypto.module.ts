import { Global, Module } from '@nestjs/common';
import { KeyedHash } from './keyed-hash';

@Global()
@Module({
  providers: [KeyedHash],
  exports: [KeyedHash],
})
export class CryptoModule {}
