import { Injectable } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { DataSource, EntityManager } from 'typeorm';
import { Clock } from '../../../platform/clock/clock';
import { KeyedHash } from '../../../platform/crypto/keyed-hash';
import { isUniqueViolation } from '../../../platform/database/unique-violation';
import { newId } from '../../../platform/database/new-id';
import type { ClientInfo } from '../../../platform/http/client-info.decorator';
import { MessageSender } from '../../../platform/messaging/message-sender';
import { OutboxWriter } from '../../../platform/outbox/outbox.writer';
import type { MerchantRegisterRequestDto } from './dto/merchant-register-request.dto';
import type { MerchantResponseDto } from './dto/merchant-response.dto';
import { MerchantAuditWriter, SYSTEM_ACTOR } from './merchant-audit.writer';
import { MerchantInvitationsService } from '../identity/merchant-invitations.service';
import { Merchant } from './merchant.entity';
import { MerchantRepository } from './merchant.repository';
import { MerchantViews } from './merchant-views.service';
import { MerchantError } from './onboarding.errors';
import { MERCHANT_EVENTS } from '../merchants.events';

const ONBOARDING_TOKEN_PURPOSE = 'merchant-onboarding-token';
/** Fixed 30 days: five uploads and the polling of a review do not fit a one-use link of minutes. */
export const ONBOARDING_TOKEN_TTL_MS = 30 * 24 * 3600 * 1000;

/** A fresh onboarding token: the raw value (shown or e-mailed once) and what is kept of it. */
export interface IssuedOnboardingToken {
  raw: string;
  hash: string;
  expiresAt: Date;
}

/**
 * Applications: registration (KYB PENDING, every document due, the OWNER invited at the contact
 * e-mail, the onboarding link returned once and e-mailed) and what the onboarding link may read.
 */
@Injectable()
export class MerchantOnboardingService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly merchants: MerchantRepository,
    private readonly views: MerchantViews,
    private readonly ownerInvitations: MerchantInvitationsService,
    private readonly audit: MerchantAuditWriter,
    private readonly outbox: OutboxWriter,
    private readonly keyedHash: KeyedHash,
    private readonly messages: MessageSender,
    private readonly clock: Clock,
  ) {}

  async register(request: MerchantRegisterRequestDto, client: ClientInfo): Promise<MerchantResponseDto> {
    const now = this.clock.now();
    const token = this.issueToken(now);
    const merchant: Merchant = {
      id: newId(),
      name: request.name,
      registrationNumber: request.registrationNumber,
      contactEmail: request.contactEmail,
      contactPhone: request.contactPhone ?? null,
      country: request.country,
      businessType: request.businessType,
      website: request.website ?? null,
      kybStatus: 'PENDING',
      kybReasonCode: null,
      kybNote: null,
      requestedDocuments: [],
      requirementsDeadline: null,
      onboardingTokenHash: token.hash,
      onboardingTokenExpiresAt: token.expiresAt,
      createdAt: now,
      updatedAt: now,
      approvedAt: null,
      riskTier: 'STANDARD',
      riskReason: null,
      riskUpdatedAt: null,
    };
    let view: MerchantResponseDto;
    let sendInvitation: () => Promise<void> = () => Promise.resolve();
    try {
      view = await this.dataSource.transaction(async (manager) => {
        await this.merchants.insert(manager, merchant);
        sendInvitation = await this.ownerInvitations.inviteOwner(
          manager,
          { merchantId: merchant.id, merchantName: merchant.name, email: merchant.contactEmail },
          now,
        );
        await this.audit.record(manager, {
          merchantId: merchant.id,
          action: 'MERCHANT_REGISTERED',
          actor: { ...SYSTEM_ACTOR, email: merchant.contactEmail },
          target: { type: 'merchant', id: merchant.id },
          client,
          details: { name: merchant.name, registrationNumber: merchant.registrationNumber, country: merchant.country },
        });
        await this.outbox.write(manager, {
          eventType: MERCHANT_EVENTS.registered,
          aggregateType: 'merchant',
          aggregateId: merchant.id,
          payload: { merchantId: merchant.id, status: 'PENDING', previousStatus: null, reasonCode: null },
        });
        return this.views.one(manager, merchant, token.raw);
      });
    } catch (error) {
      if (isUniqueViolation(error, 'merchants_registration_number_key'))
        throw MerchantError.alreadyRegistered('registrationNumber');
      if (isUniqueViolation(error, 'merchants_contact_email_key'))
        throw MerchantError.alreadyRegistered('contactEmail');
      throw error;
    }
    await this.sendOnboardingLink(merchant, token, 'registered');
    await sendInvitation().catch(() => undefined);
    return view;
  }

  /** The merchant an onboarding token opens, checked against the id in the path. */
  async authorize(manager: EntityManager, merchantId: string, rawToken: string): Promise<Merchant> {
    const merchant = await this.merchants.findByOnboardingTokenHash(
      manager,
      this.keyedHash.digest(ONBOARDING_TOKEN_PURPOSE, rawToken),
    );
    if (!merchant || merchant.onboardingTokenExpiresAt <= this.clock.now())
      throw MerchantError.onboardingTokenInvalid();
    // A valid link for another merchant learns nothing about this one.
    if (merchant.id !== merchantId) throw MerchantError.notFound();
    return merchant;
  }

  async status(merchantId: string, rawToken: string): Promise<MerchantResponseDto> {
    const manager = this.dataSource.manager;
    return this.views.one(manager, await this.authorize(manager, merchantId, rawToken));
  }

  issueToken(now: Date): IssuedOnboardingToken {
    const raw = `obt_${randomBytes(32).toString('base64url')}`;
    return {
      raw,
      hash: this.keyedHash.digest(ONBOARDING_TOKEN_PURPOSE, raw),
      expiresAt: new Date(now.getTime() + ONBOARDING_TOKEN_TTL_MS),
    };
  }

  /** E-mails the onboarding link. Best effort after commit: the registration answer holds the token too. */
  async sendOnboardingLink(
    merchant: Pick<Merchant, 'id' | 'name' | 'contactEmail'>,
    token: IssuedOnboardingToken,
    why: 'registered' | 'action_required',
  ): Promise<void> {
    const intro =
      why === 'registered'
        ? `Thank you for applying to take payments as ${merchant.name}.`
        : `Our review of ${merchant.name} needs more from you.`;
    await this.messages
      .send({
        channel: 'EMAIL',
        to: merchant.contactEmail,
        subject: why === 'registered' ? 'Complete your merchant application' : 'Action required on your application',
        body: [
          intro,
          '',
          'Upload your documents and follow the review with this onboarding token (valid 30 days):',
          token.raw,
          '',
          `POST /api/v1/merchants/${merchant.id}/kyb-documents?token=<token>`,
          `GET /api/v1/merchants/${merchant.id}/status?token=<token>`,
        ].join('\n'),
      })
      .catch(() => undefined);
  }
}
