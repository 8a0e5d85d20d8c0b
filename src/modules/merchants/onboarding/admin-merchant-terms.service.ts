import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { AdminAuditWriter } from '../../../platform/audit/admin-audit.writer';
import type { UserPrincipal } from '../../../platform/auth/principal';
import { Clock } from '../../../platform/clock/clock';
import { FieldCipher } from '../../../platform/crypto/field-cipher';
import { newId } from '../../../platform/database/new-id';
import { ApiException } from '../../../platform/http/api-error';
import type { ClientInfo } from '../../../platform/http/client-info.decorator';
import type { MerchantResponseDto } from './dto/merchant-response.dto';
import { MerchantRiskProfileResponseDto, toRiskProfile } from './dto/merchant-terms-response.dto';
import type {
  MerchantPricingRequestDto,
  MerchantRiskTierRequestDto,
  MerchantSettlementAccountRequestDto,
  MerchantVelocityCapsRequestDto,
} from './dto/merchant-terms-request.dto';
import { MerchantAuditWriter, staffActor } from './merchant-audit.writer';
import type { MerchantAuditAction } from './merchant-audit-entry.entity';
import {
  type MerchantPricingVersion,
  type MerchantSettlementAccount,
  type MerchantVelocityCap,
  SETTLEMENT_ACCOUNT_NUMBER_PURPOSE,
} from './merchant-terms.entities';
import type { Merchant } from './merchant.entity';
import { MerchantRepository } from './merchant.repository';
import { MerchantViews } from './merchant-views.service';
import { MerchantError } from './onboarding.errors';
import { isValidNuban } from './nuban';

/** After a settlement account change, payouts wait this long: time to notice a hijacked change. */
export const SETTLEMENT_CHANGE_HOLD_MS = 72 * 3600 * 1000;
/** `effectiveAt` may be this far in the past (clock skew between the admin's tool and us). */
const EFFECTIVE_AT_TOLERANCE_MS = 5 * 60 * 1000;

function invalid(field: string, message: string): ApiException {
  return new ApiException('VALIDATION_FAILED', message, [{ field, message }]);
}

/**
 * What operations set on a merchant: pricing (append-only versions), the settlement account
 * (encrypted at rest, masked everywhere, payouts held 72 hours after a change), the risk tier and velocity caps.
 * Each change locks the merchant, is audited in the merchant log and the admin trail, and
 * commits in one transaction.
 */
