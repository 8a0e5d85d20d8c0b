import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';

/** The field cipher's purpose for endpoint secrets (its own key, derived from KEY_HASH_SECRET). */
export const WEBHOOK_SECRET_PURPOSE = 'merchants.webhook-endpoint-secret';

/** How long the secret before a rotation keeps signing (design section 7: 24 h). */
export const ROTATION_OVERLAP_MS = 24 * 60 * 60 * 1000;

/** A new signing secret as Standard Webhooks writes them: `whsec_` and 32 random bytes in base64. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

export interface SignedHeaders {
  'webhook-id': string;
  'webhook-timestamp': string;
  'webhook-signature': string;
}

/**
 * The Standard Webhooks headers for one attempt, signed by the `standardwebhooks` package with
 * each secret (`v1,<base64 HMAC-SHA256 of id.timestamp.body>`), space-separated: during a
 * rotation both the new and the previous secret sign, so a receiver with either verifies.
 */
export function signDelivery(secrets: readonly string[], id: string, at: Date, body: string): SignedHeaders {
  const signatures = secrets.map((secret) => new Webhook(secret).sign(id, at, body));
  return {
    'webhook-id': id,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': signatures.join(' '),
  };
}
