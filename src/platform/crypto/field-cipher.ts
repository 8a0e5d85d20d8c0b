import { Injectable } from '@nestjs/common';
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { AppConfig } from '../config/app-config';

const VERSION = 'v1';

/**
 * The 256-bit key of one purpose (`kyc.national-id-number`, ...), derived from KEY_HASH_SECRET
 * with HKDF-SHA256: each purpose has its own key, and none is the secret itself. Exported for
 * the migrations that encrypt rows written before a column was encrypted.
 */
export function fieldKey(secret: string, purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, 'field-cipher', `${purpose}/${VERSION}`, 32));
}

/**
 * AES-256-GCM with a random 96-bit nonce per value and `associatedData` (the row's id) bound in,
 * so a ciphertext copied onto another row does not decrypt. Stored as
 * `v1:<nonce>:<tag>:<ciphertext>` in base64url, so a later scheme can be told apart.
 */
export function sealField(key: Buffer, associatedData: string, value: string): string {
  const nonce = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, nonce);
  cipher.setAAD(Buffer.from(associatedData));
  const sealed = Buffer.concat([cipher.update(value, 'utf8'), cipher.final()]);
  return [
    VERSION,
    nonce.toString('base64url'),
    cipher.getAuthTag().toString('base64url'),
    sealed.toString('base64url'),
  ].join(':');
}

/** The value `sealField` sealed; throws when the key, the associated data or the text do not match. */
export function openField(key: Buffer, associatedData: string, stored: string): string {
  const [version, nonce, tag, sealed] = stored.split(':');
  if (version !== VERSION || !nonce || !tag || sealed === undefined) {
    throw new Error('the stored value is not in a known encrypted format');
  }
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(nonce, 'base64url'));
  decipher.setAAD(Buffer.from(associatedData));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(sealed, 'base64url')), decipher.final()]).toString('utf8');
}

/**
 * Encrypts personal data kept at rest that the service must read back in clear now and then
 * (national id numbers, settlement account numbers): a database dump or a read replica shows
 * ciphertext only. Values a service only compares are digested instead (`KeyedHash`).
 */
@Injectable()
export class FieldCipher {
  private readonly keys = new Map<string, Buffer>();

  constructor(private readonly config: AppConfig) {}

  encrypt(purpose: string, associatedData: string, value: string): string {
    return sealField(this.keyOf(purpose), associatedData, value);
  }

  decrypt(purpose: string, associatedData: string, stored: string): string {
    return openField(this.keyOf(purpose), associatedData, stored);
  }

  private keyOf(purpose: string): Buffer {
    let key = this.keys.get(purpose);
    if (!key) {
      key = fieldKey(this.config.KEY_HASH_SECRET, purpose);
      this.keys.set(purpose, key);
    }
    return key;
  }
}
