import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const VERSION = 'v1';

/**
 * Short secrets that must be read back in clear later (a funding account the service charges
 * again), kept at rest with AES-256-GCM: a random 96-bit nonce per value and the owner's id as
 * associated data, so a value copied onto another row does not open. Stored as
 * `v1:<nonce>:<tag>:<ciphertext>` in base64url, so a later format can be told apart.
 */
export class SealedText {
  constructor(private readonly key: Buffer) {
    if (key.length !== 32) throw new Error('a sealing key is 32 bytes');
  }

  /** A 32-byte key for one purpose, derived from a secret with HKDF-SHA256. */
  static derivedKey(secret: string, salt: string, info: string): Buffer {
    return Buffer.from(hkdfSync('sha256', secret, salt, info, 32));
  }

  seal(ownerId: string, text: string): string {
    const nonce = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, nonce);
    cipher.setAAD(Buffer.from(ownerId));
    const sealed = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
    return [VERSION, nonce, cipher.getAuthTag(), sealed]
      .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
      .join(':');
  }

  /** Throws when the value is not in the known format, or was sealed under another key or owner. */
  open(ownerId: string, stored: string): string {
    const [version, nonce, tag, sealed] = stored.split(':');
    if (version !== VERSION || !nonce || !tag || sealed === undefined) {
      throw new Error('the sealed value is not in a known format');
    }
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(nonce, 'base64url'));
    decipher.setAAD(Buffer.from(ownerId));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(sealed, 'base64url')), decipher.final()]).toString('utf8');
  }
}
