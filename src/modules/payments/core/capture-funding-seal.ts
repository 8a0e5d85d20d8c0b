import { Injectable } from '@nestjs/common';
import { AppConfig } from '../../../platform/config/app-config';
import { SealedText } from '../../../platform/crypto/sealed-text';

/**
 * The funding account of a payment still AUTHORIZING, sealed (AES-256-GCM, the payment id as
 * associated data) in `payment_capture_instructions`, so the recovery job can complete a capture
 * the request could not make. The row goes when the payment leaves AUTHORIZING. The key is
 * derived from KEY_HASH_SECRET (HKDF-SHA256): rotating it leaves the accounts of payments in
 * flight unreadable, and recovery then fails those the rail never took instead of capturing.
 */
@Injectable()
export class CaptureFundingSeal {
  private readonly sealed: SealedText;

  constructor(config: AppConfig) {
    this.sealed = new SealedText(
      SealedText.derivedKey(config.KEY_HASH_SECRET, 'payments', 'payment-capture-funding-account/v1'),
    );
  }

  seal(paymentId: string, fundingAccount: string): string {
    return this.sealed.seal(paymentId, fundingAccount);
  }

  /** The funding account, or null when it does not open (sealed under a key since rotated). */
  open(paymentId: string, stored: string): string | null {
    try {
      return this.sealed.open(paymentId, stored);
    } catch {
      return null;
    }
  }
}
