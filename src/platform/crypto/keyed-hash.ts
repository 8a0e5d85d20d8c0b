import { Injectable } from '@nestjs/common';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { AppConfig } from '../config/app-config';

/**
 * HMAC-SHA256 under `KEY_HASH_SECRET`, for secrets kept at rest only as a digest (OTPs,
 * refresh tokens) and for identifiers that should not appear in Redis keys in clear. The
 * purpose is part of the input, so a digest made for one use never matches in another.
 */
@Injectable()
export class KeyedHash {
  constructor(private readonly config: AppConfig) {}

  /** Hex digest of `value` for `purpose`. */
  digest(purpose: string, value: string): string {
    return createHmac('sha256', this.config.KEY_HASH_SECRET).update(`${purpose}\u0000${value}`).digest('hex');
  }

  /** Whether `value` digests to `expectedDigest`, compared in constant time. */
  matches(purpose: string, value: string, expectedDigest: string): boolean {
    const actual = Buffer.from(this.digest(purpose, value), 'hex');
    const expected = Buffer.from(expectedDigest, 'hex');
    return actual.length === expected.length && timingSafeEqual(actual, expected);
  }
}
