import { Injectable } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { DataSource } from 'typeorm';
import { Clock } from '../../../platform/clock/clock';
import { newId } from '../../../platform/database/new-id';
import type { ClientInfo } from '../../../platform/http/client-info.decorator';
import { MerchantAuditActor, MerchantAuditWriter } from '../onboarding/merchant-audit.writer';
import { MerchantDirectory } from '../onboarding/merchant-directory.service';
import { MerchantOrigin } from './merchant-origin.entity';
import { MerchantOriginError } from './merchant-origins.errors';
import { MerchantOriginsRepository } from './merchant-origins.repository';
import { findingsSummary, OriginOwnershipCheck } from './origin-ownership-check';
import { parseOrigin } from './origin-parser';

/** Origins per merchant (design/merchants.md section 4). */
export const MAX_ORIGINS_PER_MERCHANT = 20;

/** Who adds an origin: the member, for the audit log and `created_by_user_id`. */
export interface OriginActor {
  actor: MerchantAuditActor;
  userId: string;
}

/**
 * A merchant's web origins: adding one (strictly parsed, at most 20, each with its own challenge
 * token; `http://localhost[:port]` verified at once for test mode), the ownership check (DNS TXT,
 * then the HTTPS file, through the platform's outbound guard), listing and deleting. Every change
 * is audited in its own transaction.
 */
@Injectable()
export class MerchantOriginsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly repository: MerchantOriginsRepository,
    private readonly merchants: MerchantDirectory,
    private readonly audit: MerchantAuditWriter,
    private readonly ownership: OriginOwnershipCheck,
    private readonly clock: Clock,
  ) {}

  list(merchantId: string): Promise<MerchantOrigin[]> {
    return this.repository.listOf(this.dataSource.manager, merchantId);
  }

  /**
   * Adds an origin. 400 ORIGIN_INVALID (details say why), 409 ORIGIN_ALREADY_EXISTS for the same
   * canonical origin, 422 ORIGIN_LIMIT_REACHED past MAX_ORIGINS_PER_MERCHANT (counted under the
   * merchant's lock, so concurrent additions cannot pass it). Audited `ORIGIN_ADDED`.
   */
  async add(merchantId: string, input: string, by: OriginActor, client: ClientInfo): Promise<MerchantOrigin> {
    const parsed = parseOrigin(input);
    if (!parsed.ok) {
      throw new MerchantOriginError('ORIGIN_INVALID', `Not an accepted origin: it ${parsed.reason}`, [
        { field: 'origin', message: parsed.reason },
      ]);
    }
    const { origin, testModeOnly } = parsed.parsed;
    const now = this.clock.now();
    const row: MerchantOrigin = {
      id: newId(),
      merchantId,
      origin,
      testModeOnly,
      status: testModeOnly ? 'VERIFIED' : 'PENDING',
      challengeToken: randomBytes(32).toString('base64url'),
      verificationMethod: testModeOnly ? 'LOCALHOST' : null,
      verifiedAt: testModeOnly ? now : null,
      lastCheckedAt: null,
      lastError: null,
      failingSince: null,
      recheckClaimedUntil: null,
      createdByUserId: by.userId,
      createdAt: now,
    };
    await this.dataSource.transaction(async (manager) => {
      if (!(await this.merchants.lockById(manager, merchantId))) {
        throw new MerchantOriginError('NOT_FOUND', 'No such merchant');
      }
      if (await this.repository.findByOrigin(manager, merchantId, origin)) {
        throw new MerchantOriginError('ORIGIN_ALREADY_EXISTS', `The merchant already has ${origin}`, [
          { field: 'origin', message: origin },
        ]);
      }
      if ((await this.repository.countOf(manager, merchantId)) >= MAX_ORIGINS_PER_MERCHANT) {
        throw new MerchantOriginError(
          'ORIGIN_LIMIT_REACHED',
          `At most ${MAX_ORIGINS_PER_MERCHANT} origins per merchant; delete one first`,
        );
      }
      await this.repository.insert(manager, row);
      await this.audit.record(manager, {
        merchantId,
        action: 'ORIGIN_ADDED',
        actor: by.actor,
        target: { type: 'origin', id: row.id },
        client,
        details: { origin, testModeOnly, status: row.status },
      });
    });
    return row;
  }

  /**
   * Looks for the challenge (DNS TXT, then the HTTPS file) outside any transaction, then records
   * the outcome: VERIFIED (`ORIGIN_VERIFIED`) or the findings (`ORIGIN_VERIFY_FAILED`, then 422
   * ORIGIN_CHALLENGE_NOT_FOUND with one detail per method). An origin already VERIFIED answers
   * as it is, without a check. 404 for an origin of another merchant, or none.
   */
  async verify(merchantId: string, id: string, actor: MerchantAuditActor, client: ClientInfo): Promise<MerchantOrigin> {
    const found = await this.repository.findOf(this.dataSource.manager, merchantId, id);
    if (!found) throw new MerchantOriginError('NOT_FOUND', 'No such origin in this merchant');
    if (found.status === 'VERIFIED') return found;
    const outcome = await this.ownership.check(found.origin, found.challengeToken);
    const now = this.clock.now();
    const recorded = await this.dataSource.transaction(async (manager) => {
      const origin = await this.repository.lockOf(manager, merchantId, id);
      if (!origin) throw new MerchantOriginError('NOT_FOUND', 'No such origin in this merchant');
      if (origin.status === 'VERIFIED') return origin;
      const change =
        outcome.proven !== null
          ? {
              status: 'VERIFIED' as const,
              verificationMethod: outcome.proven,
              verifiedAt: now,
              lastCheckedAt: now,
              lastError: null,
            }
          : {
              status: origin.status,
              verificationMethod: origin.verificationMethod,
              verifiedAt: origin.verifiedAt,
              lastCheckedAt: now,
              lastError: findingsSummary(outcome.details),
            };
      await this.repository.recordCheck(manager, id, change);
      await this.audit.record(manager, {
        merchantId,
        action: outcome.proven !== null ? 'ORIGIN_VERIFIED' : 'ORIGIN_VERIFY_FAILED',
        actor,
        target: { type: 'origin', id },
        client,
        details:
          outcome.proven !== null
            ? { origin: origin.origin, method: outcome.proven }
            : { origin: origin.origin, findings: outcome.details },
      });
      return { ...origin, ...change };
    });
    if (recorded.status !== 'VERIFIED' && outcome.proven === null) {
      throw new MerchantOriginError(
        'ORIGIN_CHALLENGE_NOT_FOUND',
        `The challenge of ${recorded.origin} was found neither in DNS nor at its HTTPS file`,
        outcome.details,
      );
    }
    return recorded;
  }

  /** Deletes an origin of the merchant; 404 for another merchant's, or one already deleted. Audited `ORIGIN_REMOVED`. */
  async remove(merchantId: string, id: string, actor: MerchantAuditActor, client: ClientInfo): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      const origin = await this.repository.lockOf(manager, merchantId, id);
      if (!origin) throw new MerchantOriginError('NOT_FOUND', 'No such origin in this merchant');
      await this.repository.delete(manager, id);
      await this.audit.record(manager, {
        merchantId,
        action: 'ORIGIN_REMOVED',
        actor,
        target: { type: 'origin', id },
        client,
        details: { origin: origin.origin, status: origin.status, testModeOnly: origin.testModeOnly },
      });
    });
  }
}
