import { Injectable, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Clock } from '../../../platform/clock/clock';
import { sqlStatements } from '../../../platform/database/sql-query';
import { executorOn, run } from '../../../platform/database/statement-executor';
import { MessageSender } from '../../../platform/messaging/message-sender';
import { MerchantAuditWriter, SYSTEM_ACTOR } from '../onboarding/merchant-audit.writer';
import { MerchantDirectory } from '../onboarding/merchant-directory.service';
import { MerchantOrigin } from './merchant-origin.entity';
import { MerchantOriginsRepository } from './merchant-origins.repository';
import { findingsSummary, OriginOwnershipCheck } from './origin-ownership-check';
import * as recheck from './sql/origin-recheck.queries';

const SQL = sqlStatements('merchants', recheck);
const DAY_MS = 86_400_000;

/** A verified origin is checked again once its last check is this old. */
export const ORIGIN_RECHECK_INTERVAL_MS = 7 * DAY_MS;
/** While its checks fail, an origin is checked again daily, so a fix is seen within a day. */
export const ORIGIN_RECHECK_FAILING_INTERVAL_MS = DAY_MS;
/** Failing this long without a success, a verified origin goes back to PENDING. */
export const ORIGIN_LAPSE_AFTER_MS = 7 * DAY_MS;
/** How long a worker holds its claim on an origin: well past a check's 3 s DNS + 5 s HTTPS. */
const CLAIM_MS = 10 * 60_000;
const BATCH = 20;
/** Checks of one batch run side by side, at most this many at a time. */
const PARALLEL = 5;
/** At most this many origins per run: the next run (an hour later) takes the rest. */
const MAX_PER_RUN = 1000;

/** What one run did. */
export interface OriginRecheckRun {
  checked: number;
  failed: number;
  lapsed: number;
}

type Outcome = 'PASSED' | 'FAILED' | 'LAPSED' | 'GONE';

/**
 * The weekly re-check of verified origins (design/merchants.md section 4). Each run claims batches
 * of due origins (a lease, `recheck_claimed_until`, taken under FOR UPDATE SKIP LOCKED, so two
 * workers never check one origin), looks for the challenge as `POST .../verify` does (DNS TXT,
 * then the HTTPS file through the outbound guard) outside any transaction, then records it under
 * the row's lock: a success moves `lastCheckedAt` and clears `lastError` and `failingSince`; a
 * failure keeps the findings and starts (or continues) `failingSince`; failing for
 * ORIGIN_LAPSE_AFTER_MS sends the origin back to PENDING, audited `ORIGIN_VERIFICATION_LAPSED` by
 * SYSTEM, and the merchant is e-mailed. Test-mode `http://localhost` origins are never re-checked.
 * A failed check is not audited (a verified origin failing once a day would fill the log); its
 * findings are on the origin.
 */
@Injectable()
export class MerchantOriginRecheck {
  private readonly logger = new Logger(MerchantOriginRecheck.name);

  constructor(
    private readonly dataSource: DataSource,
    private readonly repository: MerchantOriginsRepository,
    private readonly ownership: OriginOwnershipCheck,
    private readonly merchants: MerchantDirectory,
    private readonly audit: MerchantAuditWriter,
    private readonly messages: MessageSender,
    private readonly clock: Clock,
  ) {}

  /** Re-checks every due origin (up to MAX_PER_RUN). Idempotent: a second run finds none due. */
  async runDue(): Promise<OriginRecheckRun> {
    const result: OriginRecheckRun = { checked: 0, failed: 0, lapsed: 0 };
    while (result.checked < MAX_PER_RUN) {
      const due = await this.claim();
      if (due.length === 0) break;
      for (let start = 0; start < due.length; start += PARALLEL) {
        const outcomes = await Promise.all(due.slice(start, start + PARALLEL).map((origin) => this.recheck(origin)));
        for (const outcome of outcomes) {
          if (outcome === 'GONE') continue;
          result.checked += 1;
          if (outcome !== 'PASSED') result.failed += 1;
          if (outcome === 'LAPSED') result.lapsed += 1;
        }
      }
      if (due.length < BATCH) break;
    }
    if (result.checked > 0) this.logger.log(result, 're-checked verified origins');
    return result;
  }

