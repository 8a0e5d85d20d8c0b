import { Injectable } from '@nestjs/common';
import { AppConfig } from '../../../platform/config/app-config';
import { KeyedHash } from '../../../platform/crypto/keyed-hash';
import { API_PREFIX } from '../../../platform/openapi/openapi-document';
import { PaymentsConfig } from '../payments.config';

/** The keyed-hash purpose of receipt links: a digest made for anything else never verifies here. */
const PURPOSE = 'receipt-link';
const VERSION = 1;
const ID_BYTES = 16;
const EXPIRY_BYTES = 6;
const MAC_BYTES = 32;
const PAYLOAD_BYTES = 1 + ID_BYTES + EXPIRY_BYTES;

/** Characters and length of a receipt token: base64url of the payload and its MAC. */
export const RECEIPT_TOKEN_LENGTH = Math.ceil(((PAYLOAD_BYTES + MAC_BYTES) * 4) / 3);
export const RECEIPT_TOKEN_PATTERN = /^[A-Za-z0-9_-]+$/;

/** The path of the public receipt route under the API prefix. */
export const RECEIPT_ROUTE = 'receipts';

export interface IssuedReceiptLink {
  token: string;
  url: string;
  expiresAt: Date;
}

export type ReceiptLinkCheck =
  | { kind: 'valid'; paymentId: string; expiresAt: Date }
  | { kind: 'expired'; paymentId: string; expiresAt: Date }
  | { kind: 'invalid' };

/**
 * Short-lived, stateless links to a payment's receipt. The token is base64url of
 * `version (1 byte) | payment id (16 bytes) | expiry in Unix seconds (6 bytes)` followed by an
 * HMAC-SHA256 of those bytes under KEY_HASH_SECRET, so it needs no table and cannot be forged or
 * moved to another payment or expiry. Anyone holding the link may read the receipt until it
 * expires (RECEIPT_URL_TTL_SECONDS); changing KEY_HASH_SECRET voids every link.
 */
@Injectable()
export class ReceiptLink {
  constructor(
    private readonly config: AppConfig,
    private readonly settings: PaymentsConfig,
    private readonly keyedHash: KeyedHash,
  ) {}

  issue(paymentId: string, now: Date): IssuedReceiptLink {
    const expirySeconds = Math.floor(now.getTime() / 1000) + this.settings.RECEIPT_URL_TTL_SECONDS;
    const idHex = paymentId.replace(/-/g, '');
    if (!/^[0-9a-f]{32}$/i.test(idHex)) throw new Error(`payment id ${paymentId} is not a UUID`);
    const payload = Buffer.alloc(PAYLOAD_BYTES);
    payload.writeUInt8(VERSION, 0);
    Buffer.from(idHex, 'hex').copy(payload, 1);
    payload.writeUIntBE(expirySeconds, 1 + ID_BYTES, EXPIRY_BYTES);
    const token = Buffer.concat([payload, this.mac(payload)]).toString('base64url');
    return { token, url: this.urlOf(token), expiresAt: new Date(expirySeconds * 1000) };
  }

  /**
   * Checks the MAC before anything else, so a forged or altered token is `invalid` whatever its
   * expiry says; only an authentic token can be reported `expired`.
   */
  verify(token: string, now: Date): ReceiptLinkCheck {
    if (token.length !== RECEIPT_TOKEN_LENGTH || !RECEIPT_TOKEN_PATTERN.test(token)) return { kind: 'invalid' };
    const bytes = Buffer.from(token, 'base64url');
    // Only the canonical spelling is accepted: the last character's unused bits must be zero.
    if (bytes.length !== PAYLOAD_BYTES + MAC_BYTES || bytes.toString('base64url') !== token) {
      return { kind: 'invalid' };
    }
    const payload = bytes.subarray(0, PAYLOAD_BYTES);
    const mac = bytes.subarray(PAYLOAD_BYTES);
    if (!this.keyedHash.matches(PURPOSE, payload.toString('base64url'), mac.toString('hex'))) {
      return { kind: 'invalid' };
    }
    if (payload.readUInt8(0) !== VERSION) return { kind: 'invalid' };
    const paymentId = formatUuid(payload.subarray(1, 1 + ID_BYTES).toString('hex'));
    const expiresAt = new Date(payload.readUIntBE(1 + ID_BYTES, EXPIRY_BYTES) * 1000);
    return now.getTime() < expiresAt.getTime()
      ? { kind: 'valid', paymentId, expiresAt }
      : { kind: 'expired', paymentId, expiresAt };
  }

  private mac(payload: Buffer): Buffer {
    return Buffer.from(this.keyedHash.digest(PURPOSE, payload.toString('base64url')), 'hex');
  }

  private urlOf(token: string): string {
    return `${this.config.PUBLIC_BASE_URL.replace(/\/+$/, '')}/${API_PREFIX}/${RECEIPT_ROUTE}/${token}`;
  }
}

function formatUuid(hex: string): string {
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
