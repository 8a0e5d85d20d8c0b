import { Global, Module } from '@nestjs/common';
import { FieldCipher } from './field-cipher';
import { KeyedHash } from './keyed-hash';

@Global()
@Module({
  providers: [KeyedHash, FieldCipher],
  exports: [KeyedHash, FieldCipher],
})
export class CryptoModule {}