  private async claim(): Promise<recheck.ClaimDueOriginsResult[]> {
    const now = this.clock.now().getTime();
    return this.dataSource.transaction((manager) =>
      run(executorOn(manager), SQL.claimDueOrigins, {
        now: new Date(now),
        claimUntil: new Date(now + CLAIM_MS),
        checkedBefore: new Date(now - ORIGIN_RECHECK_INTERVAL_MS),
        failingCheckedBefore: new Date(now - ORIGIN_RECHECK_FAILING_INTERVAL_MS),
        batch: BATCH,
      }),
    );
  }

  private async recheck(claimed: recheck.ClaimDueOriginsResult): Promise<Outcome> {
    let outcome: Outcome;
    let lapsed: MerchantOrigin | null = null;
    try {
      const check = await this.ownership.check(claimed.origin, claimed.challenge_token);
      const now = this.clock.now();
      [outcome, lapsed] = await this.dataSource.transaction(
        async (manager): Promise<[Outcome, MerchantOrigin | null]> => {
          const origin = await this.repository.lockOf(manager, claimed.merchant_id, claimed.id);
          // Deleted, or made PENDING some other way, while it was checked: nothing to record.
          if (!origin || origin.status !== 'VERIFIED') return ['GONE', null];
          if (check.proven !== null) {
            await this.repository.recordRecheck(manager, origin.id, {
              lastCheckedAt: now,
              lastError: null,
              failingSince: null,
              recheckClaimedUntil: null,
            });
            return ['PASSED', null];
          }
          const lastError = findingsSummary(check.details);
          const failingSince = origin.failingSince ?? now;
          if (now.getTime() - failingSince.getTime() < ORIGIN_LAPSE_AFTER_MS) {
            await this.repository.recordRecheck(manager, origin.id, {
              lastCheckedAt: now,
              lastError,
              failingSince,
              recheckClaimedUntil: null,
            });
            return ['FAILED', null];
          }
          await this.repository.recordRecheck(manager, origin.id, {
            status: 'PENDING',
            verificationMethod: null,
            verifiedAt: null,
            lastCheckedAt: now,
            lastError,
            failingSince: null,
            recheckClaimedUntil: null,
          });
          await this.audit.record(manager, {
            merchantId: origin.merchantId,
            action: 'ORIGIN_VERIFICATION_LAPSED',
            actor: SYSTEM_ACTOR,
            target: { type: 'origin', id: origin.id },
            details: {
              origin: origin.origin,
              method: origin.verificationMethod,
              failingSince: failingSince.toISOString(),
              findings: check.details,
            },
          });
          return ['LAPSED', origin];
        },
      );
    } catch (error) {
      // The claim runs out and a later run tries again.
      this.logger.error({ err: error, originId: claimed.id }, 'origin re-check failed');
      return 'GONE';
    }
    if (lapsed) await this.notifyLapsed(lapsed);
    return outcome;
  }

  /** The merchant hears, at its contact e-mail, that an origin is no longer verified and what to do. */
  private async notifyLapsed(origin: MerchantOrigin): Promise<void> {
    const merchant = await this.merchants.findById(origin.merchantId);
    if (!merchant) return;
    try {
      await this.messages.send({
        channel: 'EMAIL',
        to: merchant.contactEmail,
        subject: 'An origin is no longer verified',
        body: [
          `Hello ${merchant.name},`,
          '',
          `We could not find the verification challenge of ${origin.origin} for 7 days, so it is no longer verified.`,
          'Live checkout sessions cannot send customers back to it until it is verified again.',
          'Put the challenge back (the DNS TXT record or the file under /.well-known/) and verify the origin again',
          '(POST /merchant/origins/{id}/verify).',
        ].join('\n'),
      });
    } catch (error) {
      // The audit entry holds the fact; a lost e-mail does not undo the decision.
      this.logger.warn({ err: error, originId: origin.id }, 'origin verification lapsed: notice not sent');
    }
  }
}
