import { Injectable } from '@nestjs/common';
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { AppConfig } from '../../platform/config/app-config';

const VERSION = 'v1';

/**
 * Keeps the funding account a schedule pays from, which the runner needs in clear at every
 * period, encrypted at rest with AES-256-GCM: a random 96-bit nonce per value, the schedule's id
 * as associated data (a ciphertext copied onto another schedule does not decrypt). The key is
 * `SCHEDULE_FUNDING_KEY`, or derived from KEY_HASH_SECRET with HKDF-SHA256 when that is empty.
 * Stored as `v1:<nonce>:<tag>:<ciphertext>` in base64url, so a later key can be told apart.
 */
@Injectable()
export class FundingAccountCipher {
  private readonly key: Buffer;

  constructor(config: AppConfig) {
    this.key =
      config.SCHEDULE_FUNDING_KEY !== ''
        ? Buffer.from(config.SCHEDULE_FUNDING_KEY, 'hex')
        : Buffer.from(hkdfSync('sha256', config.KEY_HASH_SECRET, 'schedules', 'schedule-funding-account/v1', 32));
  }

  encrypt(scheduleId: string, fundingAccount: string): string {
    const nonce = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, nonce);
    cipher.setAAD(Buffer.from(scheduleId));
    const sealed = Buffer.concat([cipher.update(fundingAccount, 'utf8'), cipher.final()]);
    return [VERSION, nonce, cipher.getAuthTag(), sealed]
      .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
      .join(':');
  }

  decrypt(scheduleId: string, stored: string): string {
    const [version, nonce, tag, sealed] = stored.split(':');
    if (version !== VERSION || !nonce || !tag || sealed === undefined) {
      throw new Error('the stored funding account is not in a known format');
    }
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(nonce, 'base64url'));
    decipher.setAAD(Buffer.from(scheduleId));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(sealed, 'base64url')), decipher.final()]).toString('utf8');
  }
}

/** The funding account as responses show it: its last four characters. */
export function maskFundingAccount(fundingAccount: string): string {
  return `${'*'.repeat(Math.max(fundingAccount.length - 4, 0))}${fundingAccount.slice(-4)}`;
}
