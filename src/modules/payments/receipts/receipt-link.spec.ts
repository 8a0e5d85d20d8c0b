import { AppConfig } from '../../../platform/config/app-config';
import { KeyedHash } from '../../../platform/crypto/keyed-hash';
import { PaymentsConfig } from '../payments.config';
import { RECEIPT_TOKEN_LENGTH, ReceiptLink } from './receipt-link';

const paymentId = '0193f5c2-7d1e-7c4a-9b2f-5e6d7c8b9a01';
const now = new Date('2025-11-23T09:40:12.345Z');

function linkWith(overrides: Partial<AppConfig> = {}, settings: Partial<PaymentsConfig> = {}): ReceiptLink {
  const config = Object.assign(new AppConfig(), { KEY_HASH_SECRET: 'k'.repeat(32), ...overrides });
  return new ReceiptLink(config, Object.assign(new PaymentsConfig(), settings), new KeyedHash(config));
}

describe('ReceiptLink', () => {
  it('issues an absolute URL under PUBLIC_BASE_URL that verifies to the payment until it expires', () => {
    const link = linkWith({ PUBLIC_BASE_URL: 'https://pay.example.com/edge/' }, { RECEIPT_URL_TTL_SECONDS: 900 });
    const issued = link.issue(paymentId, now);
    expect(issued.token).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(issued.token).toHaveLength(RECEIPT_TOKEN_LENGTH);
    expect(issued.url).toBe(`https://pay.example.com/edge/api/v1/receipts/${issued.token}`);
    expect(issued.expiresAt).toEqual(new Date('2025-11-23T09:55:12.000Z'));

    expect(link.verify(issued.token, now)).toEqual({ kind: 'valid', paymentId, expiresAt: issued.expiresAt });
    expect(link.verify(issued.token, new Date(issued.expiresAt.getTime() - 1))).toMatchObject({ kind: 'valid' });
    expect(link.verify(issued.token, issued.expiresAt)).toEqual({
      kind: 'expired',
      paymentId,
      expiresAt: issued.expiresAt,
    });
  });

  it('refuses a token altered anywhere, signed under another key, or spelled non-canonically', () => {
    const link = linkWith();
    const { token } = link.issue(paymentId, now);
    for (let index = 0; index < token.length; index += 1) {
      const altered = token.slice(0, index) + (token[index] === 'A' ? 'B' : 'A') + token.slice(index + 1);
      expect(link.verify(altered, now)).toEqual({ kind: 'invalid' });
    }
    expect(linkWith({ KEY_HASH_SECRET: 'x'.repeat(32) }).verify(token, now)).toEqual({ kind: 'invalid' });
    expect(link.verify(token.slice(1), now)).toEqual({ kind: 'invalid' });
    expect(link.verify(`${token}A`, now)).toEqual({ kind: 'invalid' });
    expect(link.verify('', now)).toEqual({ kind: 'invalid' });
    expect(link.verify('%'.repeat(token.length), now)).toEqual({ kind: 'invalid' });
  });

  it('reports an expired token as invalid when it has been tampered with', () => {
    const link = linkWith();
    const { token } = link.issue(paymentId, now);
    const bytes = Buffer.from(token, 'base64url');
    bytes.writeUIntBE(Math.floor(now.getTime() / 1000) + 86_400 * 365, 17, 6);
    expect(link.verify(bytes.toString('base64url'), now)).toEqual({ kind: 'invalid' });
  });

  it('refuses to issue for something that is not a UUID', () => {
    expect(() => linkWith().issue('not-a-uuid', now)).toThrow();
  });
});
