import { Injectable } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { DataSource, EntityManager } from 'typeorm';
import { MerchantApiKeyVerifier } from '../../../platform/auth/merchant-credentials';
import type { MerchantApiKeyPrincipal } from '../../../platform/auth/principal';
import { Clock } from '../../../platform/clock/clock';
import { KeyedHash } from '../../../platform/crypto/keyed-hash';
import { newId } from '../../../platform/database/new-id';
import type { ClientInfo } from '../../../platform/http/client-info.decorator';
import { MerchantAuditActor, MerchantAuditWriter } from '../onboarding/merchant-audit.writer';
import { MerchantDirectory } from '../onboarding/merchant-directory.service';
import { MerchantApiKey } from './merchant-api-key.entity';
import { MerchantApiKeyCache } from './merchant-api-key-cache';
import { MerchantApiKeyUsage } from './merchant-api-key-usage';
import { MerchantApiKeyError } from './merchant-api-keys.errors';
import { MerchantApiKeysRepository } from './merchant-api-keys.repository';

export const SECRET_PURPOSE = 'merchant-api-key';
/** `sk_live_` or `sk_test_`, then 32 random bytes in base64url (43 characters). */
const KEY_PATTERN = /^sk_(live|test)_[A-Za-z0-9_-]{43}$/;
/** The mode prefix and the first 6 characters of the secret: shown to people, and the lookup. */
export const VISIBLE_PREFIX_LENGTH = 'sk_live_'.length + 6;
/** Active keys per merchant and mode: enough for rotation across several services. */
export const MAX_ACTIVE_KEYS_PER_MODE = 25;

/** Who asks for a key: a member from the dashboard, or platform staff from the admin routes. */
export interface KeyCreator {
  actor: MerchantAuditActor;
  type: 'USER' | 'STAFF';
  userId: string | null;
}

export interface NewKey {
  name?: string;
  livemode?: boolean;
}

/** A key just created, with its secret: the only time the secret exists outside the caller's hands. */
export interface CreatedKey {
  key: MerchantApiKey;
  secret: string;
}

/**
 * Merchant API keys: creation (live keys need an APPROVED merchant), listing without secrets,
 * revocation, and the verification the merchant guard runs for every `sk_...` bearer (through
 * `MerchantApiKeyCache`, by the key's digest; on a miss, lookup by the visible prefix, HMAC
 * compared in constant time; use noted for the batched `lastUsedAt`). Also revokes a merchant's
 * live keys when its KYB is REJECTED. Each revocation marks the keys in the cache once its
 * transaction has committed, before the caller answers, so a revoked key stops on the next request.
 */
@Injectable()
export class MerchantApiKeysService extends MerchantApiKeyVerifier {
  constructor(
    private readonly dataSource: DataSource,
    private readonly repository: MerchantApiKeysRepository,
    private readonly merchants: MerchantDirectory,
    private readonly audit: MerchantAuditWriter,
    private readonly keyedHash: KeyedHash,
    private readonly usage: MerchantApiKeyUsage,
    private readonly clock: Clock,
    private readonly cache: MerchantApiKeyCache,
  ) {
    super();
  }

  async verify(rawKey: string): Promise<MerchantApiKeyPrincipal | null> {
    if (!KEY_PATTERN.test(rawKey)) return null;
    const digest = this.keyedHash.digest(SECRET_PURPOSE, rawKey);
    const principal = await this.cache.principalOf(digest, () => this.verifyStored(rawKey));
    if (principal) this.usage.note(principal.apiKeyId, this.clock.now());
    return principal;
  }

  /** Verification against PostgreSQL: the active keys of the key's prefix, the digest compared in constant time. */
  private async verifyStored(rawKey: string): Promise<MerchantApiKeyPrincipal | null> {
    const candidates = await this.repository.activeByPrefix(
      this.dataSource.manager,
      rawKey.slice(0, VISIBLE_PREFIX_LENGTH),
    );
    const match = candidates.find((candidate) => this.keyedHash.matches(SECRET_PURPOSE, rawKey, candidate.secretHash));
    if (!match) return null;
    return { kind: 'merchant-api-key', apiKeyId: match.id, merchantId: match.merchantId, livemode: match.livemode };
  }

