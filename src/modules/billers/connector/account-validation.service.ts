import { Injectable, Logger } from '@nestjs/common';
import Redis from 'ioredis';
import { KeyedHash } from '../../../platform/crypto/keyed-hash';
import { InjectRedis } from '../../../platform/redis/redis.module';
import { matchesAccountReference } from '../catalogue/account-reference-pattern';
import { BillerDirectoryService, isVisible } from '../directory/biller-directory.service';
import { Biller } from '../catalogue/biller.entity';
import { BillerError } from '../billers.errors';
import { BillerConnector } from './biller-connector';
import { maskCustomerName } from './customer-name-mask';
import type { AccountInvalidReason } from './dto/account-validation.dto';
import { BillersConfig } from '../billers.config';

export interface AccountValidationResult {
  billerId: string;
  accountReference: string;
  valid: boolean;
  reason: AccountInvalidReason | null;
  /** Already masked. */
  customerName: string | null;
  outstandingAmount: number | null;
  currency: string;
  checkedWithBiller: boolean;
}

/** What the cache keeps: a definitive answer of the biller, with the name already masked. */
type CachedAnswer = Pick<AccountValidationResult, 'valid' | 'reason' | 'customerName' | 'outstandingAmount'>;

const REFERENCE_HASH_PURPOSE = 'biller-account-reference';

/**
 * Checks an account reference before a customer pays it. The order matters: a biller that is
 * deactivated or in an outage answers 422 `BILLER_UNAVAILABLE`; a reference that fails the
 * biller's pattern is a 400 and never reaches the biller; a biller that validates directly is
 * then asked through the BillerConnector, and its definitive answers (valid, unknown,
 * rejected) are cached in Redis per biller and reference for
 * BILLER_VALIDATION_CACHE_TTL_SECONDS. A timeout or an outage is a 422 and is not cached.
 * References appear in Redis keys only as keyed hashes, and names only masked.
 */
@Injectable()
export class AccountValidationService {
  private readonly logger = new Logger(AccountValidationService.name);

  constructor(
    private readonly directory: BillerDirectoryService,
    private readonly connector: BillerConnector,
    @InjectRedis() private readonly redis: Redis,
    private readonly keyedHash: KeyedHash,
    private readonly config: BillersConfig,
  ) {}

  async validate(billerIdOrSlug: string, accountReference: string): Promise<AccountValidationResult> {
    const found = await this.directory.find(billerIdOrSlug);
    if (!found) throw BillerError.billerNotFound();
    const { biller } = found;
    if (!isVisible(found)) throw BillerError.billerUnavailable('the biller is no longer in the directory');
    if (!biller.available) throw BillerError.billerUnavailable('the biller is temporarily unavailable');
    if (!matchesAccountReference(biller.accountReferencePattern, accountReference)) {
      throw BillerError.referenceMismatch(biller.accountReferenceLabel);
    }
    const base = { billerId: biller.id, accountReference, currency: biller.currency };
    if (!biller.validatesDirectly) {
      return {
        ...base,
        valid: true,
        reason: null,
        customerName: null,
        outstandingAmount: null,
        checkedWithBiller: false,
      };
    }

    const key = this.cacheKey(biller.id, accountReference);
    const cached = await this.readCache(key);
    if (cached) return { ...base, ...cached, checkedWithBiller: true };

    const answer = await this.askBiller(biller, accountReference);
    await this.writeCache(key, answer);
    return { ...base, ...answer, checkedWithBiller: true };
  }

  private async askBiller(biller: Biller, accountReference: string): Promise<CachedAnswer> {
    if (!biller.connectorBaseUrl || !biller.connectorSecretRef) {
      throw BillerError.billerUnavailable('the biller connector is not configured');
    }
    const outcome = await this.connector.validateAccount(
      { baseUrl: biller.connectorBaseUrl, secretRef: biller.connectorSecretRef, timeoutMs: biller.connectorTimeoutMs },
      accountReference,
    );
    switch (outcome.kind) {
      case 'VALID':
        return {
          valid: true,
          reason: null,
          customerName: maskCustomerName(outcome.customerName) || null,
          outstandingAmount: outcome.outstandingAmount,
        };
      case 'NOT_FOUND':
        return { valid: false, reason: 'ACCOUNT_NOT_FOUND', customerName: null, outstandingAmount: null };
      case 'REJECTED':
        return { valid: false, reason: 'ACCOUNT_REJECTED', customerName: null, outstandingAmount: null };
      case 'TIMEOUT':
        throw BillerError.billerUnavailable('the biller did not answer in time');
      case 'UNAVAILABLE':
        throw BillerError.billerUnavailable('the biller cannot be reached');
    }
  }

  private cacheKey(billerId: string, accountReference: string): string {
    return `billers:account-validation:${billerId}:${this.keyedHash.digest(REFERENCE_HASH_PURPOSE, accountReference)}`;
  }

  /**
   * The cache only spares the biller a call: while Redis is disconnected (its client refuses
   * commands at once) validation asks the biller every time, without a warning per request.
   */
  private cacheUsable(): boolean {
    return this.config.BILLER_VALIDATION_CACHE_TTL_SECONDS > 0 && this.redis.status === 'ready';
  }

  private async readCache(key: string): Promise<CachedAnswer | null> {
    if (!this.cacheUsable()) return null;
    try {
      const value = await this.redis.get(key);
      return value ? (JSON.parse(value) as CachedAnswer) : null;
    } catch (error) {
      this.logger.warn(`validation cache read failed: ${error instanceof Error ? error.message : String(error)}`);
      return null;
    }
  }

  private async writeCache(key: string, answer: CachedAnswer): Promise<void> {
    if (!this.cacheUsable()) return;
    await this.redis
      .set(key, JSON.stringify(answer), 'EX', this.config.BILLER_VALIDATION_CACHE_TTL_SECONDS)
      .catch((error: unknown) =>
        this.logger.warn(`validation cache write failed: ${error instanceof Error ? error.message : String(error)}`),
      );
  }
}
