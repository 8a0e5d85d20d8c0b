import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { UserPrincipal } from '../../platform/auth/principal';
import { Clock } from '../../platform/clock/clock';
import { AppConfig } from '../../platform/config/app-config';
import { IdentityConfig } from './identity.config';
import { FieldCipher } from '../../platform/crypto/field-cipher';
import { newId } from '../../platform/database/new-id';
import { ApiErrorDetail, ApiException } from '../../platform/http/api-error';
import { OutboxWriter } from '../../platform/outbox/outbox.writer';
import { ageOn, isCalendarDate } from './date-of-birth';
import { KycTier1RequestDto } from './dto/kyc-tier1-request.dto';
import { IdentityEvents } from './identity.events';
import { KycSubmission, NATIONAL_ID_NUMBER_PURPOSE } from './kyc-submission.entity';
import { KycSubmissionRepository } from './kyc-submission.repository';
import { TierLimits, tierLimitsByCurrency } from './tier-limits';
import { KycTier } from './user.entity';
import { UserRepository } from './user.repository';

const ADULT_AGE = 18;
const OLDEST_PLAUSIBLE_AGE = 120;

export interface KycOutcome {
  tier: KycTier;
  /** In every configured currency, the home currency first. */
  limits: TierLimits[];
  submission: KycSubmission;
}

/**
 * KYC tier 1: the customer's legal name, date of birth (18 or older), national id and address.
 * There is no identity provider yet, so a well-formed submission is accepted at once and moves
 * the customer from TIER_0 to TIER_1 (compliance screens it from the `kyc.submitted` event).
 * Submissions are append-only: the same details again change nothing; different details are
 * recorded as a new submission.
 */
@Injectable()
export class KycService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly users: UserRepository,
    private readonly submissions: KycSubmissionRepository,
    private readonly outbox: OutboxWriter,
    private readonly config: AppConfig,
    private readonly settings: IdentityConfig,
    private readonly clock: Clock,
    private readonly cipher: FieldCipher,
  ) {}

  async submitTier1(principal: UserPrincipal, request: KycTier1RequestDto): Promise<KycOutcome> {
    const now = this.clock.now();
    this.check(request, now);
    return this.dataSource.transaction(async (manager) => {
      const user = await this.users.lockById(manager, principal.userId);
      if (!user) throw new ApiException('UNAUTHENTICATED', 'The account no longer exists');
      const candidate = this.toSubmission(user.id, request, now);
      const latest = await this.submissions.findLatest(manager, user.id, 'TIER_1');
      const submission =
        latest && sameDetails(latest, candidate) && this.nationalIdNumberOf(latest) === request.nationalIdNumber
          ? latest
          : candidate;
      if (submission === candidate) {
        await this.submissions.insert(manager, candidate);
        await this.outbox.write(manager, IdentityEvents.kycSubmitted(user.id, candidate.id, 'TIER_1'));
      }
      let tier = user.kycTier;
      if (tier === 'TIER_0') {
        await this.users.setKycTier(manager, user.id, 'TIER_1', now);
        await this.outbox.write(manager, IdentityEvents.kycTierChanged(user.id, 'TIER_0', 'TIER_1'));
        tier = 'TIER_1';
      }
      return {
        tier,
        limits: tierLimitsByCurrency(this.settings.tierLimitTable, this.config.LIMITS_CURRENCY, tier),
        submission,
      };
    });
  }

  /** Rules that need today's date or span fields; the DTO checked the shapes. */
  private check(request: KycTier1RequestDto, now: Date): void {
    const problems: ApiErrorDetail[] = [];
    if (!isCalendarDate(request.dateOfBirth)) {
      problems.push({ field: 'dateOfBirth', message: 'must be a real calendar date' });
    } else {
      const age = ageOn(request.dateOfBirth, now);
      if (age < 0) problems.push({ field: 'dateOfBirth', message: 'must not be in the future' });
      else if (age < ADULT_AGE)
        problems.push({ field: 'dateOfBirth', message: `must be of someone ${ADULT_AGE} or older` });
      else if (age > OLDEST_PLAUSIBLE_AGE)
        problems.push({ field: 'dateOfBirth', message: 'is not a plausible date of birth' });
    }
    if (
      (request.nationalIdType === 'NIN' || request.nationalIdType === 'BVN') &&
      !/^\d{11}$/.test(request.nationalIdNumber)
    ) {
      problems.push({ field: 'nationalIdNumber', message: `a ${request.nationalIdType} is exactly 11 digits` });
    }
    if (problems.length > 0) throw new ApiException('VALIDATION_FAILED', 'Request validation failed', problems);
  }

  /** The national id number of a stored submission, in clear. */
  nationalIdNumberOf(submission: KycSubmission): string {
    return this.cipher.decrypt(NATIONAL_ID_NUMBER_PURPOSE, submission.id, submission.nationalIdNumberEncrypted);
  }

  private toSubmission(userId: string, request: KycTier1RequestDto, now: Date): KycSubmission {
    const id = newId();
    return Object.assign(new KycSubmission(), {
      id,
      userId,
      tier: 'TIER_1',
      legalName: request.legalName.replace(/\s+/g, ' '),
      dateOfBirth: request.dateOfBirth,
      nationalIdType: request.nationalIdType,
      nationalIdNumberEncrypted: this.cipher.encrypt(NATIONAL_ID_NUMBER_PURPOSE, id, request.nationalIdNumber),
      addressLine1: request.address.line1,
      addressLine2: request.address.line2 ?? null,
      city: request.address.city,
      state: request.address.state,
      postalCode: request.address.postalCode ?? null,
      country: request.address.country,
      createdAt: now,
    } satisfies KycSubmission);
  }
}

const COMPARED_FIELDS = [
  'legalName',
  'dateOfBirth',
  'nationalIdType',
  'addressLine1',
  'addressLine2',
  'city',
  'state',
  'postalCode',
  'country',
] as const satisfies readonly (keyof KycSubmission)[];

/** The details but the national id number, which is compared in clear (each ciphertext is unique). */
function sameDetails(a: KycSubmission, b: KycSubmission): boolean {
  return COMPARED_FIELDS.every((field) => a[field] === b[field]);
}
