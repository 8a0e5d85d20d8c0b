import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { MerchantApiKeysService } from '../api-keys/merchant-api-keys.service';
import { MerchantSessionsService } from '../identity/merchant-sessions.service';
import { AdminAuditWriter } from '../../../platform/audit/admin-audit.writer';
import type { UserPrincipal } from '../../../platform/auth/principal';
import { Clock } from '../../../platform/clock/clock';
import type { ClientInfo } from '../../../platform/http/client-info.decorator';
import { Page, toPage } from '../../../platform/http/pagination';
import { OutboxWriter } from '../../../platform/outbox/outbox.writer';
import type { AdminMerchantListQueryDto } from './dto/admin-merchant-list-query.dto';
import type { MerchantKybRequestDto } from './dto/merchant-kyb-request.dto';
import type { MerchantResponseDto } from './dto/merchant-response.dto';
import { canAdminMoveKyb } from './kyb-transitions';
import { MerchantAuditWriter, staffActor } from './merchant-audit.writer';
import { MerchantOnboardingService, IssuedOnboardingToken } from './merchant-onboarding.service';
import type { Merchant } from './merchant.entity';
import { MerchantRepository } from './merchant.repository';
import { MerchantViews } from './merchant-views.service';
import { MerchantError } from './onboarding.errors';
import { MERCHANT_EVENTS, type MerchantKybEventPayload } from '../merchants.events';

/** How long a merchant has to answer ACTION_REQUIRED before its requirements are past due. */
export const ACTION_REQUIRED_DEADLINE_MS = 14 * 24 * 3600 * 1000;

/** Operations on merchants: the review queue and KYB decisions. */
@Injectable()
export class AdminMerchantsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly merchants: MerchantRepository,
    private readonly views: MerchantViews,
    private readonly onboarding: MerchantOnboardingService,
    private readonly liveKeys: MerchantApiKeysService,
    private readonly sessions: MerchantSessionsService,
    private readonly audit: MerchantAuditWriter,
    private readonly adminAudit: AdminAuditWriter,
    private readonly outbox: OutboxWriter,
    private readonly clock: Clock,
  ) {}

  async list(query: AdminMerchantListQueryDto): Promise<Page<MerchantResponseDto>> {
    const manager = this.dataSource.manager;
    const { items, total } = await this.merchants.list(manager, {
      kybStatus: query.kybStatus ?? null,
      q: query.q ?? null,
      page: query.page,
      size: query.size,
    });
    return toPage(await this.views.many(manager, items), total, query);
  }

  /**
   * Moves the KYB along the documented transitions (409 `INVALID_KYB_TRANSITION` otherwise).
   * ACTION_REQUIRED makes the named documents due again with a deadline and e-mails a new
   * onboarding link (the old one stops working); REJECTED revokes the live API keys; APPROVED
   * clears the requests. Audited in both trails, with an outbox event, in one transaction.
   */
  async changeKyb(
    staff: UserPrincipal,
    merchantId: string,
    request: MerchantKybRequestDto,
    client: ClientInfo,
  ): Promise<MerchantResponseDto> {
    const now = this.clock.now();
    let reissued: { merchant: Merchant; token: IssuedOnboardingToken } | null = null;
    let revokedKeyDigests: string[] = [];
    const view = await this.dataSource.transaction(async (manager) => {
      const merchant = await this.merchants.lockById(manager, merchantId);
      if (!merchant) throw MerchantError.notFound();
      const from = merchant.kybStatus;
      if (!canAdminMoveKyb(from, request.status)) throw MerchantError.invalidTransition(from, request.status);
      const changes: Partial<Merchant> = {
        kybStatus: request.status,
        kybReasonCode: request.status === 'APPROVED' ? null : (request.reasonCode ?? null),
        kybNote: request.note ?? null,
        updatedAt: now,
      };
      if (request.status === 'ACTION_REQUIRED') {
        const token = this.onboarding.issueToken(now);
        changes.requestedDocuments = request.requirements ?? [];
        changes.requirementsDeadline = new Date(now.getTime() + ACTION_REQUIRED_DEADLINE_MS);
        changes.onboardingTokenHash = token.hash;
        changes.onboardingTokenExpiresAt = token.expiresAt;
        reissued = { merchant, token };
      } else {
        changes.requestedDocuments = [];
        changes.requirementsDeadline = null;
      }
      if (request.status === 'APPROVED' && !merchant.approvedAt) changes.approvedAt = now;
      await this.merchants.update(manager, merchant.id, changes);
      const rejected = request.status === 'REJECTED';
      if (rejected) revokedKeyDigests = await this.liveKeys.revokeLiveKeys(manager, merchant.id, now);
      const revokedLiveKeys = revokedKeyDigests.length;
      const endedSessions = rejected ? await this.sessions.endSessionsOf(manager, merchant.id, now) : 0;
      const details = {
        from,
        to: request.status,
        reasonCode: changes.kybReasonCode ?? null,
        requirements: changes.requestedDocuments,
        ...(rejected ? { revokedLiveKeys, endedSessions } : {}),
      };
      await this.audit.record(manager, {
        merchantId: merchant.id,
        action: 'KYB_STATUS_CHANGED',
        actor: staffActor(staff),
        target: { type: 'merchant', id: merchant.id },
        client,
        details,
      });
      await this.adminAudit.record(manager, {
        actorUserId: staff.userId,
        action: 'merchant.kyb_changed',
        entityType: 'merchant',
        entityId: merchant.id,
        before: { kybStatus: from, kybReasonCode: merchant.kybReasonCode },
        after: { kybStatus: request.status, kybReasonCode: changes.kybReasonCode ?? null, note: request.note ?? null },
      });
      const payload: MerchantKybEventPayload = {
        merchantId: merchant.id,
        status: request.status,
        previousStatus: from,
        reasonCode: changes.kybReasonCode ?? null,
      };
      await this.outbox.write(manager, {
        eventType: MERCHANT_EVENTS.kybStatusChanged,
        aggregateType: 'merchant',
        aggregateId: merchant.id,
        payload: { ...payload },
      });
      return this.views.one(manager, { ...merchant, ...changes });
    });
    await this.liveKeys.forgetRevoked(revokedKeyDigests);
    const sent = reissued as { merchant: Merchant; token: IssuedOnboardingToken } | null;
    if (sent) await this.onboarding.sendOnboardingLink(sent.merchant, sent.token, 'action_required');
    return view;
  }
}