  list(merchantId: string): Promise<MerchantApiKey[]> {
    return this.repository.listOf(this.dataSource.manager, merchantId);
  }

  /**
   * A new key for `merchantId`. 404 for an unknown merchant; 422 MERCHANT_NOT_APPROVED for a
   * live key before approval (and any key of a REJECTED merchant); 422 API_KEY_LIMIT_REACHED
   * past MAX_ACTIVE_KEYS_PER_MODE active keys of the mode. Audited with the prefix and last four.
   */
  async create(merchantId: string, request: NewKey, creator: KeyCreator, client: ClientInfo): Promise<CreatedKey> {
    const livemode = request.livemode ?? false;
    const now = this.clock.now();
    const secret = `${livemode ? 'sk_live_' : 'sk_test_'}${randomBytes(32).toString('base64url')}`;
    const key: MerchantApiKey = {
      id: newId(),
      merchantId,
      name: request.name ?? (livemode ? 'Live key' : 'Test key'),
      livemode,
      prefix: secret.slice(0, VISIBLE_PREFIX_LENGTH),
      last4: secret.slice(-4),
      secretHash: this.keyedHash.digest(SECRET_PURPOSE, secret),
      createdByType: creator.type,
      createdByUserId: creator.userId,
      createdAt: now,
      lastUsedAt: null,
      revokedAt: null,
      revokedReason: null,
    };
    await this.dataSource.transaction(async (manager) => {
      const merchant = await this.merchants.lockById(manager, merchantId);
      if (!merchant) throw new MerchantApiKeyError('NOT_FOUND', 'No such merchant');
      if (merchant.kybStatus === 'REJECTED' || (livemode && merchant.kybStatus !== 'APPROVED')) {
        throw new MerchantApiKeyError(
          'MERCHANT_NOT_APPROVED',
          `Live keys need an APPROVED merchant; this one is ${merchant.kybStatus}`,
          [{ field: 'livemode', message: `the merchant's KYB status is ${merchant.kybStatus}` }],
        );
      }
      if ((await this.repository.countActive(manager, merchantId, livemode)) >= MAX_ACTIVE_KEYS_PER_MODE) {
        throw new MerchantApiKeyError(
          'API_KEY_LIMIT_REACHED',
          `At most ${MAX_ACTIVE_KEYS_PER_MODE} active ${livemode ? 'live' : 'test'} keys; revoke one first`,
        );
      }
      await this.repository.insert(manager, key);
      await this.audit.record(manager, {
        merchantId,
        action: 'API_KEY_CREATED',
        actor: creator.actor,
        target: { type: 'api_key', id: key.id },
        client,
        details: { name: key.name, livemode, prefix: key.prefix, last4: key.last4 },
      });
    });
    return { key, secret };
  }

  /** Revokes an active key of the merchant: it stops working on the next request. 404 otherwise. */
  async revoke(merchantId: string, id: string, actor: MerchantAuditActor, client: ClientInfo): Promise<MerchantApiKey> {
    const now = this.clock.now();
    const revoked = await this.dataSource.transaction(async (manager) => {
      const key = await this.repository.lockActive(manager, merchantId, id);
      if (!key) throw new MerchantApiKeyError('NOT_FOUND', 'No such active API key in this merchant');
      const revoked = await this.repository.revoke(manager, key, now);
      await this.audit.record(manager, {
        merchantId,
        action: 'API_KEY_REVOKED',
        actor,
        target: { type: 'api_key', id: key.id },
        client,
        details: { name: key.name, livemode: key.livemode, prefix: key.prefix, last4: key.last4 },
      });
      return revoked;
    });
    await this.cache.revoked([revoked.secretHash]);
    return revoked;
  }

  /**
   * Revokes the merchant's live keys in the caller's transaction (its KYB REJECTED); answers their
   * digests, which the caller hands to `forgetRevoked` once that transaction has committed.
   */
  revokeLiveKeys(manager: EntityManager, merchantId: string, now: Date): Promise<string[]> {
    return this.repository.revokeLive(manager, merchantId, now);
  }

  /** Marks keys revoked by a committed transaction in the key cache, before the caller answers. */
  forgetRevoked(digests: string[]): Promise<void> {
    return this.cache.revoked(digests);
  }
}