@Injectable()
export class AdminMerchantTermsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly merchants: MerchantRepository,
    private readonly views: MerchantViews,
    private readonly audit: MerchantAuditWriter,
    private readonly adminAudit: AdminAuditWriter,
    private readonly clock: Clock,
    private readonly cipher: FieldCipher,
  ) {}

  async setPricing(
    staff: UserPrincipal,
    merchantId: string,
    request: MerchantPricingRequestDto,
    client: ClientInfo,
  ): Promise<MerchantResponseDto> {
    const now = this.clock.now();
    if (request.feeCap !== undefined && request.feeCap < request.feeFixed) {
      throw invalid('feeCap', 'feeCap must be at least feeFixed');
    }
    const schedule = request.payoutSchedule;
    if (schedule.weeklyAnchor !== undefined && schedule.interval !== 'WEEKLY') {
      throw invalid('payoutSchedule.weeklyAnchor', 'weeklyAnchor is for a WEEKLY schedule only');
    }
    if (schedule.monthlyAnchor !== undefined && schedule.interval !== 'MONTHLY') {
      throw invalid('payoutSchedule.monthlyAnchor', 'monthlyAnchor is for a MONTHLY schedule only');
    }
    const effectiveAt = new Date(request.effectiveAt);
    if (effectiveAt.getTime() < now.getTime() - EFFECTIVE_AT_TOLERANCE_MS) {
      throw invalid('effectiveAt', 'effectiveAt must not be in the past: a price cannot change fees already charged');
    }
    return this.change(staff, merchantId, client, 'PRICING_CHANGED', async (manager, merchant) => {
      const version: MerchantPricingVersion = {
        id: newId(),
        merchantId: merchant.id,
        feeBps: request.feeBps,
        feeFixed: request.feeFixed,
        feeCap: request.feeCap ?? null,
        feeCurrency: request.feeCurrency,
        reserveBps: request.reserveBps,
        reserveHoldDays: request.reserveHoldDays,
        payoutInterval: request.payoutSchedule.interval,
        payoutDelayDays: request.payoutSchedule.delayDays,
        payoutWeeklyAnchor: request.payoutSchedule.weeklyAnchor ?? null,
        payoutMonthlyAnchor: request.payoutSchedule.monthlyAnchor ?? null,
        minimumPayoutAmount: request.minimumPayoutAmount,
        effectiveAt: effectiveAt < now ? now : effectiveAt,
        createdBy: staff.userId,
        createdAt: now,
      };
      await this.merchants.insertPricingVersion(manager, version);
      return {
        target: { type: 'pricing_version', id: version.id },
        details: {
          feeBps: version.feeBps,
          feeFixed: version.feeFixed,
          feeCap: version.feeCap,
          feeCurrency: version.feeCurrency,
          reserveBps: version.reserveBps,
          reserveHoldDays: version.reserveHoldDays,
          payoutSchedule: request.payoutSchedule,
          minimumPayoutAmount: version.minimumPayoutAmount,
          effectiveAt: version.effectiveAt,
        },
      };
    });
  }

  async setSettlementAccount(
    staff: UserPrincipal,
    merchantId: string,
    request: MerchantSettlementAccountRequestDto,
    client: ClientInfo,
  ): Promise<MerchantResponseDto> {
    if (!isValidNuban(request.bankCode, request.accountNumber)) {
      throw invalid('accountNumber', 'accountNumber is not a valid NUBAN for this bank (check digit)');
    }
    const now = this.clock.now();
    return this.change(staff, merchantId, client, 'SETTLEMENT_ACCOUNT_CHANGED', async (manager, merchant) => {
      const id = newId();
      const account: MerchantSettlementAccount = {
        id,
        merchantId: merchant.id,
        bankCode: request.bankCode,
        accountNumberEncrypted: this.cipher.encrypt(SETTLEMENT_ACCOUNT_NUMBER_PURPOSE, id, request.accountNumber),
        accountNumberLast4: request.accountNumber.slice(-4),
        accountName: request.accountName,
        currency: request.currency,
        status: 'PENDING_VERIFICATION',
        payoutsHeldUntil: new Date(now.getTime() + SETTLEMENT_CHANGE_HOLD_MS),
        createdBy: staff.userId,
        createdAt: now,
        replacedAt: null,
      };
      await this.merchants.replaceSettlementAccount(manager, account);
      return {
        target: { type: 'settlement_account', id: account.id },
        details: {
          bankCode: account.bankCode,
          accountNumberLast4: account.accountNumberLast4,
          accountName: account.accountName,
          currency: account.currency,
          payoutsHeldUntil: account.payoutsHeldUntil,
        },
      };
    });
  }

  async setRiskTier(
    staff: UserPrincipal,
    merchantId: string,
    request: MerchantRiskTierRequestDto,
    client: ClientInfo,
  ): Promise<MerchantRiskProfileResponseDto> {
    const now = this.clock.now();
    return this.changeRisk(staff, merchantId, client, 'RISK_TIER_CHANGED', async (manager, merchant) => {
      await this.merchants.update(manager, merchant.id, {
        riskTier: request.tier,
        riskReason: request.reason,
        riskUpdatedAt: now,
        updatedAt: now,
      });
      return { details: { from: merchant.riskTier, to: request.tier, reason: request.reason } };
    });
  }

  async setVelocityCaps(
    staff: UserPrincipal,
    merchantId: string,
    request: MerchantVelocityCapsRequestDto,
    client: ClientInfo,
  ): Promise<MerchantRiskProfileResponseDto> {
    const seen = new Set<string>();
    request.caps.forEach((cap, index) => {
      const key = `${cap.scope}/${cap.window}/${cap.currency}`;
      if (seen.has(key))
        throw invalid(`caps[${index}]`, `caps[${index}] repeats ${key}: one cap per scope, window and currency`);
      seen.add(key);
    });
    const now = this.clock.now();
    return this.changeRisk(staff, merchantId, client, 'VELOCITY_CAPS_CHANGED', async (manager, merchant) => {
      const before = await this.merchants.velocityCaps(manager, merchant.id);
      const caps: MerchantVelocityCap[] = request.caps.map((cap) => ({
        id: newId(),
        merchantId: merchant.id,
        scope: cap.scope,
        window: cap.window,
        currency: cap.currency,
        maxCount: cap.maxCount ?? null,
        maxAmount: cap.maxAmount ?? null,
        createdAt: now,
      }));
      await this.merchants.replaceVelocityCaps(manager, merchant.id, caps);
      await this.merchants.update(manager, merchant.id, { updatedAt: now });
      const summary = (list: readonly MerchantVelocityCap[]) =>
        list.map(({ scope, window, currency, maxCount, maxAmount }) => ({
          scope,
          window,
          currency,
          maxCount,
          maxAmount,
        }));
      return { details: { before: summary(before), after: summary(caps) } };
    });
  }

  /** A change answered with the merchant: lock, apply, audit in both trails. */
  private async change(
    staff: UserPrincipal,
    merchantId: string,
    client: ClientInfo,
    action: MerchantAuditAction,
    apply: (
      manager: EntityManager,
      merchant: Merchant,
    ) => Promise<{ target: { type: string; id: string }; details: Record<string, unknown> }>,
  ): Promise<MerchantResponseDto> {
    return this.dataSource.transaction(async (manager) => {
      const merchant = await this.merchants.lockById(manager, merchantId);
      if (!merchant) throw MerchantError.notFound();
      const { target, details } = await apply(manager, merchant);
      await this.record(manager, staff, merchant, client, action, target, details);
      const current = await this.merchants.findById(manager, merchant.id);
      return this.views.one(manager, current ?? merchant);
    });
  }

  /** A change answered with the risk profile. */
  private async changeRisk(
    staff: UserPrincipal,
    merchantId: string,
    client: ClientInfo,
    action: MerchantAuditAction,
    apply: (manager: EntityManager, merchant: Merchant) => Promise<{ details: Record<string, unknown> }>,
  ): Promise<MerchantRiskProfileResponseDto> {
    return this.dataSource.transaction(async (manager) => {
      const merchant = await this.merchants.lockById(manager, merchantId);
      if (!merchant) throw MerchantError.notFound();
      const { details } = await apply(manager, merchant);
      await this.record(manager, staff, merchant, client, action, { type: 'merchant', id: merchant.id }, details);
      const current = (await this.merchants.findById(manager, merchant.id)) ?? merchant;
      return toRiskProfile(current, await this.merchants.velocityCaps(manager, merchant.id));
    });
  }

  private async record(
    manager: EntityManager,
    staff: UserPrincipal,
    merchant: Merchant,
    client: ClientInfo,
    action: MerchantAuditAction,
    target: { type: string; id: string },
    details: Record<string, unknown>,
  ): Promise<void> {
    await this.audit.record(manager, {
      merchantId: merchant.id,
      action,
      actor: staffActor(staff),
      target,
      client,
      details,
    });
    await this.adminAudit.record(manager, {
      actorUserId: staff.userId,
      action: `merchant.${action.toLowerCase()}`,
      entityType: 'merchant',
      entityId: merchant.id,
      after: { target, ...details },
    });
  }
}
