import { Injectable } from '@nestjs/common';
import { AppConfig } from '../../platform/config/app-config';
import { SchedulesConfig } from './schedules.config';
import { SealedText } from '../../platform/crypto/sealed-text';

/**
 * Keeps the funding account a schedule pays from, which the runner needs in clear at every
 * period, encrypted at rest with AES-256-GCM (SealedText), the schedule's id as associated data
 * (a ciphertext copied onto another schedule does not decrypt). The key is
 * `SCHEDULE_FUNDING_KEY`, or derived from KEY_HASH_SECRET with HKDF-SHA256 when that is empty.
 */
@Injectable()
export class FundingAccountCipher {
  private readonly sealed: SealedText;

  constructor(config: AppConfig, settings: SchedulesConfig) {
    this.sealed = new SealedText(
      settings.SCHEDULE_FUNDING_KEY !== ''
        ? Buffer.from(settings.SCHEDULE_FUNDING_KEY, 'hex')
        : SealedText.derivedKey(config.KEY_HASH_SECRET, 'schedules', 'schedule-funding-account/v1'),
    );
  }

  encrypt(scheduleId: string, fundingAccount: string): string {
    return this.sealed.seal(scheduleId, fundingAccount);
  }

  decrypt(scheduleId: string, stored: string): string {
    return this.sealed.open(scheduleId, stored);
  }
}

/** The funding account as responses show it: its last four characters. */
export function maskFundingAccount(fundingAccount: string): string {
  return `${'*'.repeat(Math.max(fundingAccount.length - 4, 0))}${fundingAccount.slice(-4)}`;
}
