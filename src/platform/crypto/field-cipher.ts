import { Injectable } from '@nestjs/common';
import { AppConfig } from '../config/app-config';
import { SealedText } from './sealed-text';

const VERSION = 'v1';

/**
 * The 256-bit key of one purpose (`kyc.national-id-number`, ...), derived from KEY_HASH_SECRET
 * with HKDF-SHA256: each purpose has its own key, and none is the secret itself. Exported for
 * the migrations that encrypt rows written before a column was encrypted.
 */
export function fieldKey(secret: string, purpose: string): Buffer {
  return SealedText.derivedKey(secret, 'field-cipher', `${purpose}/${VERSION}`);
}

/**
 * AES-256-GCM through `SealedText`: a random 96-bit nonce per value and `associatedData` (the
 * row's id) bound in, so a ciphertext copied onto another row does not decrypt.
 */
export function sealField(key: Buffer, associatedData: string, value: string): string {
  return new SealedText(key).seal(associatedData, value);
}

/** The value `sealField` sealed; throws when the key, the associated data or the text do not match. */
export function openField(key: Buffer, associatedData: string, stored: string): string {
  return new SealedText(key).open(associatedData, stored);
}

/**
 * Encrypts personal data kept at rest that the service must read back in clear now and then
 * (national id numbers, settlement account numbers): a database dump or a read replica shows
 * ciphertext only. Values a service only compares are digested instead (`KeyedHash`).
 */
@Injectable()
export class FieldCipher {
  private readonly ciphers = new Map<string, SealedText>();

  constructor(private readonly config: AppConfig) {}

  encrypt(purpose: string, associatedData: string, value: string): string {
    return this.cipherOf(purpose).seal(associatedData, value);
  }

  decrypt(purpose: string, associatedData: string, stored: string): string {
    return this.cipherOf(purpose).open(associatedData, stored);
  }

  private cipherOf(purpose: string): SealedText {
    let cipher = this.ciphers.get(purpose);
    if (!cipher) {
      cipher = new SealedText(fieldKey(this.config.KEY_HASH_SECRET, purpose));
      this.ciphers.set(purpose, cipher);
    }
    return cipher;
  }
}
